import { describe, expect, test } from 'bun:test';
import { balancedRows, filledSpans, gridTracks } from './filled-grid.ts';

describe('rows that are always full', () => {
  test('seven posts in three columns are 3 + 2 + 2, never 3 + 3 + 1', () => {
    expect(balancedRows(7, 3)).toEqual([3, 2, 2]);
    expect(filledSpans(7, 3)).toEqual([2, 2, 2, 3, 3, 3, 3]);
    expect(gridTracks(3)).toBe(6);
  });

  test('counts the columns divide stay plain rows; two columns leave one card to a row of its own only when it must', () => {
    expect(balancedRows(6, 3)).toEqual([3, 3]);
    expect(filledSpans(6, 3)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(balancedRows(7, 2)).toEqual([2, 2, 2, 1]);
    expect(filledSpans(7, 2)).toEqual([1, 1, 1, 1, 1, 1, 2]);
    expect(filledSpans(4, 3)).toEqual([3, 3, 3, 3]);
    expect(filledSpans(1, 3)).toEqual([6]);
    expect(filledSpans(5, 1)).toEqual([1, 1, 1, 1, 1]);
    expect(filledSpans(0, 3)).toEqual([]);
  });

  test('for every count up to 60 and up to 4 columns: the fewest rows, none longer than the columns, lengths within one, every row filling the tracks', () => {
    for (let columns = 1; columns <= 4; columns++) {
      const tracks = gridTracks(columns);
      for (let n = 1; n <= 4; n++) if (n <= columns) expect(tracks % n).toBe(0);
      for (let count = 1; count <= 60; count++) {
        const rows = balancedRows(count, columns);
        expect(rows.reduce((a, b) => a + b, 0)).toBe(count);
        expect(rows.length).toBe(Math.ceil(count / columns));
        expect(Math.max(...rows)).toBeLessThanOrEqual(columns);
        expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
        expect([...rows].sort((a, b) => b - a)).toEqual(rows);
        const spans = filledSpans(count, columns);
        let at = 0;
        for (const cards of rows) {
          const row = spans.slice(at, at + cards);
          expect(row.reduce((a, b) => a + b, 0)).toBe(tracks);
          expect(row.every(Number.isInteger)).toBe(true);
          at += cards;
        }
      }
    }
  });
});
