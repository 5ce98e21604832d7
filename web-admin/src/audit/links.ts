/**
 * Links to the replayable audit history (issue 8 item 3) of a wallet (id = user id), a bet (bet id), a
 * payment (payment id) or an account (user id): `#/audit/history?kind=WALLET&id=…`.
 */
import { eatWallClock } from '@bashiri/domain';
import type { HistoryKind } from '../graphql/generated.ts';

/** The aggregates with a history, in form order. */
export const HISTORY_KINDS: readonly HistoryKind[] = ['WALLET', 'BET', 'PAYMENT', 'ACCOUNT'];

/** The router path of the history of `kind` `id`. */
export const historyPath = (kind: HistoryKind, id: string): string =>
  `/audit/history?${new URLSearchParams({ kind, id }).toString()}`;

/** The kind named in a URL, or null. */
export const historyKindOf = (text: string | null): HistoryKind | null =>
  HISTORY_KINDS.find((kind) => kind === text) ?? null;

/**
 * A picked wall-clock date-time read as East Africa Time (UTC+3, no daylight saving), whatever the
 * browser's zone: `2026-11-22T10:00:00` → `2026-11-22T07:00:00.000Z`.
 */
export const eatInstant = (wallClock: string): string => new Date(eatWallClock(wallClock)).toISOString();
