import { strFromU8, strToU8, zipSync } from 'fflate';
import {
  FINISH_ACTIONS,
  FLY_TO_WAYLINE_MODES,
  HEADING_MODES,
  HEIGHT_MODES,
  type ImportWarning,
  routeSettingsSchema,
  type RouteSettings,
  TURN_MODES,
  type Wayline,
  type WaylineAction,
  type Waypoint,
  waypointSchema,
} from '@shared/wayline/model';
import { MAX_ROUTE_WAYPOINTS } from '@shared/entities/route';
import { parseCoordinateTuple } from './coordinates';
import { WaylineError } from './errors';
import { child, children, escapeXml, numberAt, parseUntrustedXml, text, type XmlNode } from './xml';
import { KMZ_LIMITS, readZipEntries } from './zip';

/**
 * DJI KMZ wayline files (WPML 1.0.6; see shared/spec/dji-cloud-api.md "Wayline file"): `wpmz/waylines.wpml` is what
 * the aircraft flies, `wpmz/template.kml` the editable template DJI Pilot 2 and FlightHub 2 open.
 */

const WPML_NS = 'http://www.dji.com/wpmz/1.0.6';
const WAYLINES = 'wpmz/waylines.wpml';
const TEMPLATE = 'wpmz/template.kml';

/** executeRCLostAction by rc_lost_action (0 return home, 1 hover, 2 land). */
const RC_LOST_WPML = ['goBack', 'hover', 'landing'] as const;
/** exitOnRCLost by exit_wayline_when_rc_lost. */
const EXIT_ON_RC_LOST_WPML = ['goContinue', 'executeLostAction'] as const;

export type KmzRoute = Wayline & { name?: string; updated_at?: string };

// ---------------------------------------------------------------------------------------------------------------
// Writing

const el = (name: string, value: string | number) => `<wpml:${name}>${typeof value === 'number' ? String(value) : escapeXml(value)}</wpml:${name}>`;
const group = (name: string, inner: string[]) => `<wpml:${name}>${inner.join('')}</wpml:${name}>`;

const modelNumbers = (key: string) => key.split('-').map(Number);

function missionConfigXml(settings: RouteSettings): string {
  const [, droneType, droneSub] = modelNumbers(settings.drone_model);
  const payload = settings.payload_model ? modelNumbers(settings.payload_model) : null;
  return group('missionConfig', [
    el('flyToWaylineMode', settings.fly_to_wayline_mode),
    el('finishAction', settings.finish_action),
    el('exitOnRCLost', EXIT_ON_RC_LOST_WPML[settings.exit_wayline_when_rc_lost]),
    el('executeRCLostAction', RC_LOST_WPML[settings.rc_lost_action]),
    el('takeOffSecurityHeight', settings.takeoff_security_height),
    el('globalTransitionalSpeed', settings.auto_flight_speed),
    el('globalRTHHeight', settings.rth_altitude),
    group('droneInfo', [el('droneEnumValue', droneType), el('droneSubEnumValue', droneSub)]),
    ...(payload
      ? [
          group('payloadInfo', [
            el('payloadEnumValue', payload[1]),
            el('payloadSubEnumValue', payload[2]),
            el('payloadPositionIndex', settings.payload_position),
          ]),
        ]
      : []),
  ]);
}

function actionParamsXml(action: WaylineAction, payloadPosition: number): string[] {
  const position = el('payloadPositionIndex', payloadPosition);
  switch (action.type) {
    case 'takePhoto':
    case 'startRecord':
      return [position, el('useGlobalPayloadLensIndex', 1)];
    case 'stopRecord':
      return [position];
    case 'gimbalRotate':
      return [
        el('gimbalHeadingYawBase', 'north'),
        el('gimbalRotateMode', 'absoluteAngle'),
        el('gimbalPitchRotateEnable', 1),
        el('gimbalPitchRotateAngle', action.pitch),
        el('gimbalRollRotateEnable', 0),
        el('gimbalRollRotateAngle', 0),
        el('gimbalYawRotateEnable', 0),
        el('gimbalYawRotateAngle', 0),
        el('gimbalRotateTimeEnable', 0),
        el('gimbalRotateTime', 0),
        position,
      ];
    case 'hover':
      return [el('hoverTime', action.seconds)];
    case 'rotateYaw':
      return [el('aircraftHeading', action.heading), el('aircraftPathMode', 'counterClockwise')];
    case 'zoom':
      return [el('focalLength', action.focal_length), position];
  }
}

