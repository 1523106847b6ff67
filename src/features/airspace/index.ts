// The airspace feature's public face: other features import these from here, never its files.
export { planLink } from './planLink';
