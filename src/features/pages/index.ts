// The pages feature's public face: other features import these from here, never its files.
export { default as PageFrame } from './PageFrame';
export { default as PageOutlet } from './PageOutlet';
export { default as LoadingScreen } from './LoadingScreen';
