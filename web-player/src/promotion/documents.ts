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

/** `AgentSalaryStatus` (decision 0065). */
export type AgentSalaryStatus = 'DUE' | 'NOTHING' | 'PAID';

/** One week's salary of the agent (`myAgentSalaries`; spec §6 agent role "salary"; decision 0082). */
export interface AgentSalaryItem {
  /** The week's Monday, yyyy-MM-dd (East Africa Time); the week runs to the next Monday 00:00 EAT. */
  readonly period: string;
  /** Percent of the players' net loss (the agent's return scale when computed). */
  readonly returnScale: number;
  /** Settled stakes − returns of the invited players' bets settled that week, TZS (negative: they won). */
  readonly net: number;
  /** The salary, TZS (0 when net ≤ 0). */
  readonly amount: number;
  readonly status: AgentSalaryStatus;
  readonly paidAt: string | null;
  /** The balance bill of the payment, or null until paid. */
  readonly billId: string | null;
}

/** `agentSelfStats` figures (spec §3 Agent statistics), TZS. */
export interface AgentFigures {
  readonly from: string;
  readonly to: string;
  readonly invitedPlayers: number;
  readonly totalDeposit: number;
  readonly totalWithdraw: number;
  readonly bettors: number;
  readonly betAmount: number;
  /** Players' profit and loss: payouts + refunds − stakes (negative: the players lost). */
  readonly playerProfitLoss: number;
}

/** The caller's id and own salaries (player). */
export const AGENT_SALARIES = `query PromoAgentSalaries { me { id }
  myAgentSalaries(limit: 12) { period returnScale net amount status paidAt billId } }`;

/** The agent's own figures over EAT days from..to and its invited players (first page). */
export const AGENT_STATS = `query PromoAgentStats($agentId: ID!, $from: String!, $to: String!) {
  agentSelfStats(agentId: $agentId, from: $from, to: $to) { from to invitedPlayers totalDeposit totalWithdraw
    bettors betAmount playerProfitLoss }
  agentPlayers(agentId: $agentId, pageSize: 20) { total items { phone registeredAt settledStakes status } } }`;
