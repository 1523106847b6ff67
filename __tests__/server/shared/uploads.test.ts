import { imageUploadProblem, MAX_UPLOAD_BYTES } from '@shared/uploads';

describe('imageUploadProblem: what the server would refuse of a picked picture', () => {
  it.each([
    ['a PNG', { type: 'image/png', size: 1024 }, null],
    ['a JPEG at the limit', { type: 'image/jpeg', size: MAX_UPLOAD_BYTES }, null],
    ['a WebP', { type: 'image/webp', size: 1 }, null],
    ['a GIF', { type: 'image/gif', size: 1024 }, { code: 'upload.bad_image_type' }],
    ['an SVG (scripts)', { type: 'image/svg+xml', size: 1024 }, { code: 'upload.bad_image_type' }],
    ['no type at all', { type: '', size: 1024 }, { code: 'upload.bad_image_type' }],
    ['a PNG one byte over', { type: 'image/png', size: MAX_UPLOAD_BYTES + 1 }, { code: 'upload.too_large', params: { max_mb: 5 } }],
  ])('%s', (_what, file, problem) => {
    expect(imageUploadProblem(file)).toEqual(problem);
  });
});
