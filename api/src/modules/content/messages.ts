/**
 * Internal messages to players (spec §2 /message, header message badge; §3 User.not_viewed; issue 8
 * "messages to players with unread counts on the player side"). A message is stored once with its
 * localized title and body; delivery is one `content_message_recipients` row per player (fanned out at
 * send time for ALL, at registration for NEW_PLAYERS through `welcomeMessagesProjection`, projection.ts).
 * Every change that moves a player's unread count publishes `MESSAGES:<userId>` (or `MESSAGES:ALL`),
 * and the `unreadMessageCount` subscription re-reads the count then.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { audited, checkId, checkLocalized, localizedView, paging, pick } from './common.ts';
import type { Localized, LocalizedInput } from './common.ts';

/** Topic of one player's inbox changes. */
export const messagesTopic = (userId: string): string => `MESSAGES:${userId}`;
/** Topic of changes that may touch every inbox (a message to ALL, a withdrawal). */
export const MESSAGES_ALL = 'MESSAGES:ALL';

/** Most players one PLAYERS message may list. */
export const MAX_LISTED_RECIPIENTS = 1000;
export const MAX_TITLE = 200;
export const MAX_BODY = 5000;

type Audience = 'PLAYERS' | 'ALL' | 'NEW_PLAYERS';
const AUDIENCE_STORED: Record<Audience, string> = {
  PLAYERS: 'players',
  ALL: 'all',
  NEW_PLAYERS: 'new_players',
};

interface MessageRow {
  id: string;
  title: Localized;
  body: Localized;
  audience: string;
  recipients: number;
  read_count?: number | string;
  withdrawn: boolean;
  created_by: string;
  created_at: Date | string;
}

