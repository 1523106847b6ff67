// The replay feature's public face: other features import these from here, never its files.
export { qaPanelRequested } from './qaActions';
