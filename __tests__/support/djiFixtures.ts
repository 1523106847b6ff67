import path from 'node:path';

/** Real DJI files and messages (Pilot 2, FlightHub 2, the SDK samples, DJI's documented messages): see its README.md. */
export const DJI_FIXTURES = path.resolve(__dirname, '../fixtures/dji');
