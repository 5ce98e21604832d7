/**
 * The slip saved locally (spec §4 "Betslip": persists with a 2-day expiry, restored at start; spec §9
 * "Betslip local expiry 2 days"). The expiry runs from the last change.
 */
import { PAY_TYPE_BALANCE, PAY_TYPE_CREDIT, type PayType, type Tzs } from '@bashiri/domain';
import type { StoragePort } from '@bashiri/web-shared';
import { withAvailability } from './rules.ts';
import type { SlipItem } from './types.ts';

/** The storage key of the slip. */
export const SLIP_STORAGE_KEY = 'bashiri.betslip';
/** Spec §9: 2 days, in milliseconds. */
export const SLIP_EXPIRY_MS = 2 * 24 * 60 * 60 * 1000;

/** What is saved. */
export interface SavedSlip {
  readonly savedAt: number;
  readonly items: readonly SlipItem[];
  readonly amount: Tzs;
  readonly payType: PayType;
  readonly acceptOddsChanges: boolean;
}

/** Saves the slip at `now` (ms since epoch); an empty slip removes the entry. */
export const saveSlip = (storage: StoragePort, slip: Omit<SavedSlip, 'savedAt'>, now: number): void => {
  if (slip.items.length === 0) storage.removeItem(SLIP_STORAGE_KEY);
  else storage.setItem(SLIP_STORAGE_KEY, JSON.stringify({ ...slip, savedAt: now } satisfies SavedSlip));
};

const isItem = (value: unknown): value is SlipItem => {
  const v = value as Partial<SlipItem> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.selectionId === 'string' &&
    typeof v.matchId === 'string' &&
    typeof v.odds === 'string' &&
    typeof v.statusId === 'number'
  );
};

/**
 * The saved slip, or null when there is none, it is older than 2 days (then it is removed), or it cannot
 * be read (a different version, hand-edited storage). Availability is recomputed from the saved fields.
 */
export const restoreSlip = (storage: StoragePort, now: number): SavedSlip | null => {
  const text = storage.getItem(SLIP_STORAGE_KEY);
  if (text === null) return null;
  try {
    const saved = JSON.parse(text) as Partial<SavedSlip>;
    if (typeof saved.savedAt !== 'number' || now - saved.savedAt > SLIP_EXPIRY_MS) {
      storage.removeItem(SLIP_STORAGE_KEY);
      return null;
    }
    if (!Array.isArray(saved.items) || !saved.items.every(isItem)) throw new Error('unreadable slip');
    return {
      savedAt: saved.savedAt,
      items: saved.items.map((item) => withAvailability(item)),
      amount: Number.isSafeInteger(saved.amount) ? (saved.amount as Tzs) : 0,
      payType: saved.payType === PAY_TYPE_CREDIT ? PAY_TYPE_CREDIT : PAY_TYPE_BALANCE,
      acceptOddsChanges: saved.acceptOddsChanges === true,
    };
  } catch {
    storage.removeItem(SLIP_STORAGE_KEY);
    return null;
  }
};
