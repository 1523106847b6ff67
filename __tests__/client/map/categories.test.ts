import { createTestI18n } from '../support/i18n';
import { categoryLabel, categoryOfInput } from '../../../src/features/map/categories';
import { matchesSearch } from '../../../src/features/map/selectors';

const zh = createTestI18n('zh-cn').t;
const en = createTestI18n('en').t;

describe('feature categories', () => {
  it.each([
    ['no_fly_zone', '禁飞区', 'No-fly zone'],
    ['powerline', '电力线路', 'Power line'],
    ['landing_site', '起降点', 'Landing site'],
    ['import', '导入', 'Imported'],
    // A category of the user's own is shown as written.
    ['river bank', 'river bank', 'river bank'],
    ['默认', '默认', '默认'],
  ])('%s is labelled %s / %s', (category, zhLabel, enLabel) => {
    expect(categoryLabel(category, zh)).toBe(zhLabel);
    expect(categoryLabel(category, en)).toBe(enLabel);
  });

  it.each([
    ['禁飞区', zh, 'no_fly_zone'],
    [' No-fly zone ', en, 'no_fly_zone'],
    ['禁飞', zh, '禁飞'],
    ['my own', en, 'my own'],
  ])('typing %p stores %p', (text, t, category) => {
    expect(categoryOfInput(text, t)).toBe(category);
  });

  it('the list search finds a feature by its translated category too', () => {
    const f = { name: 'Zone 1', category: 'no_fly_zone' };
    expect(matchesSearch(f, '禁飞', categoryLabel(f.category, zh))).toBe(true);
    expect(matchesSearch(f, 'no_fly', categoryLabel(f.category, zh))).toBe(true);
    expect(matchesSearch(f, 'power', categoryLabel(f.category, en))).toBe(false);
  });
});
