/**
 * Paying a reward (issue 21 item 1; decisions 0008, 0046, 0120): one movement of the player's wallet
 * through the one money path (`moveMoney`) together with the reward's own product stream
 * `promotion-reward-<movementId>`. The stream holds the promotion's `RewardGranted` (decided by the
 * domain's promotion decider against the promotion's period, pause and budget from the read model), the
 * wallet the `BonusCredited`. Both are appended at once with event ids derived from the movement id, so a
 * redelivered trigger finds the reward stream written and pays nothing: exactly once however often the
 * queue or the projection replays.
 *
 * Budgets are exact within this process: grants of one promotion run in its lane, one at a time — or,
 * for a batch ({@link grantRewards}), several at once when the budget left covers the whole batch, so no
 * order of them could be refused for the budget (decision 0120).
 */
import { domainError, promotionDecider } from '@bashiri/domain';
import type {
  CreditBonus,
  DomainError,
  PromotionEvent,
  PromotionState,
  RewardGranted,
} from '@bashiri/domain';
import type { Evolver } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { marketingAllowedFor } from '../protection/index.ts';
import { moveMoney } from '../wallet/index.ts';

/** What paying one reward came to. `refused` carries the stable code (e.g. `PROMOTION_BUDGET_REACHED`). */
export type GrantOutcome =
  | { readonly status: 'paid'; readonly amount: number; readonly movementId: string }
  | { readonly status: 'already'; readonly movementId: string }
  | { readonly status: 'refused'; readonly error: DomainError };

/**
 * Stable code of a reward refused because the player is closed for marketing: self-excluded or cooling
 * off (issue 23 "closed for play and marketing"; protection's `marketingAllowedFor`).
 */
export const MARKETING_CLOSED = 'MARKETING_CLOSED';

/** Stream of one reward: `promotion-reward-<movementId>`. */
export const rewardStream = (movementId: string): string => `promotion-reward-${movementId}`;

const rewardEvolver: Evolver<{ granted: boolean }, PromotionEvent> = {
  initialState: () => ({ granted: false }),
  evolve: (s, e) => (e.type === 'RewardGranted' ? { granted: true } : s),
};

interface PromotionRow {
  readonly promotion_id: string;
  readonly kind: PromotionState['kind'];
  readonly paused: boolean;
  readonly starts_at: Date;
  readonly ends_at: Date;
  readonly budget: string | null;
  readonly spent: string;
}

/** One grant (or one batch) at a time per promotion in this process, so its budget is exact here. */
const lanes = new Map<string, Promise<unknown>>();
const inLane = <T>(promotionId: string, work: () => Promise<T>): Promise<T> => {
  const before = lanes.get(promotionId) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  lanes.set(promotionId, settled);
  void settled.then(() => {
    if (lanes.get(promotionId) === settled) lanes.delete(promotionId);
  });
  return run;
};

/** Grants paid by this process whose RewardGranted the read model may not show yet (TZS per promotion). */
const unprojected = new Map<string, number>();

/** Forgets the tallies the read model now shows (called after the projection caught up). */
export const forgetProjectedTallies = (): void => unprojected.clear();

const readPromotion = async (services: AppServices, promotionId: string) =>
  (
    await services.sql.query<PromotionRow>(
      `SELECT promotion_id, kind, paused, starts_at, ends_at, budget::text, spent::text
         FROM promotions WHERE promotion_id = $1`,
      [promotionId],
    )
  ).rows[0];

/**
 * Pays `command` (a domain reward: CreditBonus with its deterministic movement id) under promotion
 * `promotionId` for `trigger`, through the money path. The promotion decider refuses outside the period,
 * while paused, or past the budget (`PROMOTION_*` codes); a reward already granted answers `already`; a
 * player self-excluded or cooling off at the server's clock is refused with {@link MARKETING_CLOSED}
 * (nothing paid, nothing written: the reward is not granted later either).
 */
export const grantReward = async (
  services: AppServices,
  promotionId: string,
  trigger: string,
  command: CreditBonus,
): Promise<GrantOutcome> =>
  inLane(promotionId, () =>
    pay(services, promotionId, trigger, command, () => readPromotion(services, promotionId)),
  );

