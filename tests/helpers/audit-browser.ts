import { expect } from 'bun:test';
import type { Page } from 'playwright-core';
import { MIN_FILL_MS } from '../../lib/forms/spam.ts';

// Filling the home page's AuditWizard in a browser test, shared by the audit and the A/B tests.

export type Profile = {
  text: Record<'First name' | 'Last name' | 'Email' | 'Business name' | 'Phone' | 'Website', string>;
  selects: Record<'Industry' | 'Monthly revenue' | 'Monthly marketing budget' | 'When do you want to see results?', string>;
  checks: string[];
  radios: string[];
  answers: Record<string, unknown>;
};

export const wizard = (page: Page) => page.locator('[data-island="AuditWizard"]');
export const stepTitle = (page: Page) => wizard(page).locator('[data-step-title]:visible');

/** A field of the audit by its whole label (a required field's ends in " *"): "Email" is also a word of the marketing box. */
export const auditField = (page: Page, label: string) => wizard(page).getByLabel(wholeLabel(label));

/** A label's text, whole, with or without a required field's " *". */
export const wholeLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

export async function fillStep1(page: Page, p: Profile) {
  // Empty optional answers are left alone (a form variant may not ask for them at all).
  for (const [label, value] of Object.entries(p.text)) if (value) await auditField(page, label).fill(value);
  await wizard(page).getByLabel('Industry').selectOption(p.selects.Industry);
}

export async function fillSteps2to4(page: Page, p: Profile) {
  const w = wizard(page);
  await w.getByRole('button', { name: 'Next' }).click();
  expect(await stepTitle(page).textContent()).toBe('Step 2 of 4: Business Scale & Goals');
  for (const label of ['Monthly revenue', 'Monthly marketing budget', 'When do you want to see results?'] as const)
    await w.getByLabel(label).selectOption(p.selects[label]);
  for (const name of p.checks) {
    const box = w.getByRole('checkbox', { name, exact: true });
    if (await box.count()) await box.check();
  }
  await w.getByRole('button', { name: 'Next' }).click();
  expect(await stepTitle(page).textContent()).toBe('Step 3 of 4: Current Marketing & Challenges');
  for (const name of p.checks) {
    const box = w.getByRole('checkbox', { name, exact: true });
    if (await box.count()) await box.check();
  }
  await w.getByRole('button', { name: 'Next' }).click();
  expect(await stepTitle(page).textContent()).toBe('Step 4 of 4: Online Presence Assessment');
  for (const name of p.radios) await w.getByRole('radio', { name, exact: true }).check();
}

/**
 * Waits until a person could have filled the form in: the site stores a faster submission as likely
 * spam (lib/forms/spam.ts), which is never counted as a lead or an A/B conversion. `shownAt` is when the form
 * hydrated (Date.now()).
 */
export async function pauseLikeAPerson(shownAt: number): Promise<void> {
  await Bun.sleep(Math.max(0, MIN_FILL_MS + 100 - (Date.now() - shownAt)));
}
