import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { crudEnvironment } from '../../../src/app/MainShell';
import type { AppStore } from '../../../src/app/store';
import { CrudEnvironmentContext } from '../../../src/crud/environment';
import type { Language } from '../../../src/features/i18n/languages';
import { createTestI18n } from './i18n';

/** Renders a piece of the console with a store, texts in `language` and the CRUD kit's environment, as the app's providers give them. */
export function renderWithStore(ui: ReactElement, store: AppStore, language: Language = 'zh-cn') {
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <CrudEnvironmentContext.Provider value={crudEnvironment}>{ui}</CrudEnvironmentContext.Provider>
      </I18nextProvider>
    </Provider>,
  );
}
