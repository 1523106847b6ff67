// The situation feature's public face: other features import these from here, never its files.
export { useSampled } from './useSampled';
