// The navigation feature's public face: other features import these from here, never its files.
export { visibleMenu } from './permissions';
export { useForbidden } from './forbidden';
export { default as ForbiddenPage } from './ForbiddenPage';
