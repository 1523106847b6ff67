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
  WAYPOINT_TEMPLATE,
  type WaylineAction,
  type Waypoint,
  waypointSchema,
  type WpmlTree,
} from '@shared/wayline/model';
import type { RouteTemplate } from '@shared/entities/route';
import { MAX_ROUTE_WAYPOINTS } from '@shared/entities/route';
import { parseCoordinateTuple } from './coordinates';
import { WaylineError } from './errors';
import { child, children, escapeXml, numberAt, parseUntrustedXml, text, type XmlNode } from './xml';
import { readTemplateInfo, wpmlTree } from './template';
import { KMZ_LIMITS, readZipEntries } from './zip';

/**
 * DJI KMZ wayline files (WPML 1.0.6; see shared/spec/dji-cloud-api.md "Wayline file"): `wpmz/waylines.wpml` is what
 * the aircraft flies, `wpmz/template.kml` the editable template DJI Pilot 2 and FlightHub 2 open.
 */

const WPML_NS = 'http://www.dji.com/wpmz/1.0.6';
export const WAYLINES = 'wpmz/waylines.wpml';
export const TEMPLATE = 'wpmz/template.kml';

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
    case 'kept':
      return treeXml(action.params);
  }
}

/** A kept action's parameters back as the WPML elements they were read from. */
function treeXml(tree: WpmlTree): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => (typeof item === 'string' ? el(name, item) : group(name, treeXml(item)))),
  );
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
      group('action', [
        el('actionId', id),
        el('actionActuatorFunc', action.type === 'kept' ? action.func : action.type),
        group('actionActuatorFuncParam', actionParamsXml(action, payloadPosition)),
      ]),
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

/** A KMZ of the given entries; the same entries and time give the same bytes. */
export const packKmz = (entries: Record<string, Uint8Array>, mtime = FIXED_MTIME): Uint8Array => zipSync(entries, { level: 6, mtime });

/** A DJI KMZ holding wpmz/template.kml and wpmz/waylines.wpml for the route. */
export function writeKmz(route: KmzRoute): Uint8Array {
  const mtime = route.updated_at ? new Date(route.updated_at) : FIXED_MTIME;
  return packKmz({ [TEMPLATE]: strToU8(templateKml(route)), [WAYLINES]: strToU8(waylinesWpml(route)) }, mtime);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

interface Reading {
  warnings: ImportWarning[];
  warn(code: string, message: string, params: Record<string, string | number>): void;
  /** How many times each action we do not model occurs in the file (kept in it all the same). */
  kept: Map<string, number>;
}

function newReading(): Reading {
  const warnings: ImportWarning[] = [];
  return { warnings, warn: (code, message, params) => warnings.push({ code, message, params }), kept: new Map() };
}

/** One warning naming the actions we do not model: they stay in the file we fly (and in the waypoints, read-only). */
function keptActionsWarning(reading: Reading): void {
  if (reading.kept.size === 0) return;
  const actions = [...reading.kept].map(([func, count]) => (count > 1 ? `${func} ×${count}` : func)).join(', ');
  reading.warn('route.actions_kept', `actions kept as the file has them (not editable here): ${actions}`, { actions });
}

/** An enum value of a file, or the fallback with a warning when the file says something we do not model. */
function enumValue<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, field: string, reading: Reading): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  reading.warn('route.value_replaced', `${field} "${value}" is not supported; ${fallback} is used`, { field, value, used: fallback });
  return fallback;
}

const TEMPLATE_HEIGHT_MODES: Record<string, RouteSettings['height_mode']> = { EGM96: 'WGS84' };

/** The document-level settings of a WPML/KML file: its missionConfig and first Folder. */
interface SettingsSource {
  config: XmlNode | undefined;
  folder: XmlNode | undefined;
}

const documentOf = (xml: XmlNode) => child(child(xml, 'kml'), 'Document');
const settingsSourceOf = (xml: XmlNode): SettingsSource => ({
  config: child(documentOf(xml), 'missionConfig'),
  folder: children(documentOf(xml), 'Folder')[0],
});

/**
 * Route settings from the first source that states each one (waylines.wpml, then template.kml): a file whose
 * execution part leaves a setting out takes it from its template.
 */
