import { combineReducers, configureStore, createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { isKnownActionType } from '../../../src/features/replay/actionRegistry';
import { checkLog } from '../../../src/features/replay/logValidation';
import { qaPanelRequested } from '../../../src/features/replay/qaActions';
import { createActionRecorder, matchesRule, type RecorderOptions } from '../../../src/features/replay/recorder';
import { EMAIL_MASK, PHONE_MASK, redact, REDACTED } from '../../../src/features/replay/redact';
import { buildTimeline } from '../../../src/features/replay/replayEngine';
import { RingBuffer } from '../../../src/features/replay/ringBuffer';
import { canonicalJson, fnv1a64, hashState } from '../../../src/features/replay/stateHash';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, secretCode: 'abc', last: null as string | null },
  reducers: {
    added(state, action: PayloadAction<number>) {
      state.value += action.payload;
    },
    noted(state, action: PayloadAction<{ text: string; token?: string }>) {
      state.last = action.payload.token ?? action.payload.text;
    },
  },
});
const broker = createSlice({
  name: 'broker',
  initialState: { messages: 0 },
  reducers: {
    messageReceived(state) {
      state.messages += 1;
    },
  },
});
const reducer = combineReducers({ counter: counter.reducer, broker: broker.reducer });
const { added, noted } = counter.actions;
const messageReceived = { type: 'broker/messageReceived' };

function setup(options: Partial<RecorderOptions> = {}) {
  let clock = 1_000;
  const recorder = createActionRecorder({ reducer, now: () => clock, ...options });
  const store = configureStore({ reducer, middleware: (d) => d({ thunk: false }).concat(recorder.middleware) });
  const dispatch = (action: UnknownAction) => {
    clock += 10;
    store.dispatch(action);
  };
  return { recorder, store, dispatch };
}

describe('stateHash', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('FNV-1a 64 of %j is %s', (text, hex) => expect(fnv1a64(text)).toBe(hex));

  it('canonical JSON sorts keys at every depth and follows JSON.stringify for odd values', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, undefined, NaN], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[1,null,null]},"b":1}');
    expect(hashState({ a: 1, b: 2 })).toBe(hashState({ b: 2, a: 1 }));
    expect(hashState({ a: 1 })).not.toBe(hashState({ a: 2 }));
  });
});

describe('redact', () => {
  it.each<[string, unknown, unknown]>([
    ['password', { username: 'u', password: 'p' }, { username: 'u', password: REDACTED }],
    ['token anywhere, any case', { a: [{ accessToken: 't', TOKEN: 'x' }] }, { a: [{ accessToken: REDACTED, TOKEN: REDACTED }] }],
    ['Authorization header', { headers: { Authorization: 'Bearer abcdefgh' } }, { headers: { Authorization: REDACTED } }],
    [
      'broker credentials',
      { mqtt_user: 'u', mqtt_passwd: 'p', appKey: 'k', appLicense: 'l', clientSecret: 's' },
      { mqtt_user: 'u', mqtt_passwd: REDACTED, appKey: REDACTED, appLicense: REDACTED, clientSecret: REDACTED },
    ],
    ['Bearer string under any key', { note: 'sent Bearer abc.def-123' }, { note: REDACTED }],
    ['JWT string', ['eyJhbGciOi.eyJzdWIiOi.sig'], [REDACTED]],
    ['a password inside a URL', { mqtt_host: 'ws://console:s3cret@broker.local:8083/mqtt' }, { mqtt_host: REDACTED }],
    [
      'URLs without a password untouched',
      { mqtt_host: 'ws://broker.local:8083/mqtt', link: 'https://x.cn/a@b' },
      { mqtt_host: 'ws://broker.local:8083/mqtt', link: 'https://x.cn/a@b' },
    ],
    ['absent secrets stay absent', { token: null, password: '' }, { token: null, password: '' }],
    ['a dock secret issued once', { resource: 'device', sn: 'DOCK-1', secret: 'q7Vx9fK2' }, { resource: 'device', sn: 'DOCK-1', secret: REDACTED }],
    ['secret objects wholly', { secret: { nested: 1 } }, { secret: REDACTED }],
    ['plain data untouched', { name: 'menu.authorization', n: 1, ok: true }, { name: 'menu.authorization', n: 1, ok: true }],
    ['a bare string payload', 'Bearer 0123456789', REDACTED],
    [
      'a user row: phone and e-mail masked, the rest kept',
      { items: [{ id: 7, username: 'operator1', phone: '13800000001', email: 'operator1@skyline.example', dept_id: 2 }] },
      { items: [{ id: 7, username: 'operator1', phone: PHONE_MASK, email: EMAIL_MASK, dept_id: 2 }] },
    ],
    [
      'contact details inside text',
      { note: '联系 13912345678 或 ops.team+1@corp.example.cn，座机 0755-1234-5678，国际 +86 138-0000-0001' },
      { note: `联系 ${PHONE_MASK} 或 ${EMAIL_MASK}，座机 ${PHONE_MASK}，国际 ${PHONE_MASK}` },
    ],
    [
      'serials, times, coordinates and long ids are not phones',
      { sn: '1581F5FHD23A100', at: '2026-11-24T07:55:00.000Z', lat: '22.5401234', id: '12345678901234', v: 'x13800000001', n: 13800000001 },
      { sn: '1581F5FHD23A100', at: '2026-11-24T07:55:00.000Z', lat: '22.5401234', id: '12345678901234', v: 'x13800000001', n: 13800000001 },
    ],
  ])('%s', (_name, input, output) => expect(redact(input)).toEqual(output));

  it('returns a JSON copy (no undefined, no shared objects)', () => {
    const input = { a: { b: 1 }, u: undefined };
    const out = redact(input);
    expect(out).toEqual({ a: { b: 1 } });
    expect(out.a).not.toBe(input.a);
  });
});

