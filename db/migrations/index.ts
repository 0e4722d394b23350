// Migrations in the order they apply. Imported as text so a compiled binary carries them.
import init from './0001_init.sql' with { type: 'text' };
import abTestsSeed from './0002_ab_tests_seed.sql' with { type: 'text' };
import storyBudget from './0003_story_budget.sql' with { type: 'text' };

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [
  { name: '0001_init', sql: init },
  { name: '0002_ab_tests_seed', sql: abTestsSeed },
  { name: '0003_story_budget', sql: storyBudget },
];
