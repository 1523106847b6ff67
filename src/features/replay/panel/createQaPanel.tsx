import { configureStore, type Reducer } from '@reduxjs/toolkit';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n } from 'i18next';
import { useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { createAppTheme } from '../../../app/theme';
import { isLanguage } from '../../i18n';
import type { ActionRecorder } from '../recorder';
import QaPanel from './QaPanel';
import replayReducer, { initialReplayState, panelOpened, panelToggled } from './replaySlice';
import replaySaga, { readFileText, saveFile, type ReplayServices } from './replaySaga';

export interface QaPanelOptions extends Partial<Omit<ReplayServices, 'reducer' | 'recorder'>> {
  reducer: Reducer;
  recorder: ActionRecorder;
}

/**
 * The QA panel's own store (replay state, never part of the app store or of what is recorded) and its root
 * component. Loaded on demand: nothing of it is in the app's first-paint bundle.
 */
export function createQaPanel({ reducer, recorder, ...services }: QaPanelOptions) {
  const context: ReplayServices = { reducer, recorder, readFileText, saveFile, now: () => new Date(), ...services };
  const sagaMiddleware = createSagaMiddleware({ context: { ...context } });
  const store = configureStore({
    reducer: replayReducer,
    preloadedState: { ...initialReplayState, highVolume: { mode: recorder.highVolume.mode, sampleEvery: recorder.highVolume.sampleEvery } },
    // Timelines are big (a state per entry) and a chosen File is not serialisable: the dev checks would only slow it down.
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(replaySaga);

  function Root({ i18n }: { i18n: i18n }) {
    const language = useSyncExternalStore(
      (onChange) => {
        i18n.on('languageChanged', onChange);
        return () => i18n.off('languageChanged', onChange);
      },
      () => i18n.language,
    );
    return (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={createAppTheme(isLanguage(language) ? language : 'zh-cn', i18n.getFixedT(language))}>
            <QaPanel />
          </ThemeProvider>
        </I18nextProvider>
      </Provider>
    );
  }

  return { store, Root, open: () => void store.dispatch(panelOpened()), toggle: () => void store.dispatch(panelToggled()) };
}

export type QaPanelInstance = ReturnType<typeof createQaPanel>;
