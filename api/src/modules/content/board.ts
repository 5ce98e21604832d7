/**
 * The message board (spec §3 "Message board": name, phone, content, email — only content required; §5
 * "Message board content is required"; §6 a visitor may use it; §7 message_board/add): players and
 * visitors write to customer service; staff with `messages.send` (customer service) list the messages and mark them handled.
 */
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { requireStaff } from '../../auth/guard.ts';
import { audited, checkId, checkText, paging } from './common.ts';

/** Most board messages one IP address may post per hour. */
export const BOARD_POSTS_PER_HOUR = 5;
const MAX_CONTENT = 2000;

type Row = Record<string, unknown>;

const view = (r: Row) => ({
  id: String(r['id']),
  userId: r['user_id'] ?? null,
  name: r['name'],
  phone: r['phone'],
  email: r['email'],
  content: r['content'],
  handled: r['handled'],
  handledBy: r['handled_by'] ?? null,
  handledAt: r['handled_at'] ? new Date(r['handled_at'] as string).toISOString() : null,
  createdAt: new Date(r['created_at'] as string).toISOString(),
});

export interface BoardInput {
  readonly name?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly content: string;
}

/**
 * Public `postBoardMessage`: stores one message (the logged-in player's id when there is one). Errors:
 * TEXT_REQUIRED (content), TEXT_TOO_LONG, BAD_PHONE, BAD_EMAIL, RATE_LIMITED (more than
 * {@link BOARD_POSTS_PER_HOUR} an hour from one address).
 */
export const postBoardMessage = async (ctx: GraphQLContext, input: BoardInput): Promise<boolean> => {
  const content = checkText(input.content, 'content', MAX_CONTENT);
  const name = checkText(input.name ?? '', 'name', 80, false);
  const phone = checkText(input.phone ?? '', 'phone', 30, false);
  if (phone !== '' && !/^\+?[0-9 ]{6,20}$/.test(phone))
    throw codedError('BAD_PHONE', 'phone: digits, optional +', { field: 'phone' });
  const email = checkText(input.email ?? '', 'email', 120, false);
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw codedError('BAD_EMAIL', 'email: name@domain', { field: 'email' });
  const now = ctx.services.now();
  const recent = await ctx.services.sql.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM content_board_messages WHERE ip = $1 AND created_at > $2',
    [ctx.ip, new Date(now - 3_600_000).toISOString()],
  );
  if (Number(recent.rows[0]?.n ?? 0) >= BOARD_POSTS_PER_HOUR)
    throw codedError('RATE_LIMITED', 'too many messages; try again later');
  await ctx.services.sql.query(
    `INSERT INTO content_board_messages (user_id, name, phone, email, content, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      ctx.viewer?.kind === 'player' ? ctx.viewer.userId : null,
      name,
      phone,
      email,
      content,
      ctx.ip,
      new Date(now).toISOString(),
    ],
  );
  return true;
};

/** Staff `boardMessages` (messages.send): newest first, optionally only (un)handled ones. */
export const boardMessages = async (
  ctx: GraphQLContext,
  args: { handled?: boolean | null; page?: number | null; pageSize?: number | null },
) => {
  requireStaff(ctx, 'messages.send');
  const { page, pageSize, offset } = paging(args.page, args.pageSize, 100);
  const handled = args.handled ?? null;
  const [list, total] = await Promise.all([
    ctx.services.sql.query<Row>(
      `SELECT * FROM content_board_messages WHERE $1::boolean IS NULL OR handled = $1
       ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [handled, pageSize, offset],
    ),
    ctx.services.sql.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM content_board_messages WHERE $1::boolean IS NULL OR handled = $1',
      [handled],
    ),
  ]);
  return { content: list.rows.map(view), page, pageSize, count: Number(total.rows[0]?.n ?? 0) };
};

/** Staff `setBoardMessageHandled` (messages.send): marks a message handled or not, audited. */
export const setBoardMessageHandled = async (ctx: GraphQLContext, id: string, handled: boolean) => {
  const viewer = requireStaff(ctx, 'messages.send');
  checkId(id, 'board message');
  const row = await audited(ctx, viewer, { entity: 'board_message', verb: 'set_handled' }, async (tx) => {
    const before = (
      await tx.query<Row>('SELECT * FROM content_board_messages WHERE id = $1 FOR UPDATE', [id])
    ).rows[0];
    if (!before) throw codedError('NOT_FOUND', `no board message ${id}`);
    const after = (
      await tx.query<Row>(
        `UPDATE content_board_messages SET handled = $2, handled_by = CASE WHEN $2 THEN $3 END,
           handled_at = CASE WHEN $2 THEN $4::timestamptz END WHERE id = $1 RETURNING *`,
        [id, handled, `staff:${viewer.staffId}`, new Date(ctx.services.now()).toISOString()],
      )
    ).rows[0]!;
    return { before: { handled: before['handled'] }, after: { handled }, id, result: after };
  });
  return view(row);
};
