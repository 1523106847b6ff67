import { ftsAllOf, likePattern, rarestTrigrams, searchTrigrams } from '../../../server/api/list';

describe('searchTrigrams', () => {
  it.each<[string, string[]]>([
    ['abc', ['abc']],
    ['ab', []],
    ['', []],
    ['ABCd', ['abc', 'bcd']],
    ['aaaa', ['aaa']],
    ['设备-4242', ['设备-', '备-4', '-42', '424', '242']],
    ['ÉCOle', ['Éco', 'col', 'ole']],
    ['a "b', ['a "', ' "b']],
    ['𝒳𝒴z', ['𝒳𝒴z']],
  ])('%j → %j', (text, trigrams) => {
    expect(searchTrigrams(text)).toEqual(trigrams);
  });
});

describe('rarestTrigrams', () => {
  it.each<[string, string[], [string, number][], string[]]>([
    [
      'the two in fewest rows',
      ['a', 'b', 'c', 'd'],
      [
        ['a', 100],
        ['b', 3],
        ['c', 50],
        ['d', 7],
      ],
      ['b', 'd'],
    ],
    [
      'one without a count is in no row',
      ['a', 'b', 'c'],
      [
        ['a', 5],
        ['b', 1],
      ],
      ['c', 'b'],
    ],
    [
      'ties keep the order of the text',
      ['a', 'b', 'c'],
      [
        ['a', 9],
        ['b', 9],
        ['c', 9],
      ],
      ['a', 'b'],
    ],
    ['fewer than two: all of them', ['a'], [['a', 9]], ['a']],
  ])('%s', (_name, trigrams, counts, rarest) => {
    expect(rarestTrigrams(trigrams, new Map(counts))).toEqual(rarest);
  });
});

describe('ftsAllOf', () => {
  it.each<[string[], string]>([
    [['abc'], '"abc"'],
    [['abc', 'xyz'], '"abc" AND "xyz"'],
    [['a"b', '" o'], '"a""b" AND """ o"'],
    [['OR*', 'a:b'], '"OR*" AND "a:b"'],
  ])('%j → %s', (texts, query) => {
    expect(ftsAllOf(texts)).toBe(query);
  });
});

describe('likePattern', () => {
  it.each<[string, string]>([
    ['Abc', '%Abc%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['C:\\x', '%C:\\\\x%'],
  ])('%j → %j', (text, pattern) => {
    expect(likePattern(text)).toBe(pattern);
  });
});
