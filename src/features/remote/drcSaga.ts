import type { Action } from '@reduxjs/toolkit';
import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, getContext, put, race, take } from 'redux-saga/effects';
import type { DrcSession } from '@shared/dji/drc';
import { DRC, DRONE_CONTROL_HZ, drcDownTopic, drcUpTopic, HEART_BEAT_HZ, NO_STICKS, type DrcDownMessage, type DrcUpMessage } from '@shared/dji/drcMessages';
import { remoteErrorMeaning } from '@shared/dji/remoteErrors';
import type { Envelope, HttpClient } from '../../api/client';
import { failureText, toFailedRequest, type ErrorText } from '../../api/errorCatalogue';
import { enterDrc, exitDrc } from '../../api/remote';
import type { Saga } from '../../app/saga';
import { connectWithMqttJs, type MqttConnect, type MqttLike } from '../broker';
import { obstaclesOf, sticksFor, type DrcKey } from './drcControls';
import {
  drcConnected,
  drcControlStopped,
  drcEmergencyStopRequested,
  drcEnded,
  drcEntered,
  drcExitRequested,
  drcFailed,
  drcKeysChanged,
  drcReported,
} from './remoteSlice';
import type { drcEnterRequested } from './remoteSlice';

/** Nothing on drc/up for this long (the device pushes OSD at 10 Hz): the link is taken as dropped and control stops. */
export const DRC_SILENCE_MS = 3_000;
/** drone_control messages awaiting their reply are forgotten after this many (a reply lost is not waited for). */
const PENDING_REPLIES = 50;

type LinkEvent = { type: 'connect' } | { type: 'close' } | { type: 'error'; message: string } | { type: 'up'; message: DrcUpMessage; at: number };
type Tick = 'control' | 'beat';

/** The DRC connection's events as a channel (drc/up messages parsed; anything else dropped). */
function linkChannel(client: MqttLike, upTopic: string): EventChannel<LinkEvent> {
  return eventChannel<LinkEvent>((emit) => {
    const onConnect = () => emit({ type: 'connect' });
    const onClose = () => emit({ type: 'close' });
    const onError = (error: Error) => emit({ type: 'error', message: error.message });
    const onMessage = (topic: string, payload: Uint8Array) => {
      if (topic !== upTopic) return;
      try {
        const message = JSON.parse(new TextDecoder().decode(payload)) as DrcUpMessage;
        if (message && typeof message.method === 'string') emit({ type: 'up', message, at: Date.now() });
      } catch {
        // Not JSON: not from a device.
      }
    };
    client.on('connect', onConnect);
    client.on('close', onClose);
    client.on('error', onError);
    client.on('message', onMessage);
    return () => {
      client.removeListener('connect', onConnect);
      client.removeListener('close', onClose);
      client.removeListener('error', onError);
      client.removeListener('message', onMessage);
    };
  }, buffers.expanding(64));
}

/** drone_control at DRONE_CONTROL_HZ and heart_beat at HEART_BEAT_HZ. */
function tickChannel(): EventChannel<Tick> {
  return eventChannel<Tick>((emit) => {
    const control = setInterval(() => emit('control'), 1000 / DRONE_CONTROL_HZ);
    const beat = setInterval(() => emit('beat'), 1000 / HEART_BEAT_HZ);
    return () => {
      clearInterval(control);
      clearInterval(beat);
    };
  }, buffers.sliding(4));
}

/** This device's DRC actions the running link listens to. */
const linkAction =
  (deviceId: number) =>
  (action: Action): boolean =>
    (drcKeysChanged.match(action) && action.payload.deviceId === deviceId) ||
    (drcEmergencyStopRequested.match(action) && action.payload === deviceId) ||
    (drcControlStopped.match(action) && action.payload.deviceId === deviceId && action.payload.reason === 'blur') ||
    (drcExitRequested.match(action) && action.payload === deviceId);

/** A device's refusal of a drc/down message, in the user's words. */
const refusalText = (method: string, result: number): ErrorText => ({
  key: 'apiError.remote.device_refused',
  params: { method, result, meaning: remoteErrorMeaning(result)?.key ?? 'unknown' },
});

/**
 * One DRC link of a device (docs/remote.md "Live flight controls"): enters through the API (the operator confirmed
 * the aircraft), connects with the credentials this session was issued (kept here, never in the store), then while the
 * link is up publishes drone_control at a fixed 10 Hz while keys are held (one stop when they are let go), heart_beat at
 * 1 Hz and drone_emergency_stop (QoS 1) when asked; reads the aircraft's position, obstacles and the link's delay on
 * drc/up and measures each drone_control's round trip. Control stops when the page loses focus, the link drops (or
 * goes silent) or a heartbeat cannot go out; exit leaves DRC through the API.
 */
