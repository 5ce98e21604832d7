/**
 * The promotion pages' operations (issue 21), written here rather than in a `.graphql` file: typed
 * documents from codegen land in the shared generated module of the first load, and the player's first
 * load has no room left (150 kB gzip budget). These load with the promotion pages only. Shapes follow
 * api/src/modules/promotion/schema.graphql (TZS integers, ISO instants).
 */

/** `ReferralStatus`. */
export type ReferralStatus = 'PENDING' | 'REWARDED' | 'REFUSED';

/** `myReferrals` (spec §2 /my_referrals, /event_page). */
export interface MyReferrals {
  readonly invitationCode: string;
  readonly link: string;
  readonly invited: number;
  readonly qualifying: number;
  readonly earned: number;
  readonly qualifyingStakes: number;
  readonly reward: number;
  readonly invitationBonusPercent: number;
  readonly invitationBonusCap: number;
  readonly friends: readonly {
    readonly phone: string;
    readonly registeredAt: string;
    readonly settledStakes: number;
    readonly status: ReferralStatus;
    readonly reward: number;
  }[];
}

export const MY_REFERRALS = `query PromoMyReferrals { myReferrals { invitationCode link invited qualifying earned
  qualifyingStakes reward invitationBonusPercent invitationBonusCap
  friends { phone registeredAt settledStakes status reward } } }`;

/** `promotions(language)` (spec §2 /promotion). */
export interface PromotionItem {
  readonly id: string;
  readonly kind: 'WELCOME' | 'REFERRAL' | 'ORDER' | 'ACTIVITY';
  readonly title: string;
  readonly body: string;
  readonly banner: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly amount: number | null;
  readonly minStake: number | null;
  readonly minOdds: string | null;
}

export const PROMOTIONS = `query PromoList($language: String) { promotions(language: $language) {
  id kind title body banner startsAt endsAt amount minStake minOdds } }`;

/** `bigWinners` (spec §2 /super). */
export interface BigWinner {
  readonly phone: string;
  readonly amount: number;
  readonly at: string;
}

export const BIG_WINNERS = `query PromoBigWinners { bigWinners(limit: 20) { phone amount at } }`;

/** `myPurse` (spec §2 /purse). */
export interface Purse {
  readonly shown: boolean;
  readonly settledStakes: number;
  readonly target: number;
  readonly percent: number;
  readonly reached: boolean;
  readonly bonus: number;
}

export const PURSE = `query PromoPurse { myPurse { shown settledStakes target percent reached bonus } }`;

export const REPORT_DEVICE = `mutation PromoReportDevice($fingerprint: String!) { reportDevice(fingerprint: $fingerprint) }`;
