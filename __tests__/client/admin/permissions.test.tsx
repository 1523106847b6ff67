import { screen, within } from '@testing-library/react';
import { initialAuthState } from '../../../src/features/auth/authSlice';
import { MENU_TREE } from '../../../src/features/menu/menuTree';
import { visibleMenu } from '../../../src/features/navigation/permissions';
import { demoUser, renderApp } from '../support/renderApp';

// Whole-app renders with lazy pages are slow when the suite runs in parallel.
jest.setTimeout(60_000);

const viewerPermissions = ['device:read', 'project:read', 'task:read', 'airspace:read', 'map:read', 'stats:read'];
const viewer = { auth: { ...initialAuthState, token: 'tok', user: { ...demoUser, permissions: viewerPermissions } } };

describe('pages by permission', () => {
  it('the viewer menu has no authorization or system groups', () => {
    const ids = visibleMenu(MENU_TREE, viewerPermissions).map((i) => i.id);
    expect(ids).toEqual(['tas', 'live', 'alert', 'device', 'airspace', 'map', 'task', 'media', 'defect']);
    expect(visibleMenu(MENU_TREE, null)).toEqual(MENU_TREE);
  });

  it('the sidebar hides what the role may not use', async () => {
    renderApp('/404', { preloadedState: viewer });
    const nav = await screen.findByRole('navigation', {}, { timeout: 8000 });
    expect(within(nav).getByRole('link', { name: '无人机管理' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '角色' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: '通知管理' })).not.toBeInTheDocument();
  });

  it('a direct URL to a page the role may not open shows 403', async () => {
    renderApp('/app/role', { preloadedState: viewer });
    expect(await screen.findByRole('alert', { name: '403' }, { timeout: 8000 })).toHaveTextContent('无权访问');
  });
});
