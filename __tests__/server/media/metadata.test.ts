import fs from 'node:fs';
import path from 'node:path';
import { uploadTime } from '@shared/dji/media';
import { lensOf, nameMismatch, readFileMetadata, sniffMedia, withCallbackMetadata, NO_METADATA } from '../../../server/media/metadata';
import { DJI_FIXTURES } from '../../support/djiFixtures';

const PHOTOS = path.join(DJI_FIXTURES, 'photos');
const photo = (name: string) => fs.readFileSync(path.join(PHOTOS, name));

describe('metadata of the real DJI photos', () => {
  it('prefers DJI XMP position to EXIF GPS (M2EA, ~4.5 m apart) and reads altitudes, gimbal and flight yaw', async () => {
    const { metadata, error } = await readFileMetadata(photo('m2ea_thermal_IR_20220602140425.JPG'), 'photo');
    expect(error).toBeNull();
    expect(metadata).toMatchObject({
      lat: 23.1086535,
      lng: 120.2585085,
      absolute_alt: 72.47,
      relative_alt: 39.04,
      gimbal_yaw: -115.5,
      gimbal_pitch: -89.9,
      gimbal_roll: 0,
      flight_yaw: -120.9,
      camera_model: 'MAVIC2-ENTERPRISE-ADVANCED',
      width: 640,
      height: 512,
      taken_at: '2022-06-02T14:04:25.000Z',
    });
  });

  it('takes the EXIF GPS when the XMP has no position (XT2, Mavic Pro)', async () => {
    const xt2 = (await readFileMetadata(photo('xt2_thermal_DJI_0587_R.JPG'), 'photo')).metadata;
    expect(xt2.lat).toBeCloseTo(23.1084404, 6);
    expect(xt2.lng).toBeCloseTo(120.2599411, 6);
    expect(xt2).toMatchObject({ absolute_alt: 50, relative_alt: null, gimbal_yaw: null, camera_model: 'XT2' });
    const mavic = (await readFileMetadata(photo('mavicpro_wide_nadir_DJI_0010.JPG'), 'photo')).metadata;
    expect(mavic.lat).toBeCloseTo(53.9190128, 6);
    expect(mavic).toMatchObject({
      absolute_alt: 336.66,
      relative_alt: 98.9,
      gimbal_yaw: 37.1,
      flight_yaw: 37.9,
      camera_model: 'FC220',
      width: 4000,
      height: 2250,
    });
  });

  it('keeps the camera heading apart from the aircraft yaw (H20T)', async () => {
    const { metadata } = await readFileMetadata(photo('h20t_thermal_DJI_20220602143532_0191_T.JPG'), 'photo');
    expect(metadata).toMatchObject({ lat: 51.3661299, lng: 12.3089511, gimbal_yaw: 6, flight_yaw: 3.1, gimbal_pitch: -90, camera_model: 'ZH20T' });
  });

  it('keeps a photo with malformed metadata without it, saying why', async () => {
    const xmp =
      'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:GpsLatitude="north" drone-dji:GpsLongitude="12.5"' +
      ' drone-dji:RelativeAltitude="+40.5" drone-dji:GimbalPitchDegree="-400"/></rdf:RDF></x:xmpmeta>';
    const segment = Buffer.from(xmp, 'latin1');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe1, (segment.length + 2) >> 8, (segment.length + 2) & 0xff]),
      segment,
      Buffer.from([0xff, 0xd9]),
    ]);
    const { metadata, error } = await readFileMetadata(jpeg, 'photo');
    expect(error).toBe('malformed metadata: GpsLatitude, GimbalPitchDegree');
    expect(metadata).toMatchObject({ lat: null, lng: null, relative_alt: 40.5, gimbal_pitch: null });
  });
});

describe('type and lens rules', () => {
  it.each([
    ['mavicpro_wide_nadir_DJI_0010.JPG', 'image/jpeg'],
    ['DJI_20250723102139_0001_D.MP4', 'video/mp4'],
  ])('sniffs %s as %s', (name, mime) => expect(sniffMedia(photo(name).subarray(0, 64))?.mime).toBe(mime));

  it('refuses what is not an image or video', () => {
    expect(sniffMedia(Buffer.from('%PDF-1.7 hello'))).toBeNull();
    expect(sniffMedia(photo('DJI_20250723102139_0001_D.SRT').subarray(0, 64))).toBeNull();
  });

  it.each([
    ['DJI_0001.JPG', 'image/jpeg', null],
    ['DJI_0001.mp4', 'image/jpeg', 'the name says .mp4 but the content is image/jpeg'],
    ['clip.MP4', 'video/mp4', null],
    ['noext', 'image/jpeg', null],
  ])('name %s for %s → %s', (name, mime, expected) => {
    const sniffed =
      mime === 'video/mp4' ? sniffMedia(photo('DJI_20250723102139_0001_D.MP4').subarray(0, 64))! : sniffMedia(photo('mavicpro_wide_nadir_DJI_0010.JPG'))!;
    expect(nameMismatch(name, sniffed)).toBe(expected);
  });

  it.each([
    ['DJI_20220602143532_0191_T.JPG', null, 'ir'],
    ['DJI_0587_R.JPG', null, 'ir'],
    ['IR_20220602140425.JPG', null, 'ir'],
    ['DJI_20240101120000_0001_Z.JPG', null, 'zoom'],
    ['DJI_20240101120000_0001_W.JPG', null, 'wide'],
    ['DJI_20240101120000_0001_V.JPG', null, 'wide'],
    ['DJI_0010.JPG', 'FC220', null],
    ['DJI_0010.JPG', 'XT2', 'ir'],
  ])('lens of %s (%s) is %s', (name, model, lens) => expect(lensOf(name, model)).toBe(lens));
});

describe('callback metadata', () => {
  it.each([
    [{ create_time: '2021-05-10 16:04:20' }, '2021-05-10T16:04:20.000Z'],
    [{ created_time: '2021-05-10T16:04:20+08:00' }, '2021-05-10T08:04:20.000Z'],
    [{ create_time: 'yesterday' }, undefined],
    [{}, undefined],
  ])('time of %j is %s', (metadata, iso) => expect(uploadTime(metadata)).toBe(iso));

  it('fills only what the file did not say', () => {
    const filled = withCallbackMetadata(
      { ...NO_METADATA, lat: 1, lng: 2 },
      { shoot_position: { lat: 30, lng: 120 }, absolute_altitude: 100, relative_altitude: 50, gimbal_yaw_degree: 12, created_time: '2024-01-01T00:00:00Z' },
    );
    expect(filled).toMatchObject({ lat: 1, lng: 2, absolute_alt: 100, relative_alt: 50, gimbal_yaw: 12, taken_at: '2024-01-01T00:00:00.000Z' });
  });
});
