// The tabs feature's public face: other features import these from here, never its files.
export { default as TabStrip } from './TabStrip';
export { pageOpened, tablessPageOpened } from './tabsSlice';
