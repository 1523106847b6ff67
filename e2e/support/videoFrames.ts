import type { Locator } from 'playwright-core';
import { PICTURE_CODE_SPOTS } from '../../scripts/simulator/camera';

/** A frame a <video> showed: its width, the luma at the picture code's spots (decodePictureCode) and when it showed (epoch ms). */
export interface ShownFrame {
  width: number;
  luma: number[];
  at: number;
}

/** The next frame the <video> shows (requestVideoFrameCallback); null when none comes within 5 s. */
export const nextFrame = (video: Locator): Promise<ShownFrame | null> =>
  video.evaluate(
    (element: HTMLVideoElement, spots) =>
      new Promise<ShownFrame | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 5000);
        element.requestVideoFrameCallback(() => {
          const at = Date.now();
          clearTimeout(timer);
          const canvas = document.createElement('canvas');
          canvas.width = element.videoWidth;
          canvas.height = element.videoHeight;
          const context = canvas.getContext('2d', { willReadFrequently: true })!;
          context.drawImage(element, 0, 0);
          const luma = spots.map(({ x, y }) => {
            const [r, g, b] = context.getImageData(x, y, 1, 1).data;
            return 0.299 * r + 0.587 * g + 0.114 * b;
          });
          resolve({ width: element.videoWidth, luma, at });
        });
      }),
    PICTURE_CODE_SPOTS,
  );
