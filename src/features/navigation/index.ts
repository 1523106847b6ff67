// The navigation feature's public face: other features import these from here, never its files.
export { selectPermissions, visibleMenu } from './permissions';
export { useCan } from './useCan';
export { useForbidden } from './forbidden';
export { default as ForbiddenPage } from './ForbiddenPage';
