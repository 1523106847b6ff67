import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { completeDefaultLanguage, createI18n } from '../../../src/features/i18n/i18n';
import { firstPaintTranslation } from '../../../src/features/i18n/resources';
import { CompleteTexts } from '../../../src/features/i18n';
import { createTestI18n } from '../support/i18n';

function Layers() {
  const { t } = useTranslation();
  return <p>{t('map.layers')}</p>;
}

const frame = (
  <CompleteTexts fallback={<p>loading</p>}>
    <Layers />
  </CompleteTexts>
);

describe('zh-cn texts: the first paint bundle, then the rest with the app frame', () => {
  it('ships only the shared texts and the first-paint feature tables', () => {
    expect(Object.keys(firstPaintTranslation)).toEqual(expect.arrayContaining(['login', 'kit', 'access']));
    expect(firstPaintTranslation).not.toHaveProperty('map');
    expect(firstPaintTranslation).not.toHaveProperty('apiError');
    expect(firstPaintTranslation).not.toHaveProperty('menu');
    expect(createI18n('zh-cn').exists('map.layers')).toBe(false);
  });

  it('an instance given the whole table has nothing to wait for', () => {
    expect(completeDefaultLanguage(createTestI18n('zh-cn'))).toBeNull();
  });

  it('a component past the login page waits for the whole table, which stays through language switches', async () => {
    const i18n = createI18n('zh-cn');
    render(<I18nextProvider i18n={i18n}>{frame}</I18nextProvider>);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('图层')).toBeInTheDocument();
    expect(completeDefaultLanguage(i18n)).toBeNull();
    await i18n.changeLanguage('en');
    expect(i18n.t('map.layers')).toBe('Layers');
    await i18n.changeLanguage('zh-cn');
    expect(i18n.t('map.layers')).toBe('图层');
  });

  it('English users get the whole zh-cn table as their fallback too', async () => {
    const i18n = createI18n('en');
    await i18n.changeLanguage('en');
    render(<I18nextProvider i18n={i18n}>{frame}</I18nextProvider>);
    expect(await screen.findByText('Layers')).toBeInTheDocument();
    expect(i18n.getFixedT('zh-cn')('map.layers')).toBe('图层');
  });
});
