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
});