function actionGroupXml(waypoint: Waypoint, index: number, payloadPosition: number): string {
  if (waypoint.actions.length === 0) return '';
  return group('actionGroup', [
    el('actionGroupId', index),
    el('actionGroupStartIndex', index),
    el('actionGroupEndIndex', index),
    el('actionGroupMode', 'sequence'),
    group('actionTrigger', [el('actionTriggerType', 'reachPoint')]),
    ...waypoint.actions.map((action, id) =>
      group('action', [el('actionId', id), el('actionActuatorFunc', action.type), group('actionActuatorFuncParam', actionParamsXml(action, payloadPosition))]),
    ),
  ]);
}

function placemarkXml(waypoint: Waypoint, index: number, settings: RouteSettings, template: boolean): string {
  const height = template
    ? [el('useGlobalHeight', 0), el('ellipsoidHeight', waypoint.alt), el('height', waypoint.alt), el('useGlobalSpeed', 0)]
    : [el('executeHeight', waypoint.alt)];
  const useGlobal = template ? [el('useGlobalHeadingParam', 0)] : [];
  const useGlobalTurn = template ? [el('useGlobalTurnParam', 0)] : [];
  return [
    '<Placemark>',
    `<Point><coordinates>${waypoint.lng},${waypoint.lat}</coordinates></Point>`,
    el('index', index),
    ...height,
    el('waypointSpeed', waypoint.speed),
    ...useGlobal,
    group('waypointHeadingParam', [
      el('waypointHeadingMode', waypoint.heading_mode),
      el('waypointHeadingAngle', waypoint.heading_angle),
      el('waypointHeadingAngleEnable', waypoint.heading_mode === 'smoothTransition' ? 1 : 0),
      el('waypointHeadingPathMode', 'followBadArc'),
    ]),
    ...useGlobalTurn,
    group('waypointTurnParam', [el('waypointTurnMode', waypoint.turn_mode), el('waypointTurnDampingDist', 0)]),
    el('useStraightLine', 1),
    actionGroupXml(waypoint, index, settings.payload_position),
    '</Placemark>',
  ].join('');
}

