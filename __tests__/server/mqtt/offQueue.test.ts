import { z } from 'zod';
import { RESULT } from '@shared/dji/envelope';
import { eventsTopic, osdTopic, replyTopic, requestsTopic, statusTopic } from '@shared/dji/topics';
import { DroppedMessage, route } from '../../../server/mqtt/gateway/registry';
import { aircraft, aircraftOsd, DOCK, envelope } from './dji';
import { fakeGateway, message } from './fakeGateway';

/**
 * A gateway over fakes with a capability whose `slow_upload` event runs off the serial queue (at most `limit` at
 * once) and ends only when the test releases it by name, as a file upload callback waits on a slow object store.
 */
async function withSlowUploads(limit: number) {
  const fake = fakeGateway();
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const startWaiters = new Map<string, () => void>();
  fake.gateway.register({
    name: 'uploads',
    events: {
      slow_upload: route(
        z.object({ name: z.string() }),
        async (_sn, { name }) => {
          started.push(name);
          startWaiters.get(name)?.();
          await new Promise<void>((resolve) => releases.set(name, resolve));
        },
        { offQueue: { limit } },
      ),
      failing_upload: route(
        z.object({}),
        async () => {
          throw new Error('the object store is down');
        },
        { offQueue: { limit } },
      ),
      refused_upload: route(z.object({}), async () => new DroppedMessage('invalid_data', {}, RESULT.invalidMessage), { offQueue: { limit } }),
    },
  });
  for (const n of [1, 2])
    await fake.gateway.handle(
      statusTopic(`DOCK-${n}`),
      message(envelope('update_topo', { ...DOCK, thing_version: '1.1.2', sub_devices: [aircraft(`AC-${n}`)] })),
    );
  const send = async (dock: string, method: string, data: unknown, needReply = 1) => {
    const sent = envelope(method, data, { need_reply: needReply, gateway: dock });
    await fake.gateway.handle(eventsTopic(dock), message(sent));
    return sent.tid;
  };
  const replyTo = (tid: string) => fake.publishedWhere((p) => p.payload.tid === tid);
  const hasStarted = (name: string) => new Promise<void>((resolve) => (started.includes(name) ? resolve() : startWaiters.set(name, resolve)));
  const release = (name: string) => releases.get(name)!();
  return { ...fake, started, send, replyTo, hasStarted, release };
}

describe('DjiGateway: routes off the serial queue (registry offQueue)', () => {
  it("a slow handler holds no other message: another gateway's OSD is applied and its request answered meanwhile; its own answer follows when it ends", async () => {
    const link = await withSlowUploads(2);
    const slow = await link.send('DOCK-1', 'slow_upload', { name: 'a' });
    expect(link.started).toEqual(['a']);

    await link.gateway.handle(osdTopic('AC-2'), message(envelope(undefined, aircraftOsd(), { gateway: 'DOCK-2' })));
    expect(link.samples.map((s) => s.sn)).toEqual(['AC-2']);
    const config = envelope('config', { config_type: 'json', config_scope: 'product' });
    await link.gateway.handle(requestsTopic('DOCK-2'), message(config));
    expect((await link.replyTo(config.tid)).topic).toBe(replyTopic(requestsTopic('DOCK-2')));
    expect(link.published.some((p) => p.payload.tid === slow)).toBe(false);

    link.release('a');
    const answer = await link.replyTo(slow);
    expect(answer).toMatchObject({ topic: replyTopic(eventsTopic('DOCK-1')), payload: { data: { result: RESULT.ok } } });
  });

  it('runs at most `limit` at once; the others start in arrival order as one ends', async () => {
    const link = await withSlowUploads(2);
    const tids = [];
    for (const name of ['a', 'b', 'c', 'd']) tids.push(await link.send(name === 'b' ? 'DOCK-2' : 'DOCK-1', 'slow_upload', { name }));
    expect(link.started).toEqual(['a', 'b']);
    link.release('b');
    await link.hasStarted('c');
    expect(link.started).toEqual(['a', 'b', 'c']);
    link.release('a');
    await link.hasStarted('d');
    for (const name of ['c', 'd']) link.release(name);
    const answers = await Promise.all(tids.map((tid) => link.replyTo(tid)));
    expect(answers.map((a) => a.payload.data?.result)).toEqual([0, 0, 0, 0]);
  });

  it('answers as the serial queue does: a throw with an internal error, a drop with its result, nothing when no answer is asked', async () => {
    const link = await withSlowUploads(1);
    const failed = await link.send('DOCK-1', 'failing_upload', {});
    const refused = await link.send('DOCK-1', 'refused_upload', {});
    const unasked = await link.send('DOCK-1', 'failing_upload', {}, 0);
    // One at a time: the marker's answer comes after the unasked one ended.
    const marker = await link.send('DOCK-1', 'refused_upload', {});
    expect((await link.replyTo(failed)).payload.data?.result).toBe(RESULT.internalError);
    expect((await link.replyTo(refused)).payload.data?.result).toBe(RESULT.invalidMessage);
    await link.replyTo(marker);
    expect(link.published.some((p) => p.payload.tid === unasked)).toBe(false);
    expect(link.gateway.stats.dropped.invalid_data).toBe(2);
  });

  it('checks a message against the topology in its turn: an off-queue event right behind its update_topo is accepted', async () => {
    const link = await withSlowUploads(2);
    const topo = link.gateway.handle(
      statusTopic('DOCK-3'),
      message(envelope('update_topo', { ...DOCK, thing_version: '1.1.2', sub_devices: [aircraft('AC-3')] })),
    );
    const sent = link.send('DOCK-3', 'slow_upload', { name: 'right-behind' });
    await topo;
    await sent;
    expect(link.started).toEqual(['right-behind']);
    link.release('right-behind');
    expect((await link.replyTo(await sent)).payload.data?.result).toBe(RESULT.ok);
  });
});
