/**
 * The settlement worker's lanes (decision 0168): two processes draining one queue at once, each in two
 * lanes of players, race on the same wallets; every bet is settled once and every win paid once, those
 * queued without their player too.
 */
import { betStream, fixtureDecider, fixtureStream, walletStream } from '@bashiri/domain';
import { handleCommand, isWrongExpectedVersion } from '@bashiri/eventstore';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import { drainSettlementQueue } from './settlement.ts';

const PLACE = `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { status order { id } } }`;
const CREDIT = `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`;
const HOUR = 3_600_000;

describe('settlement lanes', () => {
  let a: TestApp;
  let b: TestApp;
  let now = Date.parse('2026-11-27T12:00:00Z');

  beforeAll(async () => {
    a = await startBettingTestApp({ now: () => now });
    // A second process on the same database: its own wallet ownership and caches.
    b = await startBettingTestApp({ sql: a.services.sql, now: () => now });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('two processes draining at once, two lanes each, settle every bet once and pay every win once', async () => {
    const match = await insertTestMatch(a.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(now + HOUR),
    });
    // Players of this attempt's own (a retry would find the first attempt's bets and wallets).
    const attempt = randomUUID().slice(0, 8);
    const players = ['a', 'b', 'c', 'd', 'e'].map((lane) => `lane-${lane}-${attempt}`);
    const legacyPlayer = players[4]!;
    const cashier = staff('1', ['users.adjust_money']);
    for (const id of players)
      await a.gql(
        CREDIT,
        { input: { userId: id, pocket: 'BALANCE', amount: 10_000, reason: 'test', requestId: `c-${id}` } },
        cashier,
      );
    // Six bets of 100 per player: home (wins 2-0, 190 after tax) on even bets, away (loses) on odd.
    const bets: { userId: string; betId: string; wins: boolean }[] = [];
    for (const id of players)
      for (let i = 0; i < 6; i++) {
        const wins = i % 2 === 0;
        const answer = await a.gql<{ placeBet: { status: string; order: { id: string } } }>(
          PLACE,
          {
            input: {
              requestId: `${id}-${i}`,
              payType: 'BALANCE',
              amount: 100,
              selections: wins
                ? [{ selectionId: match.outcomes.home, odds: '2.00' }]
                : [{ selectionId: match.outcomes.away, odds: '3.60' }],
              oddsChange: 'NONE',
            },
          },
          player(id),
        );
        expect(answer.data!.placeBet.status).toBe('PLACED');
        bets.push({ userId: id, betId: answer.data!.placeBet.order.id, wins });
      }

    now += 3 * HOUR;
    await handleCommand(a.services.store, fixtureStream(match.matchId), fixtureDecider, {
      type: 'RecordResult',
      matchId: match.matchId,
      actor: { kind: 'staff', id: '1' },
      at: new Date(now).toISOString(),
      halfTime: { home: 1, away: 0 },
      fullTime: { home: 2, away: 0 },
    });
    await a.services.projections.settle();
    // Items queued before the queue knew the player (migration 006): read their bets to find it.
    const legacy = await a.services.sql.query(
      `UPDATE settlement_queue SET user_id = NULL WHERE user_id = $1`,
      [legacyPlayer],
    );
    expect(legacy.rowCount).toBe(6);
    // Batches of two: many batches, and the two processes' lanes share every player, so appends may lose
    // races; one loss is forced: the first wallet append of process A meets a credit that process B
    // wrote after A had read the wallet.
    let lost = 0;
    let forced: string | null = null;
    for (const [store, app] of [
      [a.services.store, 'a'],
      [b.services.store, 'b'],
    ] as const) {
      const append = store.appendToStreams.bind(store);
      vi.spyOn(store, 'appendToStreams').mockImplementation(async (requests) => {
        const wallet = requests.find((r) => players.some((id) => walletStream(id) === r.streamName));
        if (app === 'a' && forced === null && wallet) {
          forced = players.find((id) => walletStream(id) === wallet.streamName)!;
          await b.gql(
            CREDIT,
            {
              input: {
                userId: forced,
                pocket: 'BALANCE',
                amount: 1_000,
                reason: 'race',
                requestId: `race-${attempt}`,
              },
            },
            cashier,
          );
        }
        return append(requests).catch((error: unknown) => {
          if (isWrongExpectedVersion(error)) lost++;
          throw error;
        });
      });
    }
    const done = await Promise.all([
      drainSettlementQueue(a.services, 2, 2),
      drainSettlementQueue(b.services, 2, 2),
      drainSettlementQueue(a.services, 2, 2),
    ]);
    expect(done.reduce((x, y) => x + y, 0)).toBe(bets.length);
    expect(await drainSettlementQueue(b.services, 2, 2)).toBe(0);
    vi.restoreAllMocks();
    expect(forced).not.toBeNull();
    expect(lost).toBeGreaterThanOrEqual(1);

    for (const bet of bets) {
      const events = await a.services.store.readStream(betStream(bet.betId));
      expect(events.events.filter((e) => e.type === 'BetSettled')).toHaveLength(1);
    }
    for (const id of players) {
      const wallet = await a.services.store.readStream(walletStream(id));
      const credits = wallet.events.filter((e) => e.type === 'WinningsCredited');
      const references = credits.map((e) => (e.data as { reference: string }).reference).sort();
      expect(references).toEqual(
        bets
          .filter((x) => x.userId === id && x.wins)
          .map((x) => x.betId)
          .sort(),
      );
      // 10,000 − 6 × 100 + 3 × 190, and the credit of the forced race.
      expect((await a.gql('{ myWallet { balance } }', {}, player(id))).data).toEqual({
        myWallet: { balance: id === forced ? 10_970 : 9_970 },
      });
    }
  });
});
