/**
 * Staff work on pool issues (issue 18 "Jackpot issue"; spec §3 "Jackpot issue"): build an issue from
 * upcoming catalogue matches (read through the catalogue module's index.ts), open it, close it at the
 * first kick-off, cancel it (every stake refunded by the settlement process). Issue ids are the
 * identifier (`JP0042`); streams `jackpot-<issueId>` / `luckysix-<issueId>`.
 */
import { issueStream, poolError, poolIssueDecider } from '@bashiri/domain';
import type { DomainError, IssueCommand, IssueEvent, IssueState, PoolActor, PoolGame } from '@bashiri/domain';
import { aggregateStream, aggregateStreams, handleCommand } from '@bashiri/eventstore';
import type { Aggregated, EventStore, SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { poolCandidatesById, upcomingPoolCandidates } from '../catalogue/index.ts';
import { loadPoolType, takeSequence } from './types.ts';
import type { PoolType } from './types.ts';

/** An answer that is either a value or a coded refusal. */
export type Answer<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError };

const refused = <T>(error: DomainError): Answer<T> => ({ ok: false, error });

/** Runs `command` on the issue's stream with deterministic event ids from `key`. */
export const onIssue = async (
  services: AppServices,
  game: PoolGame,
  command: IssueCommand,
  key: string,
): Promise<Answer<IssueState>> => {
  const outcome = await handleCommand(
    services.store,
    issueStream(game, command.issueId),
    poolIssueDecider,
    command,
    {
      idempotencyKey: key,
    },
  );
  return outcome.ok ? { ok: true, value: outcome.state } : refused(outcome.error);
};

/** The state of issue `issueId` of `game` from its stream. */
export const loadIssue = async (services: AppServices, game: PoolGame, issueId: string) =>
  aggregateStream<IssueState, IssueEvent>(services.store, issueStream(game, issueId), poolIssueDecider);

/** The last state read of each issue stream, per store (a stream only grows: later events fold on). */
const issueStates = new WeakMap<EventStore, Map<string, Aggregated<IssueState>>>();

/**
 * The current state of issue `issueId` of `game` for a purchase: the last state this process read, with
 * only the events after it, through the store's grouped `readStreams` (concurrent purchases share one
 * statement). Always as fresh as {@link loadIssue}: it reads the stream's end every time.
 */
export const readIssue = async (
  services: AppServices,
  game: PoolGame,
  issueId: string,
): Promise<Aggregated<IssueState>> => {
  const stream = issueStream(game, issueId);
  let known = issueStates.get(services.store);
  if (!known) issueStates.set(services.store, (known = new Map()));
  const cached = known.get(stream);
  const read = (
    await aggregateStreams<IssueState, IssueEvent>(services.store, [stream], poolIssueDecider, () => cached)
  ).get(stream)!;
  const latest = known.get(stream);
  if (!latest || latest.version < read.version) known.set(stream, read);
  return read;
};

/**
 * What the next issue of a type carries over, and from which issues: every earlier issue with the same
 * prefix that ended (settled: its carry-over; cancelled: the pool it had carried in) and whose amount
 * has not gone into another issue yet.
 */
const carryOverFor = async (
  sql: SqlExecutor,
  prefix: string,
): Promise<{ amount: number; from: { issueId: string; amount: number }[] }> => {
  const { rows } = await sql.query<{ issue_id: string; amount: string }>(
    `SELECT i.issue_id, CASE WHEN i.status = 'settled' THEN (i.settlement->>'carryOver')::bigint ELSE i.carried_over END AS amount
     FROM pool_issues i LEFT JOIN pool_carry c ON c.from_issue_id = i.issue_id
     WHERE i.prefix = $1 AND i.status IN ('settled', 'cancelled') AND c.from_issue_id IS NULL`,
    [prefix],
  );
  const from = rows.map((r) => ({ issueId: r.issue_id, amount: Number(r.amount) }));
  return { amount: from.reduce((sum, f) => sum + f.amount, 0), from };
};

/**
 * Creates and opens an issue of type `typeId` on `matchIds` (exactly `guess_number` upcoming visible
 * catalogue matches). Errors: `NOT_FOUND` (type), `JACKPOT_INVALID_MATCHES` (count, unknown, hidden,
 * started), `JACKPOT_INVALID_TERMS`, `JACKPOT_CLOSED`.
 */