/** Rewards of one batch paid at once (the money path's group commit gathers their appends). */
const BATCH_CONCURRENCY = 32;

/**
 * Pays each of `grants` as {@link grantReward} does, in one turn of promotion `promotionId`'s lane: the
 * promotion is read once; when it has no budget, or what is left of it covers every amount of the batch,
 * up to {@link BATCH_CONCURRENCY} rewards are paid at once (each its own money-path movement, its own
 * movement id, so each once); otherwise one after the other, each against the budget the ones before it
 * left. Answers in the order of `grants`.
 */
export const grantRewards = async (
  services: AppServices,
  promotionId: string,
  grants: readonly { readonly trigger: string; readonly command: CreditBonus }[],
): Promise<GrantOutcome[]> =>
  inLane(promotionId, async () => {
    const row = await readPromotion(services, promotionId);
    const total = grants.reduce((sum, g) => sum + g.command.amount, 0);
    const room =
      row !== undefined &&
      (row.budget === null ||
        Number(row.spent) + (unprojected.get(promotionId) ?? 0) + total <= Number(row.budget));
    const outcomes: GrantOutcome[] = [];
    if (!room) {
      for (const g of grants)
        outcomes.push(
          await pay(services, promotionId, g.trigger, g.command, () => readPromotion(services, promotionId)),
        );
      return outcomes;
    }
    for (let i = 0; i < grants.length; i += BATCH_CONCURRENCY)
      outcomes.push(
        ...(await Promise.all(
          grants
            .slice(i, i + BATCH_CONCURRENCY)
            .map((g) => pay(services, promotionId, g.trigger, g.command, () => Promise.resolve(row))),
        )),
      );
    return outcomes;
  });

const pay = async (
  services: AppServices,
  promotionId: string,
  trigger: string,
  command: CreditBonus,
  readRow: () => Promise<PromotionRow | undefined>,
): Promise<GrantOutcome> => {
  if (!(await marketingAllowedFor(services, command.userId)))
    return {
      status: 'refused',
      error: domainError(
        MARKETING_CLOSED,
        'the player is self-excluded or cooling off: closed for marketing',
        {
          details: { userId: command.userId },
        },
      ),
    };
  const result = await moveMoney<
    { granted: boolean },
    PromotionEvent,
    PromotionRow | undefined,
    GrantOutcome
  >(services, {
    userId: command.userId,
    product: { streamName: rewardStream(command.movementId), evolver: rewardEvolver },
    idempotencyKey: command.movementId,
    metadata: { actor: `${command.actor.kind}:${command.actor.id}` },
    read: readRow,
    decide: ({ product, wallet, read }) => {
      if (product.state.granted) return { answer: { status: 'already', movementId: command.movementId } };
      const state: PromotionState = read
        ? {
            exists: true,
            kind: read.kind,
            paused: read.paused,
            startsAt: new Date(read.starts_at).toISOString(),
            endsAt: new Date(read.ends_at).toISOString(),
            budget: read.budget === null ? null : Number(read.budget),
            spent: Number(read.spent) + (unprojected.get(promotionId) ?? 0),
            granted: new Set(),
          }
        : promotionDecider.initialState();
      const decision = promotionDecider.decide(
        {
          type: 'GrantReward',
          promotionId,
          at: command.at,
          actor: command.actor,
          userId: command.userId,
          trigger,
          amount: command.amount,
          movementId: command.movementId,
        },
        state,
      );
      if (!decision.ok) return { answer: { status: 'refused', error: decision.error } };
      const paid = wallet.pay(command);
      if (!paid.ok) return { answer: { status: 'refused', error: paid.error } };
      return {
        answer: { status: 'paid', amount: command.amount, movementId: command.movementId },
        productEvents: decision.events as RewardGranted[],
      };
    },
  });
  if (result.written && result.answer.status === 'paid')
    unprojected.set(promotionId, (unprojected.get(promotionId) ?? 0) + result.answer.amount);
  return result.answer;
};
