/** The media library (docs/media.md): the public face other features use. */
export { mediaQuery, pointsBounds } from './mediaRules';
export { mediaLoaded, mediaPageOpened, previewOpened, selectMedia, type MediaState } from './mediaSlice';
