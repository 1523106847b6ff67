import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import LookupField from '../../../src/crud/LookupField';
import { AIRCRAFT_LOOKUP } from '../../../src/crud/lookups';
import { LOOKUP_DEBOUNCE_MS } from '../../../src/crud/resourcesSaga';
import { demoUser, loggedInState } from '../support/renderApp';
import { renderWithStore } from '../support/renderWithStore';
import { createTestStore, type Route } from '../support/testStore';
import type { Language } from '../../../src/features/i18n/languages';
import { initialAuthState } from '../../../src/features/auth/authSlice';

const aircraft = [
  { id: 1, name: 'M30', serial: 'SN1' },
  { id: 2, name: 'M3E', serial: 'SN2' },
];
const wait = { timeout: 5000 };

/** The field in a form of one value, with what it reported. */
function setup({
  value = '',
  currentLabel,
  routes = {},
  preloadedState = loggedInState,
  language = 'zh-cn',
}: { value?: string; currentLabel?: string; routes?: Record<string, Route>; preloadedState?: typeof loggedInState; language?: Language } = {}) {
  const { store, calls } = createTestStore({ 'GET /Device/': () => ({ items: aircraft, total: 2 }), ...routes }, preloadedState);
  const changes: string[] = [];
  function Form() {
    const [chosen, setChosen] = useState(value);
    return (
      <LookupField
        {...AIRCRAFT_LOOKUP}
        currentLabel={currentLabel}
        name="device_id"
        label={language === 'en' ? 'Device' : '设备'}
        value={chosen}
        onChange={(next) => {
          changes.push(next);
          setChosen(next);
        }}
      />
    );
  }
  renderWithStore(<Form />, store, language);
  const lists = () => calls.filter((c) => c.path === '/Device/');
  return { store, calls, lists, changes };
}

/** A user whose typing takes no time on the test's clock, however busy the machine is. */
function typist() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}
const pause = () => act(() => jest.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS));

describe('LookupField', () => {
  afterEach(() => jest.useRealTimers());

  it('asks the server once typing pauses, with the search and the field filters, and picks a match', async () => {
    const user = typist();
    const { lists, changes } = setup();
    const input = screen.getByRole('combobox', { name: '设备' });
    await user.click(input);
    await user.type(input, 'M3');
    expect(lists()).toEqual([]);
    await pause();
    expect(await screen.findByRole('option', { name: 'M3E (SN2)' })).toBeInTheDocument();
    expect(lists().map((c) => c.options?.query)).toEqual([{ page: 1, page_size: 20, search: 'M3', kind: 'aircraft' }]);
    await user.click(screen.getByRole('option', { name: 'M3E (SN2)' }));
    expect(changes).toEqual(['2']);
    expect(input).toHaveValue('M3E (SN2)');
  });

  it('is usable from the keyboard', async () => {
    const { changes } = setup();
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: '设备' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'M30 (SN1)' }, wait);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(changes).toEqual(['1']);
  });

  it('names the current value with the name the row came with, asking nothing', () => {
    const { calls } = setup({ value: '7', currentLabel: 'M300-远郊' });
    expect(screen.getByRole('combobox', { name: '设备' })).toHaveValue('M300-远郊');
    expect(calls).toEqual([]);
  });

  it('names a current value it has no name for with one GET of that record, not a list', async () => {
    const { calls } = setup({ value: '7', routes: { 'GET /Device/7/': () => ({ id: 7, name: 'M300', serial: 'SN7' }) } });
    await waitFor(() => expect(screen.getByRole('combobox', { name: '设备' })).toHaveValue('M300 (SN7)'));
    expect(calls.map((c) => c.path)).toEqual(['/Device/7/']);
  });

  it('asks nothing of a user who may not list the collection', async () => {
    const viewer = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: ['task:write'] } } };
    const { calls } = setup({ value: '7', preloadedState: viewer });
    const input = screen.getByRole('combobox', { name: '设备' });
    expect(input).toBeDisabled();
    expect(input).toHaveValue('#7');
    await userEvent.click(input);
    expect(calls).toEqual([]);
  });

  it('says "loading" from the first keystroke and "no match" for a search without matches, in the app language', async () => {
    const user = typist();
    const { lists } = setup({ language: 'en', routes: { 'GET /Device/': () => ({ items: [], total: 0 }) } });
    const input = screen.getByRole('combobox', { name: 'Device' });
    await user.click(input);
    await user.type(input, 'zz');
    // Typing has not paused yet: nothing asked, but the list says it is searching.
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(lists()).toEqual([]);
    await pause();
    expect(await screen.findByText('No matching data')).toBeInTheDocument();
    expect(lists()).toHaveLength(1);
  });
});
