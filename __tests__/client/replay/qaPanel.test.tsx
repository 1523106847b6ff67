import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { rootReducer } from '../../../src/app/rootReducer';
import { createAppStore } from '../../../src/app/store';
import { initialAuthState, loginSucceeded } from '../../../src/features/auth/authSlice';
import { createTestI18n } from '../support/i18n';
import { languageChanged } from '../../../src/features/i18n/localeSlice';
import { brokerStatusChanged } from '../../../src/features/broker/brokerSlice';
import { qaPanelRequested } from '../../../src/features/replay/qaActions';
import { createQaConsole, isQaShortcut, QaPanelHost } from '../../../src/features/replay/qaConsole';
import { demoUser, renderApp, loggedInState } from '../support/renderApp';
import { fakeHttp } from '../support/testStore';

const FIXTURES = path.join(__dirname, '../../fixtures/replay');
const fixtureText = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.log.json`), 'utf8');

function setup() {
  const saved: Array<{ name: string; text: string }> = [];
  const qa = createQaConsole({
    reducer: rootReducer,
    panel: { saveFile: (name, text) => saved.push({ name, text }), now: () => new Date('2026-02-03T04:05:06.789Z') },
  });
  const i18n = createTestI18n('en');
  const store = createAppStore({
    services: { http: fakeHttp({}).http, navigator: { navigate: () => undefined }, storage: window.localStorage, i18n, document },
    middleware: [qa.middleware],
    runSagas: false,
    preloadedState: { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['map:read', 'qa'] } } },
  });
  render(<QaPanelHost qa={qa} i18n={i18n} store={store} />);
  return { qa, store, saved };
}

const chooseFile = (text: string, name = 'log.json') => {
  const input = screen.getByTestId('replay-file-input') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
};

describe('QA panel', () => {
  it('opens from the app store action, showing the current recording at its end', async () => {
    const { store } = setup();
    store.dispatch(brokerStatusChanged({ status: 'connected' }));
    store.dispatch(loginSucceeded({ token: 'secret-token', user: { id: 1, username: 'u', name: 'U', phone: null, email: null } }));
    act(() => void store.dispatch(qaPanelRequested()));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Current recording \(started/)).toBeInTheDocument();
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 2 of 2 · seq 2 · auth/loginSucceeded');
    expect(screen.getByTestId('replay-verdict')).toHaveTextContent('All 1 checkpoints match');
    expect(screen.getAllByTestId('replay-changed-slice').map((c) => c.textContent)).toEqual(['auth']);
    expect(screen.getByTestId('replay-state')).toHaveTextContent('[REDACTED]');
    expect(screen.getByTestId('replay-state')).not.toHaveTextContent('secret-token');
  });

  it('toggles with Ctrl+Shift+Q', async () => {
    setup();
    expect(isQaShortcut({ ctrlKey: true, shiftKey: true, altKey: false, metaKey: false, code: 'KeyQ', key: 'Q' })).toBe(true);
    expect(isQaShortcut({ ctrlKey: true, shiftKey: false, altKey: false, metaKey: false, code: 'KeyQ', key: 'q' })).toBe(false);
    fireEvent.keyDown(window, { key: 'Q', code: 'KeyQ', ctrlKey: true, shiftKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Q', code: 'KeyQ', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('loads a log file and steps, jumps and plays through it on its own state', async () => {
    const user = userEvent.setup();
    const { qa, store } = setup();
    await act(() => qa.open());
    chooseFile(fixtureText('project-join-exit'), 'project.json');
    await screen.findByText('File: project.json');
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Initial state (8 entries)');
    expect(screen.getByTestId('replay-verdict')).toHaveTextContent('All 2 checkpoints match');

    await user.click(screen.getByRole('button', { name: 'Step' }));
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 1 of 8 · seq 1 · project/projectJoinRequested');
    expect(screen.getAllByTestId('replay-changed-slice').map((c) => c.textContent)).toEqual(['project']);

    await user.type(screen.getByLabelText('Jump to seq'), '5');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 5 of 8 · seq 5 · project/projectLoadFailed');
    expect(screen.getAllByTestId('replay-changed-slice').map((c) => c.textContent)).toEqual(['project']);

    await user.click(screen.getByRole('button', { name: 'Step back' }));
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 4 of 8');

    await user.click(screen.getAllByText('project/projectExited', { selector: 'td' })[0]);
    expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 3 of 8');

    await user.selectOptions(screen.getByLabelText('Speed'), '50');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(screen.getByTestId('replay-position')).toHaveTextContent('Entry 8 of 8'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();

    // The replay never touched the app store.
    expect(store.getState().project.current).toBeNull();
  });

  it('rejects a bad file with a message naming the entry and keeps what was loaded', async () => {
    const { qa } = setup();
    await act(() => qa.open());
    chooseFile(fixtureText('broker-reconnect'), 'good.json');
    await screen.findByText('File: good.json');
    const bad = JSON.parse(fixtureText('broker-reconnect'));
    bad.entries[2].type = 'broker/unheardOf';
    chooseFile(JSON.stringify(bad), 'bad.json');
    expect(await screen.findByTestId('replay-load-error')).toHaveTextContent(
      'Cannot load: bad.json: entries[2] (seq 3): unknown action type "broker/unheardOf"',
    );
    expect(screen.getByText('File: good.json')).toBeInTheDocument();

    chooseFile(JSON.stringify({ ...bad, version: 3 }), 'v3.json');
    await waitFor(() => expect(screen.getByTestId('replay-load-error')).toHaveTextContent('log version 3 is not supported'));
    chooseFile('{nope', 'broken.json');
    await waitFor(() => expect(screen.getByTestId('replay-load-error')).toHaveTextContent('broken.json: not valid JSON'));
  });

  it('shows where a tampered log diverges from its checkpoints', async () => {
    const { qa } = setup();
    await act(() => qa.open());
    const log = JSON.parse(fixtureText('tab-overflow'));
    log.entries[12].payload.title = 'menu.tampered';
    chooseFile(JSON.stringify(log));
    await waitFor(() => expect(screen.getByTestId('replay-verdict')).toHaveTextContent('State diverged from the recording in entries seq 11…15'));
  });

  it('downloads the recording as skyline-actions-<timestamp>.json', async () => {
    const user = userEvent.setup();
    const { qa, store, saved } = setup();
    store.dispatch(languageChanged('en'));
    await act(() => qa.open());
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('skyline-actions-2026-02-03T04-05-06-789Z.json');
    expect(JSON.parse(saved[0].text)).toMatchObject({
      format: 'skyline-action-log',
      version: 1,
      entries: [{ seq: 1, type: 'locale/languageChanged', payload: 'en' }],
    });
  });

  it('switches high-volume recording from the panel', async () => {
    const user = userEvent.setup();
    const { qa } = setup();
    await act(() => qa.open());
    await user.selectOptions(screen.getByLabelText('High-volume messages'), 'sample');
    expect(qa.recorder.highVolume.mode).toBe('sample');
  });
});

describe('user menu', () => {
  it('has a "QA panel" item that opens the panel', async () => {
    const user = userEvent.setup();
    const qa = createQaConsole({ reducer: rootReducer });
    const view = renderApp('/404', {
      preloadedState: { ...loggedInState, locale: { language: 'en' } },
      middleware: [qa.middleware],
      routes: { 'GET /logininfo/': () => loggedInState.auth!.user },
    });
    render(<QaPanelHost qa={qa} i18n={createTestI18n('en')} store={view.store} />);
    await user.click(await view.findByRole('button', { name: /user menu|account/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'QA panel' }));
    expect(await screen.findByText('QA panel: action log and replay')).toBeInTheDocument();
    expect(qa.recorder.latest(100).map((e) => e.type)).not.toContain(qaPanelRequested.type);
  });

  it('without the qa permission there is no menu item, the shortcut does nothing and no panel shows', async () => {
    const user = userEvent.setup();
    const qa = createQaConsole({ reducer: rootReducer });
    const viewer = { ...demoUser, permissions: ['device:read', 'map:read'] };
    const view = renderApp('/404', {
      preloadedState: { auth: { ...initialAuthState, token: 'tok', user: viewer }, locale: { language: 'en' } },
      middleware: [qa.middleware],
      routes: { 'GET /logininfo/': () => viewer },
    });
    render(<QaPanelHost qa={qa} i18n={createTestI18n('en')} store={view.store} />);
    await user.click(await view.findByRole('button', { name: /user menu|account/i }));
    expect(await screen.findByRole('menuitem', { name: /personal|个人/i })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'QA panel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    fireEvent.keyDown(window, { key: 'Q', code: 'KeyQ', ctrlKey: true, shiftKey: true });
    // Even an open request (e.g. a stale dispatch) shows nothing to this user.
    act(() => void view.store.dispatch(qaPanelRequested()));
    await act(async () => {
      await qa.open();
    });
    expect(screen.queryByText('QA panel: action log and replay')).not.toBeInTheDocument();
  });
});
