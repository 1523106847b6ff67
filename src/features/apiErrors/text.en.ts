import { translateFeature } from '../i18n';
import text from './text';

export default translateFeature(text, {
  common: {
    database_unavailable: 'The database is unavailable right now; retry in a few seconds',
  },
  route: {
    too_few_waypoints: 'A route needs at least {{min}} waypoints (it has {{count}})',
    speed_out_of_range: 'Waypoint {{index}}: speed {{speed}} m/s is outside {{min}}–{{max}} m/s',
    height_out_of_range: "Waypoint {{index}}: height {{alt}} m is outside the aircraft's {{min}}–{{max}} m",
    above_ceiling: "Waypoint {{index}}: height {{alt}} m is above the project's ceiling of {{ceiling}} m",
    outside_project_area: 'Waypoint {{index}} is outside the project area',
    crosses_restricted_area: 'The leg from waypoint {{index}} to {{to}} enters the restricted area "{{area}}"',
    not_zip: 'The file is not a valid zip archive',
    zip_too_many_entries: 'The archive has {{count}} entries; at most {{max}} are accepted',
    zip_too_large: 'The archive inflates to more than {{max_mb}} MB',
    xml_doctype: '{{file}} declares a DOCTYPE or entities, which are not accepted',
    xml_malformed: '{{file}} is not well-formed XML (line {{line}})',
    no_wayline_file: 'The KMZ has neither wpmz/waylines.wpml nor wpmz/template.kml',
    no_placemarks: 'The file has no wayline or waypoints',
    coordinates_missing: 'Point {{index}} has no coordinates',
    coordinates_out_of_range: 'Point {{index}} has coordinates out of range',
    bad_number: '{{where}}: {{field}} is not a number',
    bad_setting: 'Route setting {{field}} is not valid',
    action_param_missing: 'Waypoint {{index}}: action {{action}} has no {{field}}',
    height_missing: 'Waypoint {{index}} has no height',
    speed_missing: 'Waypoint {{index}} has no speed',
    bad_waypoint: 'Point {{index}}: {{field}} is not valid',
    too_many_waypoints: 'The route has {{count}} waypoints; at most {{max}} are accepted',
    bad_json: '{{file}} is not valid JSON',
    unknown_format: '{{file}} is not a KMZ, KML, GPX or GeoJSON file',
    file_missing: 'Choose a file to import',
    several_waylines: 'The file has {{count}} waylines; only the first was imported',
    action_skipped: 'Waypoint {{index}}: unsupported action {{action}} was left out',
    value_replaced: '{{field}} "{{value}}" is not supported; {{used}} is used',
    default_height: 'Points without an altitude were given {{height}} m',
  },
});
