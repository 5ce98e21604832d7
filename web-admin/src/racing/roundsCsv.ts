/**
 * The racing rounds CSV of the back office (issue 19 item 4, `#/racing-rounds` "Export CSV"): every
 * round the list shows, voided rounds included (decision 0062), with its phase and, for a voided round,
 * when and why staff voided it. Written through the shared back-office CSV rule (`components/csv.ts`,
 * the domain's `csv.ts`): RFC 4180, formula neutralisation (a void reason is staff's free text).
 * Amounts are whole TZS (racing coin), times ISO 8601 UTC as the server sends them.
 */
import { toCsv } from '../components/csv.ts';
import type { RacingAdminRoundsQuery } from '../graphql/generated.ts';

/** One row of the rounds list (the `RacingAdminRounds` query). */
export type RacingRoundRow = RacingAdminRoundsQuery['racingRounds']['items'][number];

/** The header of the racing rounds CSV (machine names, as the server's exports use). */
export const RACING_ROUNDS_CSV_HEADER = [
  'round',
  'status',
  'starting_bet_time',
  'end_bet_time',
  'draw_time',
  'seed_hash',
  'seed',
  'lottery_combination',
  'voided_at',
  'void_reason',
  'orders',
  'staked',
  'paid',
  'tax',
  'ggr',
] as const;

/**
 * The cells of one round under {@link RACING_ROUNDS_CSV_HEADER}: `status` is the round's phase in
 * lower case (`scheduled`, `closed`, `drawn`, `settled`, `voided`); `voided_at` and `void_reason` are
 * empty unless the round was voided.
 */
export const racingRoundCsvCells = (r: RacingRoundRow): readonly unknown[] => [
  r.period.id,
  r.phase.toLowerCase(),
  r.period.startingBetTime,
  r.period.endBetTime,
  r.period.drawTime,
  r.period.seedHash,
  r.period.seed,
  r.period.lotteryCombination,
  r.voidedAt,
  r.voidReason,
  r.orders,
  r.staked,
  r.paid,
  r.tax,
  r.ggr,
];

/** The racing rounds CSV text of `rows` (one CRLF-terminated record each, header first). */
export const racingRoundsCsv = (rows: readonly RacingRoundRow[]): string =>
  toCsv(RACING_ROUNDS_CSV_HEADER, rows.map(racingRoundCsvCells));