export function* drcLink({ payload: { deviceId, confirmSn } }: ReturnType<typeof drcEnterRequested>): Saga {
  const http: HttpClient = yield getContext('http');
  const connect: MqttConnect = (yield getContext('mqttConnect')) ?? connectWithMqttJs;
  let session: DrcSession;
  try {
    const answer: Envelope<DrcSession> = yield call(enterDrc, http, deviceId, confirmSn);
    session = answer.data;
  } catch (error) {
    yield put(drcEnded({ deviceId, error: failureText(toFailedRequest(error)) }));
    return;
  }
  yield put(drcEntered({ deviceId, aircraftSn: session.aircraft_sn }));
  const { mqtt_broker: broker } = session;
  const down = drcDownTopic(session.gateway_sn);
  const up = drcUpTopic(session.gateway_sn);
  let client: MqttLike | null = null;
  let link: EventChannel<LinkEvent> | null = null;
  const ticks = tickChannel();
  /** Leave DRC through the API when the loop ends: asked to, or the link dropped (the error to show then). */
  let exited = false;
  let endError: ErrorText | null = null;
  try {
    client = yield call(connect, broker.address, {
      clientId: broker.client_id,
      username: broker.username,
      password: broker.password,
      clean: true,
      connectTimeout: 5000,
      reconnectPeriod: 0,
      resubscribe: false,
    });
    link = linkChannel(client!, up);
    let seq = 0;
    let held = new Set<DrcKey>();
    let active = false;
    let lastUp = 0;
    /** Sent drone_control seq → when. */
    const sent = new Map<number, number>();
    const publish = (message: DrcDownMessage, qos: 0 | 1 = 0) => client!.publish(down, JSON.stringify(message), { qos });
    const control = () => {
      const sticks = sticksFor(held);
      const next = seq++;
      sent.set(next, Date.now());
      if (sent.size > PENDING_REPLIES) sent.delete(sent.keys().next().value!);
      publish({ method: DRC.droneControl, data: { seq: next, ...sticks } });
    };
    const stop = function* (reason: 'link_lost' | 'heartbeat') {
      if (held.size > 0 && client?.connected) publish({ method: DRC.droneControl, data: { seq: seq++, ...NO_STICKS } });
      held = new Set();
      yield put(drcControlStopped({ deviceId, reason }));
    };
    const onConnected = function* (): Saga {
      client!.subscribe(up, { qos: 0 });
      active = true;
      lastUp = Date.now();
      yield put(drcConnected(deviceId));
    };
    if (client!.connected) yield* onConnected();
    for (;;) {
      const { event, tick, action } = (yield race({ event: take(link), tick: take(ticks), action: take(linkAction(deviceId)) })) as {
        event?: LinkEvent;
        tick?: Tick;
        action?: Action;
      };
      if (event?.type === 'connect' && !active) yield* onConnected();
      else if (event?.type === 'close' || event?.type === 'error') {
        yield* stop('link_lost');
        exited = true;
        endError = { key: 'remote.drc.linkLost' };
        break;
      } else if (event?.type === 'up') {
        lastUp = event.at;
        const { message } = event;
        if (message.method === DRC.osdInfoPush) yield put(drcReported({ deviceId, report: { osd: message.data } }));
        else if (message.method === DRC.hsiInfoPush) yield put(drcReported({ deviceId, report: { obstacles: obstaclesOf(message.data) } }));
        else if (message.method === DRC.delayInfoPush) yield put(drcReported({ deviceId, report: { sdrDelayMs: message.data.sdr_cmd_delay } }));
        else if (message.method === DRC.droneControl || message.method === DRC.emergencyStop) {
          const at = message.data.output?.seq === undefined ? undefined : sent.get(message.data.output.seq);
          if (at !== undefined) yield put(drcReported({ deviceId, report: { roundTripMs: event.at - at } }));
          if (message.data.result !== 0) yield put(drcFailed({ deviceId, error: refusalText(message.method, message.data.result) }));
        }
      } else if (tick === 'control') {
        if (active && Date.now() - lastUp > DRC_SILENCE_MS && held.size > 0) yield* stop('link_lost');
        else if (active && held.size > 0) control();
      } else if (tick === 'beat' && active) {
        if (client!.connected) publish({ method: DRC.heartBeat, seq: seq++, data: { timestamp: Date.now() } });
        else if (held.size > 0) yield* stop('heartbeat');
      } else if (action && drcKeysChanged.match(action)) {
        const wasHeld = held.size > 0;
        held = new Set(action.payload.held);
        if (active && wasHeld && held.size === 0) control();
      } else if (action && drcControlStopped.match(action)) {
        if (active && held.size > 0) control();
        held = new Set();
      } else if (action && drcEmergencyStopRequested.match(action)) {
        held = new Set();
        if (active) publish({ method: DRC.emergencyStop, data: {} }, 1);
      } else if (action && drcExitRequested.match(action)) {
        exited = true;
        break;
      }
    }
  } catch (error) {
    yield put(drcEnded({ deviceId, error: failureText(toFailedRequest(error)) }));
  } finally {
    ticks.close();
    link?.close();
    client?.end(true);
    if (exited || (yield cancelled())) {
      try {
        yield call(exitDrc, http, deviceId);
        yield put(drcEnded({ deviceId, error: endError }));
      } catch (error) {
        yield put(drcEnded({ deviceId, error: failureText(toFailedRequest(error)) }));
      }
    }
  }
}
