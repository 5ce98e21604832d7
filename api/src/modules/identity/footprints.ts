/**
 * Where a player was seen: the IP addresses of their sessions, with when each session opened (issue 21
 * self-referral check: "same IP within a window"). Read by the promotion module through identity's index.
 */
import type { SqlExecutor } from '@bashiri/eventstore';

/** The session IPs of each of `userIds` (players only), oldest first; ISO instants. */
export const playerSessionIps = async (
  sql: SqlExecutor,
  userIds: readonly string[],
): Promise<ReadonlyMap<string, readonly { ip: string; at: string }[]>> => {
  const rows = await sql.query<{ subject_id: string; ip: string; at: Date }>(
    `SELECT subject_id, ip, created_at AS at FROM auth_sessions
     WHERE kind = 'player' AND subject_id = ANY($1::text[]) AND ip IS NOT NULL ORDER BY created_at`,
    [userIds],
  );
  const out = new Map<string, { ip: string; at: string }[]>();
  for (const r of rows.rows) {
    const list = out.get(r.subject_id) ?? [];
    list.push({ ip: r.ip, at: new Date(r.at).toISOString() });
    out.set(r.subject_id, list);
  }
  return out;
};
