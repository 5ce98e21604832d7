/**
 * The support chat and the social links (issue 16 point 3; docs/content.md "Support chat", "Social
 * links"): a player's thread is their message-board posts and customer service's messages to them by
 * name, with an unread count; broadcasts and other players' lines stay out.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { seedContent } from './seed.ts';

const START = Date.parse('2026-06-01T09:00:00Z');
const SUPPORT = staff('9', ['content.view', 'messages.send']);
const codeOf = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

interface Thread {
  supportThread: {
    unread: number;
    entries: { id: string; from: string; title: string; text: string; read: boolean }[];
  };
}
const THREAD = '{ supportThread { unread entries { id from title text at read } } }';

describe('support chat and social links', () => {
  let t: TestApp;
  let clock = START;

  beforeAll(async () => {
    t = await startTestApp({ now: () => clock });
    await seedContent(t.services.sql, clock);
  });
  /**
   * A player of this attempt's own (a retried attempt, eventstore/src/testing/retry-setup.ts, would
   * otherwise find its first attempt's posts and answers in the thread).
   */
  const ownPlayer = async () => {
    const id = String(randomInt(1_000, 10_000_000));
    await t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, 4, $1, $3)`,
      [id, `+25578${id.padStart(7, '0')}`, new Date(clock).toISOString()],
    );
    return id;
  };
  afterAll(async () => t.close());

  it('seeds social links for the left menu and the footer, once', async () => {
    const r = await t.gql<{ socialLinks: { title: string; note: string; link: string }[] }>(
      '{ socialLinks(language: "zh-CN") { title note link } }',
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.socialLinks.map((s) => s.note)).toEqual([
      'facebook',
      'instagram',
      'x',
      'youtube',
      'whatsapp',
    ]);
    expect(r.data!.socialLinks.every((s) => s.link.startsWith('https://'))).toBe(true);
    await seedContent(t.services.sql, clock);
    const again = await t.gql<{ socialLinks: unknown[] }>('{ socialLinks { id } }');
    expect(again.data!.socialLinks).toHaveLength(5);
  });

  it('threads a player’s posts with customer service’s answers to them, and counts unread answers', async () => {
    expect(codeOf(await t.gql(THREAD))).toBe('UNAUTHENTICATED');
    const p1 = await ownPlayer();
    const p2 = await ownPlayer();
    const post = (content: string, viewer = player(p1)) =>
      t.gql(`mutation ($c: String!) { postBoardMessage(input: { content: $c }) }`, { c: content }, viewer);
    expect((await post('Habari, nimeweka pesa lakini salio halijaongezeka')).errors).toBeUndefined();
    clock += 60_000;
    await post('Mimi ni mchezaji mwingine', player(p2));
    const send = (audience: string, userIds: string[], body: string) =>
      t.gql<{ sendMessage: { id: string } }>(
        `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { id } }`,
        { input: { audience, userIds, title: { sw: 'Huduma kwa wateja' }, body: { sw: body } } },
        SUPPORT,
      );
    clock += 60_000;
    const answer = await send('PLAYERS', [p1], 'Tumeliona, salio limeongezwa.');
    expect(answer.errors).toBeUndefined();
    clock += 60_000;
    expect((await send('ALL', [], 'Tangazo kwa wote')).errors).toBeUndefined();

    const r = await t.gql<Thread>(THREAD, {}, player(p1));
    expect(r.errors).toBeUndefined();
    expect(r.data!.supportThread).toMatchObject({
      unread: 1,
      entries: [
        { from: 'PLAYER', title: '', text: 'Habari, nimeweka pesa lakini salio halijaongezeka', read: true },
        { from: 'SUPPORT', title: 'Huduma kwa wateja', text: 'Tumeliona, salio limeongezwa.', read: false },
      ],
    });
    const other = await t.gql<Thread>(THREAD, {}, player(p2));
    expect(other.data!.supportThread.entries.map((e) => e.text)).toEqual(['Mimi ni mchezaji mwingine']);

    const id = answer.data!.sendMessage.id;
    await t.gql(`mutation { markMessageRead(id: "${id}") }`, {}, player(p1));
    const after = await t.gql<Thread>(THREAD, {}, player(p1));
    expect(after.data!.supportThread.unread).toBe(0);
    expect(after.data!.supportThread.entries[1]!.read).toBe(true);
  });
});
