/** The media library (docs/media.md): the public face other features use. */
export { EMPTY_FILTERS, mediaPoints, mediaQuery, type MediaPoint } from './mediaRules';
export {
  filtersChanged,
  mapPointsAnswered,
  mediaLoaded,
  mediaLoadFailed,
  mediaPageOpened,
  NO_MAP_POINTS,
  previewOpened,
  selectMedia,
  type MapPointsState,
  type MediaState,
} from './mediaSlice';
