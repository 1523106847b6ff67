import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { renderWithStore } from '../support/renderWithStore';
import { goToPage } from '../../../src/crud/PaginationWithGoTo';
import ResourceTable from '../../../src/crud/ResourceTable';
import { useResourceList } from '../../../src/crud/useResourceList';
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
  ] as const)('jumps to the typed page through the address (%s)', async (language, label) => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `P${i + 1}` }));
    const { store } = createTestStore({ 'GET /Project/': () => ({ items: rows, total: 95 }) });
    function Table() {
      const state = useResourceList('project');
      return <ResourceTable state={state} columns={[{ field: 'name' }]} height={400} />;
    }
    renderWithStore(
      <MemoryRouter>
        <Table />
      </MemoryRouter>,
      store,
      language,
    );
    await waitFor(() => expect(store.getState().resources.project).toMatchObject({ status: 'ready', total: 95 }));
    expect(screen.getByText(label)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: label }), '4{Enter}');
    await waitFor(() => expect(store.getState().resources.project.resultQuery.page).toBe(4));
    await userEvent.type(screen.getByRole('textbox', { name: label }), '99{Enter}');
    await waitFor(() => expect(store.getState().resources.project.resultQuery.page).toBe(5));
  });
});