export const createPoolIssue = async (
  services: AppServices,
  actor: PoolActor,
  typeId: number,
  matchIds: readonly string[],
): Promise<Answer<{ issueId: string; game: PoolGame }>> => {
  const type = await loadPoolType(services.sql, typeId);
  if (!type || type.removed)
    return refused({ code: 'NOT_FOUND', message: 'no such jackpot type', field: 'typeId' } as DomainError);
  const candidates = await poolCandidatesById(services.sql, matchIds);
  if (candidates.length !== new Set(matchIds).size || matchIds.length !== type.terms.guessNumber)
    return refused(
      poolError('JACKPOT_INVALID_MATCHES', {
        field: 'matchIds',
        details: {
          problem: candidates.length !== matchIds.length ? 'unknown' : 'count',
          expected: type.terms.guessNumber,
          given: matchIds.length,
        },
      }),
    );
  return createFromCandidates(services, actor, type, candidates);
};

const createFromCandidates = async (
  services: AppServices,
  actor: PoolActor,
  type: PoolType,
  candidates: readonly {
    matchId: string;
    home: string;
    away: string;
    kickOff: string;
    visible: boolean;
    status: number;
  }[],
): Promise<Answer<{ issueId: string; game: PoolGame }>> => {
  const at = new Date(services.now()).toISOString();
  // A started or finished match is refused by the decider through its kick-off; status too.
  const matches = candidates.map((c) => ({
    matchId: c.matchId,
    home: c.home,
    away: c.away,
    kickOff: c.kickOff,
    visible: c.visible && c.status === 1,
  }));
  await services.projections.settle();
  const carry = await carryOverFor(services.sql, type.terms.identifierPrefix);
  const sequence = await takeSequence(services.sql, type.id);
  const issueId = `${type.terms.identifierPrefix}${String(sequence).padStart(4, '0')}`;
  for (const f of carry.from)
    await services.sql.query(
      'INSERT INTO pool_carry (from_issue_id, into_issue_id, amount) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [f.issueId, issueId, f.amount],
    );
  const created = await onIssue(
    services,
    type.game,
    {
      type: 'CreateIssue',
      issueId,
      at,
      actor,
      sequence,
      terms: type.terms,
      matches,
      carriedOver: carry.amount,
    },
    'create',
  );
  if (!created.ok) {
    await services.sql.query('DELETE FROM pool_carry WHERE into_issue_id = $1', [issueId]);
    return created;
  }
  const opened = await onIssue(services, type.game, { type: 'OpenIssue', issueId, at, actor }, 'open');
  if (!opened.ok) return opened;
  return { ok: true, value: { issueId, game: type.game } };
};

/**
 * Ensures type `typeId` has an open issue (the demo, issue 18 item 6): when none is open, builds one
 * from the soonest upcoming visible matches kicking off at least `leadMs` from now. Returns the new
 * issue id, or null when one is open already or there are not enough matches. Idempotent.
 */
export const ensureOpenIssue = async (
  services: AppServices,
  typeId: number,
  leadMs = 0,
): Promise<string | null> => {
  const type = await loadPoolType(services.sql, typeId);
  if (!type || type.removed) return null;
  const open = await services.sql.query(
    `SELECT 1 FROM pool_issues WHERE prefix = $1 AND status IN ('created', 'open') AND closes_at > $2 LIMIT 1`,
    [type.terms.identifierPrefix, new Date(services.now()).toISOString()],
  );
  if (open.rows.length > 0) return null;
  const upcoming = (await upcomingPoolCandidates(services.sql, services.now() + leadMs, 200)).filter(
    (c) => c.homeOdds !== null,
  );
  if (upcoming.length < type.terms.guessNumber) return null;
  const answer = await createFromCandidates(
    services,
    { kind: 'system', id: 'pool-demo' },
    type,
    upcoming.slice(0, type.terms.guessNumber),
  );
  return answer.ok ? answer.value.issueId : null;
};

/** Staff cancel issue `issueId`: every stake is refunded by the settlement process. Errors: the decider's. */
export const cancelPoolIssue = async (
  services: AppServices,
  actor: PoolActor,
  game: PoolGame,
  issueId: string,
  reason: string,
): Promise<Answer<IssueState>> =>
  onIssue(
    services,
    game,
    { type: 'CancelIssue', issueId, at: new Date(services.now()).toISOString(), actor, reason },
    'cancel',
  );

/** Closes every open issue whose first kick-off has come (entries close at the first kick-off). */
export const closeDueIssues = async (services: AppServices): Promise<number> => {
  const { rows } = await services.sql.query<{ issue_id: string; game: PoolGame }>(
    `SELECT issue_id, game FROM pool_issues WHERE status IN ('created', 'open') AND closes_at <= $1`,
    [new Date(services.now()).toISOString()],
  );
  for (const r of rows)
    await onIssue(
      services,
      r.game,
      {
        type: 'CloseIssue',
        issueId: r.issue_id,
        at: new Date(services.now()).toISOString(),
        actor: { kind: 'system', id: 'pool-clock' },
      },
      'close',
    );
  return rows.length;
};
