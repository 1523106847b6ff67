import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAppSelector } from '../../../src/app/hooks';
import { renderWithStore } from '../support/renderWithStore';
import { goToPage } from '../../../src/crud/PaginationWithGoTo';
import ResourceTable from '../../../src/crud/ResourceTable';
import { listLoaded, querySet } from '../../../src/crud/resourcesSlice';
import { selectResource } from '../../../src/crud/selectors';
import { DEFAULT_QUERY } from '../../../src/crud/types';
import { createTestStore } from '../support/testStore';

describe('goToPage', () => {
  it.each([
    ['3', 5, 3],
    [' 2 ', 5, 2],
    ['9', 5, 5],
    ['0', 5, 1],
    ['-4', 5, 1],
    ['1', 0, 1],
    ['', 5, null],
    ['abc', 5, null],
  ])('%p of %p pages → %p', (text, pages, page) => {
    expect(goToPage(text, pages)).toBe(page);
  });
});

describe('ResourceTable pagination "go to"', () => {
  it.each([
    ['zh-cn', '前往'],
    ['en', 'Go to'],
  ] as const)('jumps to the typed page through the store (%s)', async (language, label) => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `P${i + 1}` }));
    const { store } = createTestStore({ 'GET /Project/': () => ({ items: rows, total: 95 }) });
    store.dispatch(querySet({ resource: 'project', query: DEFAULT_QUERY }));
    store.dispatch(listLoaded({ resource: 'project', items: rows, total: 95 }));
    function Table() {
      const state = useAppSelector((s) => selectResource(s, 'project'));
      return <ResourceTable resource="project" state={state} columns={[{ field: 'name' }]} height={400} />;
    }
    renderWithStore(<Table />, store, language);
    expect(screen.getByText(label)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: label }), '4{Enter}');
    await waitFor(() => expect(store.getState().resources.project.query.page).toBe(4));
    await userEvent.type(screen.getByRole('textbox', { name: label }), '99{Enter}');
    await waitFor(() => expect(store.getState().resources.project.query.page).toBe(5));
  });
});
