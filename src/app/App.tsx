import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { HashRouter, type RouteObject } from 'react-router-dom';
import { CompleteTexts } from '../features/i18n';
import { selectLanguage } from '../features/i18n/localeSlice';
import { selectCurrentToast } from '../features/notifications/notificationsSlice';
import { useAppSelector } from './hooks';
import type { BindableNavigator } from './navigator';
import { AppRoutes } from './router';
import type { AppStore } from './store';
import { createAppTheme } from './theme';

// Loaded with the first toast, so the first paint does not carry the snackbar code.
const Toaster = lazy(() => import(/* webpackChunkName: "toaster" */ '../features/notifications/Toaster'));

interface RoutingProps {
  routes: RouteObject[];
  navigator: BindableNavigator;
}

function ThemedApp({ routes, navigator }: RoutingProps) {
  const language = useAppSelector(selectLanguage);
  // `t` changes once the language's table has loaded, and the theme's texts with it.
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme(language, t), [language, t]);
  const hasToast = useAppSelector(selectCurrentToast) !== null;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <HashRouter>
        <AppRoutes routes={routes} navigator={navigator} />
      </HashRouter>
      {hasToast && (
        <Suspense fallback={null}>
          <CompleteTexts>
            <Toaster />
          </CompleteTexts>
        </Suspense>
      )}
    </ThemeProvider>
  );
}

export default function App({ store, i18n, ...routing }: RoutingProps & { store: AppStore; i18n: i18n }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ThemedApp {...routing} />
      </I18nextProvider>
    </Provider>
  );
}
