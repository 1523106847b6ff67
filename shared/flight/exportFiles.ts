/** The files a flight record exports to (GET /api/Airspace/Report/{id}/{format}/). */
export const RECORD_EXPORT_FORMATS = ['geojson', 'kml', 'csv'] as const;
export type RecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];

/** The name a record's export is saved under: flight-{id}-{YYYY-MM-DD of take-off}.{format}. */
export const recordFileName = (record: { id: number; takeoff_at: string }, format: RecordExportFormat): string =>
  `flight-${record.id}-${record.takeoff_at.slice(0, 10)}.${format}`;
