import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { routeSettingsSchema, type Wayline, waypointSchema } from '@shared/wayline/model';
import { WaylineError } from '../../../server/wayline/errors';
import { readKmz, writeKmz } from '../../../server/wayline/kmz';
import { MAX_XML_DEPTH, xmlDepth } from '../../../server/wayline/xml';
import { KMZ_LIMITS } from '../../../server/wayline/zip';

const route: Wayline & { name: string } = {
  name: '河道巡检 A',
  settings: routeSettingsSchema.parse({
    height_mode: 'WGS84',
    auto_flight_speed: 7.5,
    takeoff_security_height: 35,
    fly_to_wayline_mode: 'pointToPoint',
    finish_action: 'autoLand',
    rc_lost_action: 1,
    exit_wayline_when_rc_lost: 0,
    rth_altitude: 120,
    drone_model: '0-89-0',
    payload_model: '1-43-0',
    payload_position: 1,
  }),
  waypoints: [
    waypointSchema.parse({
      lat: 22.5431234,
      lng: 114.0571234,
      alt: 80.5,
      speed: 6.2,
      heading_mode: 'smoothTransition',
      heading_angle: -45.5,
      turn_mode: 'coordinateTurn',
      actions: [
        { type: 'takePhoto' },
        { type: 'startRecord' },
        { type: 'gimbalRotate', pitch: -90 },
        { type: 'hover', seconds: 12 },
        { type: 'rotateYaw', heading: 135 },
        { type: 'zoom', focal_length: 48 },
      ],
    }),
    waypointSchema.parse({ lat: 22.5441, lng: 114.0581, alt: 95, speed: 9, actions: [{ type: 'stopRecord' }] }),
    waypointSchema.parse({ lat: 22.5451, lng: 114.0561, alt: 110, speed: 12, heading_mode: 'fixed', turn_mode: 'toPointAndPassWithContinuityCurvature' }),
  ],
};

const kmzOf = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

