/**
 * Voiding a racing round (issue 19 follow-up; decision 0062; docs/racing.md "Voiding a round"): staff
 * void a round that has not drawn — betting open or closed, or its draw failed (a lost seed, decision
 * 0036 "Consequences") — and every order of it is returned exactly once through the money path.
 *
 * 1. `VoidRound` on `racing-<roundId>` (idempotency key `void`): `RoundVoided` with the reason and who,
 *    refused with `RACING_ROUND_DRAWN` once the round drew; a repeat writes nothing. From then on the
 *    decider refuses the draw and the settle, and betting on the round is closed.
 * 2. The scheduler's slot is marked `voided`, so its later steps do nothing.
 * 3. The projection queues the round's pending orders (and any order that lands later in log order) in
 *    `racing_settle_queue`; the settlement worker returns each (`RacingBetReturned`, the stake back into
 *    racing coin: `RefundStake`, bill type 14 "virtual racing result", result 4 refunded, order status 3
 *    returned), the wallet movement `racing-refund:<betId>` making a second return impossible.
 */
import { roundDecider } from '@bashiri/domain';
import type { DomainError } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { racingRoundStream } from './projection.ts';
import { drainRacingSettlement } from './settlement.ts';

/**
 * Voids round `roundId` for `reason` as staff `staffId`, then returns its orders (see the module
 * comment). Codes: `RACING_ROUND_NOT_FOUND`, `RACING_ROUND_DRAWN`, `RACING_VOID_REASON`. Voiding a
 * voided round again answers ok and moves no money.
 */
export const voidRacingRound = async (
  services: AppServices,
  staffId: string,
  roundId: string,
  reason: string,
): Promise<{ ok: true } | { ok: false; error: DomainError }> => {
  const outcome = await handleCommand(
    services.store,
    racingRoundStream(roundId),
    roundDecider,
    {
      type: 'VoidRound',
      roundId,
      at: new Date(services.now()).toISOString(),
      reason,
      by: `staff:${staffId}`,
    },
    { idempotencyKey: 'void', metadata: { actor: `staff:${staffId}` } },
  );
  if (!outcome.ok) return { ok: false, error: outcome.error };
  await services.sql.query(
    `UPDATE racing_slots SET outcome = 'voided' WHERE round_id = $1 AND outcome IS NULL`,
    [roundId],
  );
  await services.projections.settle();
  await drainRacingSettlement(services);
  await services.projections.settle();
  return { ok: true };
};
