import fs from 'node:fs';
import path from 'node:path';
import { multipart } from '../api/harness';
import type { TestApi } from '../api/testApi';
import { DJI_FIXTURES } from '../../support/djiFixtures';

/** A real DJI photo (Mavic Pro, with its position in EXIF/XMP). */
export const MAVIC = fs.readFileSync(path.join(DJI_FIXTURES, 'photos', 'mavicpro_wide_nadir_DJI_0010.JPG'));

/** A defect region in the upper left of a photo. */
export const RECT = {
  type: 'rect',
  points: [
    [0.1, 0.2],
    [0.3, 0.4],
  ],
};

/** Uploads the DJI photo to `projectId` as `as` (POST /api/Media/, multipart); answers the raw response. */
export async function uploadPhoto(api: TestApi, as: string, projectId: number) {
  const body = multipart({ project_id: String(projectId) }, { field: 'file', filename: 'DJI_0010.JPG', contentType: 'image/jpeg', data: MAVIC });
  return api.server.handle.app.inject({
    method: 'POST',
    url: '/api/Media/',
    headers: { ...body.headers, authorization: `Bearer ${api.tokens[as]}` },
    payload: body.payload,
  });
}