const wpml = (folders: string, config = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.2"><Document>${config}${folders}</Document></kml>`;
const placemark = (index: number, coordinates: string, extra = '') =>
  `<Placemark><Point><coordinates>${coordinates}</coordinates></Point><wpml:index>${index}</wpml:index><wpml:executeHeight>50</wpml:executeHeight><wpml:waypointSpeed>5</wpml:waypointSpeed>${extra}</Placemark>`;
const folder = (placemarks: string) =>
  `<Folder><wpml:executeHeightMode>relativeToStartPoint</wpml:executeHeightMode><wpml:autoFlightSpeed>5</wpml:autoFlightSpeed>${placemarks}</Folder>`;
const twoPoints = folder(placemark(0, '114.05,22.54') + placemark(1, '114.06,22.55'));

function wayline(bytes: Uint8Array): { code: string; message: string; params: Record<string, unknown> } {
  try {
    readKmz(bytes);
  } catch (error) {
    if (error instanceof WaylineError) return { code: error.code, message: error.message, params: error.params };
    throw error;
  }
  throw new Error('readKmz accepted the file');
}

describe('writeKmz / readKmz', () => {
  it('writes both files, with the WPML namespace, missionConfig, one Folder and indexed placemarks', () => {
    const files = unzipSync(writeKmz(route));
    expect(Object.keys(files).sort()).toEqual(['wpmz/template.kml', 'wpmz/waylines.wpml']);
    const waylines = strFromU8(files['wpmz/waylines.wpml']);
    expect(waylines).toContain('xmlns:wpml="http://www.dji.com/wpmz/1.0.6"');
    expect(waylines).toContain(
      '<wpml:droneInfo><wpml:droneEnumValue>89</wpml:droneEnumValue><wpml:droneSubEnumValue>0</wpml:droneSubEnumValue></wpml:droneInfo>',
    );
    expect(waylines).toContain('<wpml:executeRCLostAction>hover</wpml:executeRCLostAction>');
    expect(waylines.match(/<Folder>/g)).toHaveLength(1);
    expect(waylines.match(/<wpml:index>/g)).toHaveLength(3);
    expect(waylines).toContain('<wpml:executeHeight>80.5</wpml:executeHeight>');
    expect(strFromU8(files['wpmz/template.kml'])).toContain('<wpml:templateType>waypoint</wpml:templateType>');
  });

  it('gives the same bytes for the same route (a stable md5 fingerprint for dispatch)', () => {
    expect(Buffer.from(writeKmz(route)).equals(Buffer.from(writeKmz(route)))).toBe(true);
  });

  it('reads back what it wrote, field by field', () => {
    const back = readKmz(writeKmz(route));
    expect(back.warnings).toEqual([]);
    expect(back.settings).toEqual(route.settings);
    expect(back.waypoints).toHaveLength(route.waypoints.length);
    route.waypoints.forEach((waypoint, i) => expect(back.waypoints[i]).toEqual(waypoint));
  });

  it('reads the template when the KMZ has no waylines.wpml', () => {
    const template = strFromU8(unzipSync(writeKmz(route))['wpmz/template.kml']);
    const back = readKmz(kmzOf({ 'wpmz/template.kml': template }));
    expect(back.waypoints).toEqual(route.waypoints);
    expect(back.settings.height_mode).toBe('WGS84');
  });

  it('takes the settings waylines.wpml leaves out from template.kml', () => {
    const template = strFromU8(unzipSync(writeKmz(route))['wpmz/template.kml']);
    const back = readKmz(kmzOf({ 'wpmz/template.kml': template, 'wpmz/waylines.wpml': wpml(twoPoints) }));
    expect(back.waypoints.map((w) => [w.lng, w.lat])).toEqual([
      [114.05, 22.54],
      [114.06, 22.55],
    ]);
    // The wayline's own Folder says relativeToStartPoint and 5 m/s; the rest is the template's missionConfig.
    expect(back.settings).toEqual({ ...route.settings, height_mode: 'relativeToStartPoint', auto_flight_speed: 5 });
  });

  it('reads every wayline of a file, one after another, and says so', () => {
    const back = readKmz(kmzOf({ 'wpmz/waylines.wpml': wpml(twoPoints + folder(placemark(0, '100,10') + placemark(1, '100.1,10'))) }));
    expect(back.waypoints.map((w) => [w.lng, w.lat])).toEqual([
      [114.05, 22.54],
      [114.06, 22.55],
      [100, 10],
      [100.1, 10],
    ]);
    expect(back.warnings).toEqual([expect.objectContaining({ code: 'route.several_waylines', params: { count: 2 } })]);
  });

  it('keeps actions it does not model with their parameters, names them in a warning, and writes them back as they were', () => {
    const params =
      '<wpml:actionActuatorFuncParam><wpml:payloadPositionIndex>0</wpml:payloadPositionIndex><wpml:irGainMode/>' +
      '<wpml:targetParam><wpml:maxThreshold>1</wpml:maxThreshold><wpml:targetType>person</wpml:targetType></wpml:targetParam></wpml:actionActuatorFuncParam>';
    const action = (func: string, inner = '') => `<wpml:action><wpml:actionActuatorFunc>${func}</wpml:actionActuatorFunc>${inner}</wpml:action>`;
    const group = `<wpml:actionGroup>${action('focus')}${action('targetDetection', params)}${action('focus')}</wpml:actionGroup>`;
    const back = readKmz(kmzOf({ 'wpmz/waylines.wpml': wpml(folder(placemark(0, '114.05,22.54', group) + placemark(1, '114.06,22.55'))) }));
    const detection = {
      type: 'kept',
      func: 'targetDetection',
      params: { payloadPositionIndex: '0', irGainMode: '', targetParam: { maxThreshold: '1', targetType: 'person' } },
    };
    expect(back.waypoints[0].actions).toEqual([{ type: 'kept', func: 'focus', params: {} }, detection, { type: 'kept', func: 'focus', params: {} }]);
    expect(back.warnings).toEqual([expect.objectContaining({ code: 'route.actions_kept', params: { actions: 'focus ×2, targetDetection' } })]);
    // Our own file (after an edit) flies them too, parameters and all.
    const written = writeKmz({ ...route, waypoints: back.waypoints });
    expect(strFromU8(unzipSync(written)['wpmz/waylines.wpml'])).toContain(
      '<wpml:actionActuatorFunc>targetDetection</wpml:actionActuatorFunc><wpml:actionActuatorFuncParam><wpml:payloadPositionIndex>0</wpml:payloadPositionIndex><wpml:irGainMode></wpml:irGainMode><wpml:targetParam><wpml:maxThreshold>1</wpml:maxThreshold><wpml:targetType>person</wpml:targetType></wpml:targetParam></wpml:actionActuatorFuncParam>',
    );
    expect(readKmz(written).waypoints[0].actions).toEqual(back.waypoints[0].actions);
  });

  it('reads a template of any type: its type, area and the settings we do not edit; a mapping template alone has no waypoints', () => {
    const template = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.6"><Document>
      <wpml:missionConfig><wpml:takeOffRefPoint>22.5,113.9,12</wpml:takeOffRefPoint><wpml:droneInfo><wpml:droneEnumValue>77</wpml:droneEnumValue></wpml:droneInfo></wpml:missionConfig>
      <Folder><wpml:templateType>corridorScan</wpml:templateType><wpml:autoFlightSpeed>8</wpml:autoFlightSpeed>
      <Placemark><wpml:overlap><wpml:orthoCameraOverlapH>80</wpml:orthoCameraOverlapH></wpml:overlap>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>113.1,22.1,0 113.2,22.1,0 113.2,22.2,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
      </Folder></Document></kml>`;
    const back = readKmz(kmzOf({ 'wpmz/template.kml': template }));
    expect(back).toMatchObject({
      template_type: 'corridorScan',
      waypoints: [],
      template: {
        area: {
          type: 'Polygon',
          coordinates: [
            [
              [113.1, 22.1],
              [113.2, 22.1],
              [113.2, 22.2],
              [113.1, 22.1],
            ],
          ],
        },
        settings: { takeOffRefPoint: '22.5,113.9,12', 'overlap.orthoCameraOverlapH': '80' },
      },
    });
    expect(back.settings).toMatchObject({ drone_model: '0-77-0', auto_flight_speed: 8 });
  });
});

describe('readKmz refuses bad files with a reason naming the problem', () => {
  it('a file that is not a zip', () => {
    expect(wayline(strToU8('<kml/>'))).toMatchObject({ code: 'route.not_zip' });
  });

  it('a truncated zip', () => {
    expect(wayline(writeKmz(route).subarray(0, 200))).toMatchObject({ code: 'route.not_zip' });
  });

  it('a zip whose directory declares more than the cap, before inflating anything', () => {
    const bomb = zipSync({ 'wpmz/waylines.wpml': new Uint8Array(KMZ_LIMITS.maxUncompressedBytes + 1) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(wayline(bomb)).toMatchObject({ code: 'route.zip_too_large', message: 'the archive inflates to more than 20 MB' });
  });

  it('a zip bomb that lies about its size in the headers is stopped while inflating', () => {
    const bomb = zipSync({ 'wpmz/waylines.wpml': new Uint8Array(KMZ_LIMITS.maxUncompressedBytes + 1024 * 1024) }, { level: 9 });
    // Patch the declared uncompressed size (local header at 22, central directory entry at +24) down to 100 bytes.
    const view = new DataView(bomb.buffer);
    view.setUint32(22, 100, true);
    const central = bomb.length - 22 - 46 - 'wpmz/waylines.wpml'.length;
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    view.setUint32(central + 24, 100, true);
    expect(wayline(bomb)).toMatchObject({ code: 'route.zip_too_large' });
  });

  it('a zip with too many entries', () => {
    const many = Object.fromEntries(Array.from({ length: KMZ_LIMITS.maxEntries + 1 }, (_, i) => [`wpmz/res/${i}.txt`, 'x']));
    expect(wayline(kmzOf({ ...many, 'wpmz/waylines.wpml': wpml(twoPoints) }))).toMatchObject({ code: 'route.zip_too_many_entries', params: { count: 258 } });
  });

  it('a KMZ without a wayline file', () => {
    expect(wayline(kmzOf({ 'doc.kml': wpml(twoPoints) }))).toMatchObject({ code: 'route.no_wayline_file' });
  });

  it('XML with an external entity (XXE)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><Document><Folder>${placemark(0, '&xxe;')}</Folder></Document></kml>`;
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': xxe }))).toMatchObject({ code: 'route.xml_doctype', params: { file: 'wpmz/waylines.wpml' } });
  });

  it('XML nested deeper than the limit, found before any parser recurses into it', () => {
    const deep = `<kml>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</kml>`;
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': deep }))).toMatchObject({
      code: 'route.xml_too_deep',
      params: { file: 'wpmz/waylines.wpml', max: MAX_XML_DEPTH },
    });
    // Self-closing elements, comments, CDATA and '>' inside attribute values do not count as levels.
    expect(xmlDepth(`<a x="1>2"><b/><!-- <c><c><c> --><![CDATA[<d><d>]]><?pi <e>?><f></f></a>`)).toBe(2);
  });

  it('XML that is not well-formed', () => {
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': '<kml><Document><Folder></Document></kml>' }))).toMatchObject({ code: 'route.xml_malformed' });
  });

  it('a wayline without placemarks', () => {
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': wpml(folder('')) }))).toMatchObject({ code: 'route.no_placemarks' });
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': wpml('') }))).toMatchObject({ code: 'route.no_placemarks' });
  });

  it.each([
    ['a latitude over 90', '114.05,91'],
    ['a longitude under -180', '-181,22.5'],
    ['a coordinate that is not a number', 'east,22.5'],
  ])('coordinates out of range: %s', (_name, coordinates) => {
    const file = wpml(folder(placemark(0, '114.05,22.54') + placemark(1, coordinates)));
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': file }))).toMatchObject({ code: 'route.coordinates_out_of_range', params: { index: 2 } });
  });

  it('a waypoint height that is not a number names the waypoint', () => {
    const file = wpml(folder(placemark(0, '114.05,22.54').replace('<wpml:executeHeight>50', '<wpml:executeHeight>high')));
    expect(wayline(kmzOf({ 'wpmz/waylines.wpml': file }))).toMatchObject({
      code: 'route.bad_number',
      message: 'waypoint 1: executeHeight "high" is not a number',
    });
  });
});
