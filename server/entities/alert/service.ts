import { sql, type Kysely, type Selectable } from 'kysely';
import type { HmsItem } from '@shared/dji/events';
import { AIRSENSE_ALERT_LEVEL, AIRSENSE_LEVEL_TEXTS, AIRSENSE_TTL_MS, type AirsenseItem } from '@shared/dji/airsenseTraffic';
import { normaliseHmsCode } from '@shared/dji/hms';
import type { Alert, AlertNotification, ConformanceRule } from '@shared/entities/alert';
import { CONFORMANCE_RULE_TEXTS, SAFETY_RULE_TEXTS } from '@shared/entities/alertTexts';
import { SAFETY_LEVELS, type SafetyRule } from '@shared/flight/safety';
import { TOPIC_ALERTS } from '@shared/live';
import type { AlertsTable, Database } from '../../db/schema';
import { nowIso } from '../../db/time';
import type { TextLanguage } from '../../http/language';
import type { HmsCatalogue } from '../../hms/catalogue';
import type { AlarmTexts } from '../../hms/table';

type AlertRow = Selectable<AlertsTable>;

const RULE_TEXTS = { conformance: CONFORMANCE_RULE_TEXTS, safety: SAFETY_RULE_TEXTS };

/** What an alert says in each language: an HMS code's text from the HMS table in use, a conformance or safety rule's name. */
function alertTexts(row: AlertRow, args: Alert['args'], hms: HmsCatalogue): AlarmTexts {
  if (row.kind === 'hms') return hms.texts({ code: row.code, deviceType: row.device_type, inTheSky: row.in_the_sky === 1, args });
  if (row.kind === 'airsense') {
    const level = Number(args?.warning_level ?? AIRSENSE_ALERT_LEVEL);
    return {
      zh: `有人机 ICAO ${row.code}：${AIRSENSE_LEVEL_TEXTS.zh[level] ?? level}`,
      en: `Manned aircraft ICAO ${row.code}: ${AIRSENSE_LEVEL_TEXTS.en[level] ?? level}`,
    };
  }
  const texts = RULE_TEXTS[row.kind as keyof typeof RULE_TEXTS];
  const rule = (language: TextLanguage) => (texts?.[language] as Record<string, string> | undefined)?.[row.code] ?? row.code;
  return { zh: rule('zh'), en: rule('en') };
}

/** Row → wire shape (shared/entities/alert.ts), `message` in zh-cn (inLanguage picks another). */
export function alertToApi(row: AlertRow, hms: HmsCatalogue): Alert {
  const args = row.args ? (JSON.parse(row.args) as Record<string, unknown>) : null;
  const texts = alertTexts(row, args, hms);
  return {
    ...row,
    kind: row.kind as Alert['kind'],
    level: row.level as Alert['level'],
    in_the_sky: row.in_the_sky ? 1 : 0,
    active: row.active ? 1 : 0,
    args,
    message: texts.zh,
    message_zh: texts.zh,
    message_en: texts.en,
  };
}

/** The alert with `message` in `language`. */
export const inLanguage = (alert: Alert, language: TextLanguage): Alert => ({ ...alert, message: language === 'en' ? alert.message_en : alert.message_zh });

/** One HMS item with the device it was attributed to. */
export interface AttributedHms {
  item: HmsItem;
  deviceSn: string;
}

/** What a conformance alert records when it opens (docs/mqtt.md). */
export interface ConformanceOpening {
  deviceSn: string;
  gatewaySn: string | undefined;
  rule: ConformanceRule;
  planId: number | null;
  at: number;
  /** rule, plan_id, lat, lng, height and the time, plus the zone for in_no_fly_zone. */
  args: Record<string, unknown>;
}

/** What a safety alert records when it opens (docs/mqtt.md "Safety alerts"). */
export interface SafetyOpening {
  deviceSn: string;
  gatewaySn: string | undefined;
  rule: SafetyRule;
  at: number;
  /** What the aircraft reported (battery, remain_flight_time, return_home_power, home_distance, mode_code, lat, lng). */
  args: Record<string, unknown>;
}

