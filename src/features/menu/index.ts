// The menu feature's public face: other features import these from here, never its files.
export { default as Sidebar } from './Sidebar';
export { sidebarToggled, viewportResized } from './menuSlice';
export { type MenuItem } from './menuTypes';
export { selectFirstMenuPath } from './selectors';
