import type { FlightView } from '@shared/dji/commandFlight';
import type { DrcSession, DrcView } from '@shared/dji/drc';
import type { LogFileList, LogModule, LogUpload, LogUploadInput } from '@shared/dji/deviceLogs';
import type { Firmware, OtaJob, OtaView, UpgradeKind } from '@shared/dji/firmware';
import type { FlightAreaSync } from '@shared/dji/flightAreas';
import type { DeviceSettings, SettingsView } from '@shared/dji/properties';
import type { DebugCommand, DebugJob, DebugView } from '@shared/dji/remoteDebug';
import type { HttpClient } from './client';

/** The remote operations endpoints (docs/remote.md): a dock's debugging view and its debug services. */
export const fetchDockDebug = (client: HttpClient, deviceId: number) => client.request<DebugView>('GET', `/Device/${deviceId}/debug/`);

export const sendDebugCommand = (client: HttpClient, deviceId: number, body: DebugCommand) =>
  client.request<DebugJob>('POST', `/Device/${deviceId}/debug/`, { body });

/** A flight command of the device's aircraft (docs/remote.md): the path, method and body it is sent as. */
export type FlightCommand =
  | { kind: 'takeoff'; body: { lat: number; lng: number; height: number; max_speed: number; confirm_sn: string } }
  | { kind: 'flyto'; body: { lat: number; lng: number; height: number; max_speed: number; confirm_sn: string } }
  | { kind: 'flyto_stop' }
  | { kind: 'return_home'; body: { confirm_sn: string } };

export const fetchFlight = (client: HttpClient, deviceId: number) => client.request<FlightView>('GET', `/Device/${deviceId}/flight/`);

export function sendFlightCommand(client: HttpClient, deviceId: number, command: FlightCommand) {
  switch (command.kind) {
    case 'takeoff':
      return client.request<FlightView>('POST', `/Device/${deviceId}/takeoff/`, { body: command.body });
    case 'flyto':
      return client.request<FlightView>('POST', `/Device/${deviceId}/flyto/`, { body: command.body });
    case 'flyto_stop':
      return client.request<FlightView>('DELETE', `/Device/${deviceId}/flyto/`);
    case 'return_home':
      return client.request<FlightView>('POST', `/Device/${deviceId}/return-home/`, { body: command.body });
  }
}

/** A dock's custom flight-area sync (docs/remote.md). */
export const fetchFlightAreaSync = (client: HttpClient, deviceId: number) => client.request<FlightAreaSync>('GET', `/Device/${deviceId}/flight-areas/`);

/** One dock's answer to a flight-area sync: sent, or the API's error code. */
export interface FlightAreaSyncOutcome {
  device_id: number;
  sent: boolean;
  error_code: string | null;
  params: Record<string, string | number> | null;
}

export const syncFlightAreas = (client: HttpClient, deviceIds: number[]) =>
  client.request<FlightAreaSyncOutcome[]>('POST', '/FlightArea/sync/', { body: { device_ids: deviceIds } });

/** A dock's or its aircraft's firmware and upgrade progress (docs/remote.md). */
export const fetchOta = (client: HttpClient, deviceId: number) => client.request<OtaView>('GET', `/Device/${deviceId}/ota/`);

/** A firmware package (multipart: file, device_type, product_version, release_note). */
export const uploadFirmware = (client: HttpClient, form: FormData) => client.request<Firmware>('POST', '/Firmware/', { body: form });

/** An upgrade of the device to a package: what the operator picked and confirmed. */
export interface OtaRequest {
  firmware_id: number;
  upgrade_type: UpgradeKind;
  confirm_sn: string;
}

export const sendOta = (client: HttpClient, deviceId: number, body: OtaRequest) => client.request<OtaJob>('POST', `/Device/${deviceId}/ota/`, { body });

/** A dock's logs (docs/remote.md): the boots it keeps logs of (asked of the dock), its uploads, an upload, its cancel, an archive. */
export const fetchLogBoots = (client: HttpClient, deviceId: number) => client.request<LogFileList[]>('GET', `/Device/${deviceId}/logs/`);

export const fetchLogUploads = (client: HttpClient, deviceId: number) => client.request<LogUpload[]>('GET', `/Device/${deviceId}/logs/uploads/`);

export const startLogUpload = (client: HttpClient, deviceId: number, body: LogUploadInput) =>
  client.request<LogUpload>('POST', `/Device/${deviceId}/logs/`, { body });

export const cancelLogUpload = (client: HttpClient, deviceId: number) => client.request<null>('DELETE', `/Device/${deviceId}/logs/`);

export const downloadLogArchive = (client: HttpClient, deviceId: number, upload: number, module: LogModule) =>
  client.request<Blob>('GET', `/Device/${deviceId}/logs/file/`, { query: { upload, module }, blob: true, timeoutMs: 120_000 });

/** A dock's or its aircraft's settings (docs/remote.md): what may be set and its current values; a change (property/set each). */
export const fetchSettings = (client: HttpClient, deviceId: number) => client.request<SettingsView>('GET', `/Device/${deviceId}/properties/`);

export const sendSettings = (client: HttpClient, deviceId: number, body: DeviceSettings) =>
  client.request<SettingsView>('PATCH', `/Device/${deviceId}/properties/`, { body });

export const enterDrc = (client: HttpClient, deviceId: number, confirmSn: string) =>
  client.request<DrcSession>('POST', `/Device/${deviceId}/drc/`, { body: { confirm_sn: confirmSn } });
export const exitDrc = (client: HttpClient, deviceId: number) => client.request<DrcView>('DELETE', `/Device/${deviceId}/drc/`);
