import { useContext, useEffect, useState, type ReactNode } from 'react';
import { I18nContext } from 'react-i18next';
import { completeDefaultLanguage } from './i18n';

/**
 * Shows `children` once every feature's texts are loaded, `fallback` until then: for the parts of the app past the
 * login page (the app frame, the controller's pages, toasts).
 */
export default function CompleteTexts({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  // The provider's instance itself (useTranslation hands out a wrapper of it).
  const { i18n } = useContext(I18nContext);
  const [loading, setLoading] = useState(() => completeDefaultLanguage(i18n));
  useEffect(() => {
    if (!loading) return;
    let current = true;
    const done = () => {
      if (current) setLoading(null);
    };
    // A lost chunk: the app carries on with the first-paint texts rather than show nothing.
    loading.then(done, (error: unknown) => {
      console.error(error);
      done();
    });
    return () => {
      current = false;
    };
  }, [loading]);
  return loading ? fallback : children;
}
