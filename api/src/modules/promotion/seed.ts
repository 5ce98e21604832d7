/**
 * Demo seeding (issue 21 item 5): one welcome bonus, the referral programme, one order bonus and the purse, running
 * for a year from now, so a newcomer sees them work. Idempotent: an existing promotion is left alone.
 */
import { promotionDecider } from '@bashiri/domain';
import { handleCommand } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { promotionProjection } from './projection.ts';

const DEMO = [
  {
    id: 'welcome',
    kind: 'welcome' as const,
    name: 'Welcome bonus',
    params: { amount: 1_000 },
    texts: {
      sw: { title: 'Bonasi ya kukaribisha: TZS 1,000', body: 'Jisajili upate dau la bure la TZS 1,000.' },
      en: { title: 'Welcome bonus: TZS 1,000', body: 'Register and get a TZS 1,000 free bet.' },
      zh: { title: '欢迎奖金：TZS 1,000', body: '注册即得 TZS 1,000 免费投注。' },
    },
  },
  {
    id: 'referral',
    kind: 'referral' as const,
    name: 'Invite a friend',
    params: {},
    texts: {
      sw: {
        title: 'Mwalike rafiki: dau la bure la TZS 7,000',
        body: 'Rafiki yako akifikisha dau za TZS 30,000 zilizolipwa, unapata TZS 7,000. Yeye anapata 10% ya amana ya kwanza.',
      },
      en: {
        title: 'Invite a friend: TZS 7,000 free bet',
        body: 'When your friend’s settled stakes reach TZS 30,000 you get TZS 7,000. They get 10% of their first deposit.',
      },
      zh: {
        title: '邀请好友：TZS 7,000 免费投注',
        body: '好友已结算投注达到 TZS 30,000 时，您获得 TZS 7,000。好友首存获得 10% 奖金。',
      },
    },
  },
  {
    id: 'order-bonus',
    kind: 'order' as const,
    name: 'Bet to get',
    params: { minStake: 5_000, minOdds: '3.00', freeBet: 700 },
    texts: {
      sw: { title: 'Weka dau upate TZS 700 bure', body: 'Dau la TZS 5,000 kwa odds 3.00 au zaidi.' },
      en: { title: 'Bet and get a TZS 700 free bet', body: 'Stake TZS 5,000 on odds of 3.00 or more.' },
      zh: { title: '投注即送 TZS 700', body: '以 3.00 或以上赔率投注 TZS 5,000。' },
    },
  },
  {
    // The purse bonus (spec §2 /purse; rewards.ts PURSE_PROMOTION_ID): paid once to the players the purse
    // icon rule shows when their settled stakes reach the target.
    id: 'purse',
    kind: 'activity' as const,
    name: 'Purse',
    params: { amount: 3_000 },
    texts: {
      sw: {
        title: 'Pochi: bonasi ya TZS 3,000',
        body: 'Fikisha dau zilizolipwa za kiwango upate TZS 3,000.',
      },
      en: { title: 'Purse: TZS 3,000 bonus', body: 'Reach the settled stakes target and get TZS 3,000.' },
      zh: { title: '钱包：TZS 3,000 奖金', body: '已结算投注达到目标即得 TZS 3,000。' },
    },
  },
];

/** Seeds the demo promotions (welcome, referral, order, purse). */
export const seedPromotions = async (services: AppServices): Promise<void> => {
  const now = services.now();
  for (const p of DEMO) {
    const outcome = await handleCommand(services.store, `promotion-${p.id}`, promotionDecider, {
      type: 'CreatePromotion',
      promotionId: p.id,
      at: new Date(now).toISOString(),
      actor: { kind: 'system', id: 'seed' },
      kind: p.kind,
      name: p.name,
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 365 * 86_400_000).toISOString(),
      budget: null,
    });
    if (!outcome.ok) continue;
    await services.sql.query(
      `INSERT INTO promo_definitions (promotion_id, version, params, texts, banner, created_by)
       VALUES ($1, 1, $2::jsonb, $3::jsonb, '', 'seed') ON CONFLICT DO NOTHING`,
      [p.id, JSON.stringify(p.params), JSON.stringify(p.texts)],
    );
  }
  await services.projections.catchUp(promotionProjection, { wait: true });
};
