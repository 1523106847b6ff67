import type { Reducer } from '@reduxjs/toolkit';
import type { i18n } from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import type { RootState } from '../../app/rootReducer';
import { selectCan } from '../auth';
import type { QaPanelInstance, QaPanelOptions } from './panel/createQaPanel';
import { qaPanelRequested } from './qaActions';
import { createActionRecorder, type ActionRecorder, type RecorderOptions } from './recorder';

export interface QaConsole {
  recorder: ActionRecorder;
  /** Goes into createAppStore's `middleware`. */
  middleware: ActionRecorder['middleware'];
  open(): Promise<void>;
  toggle(): Promise<void>;
  subscribe(listener: () => void): () => void;
  panel(): QaPanelInstance | null;
}

export interface QaConsoleOptions extends Omit<RecorderOptions, 'controlTypes' | 'onControl' | 'reducer'> {
  reducer: Reducer;
  panel?: Omit<QaPanelOptions, 'reducer' | 'recorder'>;
  loadPanel?: () => Promise<{ createQaPanel: (options: QaPanelOptions) => QaPanelInstance }>;
}

/** The QA tooling is for a signed-in user holding the `qa` permission only. */
export const selectQaAllowed = (state: RootState): boolean => selectCan(state, 'qa') && Boolean(state.auth.token);

/**
 * The QA tooling wired into the app: the action recorder (on while a user with the `qa` permission is signed in, small) and the QA panel, loaded the first
 * time it is opened — from the user menu (qaPanelRequested, caught by the recorder and not recorded) or Ctrl+Shift+Q.
 */
export function createQaConsole({
  reducer,
  panel: panelOptions,
  loadPanel = () => import('./panel/createQaPanel'),
  ...recorderOptions
}: QaConsoleOptions): QaConsole {
  let instance: QaPanelInstance | null = null;
  let loading: Promise<QaPanelInstance> | null = null;
  const listeners = new Set<() => void>();
  const ensurePanel = () =>
    (loading ??= loadPanel().then(({ createQaPanel }) => {
      instance = createQaPanel({ reducer, recorder, ...panelOptions });
      listeners.forEach((l) => l());
      return instance;
    }));
  const recorder = createActionRecorder({
    reducer,
    recordWhile: (state) => selectQaAllowed(state as RootState),
    ...recorderOptions,
    controlTypes: [qaPanelRequested.type],
    onControl: () => void open(),
  });
  async function open() {
    (await ensurePanel()).open();
  }
  async function toggle() {
    (await ensurePanel()).toggle();
  }
  return {
    recorder,
    middleware: recorder.middleware,
    open,
    toggle,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    panel: () => instance,
  };
}

/** Ctrl+Shift+Q (⌘+Shift+Q on macOS) toggles the panel. */
export const isQaShortcut = (e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code' | 'key'>) =>
  (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && (e.code === 'KeyQ' || e.key.toLowerCase() === 'q');

/** The app store as the host reads it (it is mounted beside <App/>, outside its Provider). */
export interface QaStore {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

/**
 * Mounted next to <App/>: for users holding the `qa` permission only, registers the shortcut and renders the panel
 * once it has been loaded (signing out, or a user without it, hides the panel and leaves the shortcut to the browser).
 */
export function QaPanelHost({ qa, i18n, store }: { qa: QaConsole; i18n: i18n; store: QaStore }) {
  const panel = useSyncExternalStore(qa.subscribe, qa.panel);
  const allowed = useSyncExternalStore(store.subscribe, () => selectQaAllowed(store.getState()));
  useEffect(() => {
    if (!allowed) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!isQaShortcut(e)) return;
      e.preventDefault();
      void qa.toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [qa, allowed]);
  if (!panel || !allowed) return null;
  return <panel.Root i18n={i18n} />;
}
