/**
 * Bearer sessions for players and staff (spec §4 Session, §9 token lifetime 86,400 s; docs/auth.md
 * "Tokens"). A token is 32 random bytes (base64url) given to the client once; the server keeps only its
 * SHA-256, so a leaked table does not leak sessions. Logout and password changes revoke rows.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { groupedPerExecutor } from '@bashiri/eventstore';
import type { SqlExecutor } from '@bashiri/eventstore';

/** Spec §9: token lifetime 86,400 s. */
export const TOKEN_LIFETIME_MS = 86_400_000;

export type SessionKind = 'player' | 'staff';

/** A live session found by its token. */
export interface Session {
  readonly id: string;
  readonly kind: SessionKind;
  readonly subjectId: string;
  readonly expiresAt: Date;
}

/** What the client gets at login: the bearer token and when it stops working. */
export interface IssuedToken {
  readonly token: string;
  readonly sessionId: string;
  readonly expiresAt: Date;
}

const sha256 = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Opens a session for `subjectId` valid {@link TOKEN_LIFETIME_MS} from `now` (epoch ms). */
export const openSession = async (
  tx: SqlExecutor,
  kind: SessionKind,
  subjectId: string,
  now: number,
  client: { ip: string | null; userAgent: string | null },
): Promise<IssuedToken> => {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  const expiresAt = new Date(now + TOKEN_LIFETIME_MS);
  await tx.query(
    `INSERT INTO auth_sessions (id, token_hash, kind, subject_id, created_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [sessionId, sha256(token), kind, subjectId, new Date(now), expiresAt, client.ip, client.userAgent],
  );
  return { token, sessionId, expiresAt };
};

/** What {@link admission} found: whether the address is blacklisted, and the token's live session. */
export interface Admission {
  readonly blocked: boolean;
  readonly session: Session | null;
}

/** One request's admission question: its address and its bearer token (or none). */
interface AdmissionRequest {
  readonly ip: string;
  readonly token: string | null;
  readonly now: number;
}

/**
 * The IP blacklist check and the live session of each token of a group of concurrent requests in ONE
 * statement (group commit, decision 0007): every request needs both, and each round trip to the
 * database costs more than the lookups themselves. `$2` is the latest time a request of the group
 * asked at, so no session is taken as live after its expiry.
 *
 * Each token's session is looked up on its own through the unique `token_hash` index (a LATERAL
 * subquery with `LIMIT 1`, which the planner cannot flatten into a join). Written as a plain join, on a
 * table without statistics (a fresh database, autovacuum off or behind) the planner estimated a handful
 * of live sessions and hashed ALL of them (the partial index `auth_sessions_subject`) on every grouped
 * call: 2,000 sessions read per call in `bench:racing`, the most costly statement per order placed over
 * HTTP after the append (docs/benchmarks.md, "wt-raceplace").
 */
const ADMISSION_SQL = `SELECT i.k, EXISTS (SELECT 1 FROM ip_blacklist b WHERE b.ip = i.ip) AS blocked,
     s.id, s.kind, s.subject_id, s.expires_at
   FROM jsonb_to_recordset($1::jsonb) AS i(ip text, token_hash text, k int)
   LEFT JOIN LATERAL (
     SELECT s.id, s.kind, s.subject_id, s.expires_at FROM auth_sessions s
     WHERE s.token_hash = i.token_hash AND s.revoked_at IS NULL AND s.expires_at > $2 LIMIT 1
   ) AS s ON true
   ORDER BY i.k`;

const admitGroup = groupedPerExecutor<AdmissionRequest, Admission>(
  async (sql, requests): Promise<Admission[]> => {
    const result = await sql.query<{
      k: number;
      blocked: boolean;
      id: string | null;
      kind: SessionKind | null;
      subject_id: string | null;
      expires_at: Date | null;
    }>(
      ADMISSION_SQL,
      [
        JSON.stringify(
          requests.map((r, k) => ({ ip: r.ip, token_hash: r.token ? sha256(r.token) : null, k })),
        ),
        new Date(Math.max(...requests.map((r) => r.now))),
      ],
      'identity_admission',
    );
    return result.rows.map((row) => ({
      blocked: row.blocked,
      session:
        row.id && row.kind && row.subject_id && row.expires_at
          ? { id: row.id, kind: row.kind, subjectId: row.subject_id, expiresAt: new Date(row.expires_at) }
          : null,
    }));
  },
);

/**
 * Whether `ip` is blacklisted, and the live session of `token` (when given) at `now` (epoch ms), asked
 * together with the concurrent requests on the same pool in one statement.
 */
export const admission = (
  sql: SqlExecutor,
  ip: string,
  token: string | null,
  now: number,
): Promise<Admission> => admitGroup(sql, { ip, token, now });

/** Revokes one session (logout). */
export const revokeSession = async (tx: SqlExecutor, sessionId: string, now: number): Promise<void> => {
  await tx.query('UPDATE auth_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    new Date(now),
  ]);
};

/** Revokes every session of a subject (password change or reset, disabling); returns how many. */
export const revokeAllSessions = async (
  tx: SqlExecutor,
  kind: SessionKind,
  subjectId: string,
  now: number,
): Promise<number> => {
  const result = await tx.query(
    `UPDATE auth_sessions SET revoked_at = $3 WHERE kind = $1 AND subject_id = $2 AND revoked_at IS NULL`,
    [kind, subjectId, new Date(now)],
  );
  return result.rowCount ?? 0;
};

/** The bearer token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (header: string | undefined): string | null => {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
};

/**
 * When the player's current session started, for the session-time limit on the money path (issue 23;
 * decision 0072): the login time (ISO-8601) of the player's latest live session (not revoked, not
 * expired at `now`, epoch ms), or null when the player has none (a stake then carries no session and
 * the session limit is not checked on it).
 */
export const playerSessionStartedAt = async (
  sql: SqlExecutor,
  userId: string,
  now: number,
): Promise<string | null> => {
  const result = await sql.query<{ created_at: Date }>(
    `SELECT created_at FROM auth_sessions
     WHERE kind = 'player' AND subject_id = $1 AND revoked_at IS NULL AND expires_at > $2
     ORDER BY created_at DESC LIMIT 1`,
    [userId, new Date(now)],
  );
  const started = result.rows[0]?.created_at;
  return started ? new Date(started).toISOString() : null;
};
