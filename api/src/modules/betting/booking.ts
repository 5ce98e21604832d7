/**
 * Booking codes (spec §2 share popover, §4 "Loading a booking code replaces the slip", §7 share_list/add).
 */
import { randomInt } from 'node:crypto';
import type { SqlExecutor } from '@bashiri/eventstore';
import { loadSelections, unavailability } from './selections.ts';

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const codeOf = () => Array.from({ length: 7 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Saves the selections under a new code. */
export const shareSlip = async (
  sql: SqlExecutor,
  selections: readonly { selectionId: string; odds: string }[],
  by: string | null,
) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = codeOf();
    const inserted = await sql.query(
      'INSERT INTO booking_codes (code, selections, created_by) VALUES ($1, $2::jsonb, $3) ON CONFLICT DO NOTHING',
      [code, JSON.stringify(selections), by],
    );
    if (inserted.rowCount > 0) return code;
  }
  throw new Error('could not allocate a booking code');
};

/** A code's selections with their odds now and whether each can still be bet; null for an unknown code. */
export const loadBookingCode = async (sql: SqlExecutor, code: string, nowMs: number) => {
  const { rows } = await sql.query<{ selections: { selectionId: string }[] }>(
    'SELECT selections FROM booking_codes WHERE code = $1',
    [code.trim().toUpperCase()],
  );
  const saved = rows[0];
  if (!saved) return null;
  const current = await loadSelections(
    sql,
    saved.selections.map((s) => s.selectionId),
  );
  return {
    code: code.trim().toUpperCase(),
    selections: saved.selections.map(({ selectionId }) => {
      const row = current.get(selectionId);
      const why = unavailability(row, nowMs);
      return {
        selectionId,
        available: why === null,
        code: why,
        odds: row?.odds ? Number(row.odds).toFixed(2) : null,
        matchId: row?.matchId ?? null,
        home: row?.home ?? null,
        away: row?.away ?? null,
        marketName: row?.bettingTypeName ?? null,
        selectionName: row?.outcomeName ?? null,
        startTime: row?.startTime ?? null,
        matchStatus: row?.matchStatus ?? null,
      };
    }),
  };
};
