import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { selectLanguage } from '../features/i18n/localeSlice';
import { selectCurrentToast } from '../features/notifications/notificationsSlice';
import { useAppSelector } from './hooks';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { createAppTheme } from './theme';

// Loaded with the first toast, so the first paint does not carry the snackbar code.
const Toaster = lazy(() => import(/* webpackChunkName: "toaster" */ '../features/notifications/Toaster'));

function ThemedApp({ router }: { router: AppRouter }) {
  const language = useAppSelector(selectLanguage);
  const theme = useMemo(() => createAppTheme(language), [language]);
  const hasToast = useAppSelector(selectCurrentToast) !== null;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      {hasToast && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

export default function App({ store, router, i18n }: { store: AppStore; router: AppRouter; i18n: i18n }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp router={router} />
      </I18nextProvider>
    </Provider>
  );
}