const documentXml = (inner: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="${WPML_NS}"><Document>${inner.join('')}</Document></kml>\n`;

/** The template's heightMode for our execute height mode (templates speak EGM96 where execution speaks WGS84). */
const templateHeightMode = (mode: RouteSettings['height_mode']) => (mode === 'WGS84' ? 'EGM96' : mode);

function templateKml(route: KmzRoute): string {
  const { settings, waypoints } = route;
  const time = route.updated_at ? [el('createTime', Date.parse(route.updated_at)), el('updateTime', Date.parse(route.updated_at))] : [];
  return documentXml([
    ...time,
    missionConfigXml(settings),
    '<Folder>',
    el('templateType', 'waypoint'),
    el('templateId', 0),
    group('waylineCoordinateSysParam', [el('coordinateMode', 'WGS84'), el('heightMode', templateHeightMode(settings.height_mode))]),
    el('autoFlightSpeed', settings.auto_flight_speed),
    el('globalHeight', waypoints[0]?.alt ?? 0),
    el('caliFlightEnable', 0),
    el('gimbalPitchMode', 'usePointSetting'),
    el('globalUseStraightLine', 1),
    ...waypoints.map((waypoint, index) => placemarkXml(waypoint, index, settings, true)),
    '</Folder>',
  ]);
}

function waylinesWpml(route: KmzRoute): string {
  const { settings, waypoints } = route;
  return documentXml([
    missionConfigXml(settings),
    '<Folder>',
    el('templateId', 0),
    el('executeHeightMode', settings.height_mode),
    el('waylineId', 0),
    el('autoFlightSpeed', settings.auto_flight_speed),
    ...waypoints.map((waypoint, index) => placemarkXml(waypoint, index, settings, false)),
    '</Folder>',
  ]);
}

/** Zip entry times come from the route (or a fixed date), so the same route always gives the same bytes and md5. */
const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');

/** A DJI KMZ holding wpmz/template.kml and wpmz/waylines.wpml for the route. */
export function writeKmz(route: KmzRoute): Uint8Array {
  const mtime = route.updated_at ? new Date(route.updated_at) : FIXED_MTIME;
  return zipSync({ [TEMPLATE]: strToU8(templateKml(route)), [WAYLINES]: strToU8(waylinesWpml(route)) }, { level: 6, mtime });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

interface Reading {
  warnings: ImportWarning[];
  warn(code: string, message: string, params: Record<string, string | number>): void;
}

function newReading(): Reading {
  const warnings: ImportWarning[] = [];
  return { warnings, warn: (code, message, params) => warnings.push({ code, message, params }) };
}

/** An enum value of a file, or the fallback with a warning when the file says something we do not model. */
function enumValue<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, field: string, reading: Reading): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  reading.warn('route.value_replaced', `${field} "${value}" is not supported; ${fallback} is used`, { field, value, used: fallback });
  return fallback;
}

const TEMPLATE_HEIGHT_MODES: Record<string, RouteSettings['height_mode']> = { EGM96: 'WGS84' };

function readSettings(config: XmlNode | undefined, folder: XmlNode, reading: Reading): RouteSettings {
  const where = 'missionConfig';
  const drone = child(config, 'droneInfo');
  const payload = child(config, 'payloadInfo');
  const droneType = numberAt(drone, 'droneEnumValue', where);
  const payloadType = numberAt(payload, 'payloadEnumValue', where);
  const rcLost = RC_LOST_WPML.indexOf(text(config, 'executeRCLostAction') as (typeof RC_LOST_WPML)[number]);
  const exitOnLost = EXIT_ON_RC_LOST_WPML.indexOf(text(config, 'exitOnRCLost') as (typeof EXIT_ON_RC_LOST_WPML)[number]);
  const templateMode = text(child(folder, 'waylineCoordinateSysParam'), 'heightMode');
  const heightMode = text(folder, 'executeHeightMode') ?? (templateMode && (TEMPLATE_HEIGHT_MODES[templateMode] ?? templateMode));
  const parsed = routeSettingsSchema.safeParse({
    height_mode: enumValue(heightMode, HEIGHT_MODES, 'relativeToStartPoint', 'executeHeightMode', reading),
    auto_flight_speed: numberAt(folder, 'autoFlightSpeed', 'Folder') ?? numberAt(config, 'globalTransitionalSpeed', where),
    takeoff_security_height: numberAt(config, 'takeOffSecurityHeight', where),
    fly_to_wayline_mode: enumValue(text(config, 'flyToWaylineMode'), FLY_TO_WAYLINE_MODES, 'safely', 'flyToWaylineMode', reading),
    finish_action: enumValue(text(config, 'finishAction'), FINISH_ACTIONS, 'goHome', 'finishAction', reading),
    rc_lost_action: rcLost >= 0 ? rcLost : undefined,
    exit_wayline_when_rc_lost: exitOnLost >= 0 ? exitOnLost : undefined,
    rth_altitude: numberAt(config, 'globalRTHHeight', where),
    drone_model: droneType === undefined ? undefined : `0-${droneType}-${numberAt(drone, 'droneSubEnumValue', where) ?? 0}`,
    payload_model: payloadType === undefined ? null : `1-${payloadType}-${numberAt(payload, 'payloadSubEnumValue', where) ?? 0}`,
    payload_position: numberAt(payload, 'payloadPositionIndex', where),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new WaylineError('route.bad_setting', `route setting ${field}: ${issue.message}`, { field });
  }
  return parsed.data;
}

function readAction(action: XmlNode, index: number, reading: Reading): WaylineAction | null {
  const where = `waypoint ${index + 1}`;
  const func = text(action, 'actionActuatorFunc') ?? '';
  const params = child(action, 'actionActuatorFuncParam');
  const need = (name: string) => {
    const value = numberAt(params, name, where);
    if (value === undefined)
      throw new WaylineError('route.action_param_missing', `${where}: ${func} has no ${name}`, { index: index + 1, action: func, field: name });
    return value;
  };
  switch (func) {
    case 'takePhoto':
    case 'startRecord':
    case 'stopRecord':
      return { type: func };
    case 'gimbalRotate':
      return { type: func, pitch: need('gimbalPitchRotateAngle') };
    case 'hover':
      return { type: func, seconds: need('hoverTime') };
    case 'rotateYaw':
      return { type: func, heading: need('aircraftHeading') };
    case 'zoom':
      return { type: func, focal_length: need('focalLength') };
    default:
      reading.warn('route.action_skipped', `${where}: action ${func || '(none)'} is not supported and was left out`, { index: index + 1, action: func });
      return null;
  }
}

function readPlacemark(placemark: XmlNode, position: number, folder: XmlNode, reading: Reading): Waypoint {
  const index = numberAt(placemark, 'index', `placemark ${position + 1}`) ?? position;
  const where = `waypoint ${index + 1}`;
  const point = parseCoordinateTuple(text(child(placemark, 'Point'), 'coordinates'), index);
  const globalHeight = numberAt(folder, 'globalHeight', 'Folder');
  const alt =
    numberAt(placemark, 'executeHeight', where) ??
    (text(placemark, 'useGlobalHeight') === '1'
      ? globalHeight
      : (numberAt(placemark, 'height', where) ?? numberAt(placemark, 'ellipsoidHeight', where) ?? globalHeight));
  const speed =
    (text(placemark, 'useGlobalSpeed') === '1' ? undefined : numberAt(placemark, 'waypointSpeed', where)) ?? numberAt(folder, 'autoFlightSpeed', 'Folder');
  if (alt === undefined) throw new WaylineError('route.height_missing', `${where} has no height`, { index: index + 1 });
  if (speed === undefined) throw new WaylineError('route.speed_missing', `${where} has no speed`, { index: index + 1 });
  const heading = child(placemark, 'waypointHeadingParam');
  const actions = children(placemark, 'actionGroup')
    .flatMap((actionGroup) => children(actionGroup, 'action'))
    .map((action) => readAction(action, index, reading))
    .filter((action): action is WaylineAction => action !== null);
  const parsed = waypointSchema.safeParse({
    lat: point.lat,
    lng: point.lng,
    alt,
    speed,
    heading_mode: enumValue(text(heading, 'waypointHeadingMode'), HEADING_MODES, 'followWayline', 'waypointHeadingMode', reading),
    heading_angle: numberAt(heading, 'waypointHeadingAngle', where),
    turn_mode: enumValue(
      text(child(placemark, 'waypointTurnParam'), 'waypointTurnMode'),
      TURN_MODES,
      'toPointAndStopWithDiscontinuityCurvature',
      'waypointTurnMode',
      reading,
    ),
    actions,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new WaylineError('route.bad_waypoint', `${where}: ${field} ${issue.message}`, { index: index + 1, field });
  }
  return parsed.data;
}

/** The first wayline (Folder) of a WPML/KML document; several → the first with a warning. */
function readDocument(xml: XmlNode, fileName: string, reading: Reading): Wayline {
  const document = child(child(xml, 'kml'), 'Document');
  const folders = children(document, 'Folder');
  if (folders.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no wayline (Folder)`, { file: fileName });
  if (folders.length > 1) {
    reading.warn('route.several_waylines', `the file has ${folders.length} waylines; only the first was imported`, { count: folders.length });
  }
  const folder = folders[0];
  const placemarks = children(folder, 'Placemark');
  if (placemarks.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no waypoints (Placemark)`, { file: fileName });
  if (placemarks.length > MAX_ROUTE_WAYPOINTS) {
    throw new WaylineError('route.too_many_waypoints', `the wayline has ${placemarks.length} waypoints; at most ${MAX_ROUTE_WAYPOINTS} are accepted`, {
      count: placemarks.length,
      max: MAX_ROUTE_WAYPOINTS,
    });
  }
  const settings = readSettings(child(document, 'missionConfig'), folder, reading);
  const waypoints = placemarks.map((placemark, position) => readPlacemark(placemark, position, folder, reading));
  return { settings, waypoints };
}

/**
 * Reads a DJI KMZ: the waypoints of wpmz/waylines.wpml (what flies), or of wpmz/template.kml when a file only has the
 * template. Throws WaylineError (route.not_zip, route.zip_too_large, route.zip_too_many_entries, route.xml_doctype,
 * route.xml_malformed, route.no_wayline_file, route.no_placemarks, route.coordinates_out_of_range, …).
 */
export function readKmz(bytes: Uint8Array): Wayline & { warnings: ImportWarning[] } {
  const files = readZipEntries(bytes, (name) => name === WAYLINES || name === TEMPLATE, KMZ_LIMITS);
  const name = files.has(WAYLINES) ? WAYLINES : files.has(TEMPLATE) ? TEMPLATE : null;
  if (!name) throw new WaylineError('route.no_wayline_file', `the KMZ has neither ${WAYLINES} nor ${TEMPLATE}`, {});
  const reading = newReading();
  const wayline = readDocument(parseUntrustedXml(strFromU8(files.get(name)!), name), name, reading);
  return { ...wayline, warnings: reading.warnings };
}