/** Flying into a restricting zone or out of the approved volume is a warning; timing and paperwork a caution. */
const CONFORMANCE_LEVELS: Record<ConformanceRule, Alert['level']> = { in_no_fly_zone: 2, outside_volume: 2, outside_window: 1, no_plan: 1 };

/** An aircraft's rule alert (conformance or safety) as it opens. */
interface RuleOpening {
  kind: 'conformance' | 'safety';
  code: string;
  level: Alert['level'];
  deviceSn: string;
  gatewaySn: string | undefined;
  planId: number | null;
  at: number;
  args: Record<string, unknown>;
}

export interface AlertPublisher {
  publish(topic: string, payload: string, options: { retain: boolean; qos: 0 | 1 }): Promise<void>;
}

/**
 * Alerts: one row per device and code while it is active, counted on every repeat. An HMS event carries the
 * gateway's current list, so active HMS alerts of the gateway's devices missing from it are cleared. New, changed
 * (level, cleared, acknowledged) alerts go out on sysinfo/alerts.
 */
/** Closes the alert row `id` at `now` (inside the caller's transaction) and answers it as it is now. */
const closeRow = (trx: Kysely<Database>, id: number, now: string) =>
  trx.updateTable('alerts').set({ active: 0, last_seen_at: now, closed_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** A rule alert write waiting for its batch, and how to answer its caller. */
type RuleWrite =
  | { op: 'open'; opening: RuleOpening; resolve(id: number): void; reject(error: unknown): void }
  | { op: 'close'; id: number; at: number; resolve(alert: Alert | null): void; reject(error: unknown): void };

/** Rule alert writes per transaction: a few milliseconds of work on this machine's SQLite, well under the parameter limits. */
const RULE_BATCH = 200;

/** `CASE WHEN id = … THEN … END` of one value per row, cast to the column's type (PostgreSQL takes a bare parameter for text). */
const byId = <T>(entries: [number, T][], type: 'integer' | 'text') =>
  sql<T>`case ${sql.join(
    entries.map(([id, value]) => sql`when id = ${id} then cast(${value} as ${sql.raw(type)})`),
    sql` `,
  )} end`;

const ruleKey = (kind: string, deviceSn: string, code: string) => `${kind}|${deviceSn}|${code}`;

/**
 * Stores a batch of rule alert writes in `trx` with one multi-row statement per kind of change: closes first (each
 * close names a row its caller saw open), then openings, each counting a repeat on the aircraft's active alert of that
 * rule or inserting one. Answers the row of each write in batch order (null: a close of an alert no longer active).
 */
async function writeRuleBatch(trx: Kysely<Database>, batch: readonly RuleWrite[]): Promise<(AlertRow | null)[]> {
  const rows: (AlertRow | null)[] = batch.map(() => null);
  const closes = batch.flatMap((write, i) => (write.op === 'close' ? [{ i, id: write.id, now: nowIso(write.at) }] : []));
  if (closes.length) {
    const at = byId(
      closes.map((c) => [c.id, c.now]),
      'text',
    );
    const closed = await trx
      .updateTable('alerts')
      .set({ active: 0, last_seen_at: at, closed_at: at })
      .where('id', 'in', [...new Set(closes.map((c) => c.id))])
      .where('active', '=', 1)
      .returningAll()
      .execute();
    const byRowId = new Map(closed.map((row) => [row.id, row]));
    // A second close of the same alert finds it closed already.
    for (const c of closes) {
      rows[c.i] = byRowId.get(c.id) ?? null;
      byRowId.delete(c.id);
    }
  }
  const opens = batch.flatMap((write, i) => (write.op === 'open' ? [{ i, opening: write.opening, now: nowIso(write.opening.at) }] : []));
  if (!opens.length) return rows;
  const groups = new Map<string, typeof opens>();
  for (const open of opens) {
    const key = ruleKey(open.opening.kind, open.opening.deviceSn, open.opening.code);
    const group = groups.get(key);
    if (group) group.push(open);
    else groups.set(key, [open]);
  }
  const serials = [...new Set(opens.map((o) => o.opening.deviceSn))];
  const active = await trx
    .selectFrom('alerts')
    .select(['id', 'kind', 'code', 'device_sn'])
    .where('active', '=', 1)
    .where('kind', 'in', [...new Set(opens.map((o) => o.opening.kind))])
    .where('device_sn', 'in', serials)
    .execute();
  const activeId = new Map(active.map((row) => [ruleKey(row.kind, row.device_sn, row.code), row.id]));
  const repeats = [...groups].flatMap(([key, group]) => (activeId.has(key) ? [{ id: activeId.get(key)!, group, last: group[group.length - 1] }] : []));
  const fresh = [...groups].flatMap(([key, group]) => (activeId.has(key) ? [] : [{ key, group, first: group[0], last: group[group.length - 1] }]));
  const stored = new Map<string, AlertRow>();
  if (repeats.length) {
    const updated = await trx
      .updateTable('alerts')
      .set({
        count: sql<number>`${sql.ref('count')} + ${byId(
          repeats.map((r) => [r.id, r.group.length]),
          'integer',
        )}`,
        last_seen_at: byId(
          repeats.map((r) => [r.id, r.last.now]),
          'text',
        ),
        plan_id: byId(
          repeats.map((r) => [r.id, r.last.opening.planId]),
          'integer',
        ),
        args: byId(
          repeats.map((r) => [r.id, JSON.stringify(r.last.opening.args)]),
          'text',
        ),
      })
      .where(
        'id',
        'in',
        repeats.map((r) => r.id),
      )
      .returningAll()
      .execute();
    for (const row of updated) stored.set(ruleKey(row.kind, row.device_sn, row.code), row);
  }
  if (fresh.length) {
    const devices = await trx
      .selectFrom('devices')
      .select(['id', 'serial'])
      .where('serial', 'in', [...new Set(fresh.map((f) => f.first.opening.deviceSn))])
      .execute();
    const deviceId = new Map(devices.map((d) => [d.serial, d.id]));
    const inserted = await trx
      .insertInto('alerts')
      .values(
        fresh.map(({ first, last, group }) => ({
          kind: first.opening.kind,
          code: first.opening.code,
          level: first.opening.level,
          module: null,
          device_id: deviceId.get(first.opening.deviceSn) ?? null,
          device_sn: first.opening.deviceSn,
          gateway_sn: first.opening.gatewaySn ?? null,
          in_the_sky: 1,
          first_seen_at: first.now,
          last_seen_at: last.now,
          count: group.length,
          active: 1,
          args: JSON.stringify(last.opening.args),
          plan_id: last.opening.planId,
          closed_at: null,
          device_type: null,
        })),
      )
      .returningAll()
      .execute();
    for (const row of inserted) stored.set(ruleKey(row.kind, row.device_sn, row.code), row);
  }
  for (const [key, group] of groups) for (const open of group) rows[open.i] = stored.get(key)!;
  return rows;
}

export class AlertService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: () => AlertPublisher | undefined,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly hms: HmsCatalogue,
  ) {}

  /** Rule alert writes waiting for their batch, in the order they came. */
  private readonly pending: RuleWrite[] = [];
  private draining: Promise<void> | null = null;

  private toApi(row: AlertRow): Alert {
    return alertToApi(row, this.hms);
  }

  async recordHms(gatewaySn: string, gatewayDevices: string[], items: AttributedHms[]): Promise<Alert[]> {
    const now = nowIso();
    const changed: AlertRow[] = [];
    await this.db.transaction().execute(async (trx) => {
      const serials = [...new Set([...gatewayDevices, ...items.map((i) => i.deviceSn)])];
      const active = await trx.selectFrom('alerts').selectAll().where('kind', '=', 'hms').where('active', '=', 1).where('device_sn', 'in', serials).execute();
      const byKey = new Map(active.map((row) => [`${row.device_sn}|${row.code}`, row]));
      const ids = new Map((await trx.selectFrom('devices').select(['id', 'serial']).where('serial', 'in', serials).execute()).map((r) => [r.serial, r.id]));
      const seen = new Set<string>();
      for (const { item, deviceSn } of items) {
        const code = normaliseHmsCode(item.code);
        const key = `${deviceSn}|${code}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const values = {
          level: item.level,
          device_type: item.device_type,
          module: item.module,
          in_the_sky: item.in_the_sky,
          args: item.args ? JSON.stringify(item.args) : null,
          last_seen_at: now,
        };
        const row = byKey.get(key);
        if (row) {
          const updated = await trx
            .updateTable('alerts')
            .set({ ...values, count: row.count + 1 })
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (row.level !== item.level) changed.push(updated);
          continue;
        }
        const inserted = await trx
          .insertInto('alerts')
          .values({
            ...values,
            kind: 'hms',
            code,
            device_id: ids.get(deviceSn) ?? null,
            device_sn: deviceSn,
            gateway_sn: gatewaySn,
            first_seen_at: now,
            count: 1,
            active: 1,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        changed.push(inserted);
      }
      const cleared = active.filter((row) => !seen.has(`${row.device_sn}|${row.code}`) && gatewayDevices.includes(row.device_sn));
      for (const row of cleared) changed.push(await closeRow(trx, row.id, now));
    });
    const alerts = changed.map((row) => this.toApi(row));
    await this.notify(alerts);
    return alerts;
  }

  /**
   * The manned aircraft a drone hears at warning level 3 and up (alertingTraffic): an airsense alert per ICAO address
   * (code) while it is reported, counted on every repeat; the drone's active ones missing from the list are closed.
   */
  async recordAirsense(deviceSn: string, gatewaySn: string, alerting: readonly AirsenseItem[]): Promise<Alert[]> {
    const now = nowIso();
    const changed = await this.db.transaction().execute(async (trx) => {
      const active = await trx
        .selectFrom('alerts')
        .selectAll()
        .where('kind', '=', 'airsense')
        .where('active', '=', 1)
        .where('device_sn', '=', deviceSn)
        .execute();
      const byCode = new Map(active.map((row) => [row.code, row]));
      const device = await trx.selectFrom('devices').select('id').where('serial', '=', deviceSn).executeTakeFirst();
      const rows: AlertRow[] = [];
      for (const item of alerting) {
        const values = { level: 2, args: JSON.stringify(item), last_seen_at: now };
        const row = byCode.get(item.icao);
        const updated = row
          ? await trx
              .updateTable('alerts')
              .set({ ...values, count: row.count + 1 })
              .where('id', '=', row.id)
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('alerts')
              .values({
                ...values,
                kind: 'airsense',
                code: item.icao,
                module: null,
                device_id: device?.id ?? null,
                device_sn: deviceSn,
                gateway_sn: gatewaySn,
                in_the_sky: 1,
                first_seen_at: now,
                count: 1,
                active: 1,
                plan_id: null,
                closed_at: null,
                device_type: null,
              })
              .returningAll()
              .executeTakeFirstOrThrow();
        if (!row || JSON.parse(row.args ?? '{}').warning_level !== item.warning_level) rows.push(updated);
      }
      const reported = new Set(alerting.map((item) => item.icao));
      for (const row of active.filter((r) => !reported.has(r.code))) rows.push(await closeRow(trx, row.id, now));
      return rows;
    });
    const alerts = changed.map((row) => this.toApi(row));
    await this.notify(alerts);
    return alerts;
  }

  /**
   * Closes the airsense alerts whose manned aircraft was not reported again within AIRSENSE_TTL_MS of `now`: the drone
   * stopped hearing it, or stopped reporting at all (offline, landed, its gateway gone). Only rows still active are
   * closed, so instances sweeping together close each once.
   */
  async closeQuietAirsense(now = Date.now()): Promise<Alert[]> {
    const before = new Date(now - AIRSENSE_TTL_MS).toISOString();
    const at = new Date(now).toISOString();
    const closed = await this.db
      .updateTable('alerts')
      .set({ active: 0, closed_at: at })
      .where('kind', '=', 'airsense')
      .where('active', '=', 1)
      .where('last_seen_at', '<', before)
      .returningAll()
      .execute();
    const alerts = closed.map((row) => this.toApi(row));
    await this.notify(alerts);
    return alerts;
  }

  /**
   * Opens a conformance alert (code = the rule) for an aircraft, or counts a repeat of the one already active for the
   * same aircraft and rule (e.g. found active again after a restart). Returns its id.
   */
  openConformance(opening: ConformanceOpening): Promise<number> {
    const { rule, ...rest } = opening;
    return this.openRule({ ...rest, kind: 'conformance', code: rule, level: CONFORMANCE_LEVELS[rule] });
  }

  /** Opens a safety alert (code = the rule) for an aircraft, or counts a repeat of the one already active. Returns its id. */
  openSafety(opening: SafetyOpening): Promise<number> {
    const { rule, ...rest } = opening;
    return this.openRule({ ...rest, kind: 'safety', code: rule, level: SAFETY_LEVELS[rule], planId: null });
  }

  private openRule(opening: RuleOpening): Promise<number> {
    return new Promise((resolve, reject) => this.submit({ op: 'open', opening, resolve, reject }));
  }

  /** Closes an active alert at `at`; null when it was not active any more. */
  close(id: number, at: number): Promise<Alert | null> {
    return new Promise((resolve, reject) => this.submit({ op: 'close', id, at, resolve, reject }));
  }

  /**
   * Rule alerts open and close in batches (issue 35: 10,000 aircraft opening no_plan at once): a batch of up to
   * RULE_BATCH writes is one transaction, its notifications go out together, and the loop yields between batches.
   * Each caller is answered once its batch is stored and published; callers keep an aircraft's writes in order by
   * waiting for each before the next (the monitors' per-aircraft chains).
   */
  private submit(write: RuleWrite) {
    this.pending.push(write);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length) {
        // Yields to I/O before each batch, which also lets the writes of the same turn gather into it.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.pending.splice(0, RULE_BATCH);
        try {
          const rows = await this.db.transaction().execute((trx) => writeRuleBatch(trx, batch));
          // Repeats of one alert in the batch share its row, published once.
          const alerts = new Map([...new Set(rows)].flatMap((row) => (row ? [[row, this.toApi(row)] as const] : [])));
          await this.notify([...alerts.values()]);
          batch.forEach((write, i) => {
            const row = rows[i];
            if (write.op === 'open') write.resolve(row!.id);
            else write.resolve(row ? alerts.get(row)! : null);
          });
        } catch (error) {
          for (const write of batch) write.reject(error);
        }
      }
    } finally {
      this.draining = null;
    }
  }

  /** Marks an alert acknowledged by `userId` (again acknowledging keeps the first); null when there is no such alert. */
  async ack(id: number, userId: number): Promise<Alert | null> {
    const row = await this.db
      .updateTable('alerts')
      .set({ acked_by: userId, acked_at: nowIso() })
      .where('id', '=', id)
      .where('acked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      const alert = this.toApi(row);
      await this.notify([alert]);
      return alert;
    }
    const existing = await this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
    return existing ? this.toApi(existing) : null;
  }

  private async notify(alerts: Alert[]) {
    const bus = this.bus();
    if (!bus || alerts.length === 0) return;
    const activeCount = Number(
      (
        await this.db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('active', '=', 1)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const at = Date.now();
    await Promise.all(
      alerts.map((alert) => {
        const notification: AlertNotification = { at, activeCount, alert };
        return bus
          .publish(TOPIC_ALERTS, JSON.stringify(notification), { retain: false, qos: 1 })
          .catch((error: unknown) => this.log.warn({ err: error }, 'alerts: publish failed'));
      }),
    );
  }
}
