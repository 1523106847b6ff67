import type { FastifyInstance } from 'fastify';

/**
 * The base of the links the server hands to devices (wayline files, flight areas, firmware): PUBLIC_URL, or this
 * server on the port it listens on.
 */
export function publicBaseUrl(app: FastifyInstance): string {
  if (app.config.missions.publicUrl) return app.config.missions.publicUrl;
  const address = app.server.address();
  return `http://127.0.0.1:${address && typeof address === 'object' ? address.port : app.config.port}`;
}