const staffView = (row: MessageRow) => ({
  id: String(row.id),
  title: localizedView(row.title),
  body: localizedView(row.body),
  audience: row.audience.toUpperCase() as Audience,
  recipients: row.recipients,
  readCount: Number(row.read_count ?? 0),
  withdrawn: row.withdrawn,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Unread, not withdrawn messages of `userId`. */
export const unreadCount = async (sql: SqlExecutor, userId: string): Promise<number> => {
  const { rows } = await sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM content_message_recipients r
     JOIN content_messages m ON m.id = r.message_id
     WHERE r.user_id = $1 AND r.read_at IS NULL AND NOT m.withdrawn`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
};

/** The player's messages, newest first, in `locale`. */
export const myMessages = async (
  ctx: GraphQLContext,
  args: { page?: number | null; pageSize?: number | null },
) => {
  const { userId } = requirePlayer(ctx);
  const { page, pageSize, offset } = paging(args.page, args.pageSize);
  const sql = ctx.services.sql;
  const [list, total, unread] = await Promise.all([
    sql.query<{
      id: string;
      title: Localized;
      body: Localized;
      delivered_at: Date | string;
      read_at: Date | string | null;
    }>(
      `SELECT m.id, m.title, m.body, r.delivered_at, r.read_at FROM content_message_recipients r
       JOIN content_messages m ON m.id = r.message_id
       WHERE r.user_id = $1 AND NOT m.withdrawn
       ORDER BY r.delivered_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, offset],
    ),
    sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM content_message_recipients r JOIN content_messages m ON m.id = r.message_id
       WHERE r.user_id = $1 AND NOT m.withdrawn`,
      [userId],
    ),
    unreadCount(sql, userId),
  ]);
  return {
    content: list.rows.map((r) => ({
      id: String(r.id),
      title: pick(r.title, ctx.locale),
      body: pick(r.body, ctx.locale),
      sentAt: new Date(r.delivered_at).toISOString(),
      read: r.read_at !== null,
      readAt: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
    page,
    pageSize,
    count: Number(total.rows[0]?.n ?? 0),
    unread,
  };
};

/** Marks one (or every, when `id` is null) own message read; returns the unread count after. */
export const markRead = async (ctx: GraphQLContext, id: string | null): Promise<number> => {
  const { userId } = requirePlayer(ctx);
  const sql = ctx.services.sql;
  const now = new Date(ctx.services.now()).toISOString();
  if (id !== null) {
    const found = await sql.query(
      `UPDATE content_message_recipients SET read_at = coalesce(read_at, $3)
       WHERE user_id = $1 AND message_id = $2
         AND message_id IN (SELECT id FROM content_messages WHERE NOT withdrawn) RETURNING message_id`,
      [userId, checkId(id, 'message'), now],
    );
    if (found.rows.length === 0) throw codedError('NOT_FOUND', `no message ${id}`);
  } else {
    await sql.query(
      'UPDATE content_message_recipients SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL',
      [userId, now],
    );
  }
  ctx.services.publish(messagesTopic(userId), { userId });
  return unreadCount(sql, userId);
};

/**
 * Staff `sendMessage` (messages.send): stores the message and delivers it (PLAYERS: the listed players,
 * each of whom must exist; ALL: every player in `player_accounts` now; NEW_PLAYERS: nobody yet). Audited
 * as `message.send`.
 */
export const sendMessage = async (
  ctx: GraphQLContext,
  input: {
    audience: Audience;
    userIds?: readonly string[] | null;
    title: LocalizedInput;
    body: LocalizedInput;
  },
) => {
  const viewer = requireStaff(ctx, 'messages.send');
  const title = checkLocalized(input.title, 'title', MAX_TITLE);
  const body = checkLocalized(input.body, 'body', MAX_BODY);
  const userIds = [...new Set((input.userIds ?? []).map((u) => u.trim()))];
  if (input.audience === 'PLAYERS') {
    if (userIds.length === 0 || userIds.length > MAX_LISTED_RECIPIENTS)
      throw codedError('BAD_INPUT', `userIds: 1 to ${MAX_LISTED_RECIPIENTS} players`, { field: 'userIds' });
  } else if (userIds.length > 0) {
    throw codedError('BAD_INPUT', 'userIds only with audience PLAYERS', { field: 'userIds' });
  }
  const now = new Date(ctx.services.now()).toISOString();
  const row = await audited(ctx, viewer, { entity: 'message', verb: 'send' }, async (tx) => {
    if (input.audience === 'PLAYERS') {
      const known = await tx.query<{ user_id: string }>(
        'SELECT user_id FROM player_accounts WHERE user_id = ANY($1::text[])',
        [userIds],
      );
      const missing = userIds.filter((u) => !known.rows.some((r) => r.user_id === u));
      if (missing.length > 0)
        throw codedError('NOT_FOUND', `no player ${missing.slice(0, 5).join(', ')}`, {
          field: 'userIds',
          details: { missing: missing.slice(0, 20) },
        });
    }
    const created = await tx.query<MessageRow>(
      `INSERT INTO content_messages (title, body, audience, created_by, created_at)
       VALUES ($1::jsonb, $2::jsonb, $3, $4, $5) RETURNING *`,
      [
        JSON.stringify(title),
        JSON.stringify(body),
        AUDIENCE_STORED[input.audience],
        `staff:${viewer.staffId}`,
        now,
      ],
    );
    const message = created.rows[0]!;
    let delivered = 0;
    if (input.audience !== 'NEW_PLAYERS') {
      const inserted = await tx.query<{ n: string }>(
        `WITH d AS (
           INSERT INTO content_message_recipients (message_id, user_id, delivered_at)
           SELECT $1::bigint, user_id, $2::timestamptz FROM player_accounts
           WHERE $3::boolean OR user_id = ANY($4::text[])
           ON CONFLICT DO NOTHING RETURNING 1)
         SELECT count(*)::text AS n FROM d`,
        [message.id, now, input.audience === 'ALL', userIds],
      );
      delivered = Number(inserted.rows[0]?.n ?? 0);
    }
    const after = (
      await tx.query<MessageRow>('UPDATE content_messages SET recipients = $2 WHERE id = $1 RETURNING *', [
        message.id,
        delivered,
      ])
    ).rows[0]!;
    return { before: null, after, id: after.id, result: after };
  });
  if (input.audience === 'ALL') ctx.services.publish(MESSAGES_ALL, {});
  else for (const userId of userIds) ctx.services.publish(messagesTopic(userId), { userId });
  return staffView(row);
};

/** Staff `withdrawMessage` (messages.send): hides a message from every inbox. Audited `message.withdraw`. */
export const withdrawMessage = async (ctx: GraphQLContext, id: string) => {
  const viewer = requireStaff(ctx, 'messages.send');
  const row = await audited(ctx, viewer, { entity: 'message', verb: 'withdraw' }, async (tx) => {
    const before = (
      await tx.query<MessageRow>('SELECT * FROM content_messages WHERE id = $1 FOR UPDATE', [
        checkId(id, 'message'),
      ])
    ).rows[0];
    if (!before) throw codedError('NOT_FOUND', `no message ${id}`);
    const after = (
      await tx.query<MessageRow>('UPDATE content_messages SET withdrawn = true WHERE id = $1 RETURNING *', [
        id,
      ])
    ).rows[0]!;
    return { before, after, id, result: after };
  });
  ctx.services.publish(MESSAGES_ALL, {});
  return staffView(row);
};

/** Staff `staffMessages` (content.view): sent messages with read counts, newest first. */
export const staffMessages = async (
  ctx: GraphQLContext,
  args: { page?: number | null; pageSize?: number | null },
) => {
  requireStaff(ctx, 'content.view');
  const { page, pageSize, offset } = paging(args.page, args.pageSize, 100);
  const [list, total] = await Promise.all([
    ctx.services.sql.query<MessageRow>(
      `SELECT m.*, (SELECT count(*) FROM content_message_recipients r
                    WHERE r.message_id = m.id AND r.read_at IS NOT NULL) AS read_count
       FROM content_messages m ORDER BY m.created_at DESC, m.id DESC LIMIT $1 OFFSET $2`,
      [pageSize, offset],
    ),
    ctx.services.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM content_messages'),
  ]);
  return { content: list.rows.map(staffView), page, pageSize, count: Number(total.rows[0]?.n ?? 0) };
};
