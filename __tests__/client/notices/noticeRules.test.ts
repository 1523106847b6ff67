import { noticeText, type NoticeTextRow } from '../../../src/features/notices/noticeRules';

describe('noticeText: what a notice says in the console language', () => {
  const urgent = {
    id: 1,
    title: '【严重】线路：缺陷 #7',
    content: '中文',
    texts: { zh: { title: '【严重】线路：缺陷 #7', content: '中文' }, en: { title: '[High] Line: Defect #7', content: 'English' } },
  };
  const written = { id: 2, title: '维护通知', content: '今晚停机', texts: null };
  it.each<[string, NoticeTextRow, string, { title: string; content: string }]>([
    ['a platform notice in English', urgent, 'en', urgent.texts.en],
    ['a platform notice in Chinese', urgent, 'zh-cn', urgent.texts.zh],
    ["a person's notice, as written, in English", written, 'en', { title: '维护通知', content: '今晚停机' }],
    ["a person's notice from a server without texts", { title: 'T', content: 'C' }, 'zh-cn', { title: 'T', content: 'C' }],
  ])('%s', (_what, row, language, expected) => {
    expect(noticeText(row, language)).toEqual(expected);
  });
});
