/** The media library (docs/media.md): the public face other features use. */
export { mediaQuery } from './mediaRules';
export { mapPointsAnswered, mediaLoaded, mediaPageOpened, NO_MAP_POINTS, previewOpened, selectMedia, type MapPointsState, type MediaState } from './mediaSlice';
