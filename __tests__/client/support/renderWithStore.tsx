import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from '../../../src/app/store';
import type { Language } from '../../../src/features/i18n/languages';
import { createTestI18n } from './i18n';

/** Renders a piece of the console with a store and texts in `language`, as the app's providers give them. */
export function renderWithStore(ui: ReactElement, store: AppStore, language: Language = 'zh-cn') {
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n(language)}>{ui}</I18nextProvider>
    </Provider>,
  );
}
