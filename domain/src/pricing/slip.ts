/**
 * The betslip as pricing sees it (spec §3 "Betslip selection", §4 "Betslip", §5 "Betslip submit").
 */
import type { BetChannel, PayType } from '../config/bet-config.ts';
import type { OddsText } from '../money/odds.ts';
import type { Tzs } from '../money/tzs.ts';

/** One selection on the slip (spec §3 "Betslip selection": `id_card`, `eventId`, `odds`). */
export interface SlipSelection {
  /** spec `id_card` / `selection_id`. */
  readonly selectionId: string;
  /** spec `eventId` / `match_id`: one selection per match. */
  readonly matchId: string;
  /** Decimal odds as text, e.g. "1.95". */
  readonly odds: OddsText;
  /** False when the selection can no longer be bet (suspended, removed): it is left out of the price. Default true. */
  readonly available?: boolean;
}

/** A slip with its stake (spec `bet_amount`, TZS) and pay type (spec `pay_type`). */
export interface Betslip {
  readonly selections: readonly SlipSelection[];
  readonly stake: Tzs;
  readonly payType: PayType;
  /**
   * Where the slip is placed from (spec §9 "min and max bet for mobile and desktop"): that channel's
   * stake limits apply too (`stakeLimits`). Absent = the general limits only (staff bets).
   */
  readonly channel?: BetChannel;
}

/** True unless the selection is marked unavailable. */
export const isAvailable = (selection: SlipSelection): boolean => selection.available !== false;

/**
 * Tapping a selection (spec §4 "Betslip"): the same selection again removes it; a selection of a match
 * already on the slip replaces that match's selection in place; otherwise it is appended.
 * Does not enforce the 60-selection limit (see `validateSlip`).
 */
export const toggleSelection = (
  selections: readonly SlipSelection[],
  selection: SlipSelection,
): readonly SlipSelection[] => {
  if (selections.some((s) => s.selectionId === selection.selectionId))
    return selections.filter((s) => s.selectionId !== selection.selectionId);
  const index = selections.findIndex((s) => s.matchId === selection.matchId);
  return index === -1 ? [...selections, selection] : selections.map((s, i) => (i === index ? selection : s));
};
