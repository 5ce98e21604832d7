/**
 * The content module's read side (decision 0076): the projector that folds events into the messages
 * read model (`content_message_recipients`, `content_messages.recipients`; spec §2 /message). The
 * messages' commands and queries are in messages.ts.
 */
import type { RecordedEvent, SqlExecutor } from '@bashiri/eventstore';
import type { Projection } from '@bashiri/projection-runner';

/**
 * Delivers the NEW_PLAYERS messages (the welcome message) to each player as they register: the
 * messages sent before the registration and not withdrawn. Idempotent, so a rebuild from the start of
 * the log re-delivers nothing twice and keeps read marks (its reset deletes nothing).
 */
export const welcomeMessagesProjection: Projection = {
  name: 'content.welcome_messages',
  filter: { streamPrefixes: ['account-'] },
  apply: async (recorded: RecordedEvent, tx: SqlExecutor) => {
    if (recorded.type !== 'AccountRegistered') return;
    const data = recorded.data as { userId: string; at: string };
    await tx.query(
      `WITH delivered AS (
         INSERT INTO content_message_recipients (message_id, user_id, delivered_at)
         SELECT id, $1::text, $2::timestamptz FROM content_messages
         WHERE audience = 'new_players' AND NOT withdrawn AND created_at <= $2::timestamptz
         ON CONFLICT DO NOTHING RETURNING message_id)
       UPDATE content_messages SET recipients = recipients + 1 WHERE id IN (SELECT message_id FROM delivered)`,
      [data.userId, data.at],
    );
  },
  reset: async () => undefined,
};
