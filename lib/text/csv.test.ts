import { describe, expect, test } from 'bun:test';
import { CSV_BOM, csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  test('plain values pass as they are; nothing is empty', () => {
    expect(csvRow(['Aisha', 'Glow Med Spa', 42, true, null, undefined])).toBe('Aisha,Glow Med Spa,42,true,,\r\n');
  });

  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    expect(csvCell('Reyes, Marisol')).toBe('"Reyes, Marisol"');
    expect(csvCell('The "best" cleaners')).toBe('"The ""best"" cleaners"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  test('a cell a spreadsheet would run as a formula is made text', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvCell('+1 416 555 0199')).toBe("'+1 416 555 0199");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r'=1+1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  test('a semicolon or tab is quoted too, so a spreadsheet set to either separator keeps the cell whole', () => {
    expect(csvCell('Acme;Widgets')).toBe('"Acme;Widgets"');
    expect(csvCell('Acme\tWidgets')).toBe('"Acme\tWidgets"');
    expect(csvRow(['Acme;Widgets', 'b'])).toBe('"Acme;Widgets",b\r\n');
  });

  test('a formula character after any separator or line break inside a cell is made text as well', () => {
    expect(csvCell('Acme;=1+1')).toBe(`"Acme;'=1+1"`);
    expect(csvCell('Acme,=HYPERLINK("x")')).toBe(`"Acme,'=HYPERLINK(""x"")"`);
    expect(csvCell('Acme; @SUM(A1)')).toBe(`"Acme; '@SUM(A1)"`);
    expect(csvCell('Acme|+1')).toBe("Acme|'+1");
    expect(csvCell('one\n-2+3')).toBe(`"one\n'-2+3"`);
    expect(csvCell('Acme\r\n=1')).toBe(`"Acme\r\n'=1"`);
    expect(csvCell('a=b;c')).toBe('"a=b;c"');
    expect(csvCell('Dupont-Tremblay')).toBe('Dupont-Tremblay');
  });

  test('numbers stay numbers, negative ones too; a negative number written as text is still made text', () => {
    expect(csvRow([-8.01, 0, 1e-7, 12.5])).toBe('-8.01,0,1e-7,12.5\r\n');
    expect(csvCell('-8.01')).toBe("'-8.01");
    expect(csvCell(Number.NaN)).toBe('NaN');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  test('dates, lists and accented text', () => {
    expect(csvCell(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-23T15:00:00.000Z');
    expect(csvCell(['seo', 'google-ads'])).toBe('"seo; google-ads"');
    expect(CSV_BOM + csvRow(['Zoë', 'Café Olé'])).toBe('\uFEFFZoë,Café Olé\r\n');
  });
});
