/**
 * The protection read models (issue 23 item 4; decision 0020): `player_protections`, one row per
 * `protection-<userId>` stream with its state, and `protection_history`, every change with its time and
 * actor. Folded with the domain's `evolveProtection`, so a rebuild equals the live model.
 */
import { evolveProtection, initialProtectionState } from '@bashiri/domain';
import type { ProtectionEvent, ProtectionState } from '@bashiri/domain';
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

/** Keeps `player_protections` and `protection_history` from the protection streams. */
export const protectionProjection: Projection = {
  name: 'protection.player_protections',
  filter: { streamPrefixes: ['protection-'] },
  apply: async (recorded: RecordedEvent, tx: SqlExecutor) => {
    const event = { type: recorded.type, data: recorded.data } as ProtectionEvent;
    const { userId, at, actor } = event.data;
    const held = await tx.query<{ state: ProtectionState; version: number }>(
      'SELECT state, version FROM player_protections WHERE user_id = $1',
      [userId],
    );
    const row = held.rows[0];
    if (row && row.version >= recorded.streamPosition) return;
    const state = evolveProtection(row?.state ?? initialProtectionState(), event);
    await tx.query(
      `INSERT INTO player_protections (user_id, state, cooling_off_until, excluded_from, excluded_until,
         reopens_at, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET state = $2, cooling_off_until = $3, excluded_from = $4,
         excluded_until = $5, reopens_at = $6, version = $7, updated_at = $8`,
      [
        userId,
        JSON.stringify(state),
        state.coolOff?.until ?? null,
        state.exclusion?.from ?? null,
        state.exclusion?.until ?? null,
        state.exclusion?.reopensAt ?? null,
        recorded.streamPosition,
        at,
      ],
    );
    await tx.query(
      `INSERT INTO protection_history (user_id, position, type, data, actor, at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [
        userId,
        recorded.streamPosition,
        event.type,
        JSON.stringify(event.data),
        `${actor.kind}:${actor.id}`,
        at,
      ],
    );
  },
  reset: async (tx) => {
    await tx.query('DELETE FROM player_protections');
    await tx.query('DELETE FROM protection_history');
  },
};
