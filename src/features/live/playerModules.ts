/**
 * The player libraries, each its own chunk, loaded when a video plays. A start asks for its player's chunk at once
 * (liveSaga), so the library loads while the device answers instead of after.
 */
export const loadMpegts = () => import(/* webpackChunkName: "mpegts" */ 'mpegts.js');
export const loadHls = () => import(/* webpackChunkName: "hlsjs" */ 'hls.js');