describe('RingBuffer', () => {
  it('keeps the newest `capacity` items and reports what it evicts', () => {
    const ring = new RingBuffer<number>(3);
    expect([1, 2, 3].map((n) => ring.push(n))).toEqual([null, null, null]);
    expect(ring.push(4)).toEqual({ evicted: 1 });
    expect(ring.toArray()).toEqual([2, 3, 4]);
    expect(ring.latest(2)).toEqual([3, 4]);
    expect(ring.size).toBe(3);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });
});

describe('action recorder', () => {
  it('records seq, time, type and redacted payload, and the redacted initial state', () => {
    const { recorder, dispatch } = setup();
    dispatch(added(2));
    dispatch(noted({ text: 'hi', token: 'tok-123' }));
    const log = recorder.exportLog();
    expect(log).toMatchObject({ format: 'skyline-action-log', version: 1, recordedAt: new Date(1000).toISOString() });
    expect(log.initialState).toEqual({ counter: { value: 0, secretCode: REDACTED, last: null }, broker: { messages: 0 } });
    expect(log.entries).toEqual([
      { seq: 1, t: 10, type: 'counter/added', payload: 2 },
      { seq: 2, t: 20, type: 'counter/noted', payload: { text: 'hi', token: REDACTED } },
    ]);
    expect(JSON.stringify(log)).not.toContain('tok-123');
  });

  it('checkpoints every N entries and at the end, hashing the state a replay of the redacted log computes', () => {
    const { recorder, dispatch, store } = setup({ checkpointEvery: 2 });
    for (let i = 0; i < 5; i++) dispatch(added(i));
    dispatch(noted({ text: 'x', token: 'live-secret' }));
    const log = recorder.exportLog();
    expect(log.checkpoints.map((c) => c.seq)).toEqual([2, 4, 6]);
    const timeline = buildTimeline(reducer, log);
    expect(timeline.checkpoints).toMatchObject({ checked: 3, total: 3, firstDivergence: null });
    // The live state keeps the secret; the log's states do not.
    expect(store.getState().counter.last).toBe('live-secret');
    expect((timeline.states[6] as ReturnType<typeof reducer>).counter.last).toBe(REDACTED);
  });

  it('is bounded: the oldest entries fall out and the log stays replayable from the advanced initial state', () => {
    const { recorder, dispatch, store } = setup({ capacity: 4, checkpointEvery: 3 });
    for (let i = 1; i <= 10; i++) dispatch(added(i));
    const log = recorder.exportLog();
    expect(log.entries.map((e) => e.seq)).toEqual([7, 8, 9, 10]);
    expect(recorder.size).toBe(4);
    expect(log.recording?.evicted).toBe(6);
    expect((log.initialState.counter as { value: number }).value).toBe(21);
    expect(log.checkpoints.map((c) => c.seq)).toEqual([9, 10]);
    const timeline = buildTimeline(reducer, log);
    expect(timeline.checkpoints.firstDivergence).toBeNull();
    expect((timeline.states[4] as ReturnType<typeof reducer>).counter.value).toBe(store.getState().counter.value);
  });

  it.each<[string, Partial<RecorderOptions>, number, number]>([
    ['excludes high-volume types by default', {}, 0, 10],
    ['includes them all when asked', { highVolume: { mode: 'include' } }, 10, 0],
    ['samples one in N', { highVolume: { mode: 'sample', sampleEvery: 4 } }, 3, 7],
  ])('%s', (_name, options, kept, dropped) => {
    const { recorder, dispatch } = setup(options);
    for (let i = 0; i < 10; i++) dispatch(messageReceived);
    dispatch(added(1));
    const log = recorder.exportLog();
    expect(log.entries.filter((e) => e.type === 'broker/messageReceived')).toHaveLength(kept);
    expect(log.entries.filter((e) => e.type === 'counter/added')).toHaveLength(1);
    expect(log.recording?.droppedHighVolume).toBe(dropped);
    expect(buildTimeline(reducer, log).checkpoints.firstDivergence).toBeNull();
  });

  it('can change the high-volume setting while recording', () => {
    const { recorder, dispatch } = setup();
    dispatch(messageReceived);
    recorder.setHighVolume({ mode: 'include' });
    dispatch(messageReceived);
    expect(recorder.latest(10).map((e) => e.type)).toEqual(['broker/messageReceived']);
    expect(() => recorder.setHighVolume({ sampleEvery: 0 })).toThrow(RangeError);
  });

  it.each<[string, string, boolean]>([
    ['broker/message*', 'broker/messageReceived', true],
    ['broker/message*', 'broker/brokerStatusChanged', false],
    ['uav/', 'uav/telemetry', true],
    ['auth/loginRequested', 'auth/loginRequested', true],
  ])('rule %s matches %s: %s', (rule, type, result) => expect(matchesRule(rule, type)).toBe(result));

  it('hands control actions (open the QA panel) to onControl without recording them', () => {
    const onControl = jest.fn();
    const { recorder, dispatch } = setup({ controlTypes: [qaPanelRequested.type], onControl });
    dispatch(qaPanelRequested());
    expect(onControl).toHaveBeenCalledWith(qaPanelRequested());
    expect(recorder.size).toBe(0);
  });

  it('records actions dispatched while another is handled after it, in reducer order', () => {
    const clock = 0;
    const recorder = createActionRecorder({ reducer, now: () => clock });
    const echo = () => (next: (a: unknown) => unknown) => (action: unknown) => {
      const result = next(action);
      if ((action as UnknownAction).type === 'counter/added') store.dispatch(noted({ text: 'after add' }));
      return result;
    };
    const store = configureStore({ reducer, middleware: (d) => d({ thunk: false }).concat(recorder.middleware, echo) });
    store.dispatch(added(1));
    expect(recorder.latest(5).map((e) => e.type)).toEqual(['counter/added', 'counter/noted']);
  });

  it('clear() starts over from the current state', () => {
    const { recorder, dispatch } = setup();
    dispatch(added(5));
    recorder.clear();
    dispatch(added(1));
    const log = recorder.exportLog();
    expect(log.entries.map((e) => e.seq)).toEqual([2]);
    expect((log.initialState.counter as { value: number }).value).toBe(5);
  });

  it.each([
    ['never on', [false, false, false], 0, 0],
    ['on from the start', [true, true, true], 3, 3],
    ['turned on by the first action: the log starts from the state it left', [false, true, true], 2, 2],
    ['turned off by the first action: the log is dropped', [true, false, false], 0, 1],
  ])('records only while recordWhile holds: %s', (_name, states, entries, shadowRuns) => {
    // The store's state says whether to record: counter.value holds the index of the next setting.
    let calls = 0;
    const counting: typeof reducer = (state, action) => {
      calls += 1;
      return reducer(state, action);
    };
    const { recorder, store, dispatch } = setup({
      reducer: counting,
      recordWhile: (state) => states[Math.min((state as { counter: { value: number } }).counter.value, states.length - 1)],
    });
    const before = calls;
    [1, 1, 1].forEach((n) => dispatch(added(n)));
    expect(recorder.size).toBe(entries);
    // The recorder runs its (shadow) reducer once per recorded action, never while not recording.
    expect(calls - before).toBe(shadowRuns);
    if (entries > 0) expect((recorder.exportLog().initialState.counter as { value: number }).value).toBe(3 - entries);
    expect(store.getState().counter.value).toBe(3);
  });

  it('exports logs the schema accepts', () => {
    const { recorder, dispatch } = setup();
    dispatch(added(1));
    expect(checkLog(JSON.parse(JSON.stringify(recorder.exportLog())))).toMatchObject({ ok: true });
    expect(isKnownActionType('auth/loginRequested')).toBe(true);
  });
});
