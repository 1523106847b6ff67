import { toCsv } from '@shared/csv';
import type { Report } from '@shared/entities/airspace';
import { recordFileName, type RecordExportFormat } from '@shared/flight/exportFiles';

/** A record to export: the API object with its track, and the name of its aircraft. */
export type ExportableRecord = Pick<
  Report,
  | 'id'
  | 'device_id'
  | 'takeoff_at'
  | 'landing_at'
  | 'duration_s'
  | 'distance_m'
  | 'max_alt'
  | 'battery_used_pct'
  | 'source'
  | 'track'
  | 'track_times'
  | 'samples'
> & { track: NonNullable<Report['track']>; device_name: string };

export interface ExportFile {
  contentType: string;
  fileName: string;
  body: string;
}

const SUMMARY_FIELDS = [
  'id',
  'device_id',
  'device_name',
  'source',
  'takeoff_at',
  'landing_at',
  'duration_s',
  'distance_m',
  'max_alt',
  'battery_used_pct',
] as const;

const summaryOf = (record: ExportableRecord) => Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, record[field]]));

/** The time (ISO) of track position i, when the record kept its times. */
const timeAt = (record: ExportableRecord, i: number): string | null => {
  const at = record.track_times?.[i];
  return at === undefined ? null : new Date(at).toISOString();
};

function geoJson(record: ExportableRecord): string {
  const feature = {
    type: 'Feature',
    geometry: record.track,
    properties: { ...summaryOf(record), times: record.track_times?.map((_, i) => timeAt(record, i)) ?? null, samples: record.samples },
  };
  return JSON.stringify({ type: 'FeatureCollection', features: [feature] });
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function kml(record: ExportableRecord): string {
  const coordinates = record.track.coordinates.map((c) => `${c[0]},${c[1]},${c[2] ?? 0}`).join(' ');
  const name = escapeXml(`${record.device_name} ${record.takeoff_at}`);
  // Altitudes are heights above the take-off point, which KML calls relativeToGround.
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>${name}</name>
    <Placemark>
      <name>${name}</name>
      <TimeSpan><begin>${record.takeoff_at}</begin><end>${record.landing_at}</end></TimeSpan>
      <LineString>
        <altitudeMode>relativeToGround</altitudeMode>
        <coordinates>${coordinates}</coordinates>
      </LineString>
    </Placemark>
  </Document>
</kml>
`;
}

const CSV_COLUMNS = [
  { field: 'time', header: 'time' },
  { field: 'lng', header: 'lng' },
  { field: 'lat', header: 'lat' },
  { field: 'alt_m', header: 'alt_m' },
  { field: 'speed_mps', header: 'speed_mps' },
  { field: 'battery_pct', header: 'battery_pct' },
  { field: 'device', header: 'device' },
];

/** One row per track position; the aircraft's name (typed by users) goes through the formula-neutralising writer. */
function csv(record: ExportableRecord): string {
  const rows = record.track.coordinates.map((c, i) => ({
    time: timeAt(record, i),
    lng: c[0],
    lat: c[1],
    alt_m: c[2] ?? null,
    speed_mps: record.samples?.speed[i] ?? null,
    battery_pct: record.samples?.battery[i] ?? null,
    device: record.device_name,
  }));
  return toCsv(rows, CSV_COLUMNS);
}

const WRITERS: Record<RecordExportFormat, { contentType: string; write: (record: ExportableRecord) => string }> = {
  geojson: { contentType: 'application/geo+json; charset=utf-8', write: geoJson },
  kml: { contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8', write: kml },
  csv: { contentType: 'text/csv; charset=utf-8', write: csv },
};

/** A flight record as a file in `format`. Pure. */
export function exportRecord(record: ExportableRecord, format: RecordExportFormat): ExportFile {
  const writer = WRITERS[format];
  return { contentType: writer.contentType, fileName: recordFileName(record, format), body: writer.write(record) };
}
