// The platform feature's public face: other features import these from here, never its files.
export { selectPlatformName } from './platformSlice';
export { type MapProvider } from './mapProviders';
