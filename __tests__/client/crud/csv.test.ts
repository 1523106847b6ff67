import { toCsv } from '../../../src/crud/csv';

describe('toCsv', () => {
  it('CSV quotes commas, quotes and new lines, with a BOM', () => {
    const csv = toCsv(
      [{ a: 'x,y', b: 'say "hi"', c: null }],
      [
        { field: 'a', header: 'A' },
        { field: 'b', header: 'B' },
        { field: 'c', header: 'C' },
      ],
    );
    expect(csv).toBe('\uFEFFA,B,C\r\n"x,y","say ""hi""",\r\n');
  });

  it('neutralises text cells that start like a formula, and leaves numbers alone', () => {
    const csv = toCsv(
      [{ a: '=HYPERLINK("http://evil","x")', b: '+1', c: '-2+3', d: '@SUM(A1)', e: -5, f: 'a=b' }],
      ['a', 'b', 'c', 'd', 'e', 'f'].map((field) => ({ field, header: field })),
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",'+1,'-2+3,'@SUM(A1),-5,a=b`);
  });

  it.each([
    ['＝HYPERLINK("http://evil")', `"'＝HYPERLINK(""http://evil"")"`],
    ['＋1', "'＋1"],
    ['－2＋3', "'－2＋3"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['a＝b', 'a＝b'],
  ])('neutralises a full-width formula start: %s → %s', (value, cell) => {
    expect(toCsv([{ a: value }], [{ field: 'a', header: 'a' }]).split('\r\n')[1]).toBe(cell);
  });
});
