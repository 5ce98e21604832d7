/**
 * `npm run bench:promotions` (issue 21 "Speed"): players and settled bets replayed through the reward
 * process manager — the `promotion.triggers` projection counts every friend's settled stakes once per bet
 * and queues the referral reward, and `drainRewards` pays each qualifying inviter's free bet through the
 * money path — on PostgreSQL (DATABASE_URL, else the local server), in a schema of its own that is
 * dropped after. Then every trigger is replayed (the queue refilled) and nothing more may be paid.
 * BENCH_PLAYERS (default 100,000) and BENCH_BETS (default 1,000,000) set the size. Last stdout line:
 * one JSON object of the figures.
 */
import {
  closeServices,
  drainRewards,
  loadConfig,
  modules,
  openServices,
  promotionProjection,
} from '@bashiri/api';
import { promotionDecider } from '@bashiri/domain';
import { ANY, createPostgresClient, handleCommand } from '@bashiri/eventstore';
import type { StreamAppendRequest } from '@bashiri/eventstore';
import { cpuSecondsByPid } from './pg-cpu.ts';

const players = Number(process.env.BENCH_PLAYERS ?? 100_000);
const bets = Number(process.env.BENCH_BETS ?? 1_000_000);
const QUALIFY = 30_000;
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bench_promo_${Date.now().toString(36)}`;
const named = new URL(url);
named.searchParams.set('application_name', schema);
const sql = await createPostgresClient({ connectionString: named.toString(), schema, max: 10 });
const services = await openServices(
  loadConfig({ LOG_LEVEL: process.env.BENCH_LOG ?? 'silent', DATABASE_URL: url }),
  modules,
  { sql },
);
const figures: Record<string, unknown> = { players, bets };

/** A small deterministic generator (mulberry32), so runs compare. */
let seed = 2_112;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};

/**
 * Setup writes through the event-store port in large grouped appends: 2,000 streams per
 * `appendToStreams` (one statement each), three at a time (the store's group commit may join them).
 */
/** This bench's PostgreSQL backends (its connections are named after its schema). */
const backends = async () =>
  (
    await sql.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [schema])
  ).rows.map((r) => r.pid);

/**
 * Waits until every event written so far is visible to log readers: the store reads only below the
 * oldest transaction still open on the server (`pg_snapshot_xmin`), and on this shared server other
 * sessions' open transactions can hold that back for a while. Not part of any measured span.
 */
const untilVisible = async () => {
  for (;;) {
    const { rows } = await sql.query<{ visible: boolean }>(
      `SELECT coalesce((SELECT max(tx_id) FROM es_events) < pg_snapshot_xmin(pg_current_snapshot()), true) AS visible`,
    );
    if (rows[0]!.visible) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const append = async (requests: StreamAppendRequest[]) => {
  const chunks: StreamAppendRequest[][] = [];
  for (let i = 0; i < requests.length; i += 2_000) chunks.push(requests.slice(i, i + 2_000));
  for (let i = 0; i < chunks.length; i += 3)
    await Promise.all(chunks.slice(i, i + 3).map((c) => services.store.appendToStreams(c)));
};

try {
  const at = new Date().toISOString();
  await handleCommand(services.store, 'promotion-referral', promotionDecider, {
    type: 'CreatePromotion',
    promotionId: 'referral',
    at,
    actor: { kind: 'system', id: 'bench' },
    kind: 'referral',
    name: 'Invite a friend',
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    budget: null,
  });
  await untilVisible();
  await services.projections.catchUp(promotionProjection);

  // Setup: one inviter per ten players; half of the others registered with an inviter's code.
  const setupStarted = performance.now();
  const inviters = Math.max(1, Math.floor(players / 10));
  const superior: (string | null)[] = [];
  const accounts: StreamAppendRequest[] = [];
  for (let p = 0; p < players; p++) {
    const sup = p >= inviters && random() < 0.5 ? `p${Math.floor(random() * inviters)}` : null;
    superior.push(sup);
    accounts.push({
      streamName: `account-p${p}`,
      expectedVersion: ANY,
      events: [
        {
          type: 'AccountRegistered',
          data: {
            userId: `p${p}`,
            phone: `+2557${String(10_000_000 + p).padStart(8, '0')}`,
            network: 6,
            passwordHashRef: 'bench',
            invitationCode: `B${p}`,
            superiorId: sup,
            at,
          },
        },
      ],
    });
  }
  await append(accounts);
  const stakesOf = new Map<string, number>();
  let batch: StreamAppendRequest[] = [];
  for (let b = 0; b < bets; b++) {
    const p = Math.floor(random() * players);
    const stake = 500 + Math.floor(random() * 10) * 500;
    if (superior[p]) stakesOf.set(`p${p}`, (stakesOf.get(`p${p}`) ?? 0) + stake);
    batch.push({
      streamName: `bet-b${b}`,
      expectedVersion: ANY,
      events: [
        {
          type: 'BetPlaced',
          data: { betId: `b${b}`, userId: `p${p}`, stake, payType: 1, quote: { totalOdds: '1.80' }, at },
        },
        {
          type: 'BetSettled',
          data: {
            betId: `b${b}`,
            at,
            settlementNo: 1,
            settlement: { state: 'settled', stake, payType: 1, legs: [{ outcome: random() < 0.5 ? 3 : 4 }] },
          },
        },
      ],
    });
    if (batch.length === 12_000) {
      await append(batch);
      batch = [];
    }
  }
  await append(batch);
  const qualifying = [...stakesOf.values()].filter((s) => s >= QUALIFY).length;
  figures.load_average = (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2)));
  figures.setup_seconds = Number(((performance.now() - setupStarted) / 1_000).toFixed(1));

  // Measured: the projection over every event, then the reward queue.
  await untilVisible();
  const pidsBefore = await backends();
  const pgBefore = await cpuSecondsByPid(pidsBefore);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  const applied = await services.projections.catchUp(promotionProjection);
  const projected = performance.now();
  await drainRewards(services);
  const done = performance.now();
  const waitedFrom = performance.now();
  await untilVisible();
  figures.visibility_wait_seconds = Number(((performance.now() - waitedFrom) / 1_000).toFixed(1));
  const nodeCpu = process.cpuUsage(nodeBefore);
  let pgCpu = 0;
  for (const [pid, cpu] of await cpuSecondsByPid([...new Set([...pidsBefore, ...(await backends())])]))
    pgCpu += cpu - (pgBefore.get(pid) ?? 0);
  await services.projections.catchUp(promotionProjection, { wait: true });
  await services.projections.catchUp(promotionProjection, { wait: true });
  const events = players + 2 * bets;
  const seconds = (done - started) / 1_000;
  const paid = await sql.query<{ n: string; total: string }>(
    'SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS total FROM promo_rewards',
  );

  // Replay: every referral trigger queued again; nothing more may be paid.
  await sql.query(
    `INSERT INTO promo_queue (key, kind, user_id, at) SELECT 'referral:' || friend_id, 'referral', friend_id, now()
     FROM promo_referrals ON CONFLICT DO NOTHING`,
  );
  await drainRewards(services);
  await untilVisible();
  await services.projections.catchUp(promotionProjection, { wait: true });
  await services.projections.catchUp(promotionProjection, { wait: true });
  const after = await sql.query<{ n: string }>('SELECT count(*)::text AS n FROM promo_rewards');
  const projectedQualifying = await sql.query<{ n: string; s: string }>(
    `SELECT count(*) FILTER (WHERE settled_stakes >= ${QUALIFY})::text AS n, coalesce(sum(settled_stakes), 0)::text AS s
     FROM promo_referrals`,
  );
  const bonusEvents = await sql
    .query<{ n: string }>(`SELECT count(*)::text AS n FROM bills WHERE bill_type = 10`)
    .catch(() => ({ rows: [{ n: 'n/a' }] }));

  Object.assign(figures, {
    events,
    applied,
    seconds: Number(seconds.toFixed(2)),
    projection_seconds: Number(((projected - started) / 1_000).toFixed(2)),
    rewards_seconds: Number(((done - projected) / 1_000).toFixed(2)),
    events_per_s: Math.round(events / seconds),
    // CPU per 1,000 events of the measured part: this process, and its PostgreSQL backends (those alive
    // at the end; a connection closed meanwhile takes its share with it).
    node_cpu_ms_per_1k_events: Number(
      (((nodeCpu.user + nodeCpu.system) / 1_000 / events) * 1_000).toFixed(1),
    ),
    pg_cpu_ms_per_1k_events: Number(((pgCpu * 1_000 * 1_000) / events).toFixed(1)),
    qualifying_friends: qualifying,
    rewards_paid: Number(paid.rows[0]!.n),
    rewards_tzs: Number(paid.rows[0]!.total),
    rewards_after_replay: Number(after.rows[0]!.n),
    projected_qualifying: Number(projectedQualifying.rows[0]!.n),
    projected_friend_stakes: Number(projectedQualifying.rows[0]!.s),
    expected_friend_stakes: [...stakesOf.values()].reduce((a, b) => a + b, 0),
    bills_bill_type_10: bonusEvents.rows[0]!.n,
    paid_exactly_once: Number(paid.rows[0]!.n) === qualifying && Number(after.rows[0]!.n) === qualifying,
  });
  console.log(
    `promotions: ${players} players, ${bets} settled bets = ${events} events through the reward process manager in ` +
      `${seconds.toFixed(2)} s = ${figures.events_per_s} events/s (target >= 5,000/s); ${qualifying} qualifying friends, ` +
      `${figures.rewards_paid} free bets paid, ${figures.rewards_after_replay} after replaying every trigger; setup ${figures.setup_seconds} s`,
  );
} finally {
  await closeServices(services, { keepSql: true });
  await sql.query(`DROP SCHEMA ${schema} CASCADE`);
  await sql.close();
}
console.log(JSON.stringify(figures));
