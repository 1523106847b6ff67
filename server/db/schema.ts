import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are ISO-8601 strings in UTC on every dialect; booleans are 0/1 integers. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  password_hash: string;
  phone: string | null;
  email: string | null;
  is_active: number;
  dept_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One row per issued token, so logout and deactivation revoke tokens on every server instance. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Server-wide settings shared by all instances (e.g. the token signing secret). */
export interface SettingsTable {
  key: string;
  value: string;
}

interface Stamped {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Data scope (migration 011): the department a row is filed under and who created it. */
interface Owned {
  dept_id: number | null;
  created_by: number | null;
}

export interface DepartmentsTable extends Stamped {
  name: string;
  parent_id: number | null;
  sort: number;
}

/** permissions: JSON array of permission codes (see server/rbac/permissions.ts). */
export interface RolesTable extends Stamped {
  code: string;
  name: string;
  description: string | null;
  permissions: string;
  /** 'all' | 'dept' | 'own' (migration 011). */
  data_scope: string;
}

export interface ResourcesTable extends Stamped {
  code: string;
  name: string;
  kind: string;
  path: string | null;
  icon: string | null;
  parent_id: number | null;
  sort: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface NoticesTable extends Stamped {
  title: string;
  content: string;
  level: string;
  publish_at: string;
  created_by: number | null;
  /** Only this project's members and creator see it (null: everyone). */
  project_id: number | null;
  /** The defect it announces. */
  defect_id: number | null;
  /** A platform notice's facts (JSON, server/media/urgentDefects.ts), rendered per reader's language; null for people's notices. */
  facts: string | null;
  /** A platform notice's every text (both languages, full and hidden forms), for the search index; null for people's notices (migration 103). */
  search_text: string | null;
}

export interface NoticeReadsTable {
  notice_id: number;
  user_id: number;
  read_at: string;
  /** The read notice's audience (project id, 0 for everyone) and level, set and kept by triggers (migration 102). */
  audience: Generated<number>;
  level: Generated<string>;
}

/** How many notices each audience (project id, 0 for everyone) has per level, kept by triggers (migration 102). */
export interface NoticeTalliesTable {
  audience: number;
  level: string;
  notices: number;
}

/** How many notices of each audience and level a user has read, kept by triggers (migration 102). */
export interface NoticeReadTalliesTable {
  user_id: number;
  audience: number;
  level: string;
  reads: number;
}

export interface DevicesTable extends Stamped, Owned {
  serial: string;
  name: string;
  model: string;
  kind: string;
  firmware: string | null;
  status: string;
  photo: string | null;
  last_seen_at: string | null;
  last_lat: number | null;
  last_lng: number | null;
  last_alt: number | null;
  battery: number | null;
  /** DJI link (migration 005): gateway serial, update_topo identity, last `state`, dock secret hash. */
  gateway_sn: string | null;
  dji_domain: number | null;
  dji_type: number | null;
  dji_sub_type: number | null;
  sub_index: string | null;
  thing_version: string | null;
  dji_state: string | null;
  /** 1 while the device reports `compatible_status` 1 (its dock and aircraft need a consistency upgrade). */
  needs_consistency_upgrade: Generated<number>;
  secret_hash: string | null;
}

/** Pilot 2 MQTT credentials, one per issue, valid while their login session is. */
export interface ThingCredentialsTable {
  username: string;
  secret_hash: string;
  user_id: number;
  session_id: string;
  created_at: string;
  /** The remote controller a credential issued through dynamic security speaks for (migration 131); null: embedded broker. */
  gateway_sn: string | null;
}

/** Broker credentials of a DRC link (migration 071): the browser's or the device's side of one gateway. */
export interface DrcCredentialsTable {
  username: string;
  secret_hash: string;
  client_id: string;
  side: 'browser' | 'device';
  gateway_sn: string;
  device_id: number;
  user_id: number;
  session_id: string;
  expires_at: string;
  created_at: string;
}

/** args: JSON object text. */
export interface AlertsTable {
  id: Generated<number>;
  kind: string;
  code: string;
  level: number;
  module: number | null;
  device_id: number | null;
  device_sn: string;
  gateway_sn: string | null;
  in_the_sky: number;
  first_seen_at: string;
  last_seen_at: string;
  count: number;
  active: number;
  acked_by: number | null;
  acked_at: string | null;
  args: string | null;
  /** Conformance alerts: the flight plan the aircraft was judged against (migration 010). */
  plan_id: number | null;
  /** When the alert stopped being active (migration 010). */
  closed_at: string | null;
  /** HMS alerts: the item's "domain-type-subtype", which picks DJI's dock or aircraft text (migration 014). */
  device_type: string | null;
}

/** area: GeoJSON Polygon text; members: JSON array of user ids. */
export interface ProjectsTable extends Stamped {
  name: string;
  description: string | null;
  area: string | null;
  status: string;
  dept_id: number | null;
  members: string;
  /** Metres (in each route's height mode) no route of the project may exceed; null: no ceiling. */
  ceiling_m: number | null;
}

/** waypoints: JSON array of shared/wayline Waypoint; settings: JSON RouteSettings (null only before 006_routes ran). */
export interface RoutesTable extends Stamped, Owned {
  project_id: number;
  name: string;
  waypoints: string;
  settings: string | null;
  length_m: number;
  duration_s: number;
  battery_pct: number;
  /** wpml:templateType: `waypoint` for routes made here; an imported file's own type (013_route_templates). */
  template_type: Generated<string>;
  /** JSON shared/entities/route RouteTemplate (area, settings not edited) of an imported non-edited file, else null. */
  template: string | null;
  /** The imported file's name and md5 while the route is as imported (its bytes in route_sources), else null. */
  source_name: string | null;
  source_md5: string | null;
}

/** The file a route was imported from, kept while the route is as imported: exported and dispatched as it is. */
export interface RouteSourcesTable {
  route_id: number;
  bytes: Uint8Array;
}

export interface TasksTable extends Stamped, Owned {
  name: string;
  project_id: number;
  route_id: number | null;
  device_id: number | null;
  pilot_id: number | null;
  kind: string;
  status: string;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** The DJI flight_id of the dispatch; setting it claims the dispatch. */
  flight_id: string | null;
  /** The gateway the task was dispatched through (only it may download the KMZ). */
  gateway_sn: string | null;
  /** md5 of the KMZ sent with flighttask_prepare. */
  kmz_md5: string | null;
  /** The newest flighttask_progress (TaskProgress JSON text). */
  progress: string | null;
  dispatch_error: string | null;
}

export interface AirspaceApplicationsTable extends Stamped, Owned {
  applicant_id: number | null;
  device_id: number | null;
  area: string;
  min_alt: number;
  max_alt: number;
  start_at: string;
  end_at: string;
  purpose: string;
  /** Migration 009: routine | emergency; late 0|1; review_reasons JSON array text; decided_by_system 0|1. */
  purpose_kind: Generated<string>;
  late: Generated<number>;
  review_reasons: Generated<string>;
  decided_by_system: Generated<number>;
  status: string;
  reviewer_id: number | null;
  review_note: string | null;
}

export interface FlightPlansTable extends Stamped, Owned {
  application_id: number;
  task_id: number | null;
  route_id: number | null;
  device_id: number | null;
  status: string;
  planned_start_at: string;
  planned_end_at: string;
  note: string | null;
  /** Set from telemetry (migration 010): first take-off inside the plan's volume, and when the plan ended. */
  activated_at: string | null;
  ended_at: string | null;
}

/**
 * track: GeoJSON LineString text ([lng, lat, alt]); track_times: JSON array of epoch ms parallel to it; samples: JSON
 * { speed, battery } arrays parallel to it (migration 008: automatic records).
 */
export interface FlightReportsTable extends Stamped {
  /** Who recorded it by hand (migration 011); null for automatic records. */
  created_by: number | null;
  plan_id: number | null;
  project_id: number | null;
  device_id: number;
  takeoff_at: string;
  landing_at: string;
  duration_s: number;
  distance_m: number;
  max_alt: number;
  track: string | null;
  /** 'auto' (written from telemetry) or 'manual' (typed in). */
  source: Generated<string>;
  corrected: Generated<number>;
  task_id: number | null;
  pilot_id: number | null;
  gateway_sn: string | null;
  device_sn: string | null;
  takeoff_lat: number | null;
  takeoff_lng: number | null;
  landing_lat: number | null;
  landing_lng: number | null;
  battery_used_pct: number | null;
  progress_percent: number | null;
  track_times: string | null;
  samples: string | null;
}

/** geometry: GeoJSON geometry text; style and properties: JSON object text. */
export interface FeaturesTable extends Stamped {
  project_id: number | null;
  name: string;
  category: string;
  geometry: string;
  style: string;
  properties: string;
  /** Who drew it (migration 023); null for rows from before, and after the user is deleted. */
  created_by: number | null;
  /** The UUID DJI Pilot 2 gave the element it drew (migration 023); null for features drawn elsewhere. */
  element_id: string | null;
}

/** A user's favourite routes in DJI Pilot 2's wayline library (migration 023). */
export interface RouteFavoritesTable {
  user_id: number;
  route_id: number;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  created_at: string;
}

/** One photo or video of a project (migration 021, server/media/); timestamps ISO text, `size` in bytes. */
export interface MediaTable {
  id: Generated<number>;
  project_id: number;
  dept_id: number | null;
  created_by: number | null;
  device_id: number | null;
  task_id: number | null;
  flight_record_id: number | null;
  device_sn: string | null;
  gateway_sn: string | null;
  flight_id: string | null;
  source: string;
  name: string;
  type: string;
  mime: string;
  size: number;
  object_key: string;
  fingerprint: string;
  tiny_fingerprint: string | null;
  taken_at: string | null;
  lat: number | null;
  lng: number | null;
  absolute_alt: number | null;
  relative_alt: number | null;
  gimbal_yaw: number | null;
  gimbal_pitch: number | null;
  gimbal_roll: number | null;
  flight_yaw: number | null;
  drone_model: string | null;
  payload_model: string | null;
  lens: string | null;
  width: number | null;
  height: number | null;
  /** A video's length (migration 070; set for live recordings), null when unknown. */
  duration_ms: number | null;
  metadata_error: string | null;
  thumb_key: string | null;
  thumb_status: Generated<string>;
  /** 1 while a defect that is not rejected is marked on it (migration 030). */
  has_defects: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A defect category (migration 030): a tree, zh-cn and English names. */
export interface DefectCategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  code: string;
  name_zh: string;
  name_en: string;
  sort: Generated<number>;
}

/** A defect marked on a photo (migration 030); `region` is JSON text. */
export interface DefectsTable {
  id: Generated<number>;
  media_id: number;
  project_id: number;
  task_id: number | null;
  flight_record_id: number | null;
  category_id: number | null;
  severity: string;
  status: Generated<string>;
  region: string;
  note: string | null;
  lat: number | null;
  lng: number | null;
  assignee_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One step of a defect's workflow: who did what when (migration 030). */
export interface DefectEventsTable {
  id: Generated<number>;
  defect_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  user_id: number | null;
  note: string | null;
  at: string;
}

/** An area file served to docks (migration 060), by the SHA-256 of its bytes. */
export interface FlightAreaFilesTable {
  checksum: string;
  name: string;
  content: string;
  size: number;
  created_at: string;
}

/** A dock's newest flight_areas_sync_progress (migration 060); `checksum` of the file it reported. */
export interface FlightAreaSyncsTable {
  device_id: number;
  status: string;
  reason: number | null;
  checksum: string | null;
  updated_at: string;
}

/** A firmware package (migration 061); its file in the object store under `object_key`. */
export interface FirmwaresTable {
  id: Generated<number>;
  device_type: string;
  product_version: string;
  file_name: string;
  object_key: string;
  md5: string;
  size: number;
  release_note: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A dock's log upload (issue 32, fileupload_start); `files` is JSON (LogUploadFile[]). */
export interface DeviceLogUploadsTable {
  id: Generated<number>;
  device_id: number;
  gateway_sn: string;
  status: string;
  result: number;
  files: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  departments: DepartmentsTable;
  roles: RolesTable;
  resources: ResourcesTable;
  user_roles: UserRolesTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  notice_tallies: NoticeTalliesTable;
  notice_read_tallies: NoticeReadTalliesTable;
  devices: DevicesTable;
  projects: ProjectsTable;
  routes: RoutesTable;
  route_sources: RouteSourcesTable;
  tasks: TasksTable;
  airspace_applications: AirspaceApplicationsTable;
  flight_plans: FlightPlansTable;
  flight_reports: FlightReportsTable;
  features: FeaturesTable;
  audit_log: AuditLogTable;
  thing_credentials: ThingCredentialsTable;
  drc_credentials: DrcCredentialsTable;
  alerts: AlertsTable;
  media: MediaTable;
  defect_categories: DefectCategoriesTable;
  defects: DefectsTable;
  defect_events: DefectEventsTable;
  route_favorites: RouteFavoritesTable;
  flight_area_files: FlightAreaFilesTable;
  flight_area_syncs: FlightAreaSyncsTable;
  firmwares: FirmwaresTable;
  device_log_uploads: DeviceLogUploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
