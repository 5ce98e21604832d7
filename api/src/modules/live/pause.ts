/**
 * Betting pause (spec §4 "Betting pause": no_bet checked every 10 s; when non-zero the no-bet view shows
 * pause_prompt). The pause lives in the bet configuration in force (`bet_config_versions`, kept by the
 * betting module): {@link setBettingPause} appends a version effective now, and a watcher publishes
 * `BETTING_PAUSE` whenever the pause in force changes — after a staff change at once, after a
 * future-dated version comes into force within {@link PAUSE_CHECK_MS}.
 */
import { errorLog } from '../../logger.ts';
import { NO_BET_OPEN } from '@bashiri/domain';
import { DEFAULT_BET_CONFIG } from '@bashiri/domain';
import type { BetConfig } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { MQEmitter } from 'mqemitter';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { transactionWithRetry } from '../../transactions.ts';
import { audit } from '../audit/index.ts';
import { requireStaff } from '../../auth/guard.ts';

/** The topic `bettingPause` subscribers listen to (payload {@link BettingPause}). */
export const BETTING_PAUSE = 'BETTING_PAUSE';

/** How often the watcher reads the pause in force, ms (spec §4/§9: no-bet check every 10 s). */
export const PAUSE_CHECK_MS = 10_000;

/** The longest pause prompt staff may set, characters. */
export const MAX_PROMPT_LENGTH = 500;

/** Payload of {@link BETTING_PAUSE} and the GraphQL `BettingPause`: paused = `noBet` non-zero. */
export interface BettingPause {
  readonly paused: boolean;
  readonly prompt: string;
}

/** The stored configuration in force at `atMs` (epoch ms), as stored, and its effective date. */
interface StoredVersion {
  readonly effectiveFrom: string | null;
  /** The stored jsonb (may omit fields: the defaults fill them in). */
  readonly stored: Partial<BetConfig>;
  readonly config: BetConfig;
}

const storedVersionAt = async (sql: SqlExecutor, atMs: number): Promise<StoredVersion> => {
  // Same rule as the betting module's configInForce (domain configAt): latest effective_from not after
  // the instant; on a tie the row inserted last.
  const { rows } = await sql.query<{ effective_from: Date | string; config: Partial<BetConfig> }>(
    `SELECT effective_from, config FROM bet_config_versions
     WHERE effective_from <= $1 ORDER BY effective_from DESC, id DESC LIMIT 1`,
    [new Date(atMs).toISOString()],
  );
  const row = rows[0];
  return row
    ? {
        effectiveFrom: new Date(row.effective_from).toISOString(),
        stored: row.config,
        config: { ...DEFAULT_BET_CONFIG, ...row.config },
      }
    : { effectiveFrom: null, stored: {}, config: DEFAULT_BET_CONFIG };
};

const pauseOf = (config: Pick<BetConfig, 'noBet' | 'pausePrompt'>): BettingPause => ({
  paused: config.noBet !== NO_BET_OPEN,
  prompt: config.pausePrompt,
});

/** The betting pause in force at `atMs` (epoch ms). */
export const pauseInForce = async (sql: SqlExecutor, atMs: number): Promise<BettingPause> =>
  pauseOf((await storedVersionAt(sql, atMs)).config);

/**
 * Staff `setBettingPause`: appends a `bet_config_versions` row effective now (the stored configuration
 * in force with `noBet` 1 or 0 — a non-zero `noBet` already in force is kept when pausing — and
 * `pausePrompt` replaced when `prompt` is given), audits `bet_config.set_pause` with before/after in the
 * same transaction, then publishes {@link BETTING_PAUSE}. A version dated later still takes over at its
 * own date. Throws `UNAUTHENTICATED`, `FORBIDDEN` (config.edit), `BAD_INPUT` (prompt too long).
 */
export const setBettingPause = async (
  ctx: GraphQLContext,
  args: { paused: boolean; prompt?: string | null },
): Promise<BettingPause> => {
  const viewer = requireStaff(ctx, 'config.edit');
  const prompt = args.prompt?.trim();
  if (prompt !== undefined && prompt.length > MAX_PROMPT_LENGTH)
    throw codedError('BAD_INPUT', `the prompt holds at most ${MAX_PROMPT_LENGTH} characters`, {
      field: 'prompt',
    });
  const { services } = ctx;
  const after = await transactionWithRetry(services.sql, async (tx) => {
    // now() inside the retry: a unique clash on effective_from (two changes in one millisecond) retries later.
    const now = services.now();
    const current = await storedVersionAt(tx, now);
    const noBet = args.paused ? current.config.noBet || 1 : 0;
    const pausePrompt = prompt ?? current.config.pausePrompt;
    const effectiveFrom = new Date(now).toISOString();
    await tx.query(
      `INSERT INTO bet_config_versions (effective_from, config, created_by) VALUES ($1, $2::jsonb, $3)`,
      [effectiveFrom, JSON.stringify({ ...current.stored, noBet, pausePrompt }), `staff:${viewer.staffId}`],
    );
    const next = pauseOf({ noBet, pausePrompt });
    await audit(tx, {
      actor: `staff:${viewer.staffId}`,
      ip: ctx.ip,
      action: 'bet_config.set_pause',
      entity: 'bet_config',
      entityId: effectiveFrom,
      before: { ...pauseOf(current.config), noBet: current.config.noBet, version: current.effectiveFrom },
      after: { ...next, noBet },
      requestId: ctx.requestId,
    });
    return next;
  });
  services.publish(BETTING_PAUSE, after);
  return after;
};

/**
 * Watches the pause in force every `everyMs` and publishes {@link BETTING_PAUSE} when it differs from
 * the last one seen (read at start, or received on the emitter from any instance — so a staff change
 * already published is not published again). Returns the stop function. Several instances may each
 * publish a scheduled change once: subscribers treat the payload as state, so a repeat is harmless.
 */
export const startPauseWatcher = async (
  services: Pick<AppServices, 'sql' | 'now' | 'publish' | 'logger'> & { emitter: MQEmitter },
  everyMs = PAUSE_CHECK_MS,
  log: (message: string, error: unknown) => void = errorLog(services.logger),
): Promise<() => Promise<void>> => {
  let last = await pauseInForce(services.sql, services.now());
  const same = (a: BettingPause, b: BettingPause) => a.paused === b.paused && a.prompt === b.prompt;
  const listener = (message: Record<string, unknown>, done: () => void) => {
    const payload = message.payload as Partial<BettingPause> | undefined;
    if (typeof payload?.paused === 'boolean' && typeof payload.prompt === 'string')
      last = { paused: payload.paused, prompt: payload.prompt };
    done();
  };
  await new Promise<void>((resolve) => services.emitter.on(BETTING_PAUSE, listener, () => resolve()));
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const now = await pauseInForce(services.sql, services.now());
      if (!same(now, last)) {
        last = now;
        services.publish(BETTING_PAUSE, now);
      }
    } catch (error) {
      log('betting pause check failed (will retry):', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    services.emitter.removeListener(BETTING_PAUSE, listener);
  };
};
