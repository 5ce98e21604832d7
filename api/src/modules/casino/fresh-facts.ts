/**
 * Renewing, off the call's path, the confirmations a casino bet is decided on without a read (decision
 * 0208, extending 0187): the player's protection state (`protection-<userId>`, held by the money path's
 * `ProtectionGate`) and account flags (`account-<userId>`, `wallet-facts.ts`).
 *
 * A confirmation lasts {@link FRESHNESS_MAX_AGE_MS} (5 s) at most. Without renewal a player who bets
 * all the time pays, every 5 s, one bet with two round trips in a row (the read, then the append): at
 * ~2,000 calls/s and 500 players about one call in twenty, which is where the 99th percentile falls.
 * So a bet that finds either confirmation older than {@link FRESH_FACTS_RENEW_AFTER_MS} queues its player;
 * every {@link FRESH_FACTS_WINDOW_MS} the queued players' two streams are read in ONE grouped statement
 * (from the versions held) and the states folded, kept and confirmed exactly as the money path's own
 * read does (the tick taken before the read; a newer state or an append heard since wins). The bet
 * itself goes on at once on the confirmation it found, which is still current.
 *
 * Nothing here decides or moves money: it only keeps the held states current sooner. When a renewal is
 * late or fails (a slow or failed read) the confirmation expires as before and the next bet reads itself.
 */
import { protectionDecider, protectionStream, accountStream } from '@bashiri/domain';
import type { ProtectionEvent, ProtectionState } from '@bashiri/domain';
import { foldEvents, readStreams } from '@bashiri/eventstore';
import { FRESHNESS_MAX_AGE_MS, protectionGateOf } from '../wallet/index.ts';
import type { AppServices } from '../../services.ts';
import { flagFactsOf, keepFlags } from './wallet-facts.ts';

/** Age, ms, from which a bet queues its player's confirmations for renewal (2 s before they expire). */
export const FRESH_FACTS_RENEW_AFTER_MS = FRESHNESS_MAX_AGE_MS - 2_000;
/** Queued renewals are read together once per this window, ms (one statement for all of them). */
export const FRESH_FACTS_WINDOW_MS = 250;

/** The renewer of one server's confirmations. */
export interface FreshFacts {
  /**
   * Called by a bet of `userId` at `nowMs` (whole ms): queues the player's renewal when both of its
   * confirmations are current and either is older than {@link FRESH_FACTS_RENEW_AFTER_MS}. Never waits,
   * never throws; a player not confirmed at all is left to the call's own read.
   */
  touch(userId: string, nowMs: number): void;
  /** Reads the queued renewals now; resolves when they and any renewal under way are kept. Never rejects. */
  flush(): Promise<void>;
}

const renewers = new WeakMap<AppServices, FreshFacts>();

/** The renewer of `services`' server (one per `AppServices`). */
export const freshFactsOf = (services: AppServices): FreshFacts => {
  const existing = renewers.get(services);
  if (existing) return existing;
  const gate = protectionGateOf(services);
  const flags = flagFactsOf(services.store);
  /** Players queued or being read (a player is queued once until its renewal ends). */
  const busy = new Set<string>();
  let queued: string[] = [];
  let timer: NodeJS.Timeout | null = null;

  const renew = async (ids: readonly string[]): Promise<void> => {
    const nowMs = services.now();
    const protectionTick = gate.freshness.begin();
    const flagTick = flags.freshness.begin();
    const protections = ids.map(
      (id) => gate.known(id) ?? { state: protectionDecider.initialState(), version: 0 },
    );
    const helds = ids.map((id) => flags.held.get(id));
    try {
      const streams = await readStreams(
        services.store,
        ids.flatMap((id, i) => [
          { streamName: protectionStream(id), from: protections[i]!.version + 1 },
          { streamName: accountStream(id), from: (helds[i]?.version ?? 0) + 1 },
        ]),
      );
      ids.forEach((id, i) => {
        const protection = foldEvents<ProtectionState, ProtectionEvent>(
          protections[i]!,
          streams[2 * i]!.events,
          protectionDecider,
        );
        gate.remember(id, protection);
        // Confirms only when what is held now is what was read: a newer state kept meanwhile (another
        // read, this process's own command) is confirmed by its own read, not by this one.
        if (gate.known(id)?.version === protection.version) gate.freshness.confirm(id, protectionTick, nowMs);
        keepFlags(flags, id, flagTick, helds[i], streams[2 * i + 1]!.events, nowMs);
      });
    } catch (err) {
      services.logger.warn({ err, players: ids.length }, 'casino: renewing confirmations failed');
    } finally {
      for (const id of ids) busy.delete(id);
    }
  };

  /** Renewals being read (so that `flush` also waits for one its timer started). */
  const running = new Set<Promise<void>>();
  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const ids = queued;
    queued = [];
    if (ids.length > 0) {
      const renewal = renew(ids);
      running.add(renewal);
      void renewal.finally(() => running.delete(renewal));
    }
    await Promise.all(running);
  };

  const renewer: FreshFacts = {
    touch: (userId, nowMs) => {
      if (busy.has(userId)) return;
      const protectionAge = gate.freshness.ageMs(userId, nowMs);
      const flagAge = flags.freshness.ageMs(userId, nowMs);
      if (protectionAge === undefined || flagAge === undefined) return;
      if (protectionAge < FRESH_FACTS_RENEW_AFTER_MS && flagAge < FRESH_FACTS_RENEW_AFTER_MS) return;
      if (!gate.known(userId) || !flags.held.has(userId)) return;
      busy.add(userId);
      queued.push(userId);
      if (!timer) {
        timer = setTimeout(() => void flush(), FRESH_FACTS_WINDOW_MS);
        timer.unref();
      }
    },
    flush,
  };
  renewers.set(services, renewer);
  return renewer;
};
