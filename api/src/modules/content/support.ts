/**
 * The support chat (spec §2 "support chat with unread badge", "customer-service message dialog"; issue
 * 16 point 3): a player's thread with customer service made of the existing messages, no third-party
 * script. The player's side is what they posted on the message board while logged in
 * (`postBoardMessage`, which keeps their id); customer service's side is the internal messages sent to
 * that player by name (`sendMessage` with audience `PLAYERS`), not broadcasts to everyone.
 */
import type { GraphQLContext } from '../../graphql/context.ts';
import { requirePlayer } from '../../auth/guard.ts';
import { pick } from './common.ts';
import type { Localized } from './common.ts';

/** Entries of the thread returned at most (the newest). */
export const SUPPORT_THREAD_LIMIT = 50;

/** One line of the thread. `id` is the board message's or internal message's own id. */
export interface SupportEntry {
  readonly id: string;
  /** `PLAYER` for what the player wrote, `SUPPORT` for customer service's answer. */
  readonly from: 'PLAYER' | 'SUPPORT';
  /** A support message's title in the caller's language; empty for the player's lines. */
  readonly title: string;
  readonly text: string;
  /** ISO 8601 instant (UTC). */
  readonly at: string;
  /** Support lines: read by the player; the player's own lines are always read. */
  readonly read: boolean;
}

/**
 * Player `supportThread`: the newest {@link SUPPORT_THREAD_LIMIT} entries, oldest first (a chat reads
 * down), and `unread`, the support answers not read yet (the chat button's badge). Reading marks
 * nothing: the client marks an answer read with `markMessageRead`, which also moves the header badge.
 * Errors: UNAUTHENTICATED.
 */
export const supportThread = async (
  ctx: GraphQLContext,
): Promise<{ entries: SupportEntry[]; unread: number }> => {
  const { userId } = requirePlayer(ctx);
  const { rows } = await ctx.services.sql.query<{
    id: string;
    kind: 'PLAYER' | 'SUPPORT';
    title: Localized | null;
    body: Localized | string;
    at: Date | string;
    read: boolean;
  }>(
    `SELECT * FROM (
       SELECT id::text, 'PLAYER' AS kind, NULL::jsonb AS title, to_jsonb(content) AS body,
              created_at AS at, true AS read
         FROM content_board_messages WHERE user_id = $1
       UNION ALL
       SELECT m.id::text, 'SUPPORT', m.title, m.body, r.delivered_at, r.read_at IS NOT NULL
         FROM content_message_recipients r JOIN content_messages m ON m.id = r.message_id
        WHERE r.user_id = $1 AND m.audience = 'players' AND NOT m.withdrawn
     ) t ORDER BY at DESC, kind, id DESC LIMIT $2`,
    [userId, SUPPORT_THREAD_LIMIT],
  );
  const entries = rows.reverse().map((r) => ({
    id: r.id,
    from: r.kind,
    title: r.title ? pick(r.title, ctx.locale) : '',
    text: typeof r.body === 'string' ? r.body : pick(r.body, ctx.locale),
    at: new Date(r.at).toISOString(),
    read: r.read,
  }));
  const { rows: unread } = await ctx.services.sql.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM content_message_recipients r JOIN content_messages m ON m.id = r.message_id
      WHERE r.user_id = $1 AND r.read_at IS NULL AND m.audience = 'players' AND NOT m.withdrawn`,
    [userId],
  );
  return { entries, unread: Number(unread[0]?.n ?? 0) };
};
