import { describe, expect, test } from 'bun:test';
import { links, servicePath, services } from '../site.ts';
import { limitedHtmlProblems } from '../text/limited-html.ts';
import { glossary, glossaryLetters, glossaryPreviewLetters, matchesGlossary } from './glossary.ts';

describe('glossary', () => {
  test('has at least 80 unique terms, alphabetical, with unique anchor ids', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(80);
    expect(new Set(glossary.map((g) => g.term.toLowerCase())).size).toBe(glossary.length);
    expect(new Set(glossary.map((g) => g.id)).size).toBe(glossary.length);
    const terms = glossary.map((g) => g.term);
    expect(terms).toEqual([...terms].sort((a, b) => a.localeCompare(b, 'en')));
    expect(glossaryLetters[0]).toBe('A');
  });

  test('every definition is clean limited HTML whose links go to known pages or lib/site.ts addresses', () => {
    const known = new Set<string>(['/', '#contact', '#definition', '/services', ...services.map((s) => servicePath(s.slug)), ...Object.values(links)]);
    for (const g of glossary) {
      expect({ term: g.term, problems: limitedHtmlProblems(g.definition) }).toEqual({ term: g.term, problems: [] });
      for (const [, href] of g.definition.matchAll(/href="([^"]*)"/g)) expect(known.has(href!)).toBe(true);
      expect(g.definition.length).toBeGreaterThan(40);
    }
  });

  test('the guide opens whole letters until at least 10 terms show (A and B), the rest behind Show all', () => {
    expect(glossaryPreviewLetters).toEqual(['A', 'B']);
    expect(glossary.filter((g) => glossaryPreviewLetters.includes(g.letter))).toHaveLength(12);
    expect(glossaryLetters.slice(0, glossaryPreviewLetters.length)).toEqual([...glossaryPreviewLetters]);
  });

  test('search matches terms and definitions, case-insensitively, and an empty query matches all', () => {
    const names = (q: string) => glossary.filter((g) => matchesGlossary(g, q)).map((g) => g.term);
    expect(names('BOUNCE')).toEqual(['Bounce Rate']);
    expect(names('  ')).toHaveLength(glossary.length);
    expect(names('map pack')).toContain('Local Pack');
    expect(names('zzzz-nothing')).toEqual([]);
  });
});