function readSettings(sources: SettingsSource[], reading: Reading): RouteSettings {
  const where = 'missionConfig';
  const first = <T>(read: (source: SettingsSource) => T | undefined): T | undefined => sources.map(read).find((value) => value !== undefined);
  const configText = (name: string) => first((s) => text(s.config, name));
  const configNumber = (name: string) => first((s) => numberAt(s.config, name, where));
  const drone = first((s) => child(s.config, 'droneInfo'));
  const payload = first((s) => child(s.config, 'payloadInfo'));
  const droneType = numberAt(drone, 'droneEnumValue', where);
  const payloadType = numberAt(payload, 'payloadEnumValue', where);
  const rcLost = RC_LOST_WPML.indexOf(configText('executeRCLostAction') as (typeof RC_LOST_WPML)[number]);
  const exitOnLost = EXIT_ON_RC_LOST_WPML.indexOf(configText('exitOnRCLost') as (typeof EXIT_ON_RC_LOST_WPML)[number]);
  const heightMode = first((s) => {
    const templateMode = text(child(s.folder, 'waylineCoordinateSysParam'), 'heightMode');
    return text(s.folder, 'executeHeightMode') ?? (templateMode && (TEMPLATE_HEIGHT_MODES[templateMode] ?? templateMode));
  });
  const parsed = routeSettingsSchema.safeParse({
    height_mode: enumValue(heightMode, HEIGHT_MODES, 'relativeToStartPoint', 'executeHeightMode', reading),
    auto_flight_speed: first((s) => numberAt(s.folder, 'autoFlightSpeed', 'Folder')) ?? configNumber('globalTransitionalSpeed'),
    takeoff_security_height: configNumber('takeOffSecurityHeight'),
    fly_to_wayline_mode: enumValue(configText('flyToWaylineMode'), FLY_TO_WAYLINE_MODES, 'safely', 'flyToWaylineMode', reading),
    finish_action: enumValue(configText('finishAction'), FINISH_ACTIONS, 'goHome', 'finishAction', reading),
    rc_lost_action: rcLost >= 0 ? rcLost : undefined,
    exit_wayline_when_rc_lost: exitOnLost >= 0 ? exitOnLost : undefined,
    rth_altitude: configNumber('globalRTHHeight'),
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

function readAction(action: XmlNode, index: number, reading: Reading): WaylineAction {
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
      if (!func)
        throw new WaylineError('route.action_param_missing', `${where}: an action has no actuator function`, {
          index: index + 1,
          action: '',
          field: 'actionActuatorFunc',
        });
      return keptAction(func, params, reading);
  }
}

function keptAction(func: string, params: XmlNode | undefined, reading: Reading): WaylineAction {
  reading.kept.set(func, (reading.kept.get(func) ?? 0) + 1);
  return { type: 'kept', func, params: params ? wpmlTree(params) : {} };
}

/** Actions of a wayline's startActionGroup (done before its first waypoint): they stay in the file; counted for the warning. */
function countStartActions(folder: XmlNode, reading: Reading): void {
  for (const action of children(child(folder, 'startActionGroup'), 'action')) {
    const func = text(action, 'actionActuatorFunc') ?? '';
    reading.kept.set(`${func} (start)`, (reading.kept.get(`${func} (start)`) ?? 0) + 1);
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
    .map((action) => readAction(action, index, reading));
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

/**
 * The waylines (Folders) of a WPML/KML document, their waypoints one after another (an oblique mapping3d file flies
 * five in a row); `template`: where settings the document leaves out come from.
 */
function readDocument(xml: XmlNode, fileName: string, reading: Reading, template?: SettingsSource): Wayline {
  const document = documentOf(xml);
  const folders = children(document, 'Folder');
  if (folders.length === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no wayline (Folder)`, { file: fileName });
  if (folders.length > 1) {
    reading.warn('route.several_waylines', `the file has ${folders.length} waylines; they are kept and shown one after another`, { count: folders.length });
  }
  const count = folders.reduce((sum, folder) => sum + children(folder, 'Placemark').length, 0);
  if (count === 0) throw new WaylineError('route.no_placemarks', `${fileName} has no waypoints (Placemark)`, { file: fileName });
  if (count > MAX_ROUTE_WAYPOINTS) {
    throw new WaylineError('route.too_many_waypoints', `the file has ${count} waypoints; at most ${MAX_ROUTE_WAYPOINTS} are accepted`, {
      count,
      max: MAX_ROUTE_WAYPOINTS,
    });
  }
  const settings = readSettings([{ config: child(document, 'missionConfig'), folder: folders[0] }, ...(template ? [template] : [])], reading);
  const waypoints = folders.flatMap((folder) => {
    countStartActions(folder, reading);
    return children(folder, 'Placemark').map((placemark, position) => readPlacemark(placemark, position, folder, reading));
  });
  return { settings, waypoints };
}

/** What a DJI file gives besides its waypoints: its template's type, area and settings (none without a template.kml). */
export interface KmzRead extends Wayline {
  warnings: ImportWarning[];
  template_type: string;
  template: RouteTemplate | null;
}

/**
 * Reads a DJI KMZ: the waypoints of wpmz/waylines.wpml (what flies), with the settings it leaves out taken from
 * wpmz/template.kml when present; or, from a file with only the template, a waypoint template's waypoints (a mapping
 * or patrol template alone has none: its waylines are computed by DJI Pilot 2 or FlightHub 2). Every template type
 * is read, types we have not seen too. Throws WaylineError (route.not_zip, route.zip_too_large,
 * route.zip_too_many_entries, route.xml_doctype, route.xml_too_deep, route.xml_malformed, route.no_wayline_file,
 * route.no_placemarks, route.coordinates_out_of_range, …).
 */
export function readKmz(bytes: Uint8Array): KmzRead {
  const files = readZipEntries(bytes, (name) => name === WAYLINES || name === TEMPLATE, KMZ_LIMITS);
  if (!files.has(WAYLINES) && !files.has(TEMPLATE)) throw new WaylineError('route.no_wayline_file', `the KMZ has neither ${WAYLINES} nor ${TEMPLATE}`, {});
  const reading = newReading();
  const parse = (file: string) => parseUntrustedXml(strFromU8(files.get(file)!), file);
  const templateXml = files.has(TEMPLATE) ? parse(TEMPLATE) : undefined;
  const info = templateXml ? readTemplateInfo(documentOf(templateXml)) : undefined;
  const type = info?.type ?? WAYPOINT_TEMPLATE;
  let wayline: Wayline;
  if (files.has(WAYLINES)) wayline = readDocument(parse(WAYLINES), WAYLINES, reading, templateXml && settingsSourceOf(templateXml));
  else if (type === WAYPOINT_TEMPLATE) wayline = readDocument(templateXml!, TEMPLATE, reading);
  else wayline = { settings: readSettings([settingsSourceOf(templateXml!)], reading), waypoints: [] };
  keptActionsWarning(reading);
  return { ...wayline, warnings: reading.warnings, template_type: type, template: info?.template ?? null };
}
