/**
 * The content module end to end through GraphQL (docs/content.md): seeded content, messages and unread
 * counts (also pushed over a real websocket), rotation items, articles with release times, documents,
 * rich-text pages, uploads, the versioned site configuration and string-reward tiers; validation codes,
 * permissions and audit rows.
 */
import type { RecordedEvent } from '@bashiri/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { seedBettingConfig } from '../betting/index.ts';
import { connectWs } from '../live/testing.ts';
import type { WsEvent } from '../live/testing.ts';
import { welcomeMessagesProjection } from './projection.ts';
import { seedContent } from './seed.ts';
import { startSiteConfigWatcher } from './site-config.ts';
import { MAX_UPLOAD_BYTES } from './uploads.ts';

const START = Date.parse('2026-06-01T09:00:00Z');
const EDITOR = staff('7', ['content.view', 'content.edit', 'messages.send', 'config.edit']);
const VIEWER_ONLY = staff('8', ['content.view']);

const codeOf = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('content', () => {
  let t: TestApp;
  let clock = START;

  const addPlayer = async (userId: string) =>
    t.services.sql.query(
      `INSERT INTO player_accounts (user_id, phone, network, invitation_code, created_at) VALUES ($1, $2, 4, $1, $3)`,
      [userId, `+25578${userId.padStart(7, '0')}`, new Date(clock).toISOString()],
    );

  let listening: Promise<string> | null = null;
  /** The websocket address of the test server (listening from the first call on). */
  const wsUrl = async () => {
    listening ??= t.app.listen({ host: '127.0.0.1', port: 0 });
    return `${(await listening).replace(/^http/, 'ws')}/graphql`;
  };

  const auditRows = async (action: string) =>
    (
      await t.services.sql.query<{ actor: string; before: unknown; after: unknown; entity_id: string }>(
        'SELECT actor, before, after, entity_id FROM staff_audit_log WHERE action = $1 ORDER BY id',
        [action],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestApp({ now: () => clock });
    await seedBettingConfig(t.services.sql);
    await seedContent(t.services.sql, clock);
    for (const id of ['101', '102', '103']) await addPlayer(id);
  });
  afterAll(async () => t.close());

  describe('seeded content', () => {
    it('runs once: a second seed adds nothing and a deleted item stays deleted', async () => {
      const count = async () =>
        Number(
          (await t.services.sql.query<{ n: string }>('SELECT count(*)::text n FROM content_rotations'))
            .rows[0]!.n,
        );
      const before = await count();
      await seedContent(t.services.sql, clock);
      expect(await count()).toBe(before);
    });

    it('serves rich-text pages in the locale asked, by slug or by /rich_text type', async () => {
      const q = `query ($slug: String, $type: Int, $language: String) {
        richTextPage(slug: $slug, type: $type, language: $language) { slug type language title html } }`;
      const sw = await t.gql<{ richTextPage: { title: string; language: string; html: string } }>(q, {
        slug: 'privacy-policy',
      });
      expect(sw.data!.richTextPage).toMatchObject({ language: 'sw', title: 'Sera ya Faragha' });
      expect(sw.data!.richTextPage.html).toContain('<h3>Taarifa tunazokusanya</h3>\n<ul><li>');
      const en = await t.gql<{ richTextPage: { title: string } }>(q, { type: 33, language: 'en-US' });
      expect(en.data!.richTextPage.title).toBe('Responsible Gambling');
      const zh = await t.gql<{ richTextPage: { title: string } }>(q, { slug: 'help', language: 'zh-CN' });
      expect(zh.data!.richTextPage.title).toBe('帮助与常见问题');
      for (const slug of ['terms', 'string-rewards'])
        expect((await t.gql<{ richTextPage: unknown }>(q, { slug })).data!.richTextPage).not.toBeNull();
      expect((await t.gql<{ richTextPage: unknown }>(q, { slug: 'nope' })).data!.richTextPage).toBeNull();
      expect(codeOf(await t.gql(q, { slug: 'help', language: 'fr' }))).toBe('BAD_LANGUAGE');
    });

    it('has a notice bar, banners with served SVG images, contacts, rules, an article and site config', async () => {
      const r = await t.gql<{
        noticeBar: { note: string }[];
        desktop: { imageUrl: string; link: string; language: string }[];
        mobile: unknown[];
        promos: unknown[];
        contactList: { note: string; title: string }[];
        documents: { title: string; html: string }[];
        articles: { count: number };
        siteConfig: {
          maintenance: boolean;
          customerServiceNumbers: string[];
          areaCodes: { areaCode: string }[];
        };
      }>(`{ noticeBar(language: "en-US") { note } desktop: rotations(type: 16) { imageUrl link language }
            mobile: rotations(type: 15, language: "zh-CN") { id } promos: rotations(type: 19) { id }
            contactList { note title } documents { title html } articles { count }
            siteConfig { maintenance customerServiceNumbers areaCodes { areaCode } } }`);
      expect(r.errors).toBeUndefined();
      const d = r.data!;
      expect(d.noticeBar[0]!.note).toContain('18+');
      expect(d.desktop).toHaveLength(2);
      expect(d.desktop.every((b) => b.language === 'sw')).toBe(true);
      expect(d.mobile).toHaveLength(2);
      expect(d.promos).toHaveLength(1);
      expect(d.contactList).toHaveLength(2);
      // Language-neutral contacts carry no (English) title: the site heads them in the reader's language.
      expect(d.contactList.map((c) => c.title)).toEqual(['', '']);
      expect(d.documents[0]!.title).toBe('Sheria za Kubeti Mpira wa Miguu');
      expect(d.articles.count).toBe(1);
      expect(d.siteConfig).toMatchObject({ maintenance: false, areaCodes: [{ areaCode: '+255' }] });
      expect(d.siteConfig.customerServiceNumbers).toHaveLength(2);
      const image = await t.app.inject({ method: 'GET', url: d.desktop[0]!.imageUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.headers['content-security-policy']).toContain('sandbox');
      expect(image.body).toMatch(/^<svg[\s\S]*Odds Bora za Mpira[\s\S]*18\+/);
      expect((await t.app.inject({ method: 'GET', url: '/uploads/nothing.png' })).statusCode).toBe(404);
    });
  });

  describe('internal messages', () => {
    const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) {
      id audience recipients readCount withdrawn title { sw enUS } } }`;
    const COUNT = '{ unreadMessageCount }';
    const unread = async (userId: string) =>
      (await t.gql<{ unreadMessageCount: number }>(COUNT, {}, player(userId))).data!.unreadMessageCount;

    it('sends to one player, counts unread, marks read, and keeps inboxes apart', async () => {
      const sent = await t.gql<{ sendMessage: { id: string; recipients: number } }>(
        SEND,
        {
          input: {
            audience: 'PLAYERS',
            userIds: ['101'],
            title: { sw: 'Habari', enUS: 'Hello' },
            body: { sw: 'Karibu tena', enUS: 'Welcome back' },
          },
        },
        EDITOR,
      );
      expect(sent.errors).toBeUndefined();
      expect(sent.data!.sendMessage.recipients).toBe(1);
      expect(await unread('101')).toBe(1);
      expect(await unread('102')).toBe(0);

      const page = await t.gql<{
        myMessages: {
          count: number;
          unread: number;
          content: { id: string; title: string; read: boolean }[];
        };
      }>('{ myMessages { count unread content { id title body read sentAt } } }', {}, player('101'));
      expect(page.data!.myMessages).toMatchObject({
        count: 1,
        unread: 1,
        content: [{ title: 'Habari', read: false }],
      });

      const id = sent.data!.sendMessage.id;
      expect(codeOf(await t.gql(`mutation { markMessageRead(id: "${id}") }`, {}, player('102')))).toBe(
        'NOT_FOUND',
      );
      const marked = await t.gql<{ markMessageRead: number }>(
        `mutation { markMessageRead(id: "${id}") }`,
        {},
        player('101'),
      );
      expect(marked.data!.markMessageRead).toBe(0);
      expect(codeOf(await t.gql(COUNT))).toBe('UNAUTHENTICATED');

      const [row] = await auditRows('message.send');
      expect(row).toMatchObject({ actor: 'staff:7', before: null });
      expect(row!.after).toMatchObject({ audience: 'players', recipients: 1 });
    });

    it('sends to all, reads all, withdraws, and refuses bad input with stable codes', async () => {
      const all = await t.gql<{ sendMessage: { id: string; recipients: number } }>(
        SEND,
        {
          input: {
            audience: 'ALL',
            title: { enUS: 'Maintenance tonight' },
            body: { enUS: 'From 01:00 EAT' },
          },
        },
        EDITOR,
      );
      expect(all.data!.sendMessage.recipients).toBe(3);
      expect(await unread('102')).toBe(1);
      const en = await t.gql<{ myMessages: { content: { title: string }[] } }>(
        '{ myMessages { content { title } } }',
        {},
        player('102'),
      );
      // No Swahili text: the reader falls back to English.
      expect(en.data!.myMessages.content[0]!.title).toBe('Maintenance tonight');
      expect(
        (await t.gql<{ markAllMessagesRead: number }>('mutation { markAllMessagesRead }', {}, player('102')))
          .data!.markAllMessagesRead,
      ).toBe(0);
      expect(await unread('103')).toBe(1);
      const withdrawn = await t.gql<{ withdrawMessage: { withdrawn: boolean } }>(
        `mutation { withdrawMessage(id: "${all.data!.sendMessage.id}") { withdrawn } }`,
        {},
        EDITOR,
      );
      expect(withdrawn.data!.withdrawMessage.withdrawn).toBe(true);
      expect(await unread('103')).toBe(0);

      const bad = (input: Record<string, unknown>) => t.gql(SEND, { input }, EDITOR).then(codeOf);
      expect(await bad({ audience: 'ALL', title: { sw: '  ' }, body: { sw: 'x' } })).toBe('TEXT_REQUIRED');
      expect(await bad({ audience: 'ALL', title: { sw: 'x'.repeat(201) }, body: { sw: 'x' } })).toBe(
        'TEXT_TOO_LONG',
      );
      expect(await bad({ audience: 'PLAYERS', title: { sw: 'x' }, body: { sw: 'x' } })).toBe('BAD_INPUT');
      expect(
        await bad({ audience: 'PLAYERS', userIds: ['999'], title: { sw: 'x' }, body: { sw: 'x' } }),
      ).toBe('NOT_FOUND');
      expect(await bad({ audience: 'ALL', userIds: ['101'], title: { sw: 'x' }, body: { sw: 'x' } })).toBe(
        'BAD_INPUT',
      );
      expect(
        codeOf(
          await t.gql(
            SEND,
            { input: { audience: 'ALL', title: { sw: 'x' }, body: { sw: 'x' } } },
            VIEWER_ONLY,
          ),
        ),
      ).toBe('FORBIDDEN');

      const list = await t.gql<{ staffMessages: { count: number; content: { readCount: number }[] } }>(
        '{ staffMessages { count content { readCount recipients } } }',
        {},
        VIEWER_ONLY,
      );
      expect(list.data!.staffMessages.count).toBeGreaterThanOrEqual(3);
      expect(codeOf(await t.gql('{ staffMessages { count } }', {}, player('101')))).toBe('UNAUTHENTICATED');
    });

    it('delivers the welcome message to a player as they register, once', async () => {
      const registered = {
        type: 'AccountRegistered',
        data: { userId: '104', at: new Date(clock + 1000).toISOString() },
      } as unknown as RecordedEvent;
      await addPlayer('104');
      await t.services.sql.transaction((tx) => welcomeMessagesProjection.apply(registered, tx));
      await t.services.sql.transaction((tx) => welcomeMessagesProjection.apply(registered, tx));
      const page = await t.gql<{ myMessages: { count: number; content: { title: string }[] } }>(
        '{ myMessages { count content { title } } }',
        {},
        player('104'),
      );
      expect(page.data!.myMessages).toMatchObject({ count: 1, content: [{ title: 'Karibu Bashiri!' }] });
      // A player registered before the welcome message existed does not get it on a rebuild.
      const early = {
        ...registered,
        data: { userId: '105', at: '2020-01-01T00:00:00Z' },
      } as unknown as RecordedEvent;
      await t.services.sql.transaction((tx) => welcomeMessagesProjection.apply(early, tx));
      expect(await unread('105')).toBe(0);
    });

    it('pushes the unread count over the websocket at once and after each change', async () => {
      const viewer = JSON.stringify(player('102'));
      const client = await connectWs(await wsUrl(), {
        headers: { 'x-test-viewer': viewer },
      });
      try {
        const sub = client.subscribe('subscription { unreadMessageCount }');
        const countOf = (e: WsEvent) => (e.type === 'next' ? e.payload.data?.['unreadMessageCount'] : e);
        expect(countOf(await sub.next())).toBe(0);
        await t.gql(
          SEND,
          { input: { audience: 'PLAYERS', userIds: ['102'], title: { sw: 'a' }, body: { sw: 'b' } } },
          EDITOR,
        );
        expect(countOf(await sub.next())).toBe(1);
        await t.gql('mutation { markAllMessagesRead }', {}, player('102'));
        expect(countOf(await sub.next())).toBe(0);
        sub.stop();
      } finally {
        await client.close();
      }
    });
  });

  describe('message board', () => {
    const POST = 'mutation ($input: BoardMessageInput!) { postBoardMessage(input: $input) }';

    it('takes content from visitors and players, refuses bad input, limits each address, and staff handle it', async () => {
      const post = (input: Record<string, unknown>, viewer: ReturnType<typeof player> | null = null) =>
        t.gql<{ postBoardMessage: boolean }>(POST, { input }, viewer);
      expect(codeOf(await post({ content: '  ' }))).toBe('TEXT_REQUIRED');
      expect(codeOf(await post({ content: 'x', email: 'not-an-email' }))).toBe('BAD_EMAIL');
      expect(codeOf(await post({ content: 'x', phone: 'call me' }))).toBe('BAD_PHONE');
      expect(
        (await post({ content: 'Nimeweka pesa lakini salio halijaongezeka' })).data!.postBoardMessage,
      ).toBe(true);
      expect(
        (
          await post(
            { content: 'Withdrawal pending', name: 'Asha', phone: '+255 754 000 000' },
            player('101'),
          )
        ).data!.postBoardMessage,
      ).toBe(true);
      for (let i = 0; i < 3; i++) await post({ content: `more ${i}` });
      expect(codeOf(await post({ content: 'one too many' }))).toBe('RATE_LIMITED');

      const list = await t.gql<{
        boardMessages: { count: number; content: { id: string; userId: string | null; name: string }[] };
      }>(
        '{ boardMessages(handled: false) { count content { id userId name content } } }',
        {},
        staff('10', ['messages.send']),
      );
      expect(list.data!.boardMessages.count).toBe(5);
      const asha = list.data!.boardMessages.content.find((m) => m.name === 'Asha')!;
      expect(asha.userId).toBe('101');
      const handled = await t.gql<{ setBoardMessageHandled: { handled: boolean; handledBy: string } }>(
        `mutation { setBoardMessageHandled(id: "${asha.id}", handled: true) { handled handledBy } }`,
        {},
        EDITOR,
      );
      expect(handled.data!.setBoardMessageHandled).toEqual({ handled: true, handledBy: 'staff:7' });
      expect(
        codeOf(
          await t.gql(
            `mutation { setBoardMessageHandled(id: "${asha.id}", handled: true) { id } }`,
            {},
            VIEWER_ONLY,
          ),
        ),
      ).toBe('FORBIDDEN');
      expect(codeOf(await t.gql('{ boardMessages { count } }', {}, player('101')))).toBe('UNAUTHENTICATED');
      expect(codeOf(await t.gql('{ boardMessages { count } }', {}, VIEWER_ONLY))).toBe('FORBIDDEN');
      clock += 3_600_001;
      expect((await post({ content: 'an hour later' })).data!.postBoardMessage).toBe(true);
    });
  });

  describe('rotation items', () => {
    const CREATE = `mutation ($input: RotationInput!) { createRotation(input: $input) {
      id type typeName title note imageUrl link jumpType language sorting shown clicks } }`;

    it('creates, edits, hides, clicks and deletes a notice with an audit trail', async () => {
      const created = await t.gql<{
        createRotation: { id: string; jumpType: number; language: string | null };
      }>(
        CREATE,
        {
          input: { type: 18, note: 'Ligi Kuu inaanza Jumamosi!', language: 'sw', sorting: 90, link: '/home' },
        },
        EDITOR,
      );
      expect(created.errors).toBeUndefined();
      expect(created.data!.createRotation).toMatchObject({ jumpType: 1, language: 'sw' });
      const id = created.data!.createRotation.id;
      const notes = async () =>
        (
          await t.gql<{ noticeBar: { note: string }[] }>('{ noticeBar(language: "sw") { note } }')
        ).data!.noticeBar.map((n) => n.note);
      // Higher sorting first: the seeded notice (100) before this one (90).
      expect((await notes())[0]).toContain('Karibu Bashiri');
      expect(await notes()).toContain('Ligi Kuu inaanza Jumamosi!');

      expect(
        (await t.gql<{ clickRotation: boolean }>(`mutation { clickRotation(id: "${id}") }`)).data!
          .clickRotation,
      ).toBe(true);
      const hidden = await t.gql<{ updateRotation: { shown: boolean; clicks: number; note: string } }>(
        `mutation { updateRotation(id: "${id}", input: { shown: false }) { shown clicks note } }`,
        {},
        EDITOR,
      );
      expect(hidden.data!.updateRotation).toMatchObject({
        shown: false,
        clicks: 1,
        note: 'Ligi Kuu inaanza Jumamosi!',
      });
      expect(await notes()).not.toContain('Ligi Kuu inaanza Jumamosi!');
      expect(
        (await t.gql<{ clickRotation: boolean }>(`mutation { clickRotation(id: "${id}") }`)).data!
          .clickRotation,
      ).toBe(false);
      const [update] = await auditRows('rotation.update');
      expect(update!.before).toMatchObject({ shown: true });
      expect(update!.after).toMatchObject({ shown: false });

      expect(
        (await t.gql<{ deleteRotation: boolean }>(`mutation { deleteRotation(id: "${id}") }`, {}, EDITOR))
          .data!.deleteRotation,
      ).toBe(true);
      expect(codeOf(await t.gql(`mutation { deleteRotation(id: "${id}") }`, {}, EDITOR))).toBe('NOT_FOUND');
      expect((await auditRows('rotation.delete'))[0]!.after).toBeNull();
    });

    it('refuses bad input with stable codes', async () => {
      const bad = async (input: Record<string, unknown>) => codeOf(await t.gql(CREATE, { input }, EDITOR));
      expect(await bad({ type: 18, note: 'x', sorting: 101 })).toBe('SEQUENCE_OUT_OF_RANGE');
      expect(await bad({ type: 18, note: 'x', sorting: -1 })).toBe('SEQUENCE_OUT_OF_RANGE');
      expect(await bad({ type: 7, note: 'x' })).toBe('ROTATION_TYPE_UNKNOWN');
      expect(await bad({ type: 18, note: ' ' })).toBe('TEXT_REQUIRED');
      expect(await bad({ type: 16, title: 'No image' })).toBe('IMAGE_REQUIRED');
      expect(await bad({ type: 16, imageUrl: 'javascript:alert(1)' })).toBe('BAD_LINK');
      expect(await bad({ type: 18, note: 'x', link: 'http://plain.example' })).toBe('BAD_LINK');
      expect(await bad({ type: 18, note: 'x', language: 'fr' })).toBe('BAD_LANGUAGE');
      expect(await bad({ note: 'x' })).toBe('TEXT_REQUIRED');
      expect(codeOf(await t.gql('{ rotations(type: 40000) { id } }'))).toBe('BAD_INPUT');
      expect(codeOf(await t.gql('{ documents(type: 0) { id } }'))).toBe('BAD_INPUT');
      expect(codeOf(await t.gql(CREATE, { input: { type: 18, note: 'x' } }, VIEWER_ONLY))).toBe('FORBIDDEN');
      expect(codeOf(await t.gql('{ staffRotations { id } }', {}, staff('9', [])))).toBe('FORBIDDEN');
      expect(
        codeOf(await t.gql('mutation { updateRotation(id: "abc", input: {}) { id } }', {}, EDITOR)),
      ).toBe('NOT_FOUND');
    });
  });

  describe('articles (graphic text)', () => {
    const CREATE = `mutation ($input: ArticleInput!) { createArticle(input: $input) { id releaseTime html } }`;

    it('validates the release time (spec §5) and shows an article from its release on', async () => {
      const bad = async (releaseTime: string) =>
        codeOf(await t.gql(CREATE, { input: { title: 'T', language: 'en-US', releaseTime } }, EDITOR));
      expect(await bad('2026-02-30T10:00:00Z')).toBe('RELEASE_TIME_INVALID');
      expect(await bad('tomorrow')).toBe('RELEASE_TIME_INVALID');
      expect(await bad('2026-06-01 10:00')).toBe('RELEASE_TIME_INVALID');
      expect(await bad('1999-12-31T23:59:59Z')).toBe('RELEASE_TIME_INVALID');
      expect(await bad('2028-01-01T00:00:00Z')).toBe('RELEASE_TIME_INVALID');
      expect(codeOf(await t.gql(CREATE, { input: { title: 'T', language: 'en-US' } }, EDITOR))).toBe(
        'RELEASE_TIME_INVALID',
      );

      const created = await t.gql<{ createArticle: { id: string; releaseTime: string; html: string } }>(
        CREATE,
        {
          input: {
            title: 'Derby weekend',
            body: '**Simba v Yanga** on Saturday',
            language: 'en-US',
            releaseTime: '2026-06-02T12:00:00+03:00',
          },
        },
        EDITOR,
      );
      expect(created.data!.createArticle).toMatchObject({
        releaseTime: '2026-06-02T09:00:00.000Z',
        html: '<p><strong>Simba v Yanga</strong> on Saturday</p>',
      });
      const id = created.data!.createArticle.id;
      const publicCount = async () =>
        (await t.gql<{ articles: { count: number } }>('{ articles(language: "en-US") { count } }')).data!
          .articles.count;
      expect(await publicCount()).toBe(1);
      expect((await t.gql<{ article: unknown }>(`{ article(id: "${id}") { id } }`)).data!.article).toBeNull();
      const staffList = await t.gql<{ staffArticles: { count: number } }>(
        '{ staffArticles(language: "en-US") { count } }',
        {},
        VIEWER_ONLY,
      );
      expect(staffList.data!.staffArticles.count).toBe(2);
      clock = Date.parse('2026-06-02T09:00:01Z');
      expect(await publicCount()).toBe(2);
      expect(
        (await t.gql<{ article: { id: string } }>(`{ article(id: "${id}") { id } }`)).data!.article,
      ).toEqual({ id });

      const updated = await t.gql<{ updateArticle: { title: string; sorting: number } }>(
        `mutation { updateArticle(id: "${id}", input: { sorting: 100 }) { title sorting } }`,
        {},
        EDITOR,
      );
      expect(updated.data!.updateArticle).toEqual({ title: 'Derby weekend', sorting: 100 });
      expect(
        codeOf(
          await t.gql(`mutation { updateArticle(id: "${id}", input: { sorting: 101 }) { id } }`, {}, EDITOR),
        ),
      ).toBe('SEQUENCE_OUT_OF_RANGE');
      expect(
        (await t.gql<{ deleteArticle: boolean }>(`mutation { deleteArticle(id: "${id}") }`, {}, EDITOR)).data!
          .deleteArticle,
      ).toBe(true);
    });
  });

  describe('uploads and documents', () => {
    const UPLOAD = `mutation ($name: String!, $dataUrl: String!) { uploadFile(name: $name, dataUrl: $dataUrl) {
      id url contentType sizeBytes } }`;
    const upload = (name: string, url: string, viewer = EDITOR) =>
      t.gql<{ uploadFile: { url: string; sizeBytes: number } }>(UPLOAD, { name, dataUrl: url }, viewer);

    it('stores and serves an image; refuses size, type and content mismatches', async () => {
      const ok = await upload('dot.png', dataUrl('image/png', PNG_1x1));
      expect(ok.errors).toBeUndefined();
      expect(ok.data!.uploadFile.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: ok.data!.uploadFile.url });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG_1x1)).toBe(true);

      const big = Buffer.concat([PNG_1x1, Buffer.alloc(MAX_UPLOAD_BYTES)]);
      expect(codeOf(await upload('big.png', dataUrl('image/png', big)))).toBe('UPLOAD_TOO_LARGE');
      expect(codeOf(await upload('x.html', dataUrl('text/html', Buffer.from('<b>x</b>'))))).toBe(
        'UPLOAD_TYPE_NOT_ALLOWED',
      );
      expect(codeOf(await upload('fake.png', dataUrl('image/png', Buffer.from('not a png'))))).toBe(
        'UPLOAD_CONTENT_MISMATCH',
      );
      const evil = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect(codeOf(await upload('evil.svg', dataUrl('image/svg+xml', evil)))).toBe(
        'UPLOAD_CONTENT_MISMATCH',
      );
      const handler = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
      expect(codeOf(await upload('evil2.svg', dataUrl('image/svg+xml', handler)))).toBe(
        'UPLOAD_CONTENT_MISMATCH',
      );
      expect(codeOf(await upload('bin.txt', dataUrl('text/plain', Buffer.from([0xff, 0xfe, 0x00]))))).toBe(
        'UPLOAD_CONTENT_MISMATCH',
      );
      expect(codeOf(await upload('x.png', 'http://example.org/x.png'))).toBe('BAD_INPUT');
      expect(codeOf(await upload('dot.png', dataUrl('image/png', PNG_1x1), VIEWER_ONLY))).toBe('FORBIDDEN');
      expect((await auditRows('file.upload')).length).toBe(1);
    });

    it('keeps rules documents with a body or an uploaded text file (type 14)', async () => {
      const CREATE = `mutation ($input: DocumentInput!) { createDocument(input: $input) { id type fileUrl html } }`;
      const bad = async (input: Record<string, unknown>) => codeOf(await t.gql(CREATE, { input }, EDITOR));
      expect(await bad({ type: 14, title: 'Empty', language: 'en-US' })).toBe('DOCUMENT_EMPTY');
      const image = await upload('dot.png', dataUrl('image/png', PNG_1x1));
      expect(
        await bad({ type: 14, title: 'Img', language: 'en-US', fileUrl: image.data!.uploadFile.url }),
      ).toBe('BAD_FILE');
      expect(
        await bad({ type: 14, title: 'Ext', language: 'en-US', fileUrl: 'https://example.org/r.txt' }),
      ).toBe('BAD_FILE');
      expect(await bad({ type: 0, title: 'T', body: 'b', language: 'en-US' })).toBe('BAD_INPUT');
      expect(await bad({ type: 14, title: 'T', body: 'b', language: 'en-US', sorting: 500 })).toBe(
        'SEQUENCE_OUT_OF_RANGE',
      );
      const text = await upload('rules.txt', dataUrl('text/plain', Buffer.from('Kanuni za mchezo\n')));
      const created = await t.gql<{ createDocument: { id: string; fileUrl: string } }>(
        CREATE,
        {
          input: {
            type: 14,
            title: 'Basketball rules',
            language: 'en-US',
            fileUrl: text.data!.uploadFile.url,
          },
        },
        EDITOR,
      );
      expect(created.errors).toBeUndefined();
      const docs = await t.gql<{ documents: { title: string }[] }>(
        '{ documents(language: "en-US") { title } }',
      );
      expect(docs.data!.documents.map((d) => d.title)).toEqual([
        'Football Betting Rules',
        'Basketball rules',
      ]);
      const served = await t.app.inject({ method: 'GET', url: text.data!.uploadFile.url });
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(served.body).toBe('Kanuni za mchezo\n');
    });
  });

  describe('rich-text pages', () => {
    const SAVE = `mutation ($input: RichTextPageInput!) { saveRichTextPage(input: $input) { slug type language title html } }`;

    it('creates, replaces and deletes a page; refuses bad slugs and a type used by another slug', async () => {
      const input = {
        slug: 'promotion-rules',
        type: 30,
        language: 'en-US',
        title: 'Promotion rules',
        body: '- one',
      };
      const saved = await t.gql<{ saveRichTextPage: { html: string } }>(SAVE, { input }, EDITOR);
      expect(saved.data!.saveRichTextPage.html).toBe('<ul><li>one</li></ul>');
      await t.gql(SAVE, { input: { ...input, title: 'Promotion rules v2' } }, EDITOR);
      // No Swahili page: a Swahili reader gets English.
      const read = await t.gql<{ richTextPage: { title: string; language: string } }>(
        '{ richTextPage(type: 30) { title language } }',
      );
      expect(read.data!.richTextPage).toEqual({ title: 'Promotion rules v2', language: 'en-US' });
      const audits = await auditRows('rich_text.save');
      expect(audits.at(-1)!.before).toMatchObject({ title: 'Promotion rules' });
      expect(audits.at(-1)!.after).toMatchObject({ title: 'Promotion rules v2' });

      expect(codeOf(await t.gql(SAVE, { input: { ...input, slug: 'Bad Slug' } }, EDITOR))).toBe('BAD_SLUG');
      expect(codeOf(await t.gql(SAVE, { input: { ...input, slug: 'other', type: 33 } }, EDITOR))).toBe(
        'CONFLICT',
      );
      expect(codeOf(await t.gql(SAVE, { input: { ...input, body: ' ' } }, EDITOR))).toBe('TEXT_REQUIRED');
      expect(codeOf(await t.gql('{ richTextPage { slug } }'))).toBe('BAD_INPUT');
      const del = 'mutation { deleteRichTextPage(slug: "promotion-rules", language: "en-US") }';
      expect((await t.gql<{ deleteRichTextPage: boolean }>(del, {}, EDITOR)).data!.deleteRichTextPage).toBe(
        true,
      );
      expect(codeOf(await t.gql(del, {}, EDITOR))).toBe('NOT_FOUND');
    });
  });

  describe('configuration versions', () => {
    const SET = `mutation ($input: SiteConfigInput!, $at: DateTime) { setSiteConfig(input: $input, effectiveFrom: $at) {
      id effectiveFrom maintenance inForce } }`;
    const config = {
      maintenance: true,
      maintenanceMessage: { sw: 'Tunaboresha mfumo', enUS: 'We are upgrading' },
      customerServiceNumbers: ['+255 700 000 201', '0700000202'],
      areaCodes: [
        { country: 'Tanzania', areaCode: '+255', flag: '🇹🇿', internationalName: 'Tanzania', shown: true },
      ],
      supportLinks: ['https://chat.example.org/a'],
    };

    it('applies a future maintenance version at its effective time, not before', async () => {
      const at = new Date(clock + 3_600_000).toISOString();
      const set = await t.gql<{ setSiteConfig: { inForce: boolean; effectiveFrom: string } }>(
        SET,
        { input: config, at },
        EDITOR,
      );
      expect(set.errors).toBeUndefined();
      expect(set.data!.setSiteConfig).toEqual(expect.objectContaining({ inForce: false, effectiveFrom: at }));
      const read = async () =>
        (
          await t.gql<{
            siteConfig: {
              maintenance: boolean;
              maintenanceMessage: string;
              customerServiceNumbers: string[];
            };
          }>('{ siteConfig { maintenance maintenanceMessage customerServiceNumbers } }')
        ).data!.siteConfig;
      expect((await read()).maintenance).toBe(false);
      clock += 3_600_000;
      expect(await read()).toEqual({
        maintenance: true,
        maintenanceMessage: 'Tunaboresha mfumo',
        customerServiceNumbers: ['+255 700 000 201', '0700000202'],
      });
      const versions = await t.gql<{ siteConfigVersions: { inForce: boolean; maintenance: boolean }[] }>(
        '{ siteConfigVersions { inForce maintenance createdBy } }',
        {},
        EDITOR,
      );
      expect(versions.data!.siteConfigVersions[0]).toMatchObject({ inForce: true, maintenance: true });
      expect(versions.data!.siteConfigVersions).toHaveLength(2);
      const [row] = await auditRows('site_config.set');
      expect(row!.before).toMatchObject({ maintenance: false });
      expect(row!.after).toMatchObject({ maintenance: true, effectiveFrom: at });
      // Back to normal, now.
      await t.gql(SET, { input: { ...config, maintenance: false } }, EDITOR);
      expect((await read()).maintenance).toBe(false);
    });

    it('pushes the site configuration at once, after a staff change, and when a future version comes into force', async () => {
      const client = await connectWs(await wsUrl());
      const stopWatcher = await startSiteConfigWatcher(t.services, 20);
      try {
        const sub = client.subscribe(
          'subscription { siteConfig(language: "en-US") { maintenance maintenanceMessage } }',
        );
        const stateOf = (e: WsEvent) => (e.type === 'next' ? e.payload.data?.['siteConfig'] : e);
        expect(stateOf(await sub.next())).toMatchObject({ maintenance: false });
        clock += 1000;
        await t.gql(SET, { input: config }, EDITOR);
        expect(stateOf(await sub.next())).toEqual({
          maintenance: true,
          maintenanceMessage: 'We are upgrading',
        });
        await t.gql(
          SET,
          { input: { ...config, maintenance: false }, at: new Date(clock + 5000).toISOString() },
          EDITOR,
        );
        clock += 5000;
        // A repeat of the last state may come first when the watcher raced the staff change.
        let next = stateOf(await sub.next());
        if ((next as { maintenance?: boolean }).maintenance) next = stateOf(await sub.next());
        expect(next).toMatchObject({ maintenance: false });
        sub.stop();
      } finally {
        await stopWatcher();
        await client.close();
      }
    });

    it('refuses a past effective time and bad numbers, codes and links', async () => {
      const past = new Date(clock - 3_600_000).toISOString();
      expect(codeOf(await t.gql(SET, { input: config, at: past }, EDITOR))).toBe('EFFECTIVE_TIME_IN_PAST');
      expect(codeOf(await t.gql(SET, { input: config, at: '9999-12-31T23:59:59Z' }, EDITOR))).toBe(
        'BAD_INPUT',
      );
      expect(
        codeOf(await t.gql(SET, { input: { ...config, customerServiceNumbers: ['call us'] } }, EDITOR)),
      ).toBe('BAD_PHONE');
      expect(codeOf(await t.gql(SET, { input: { ...config, customerServiceNumbers: [] } }, EDITOR))).toBe(
        'BAD_PHONE',
      );
      const badCode = [{ ...config.areaCodes[0]!, areaCode: '255' }];
      expect(codeOf(await t.gql(SET, { input: { ...config, areaCodes: badCode } }, EDITOR))).toBe(
        'BAD_AREA_CODE',
      );
      expect(
        codeOf(await t.gql(SET, { input: { ...config, supportLinks: ['http://x.example'] } }, EDITOR)),
      ).toBe('BAD_LINK');
      expect(codeOf(await t.gql(SET, { input: { ...config, maintenanceMessage: {} } }, EDITOR))).toBe(
        'TEXT_REQUIRED',
      );
      expect(codeOf(await t.gql(SET, { input: config }, VIEWER_ONLY))).toBe('FORBIDDEN');
      expect(codeOf(await t.gql('{ siteConfigVersions { id } }', {}, VIEWER_ONLY))).toBe('FORBIDDEN');
    });

    it('versions bet-configuration changes (limits, caps, tax) with an effective time', async () => {
      const SET_BET = `mutation ($input: BetConfigInput!, $at: DateTime) { setBetConfig(input: $input, effectiveFrom: $at) {
        minimumBetAmount maxBetAmount minStringRewardOdds taxRatePercent singleGameHighestProfit version } }`;
      const READ =
        '{ betConfig { minimumBetAmount maxBetAmount minStringRewardOdds taxRatePercent singleGameHighestProfit multipleGameHighestProfit customerService } }';
      type Read = { betConfig: Record<string, unknown> };
      const at = new Date(clock + 120_000).toISOString();
      const input = {
        minimumBetAmount: 200,
        maxBetAmount: 1_000_000,
        minStringRewardOdds: '1.20',
        taxRatePercent: 12,
        singleGameHighestProfit: 50_000_000,
        customerService: 'Piga +255 700 000 101',
      };
      const set = await t.gql<{ setBetConfig: Record<string, unknown> }>(SET_BET, { input, at }, EDITOR);
      expect(set.errors).toBeUndefined();
      expect(set.data!.setBetConfig).toMatchObject({
        minimumBetAmount: 200,
        taxRatePercent: 12,
        version: at,
      });
      expect((await t.gql<Read>(READ)).data!.betConfig).toMatchObject({
        minimumBetAmount: 100,
        taxRatePercent: 10,
      });
      clock += 120_000;
      expect((await t.gql<Read>(READ)).data!.betConfig).toEqual({
        minimumBetAmount: 200,
        maxBetAmount: 1_000_000,
        minStringRewardOdds: '1.20',
        taxRatePercent: 12,
        singleGameHighestProfit: 50_000_000,
        multipleGameHighestProfit: null,
        customerService: 'Piga +255 700 000 101',
      });
      // Clearing a cap with null keeps everything else; back to 10% tax.
      clock += 1000;
      await t.gql(SET_BET, { input: { singleGameHighestProfit: null, taxRatePercent: 10 } }, EDITOR);
      expect((await t.gql<Read>(READ)).data!.betConfig).toMatchObject({
        minimumBetAmount: 200,
        singleGameHighestProfit: null,
        taxRatePercent: 10,
      });
      const versions = await t.gql<{
        betConfigVersions: { inForce: boolean; config: { minimumBetAmount: number } }[];
      }>(
        '{ betConfigVersions { inForce createdBy config { minimumBetAmount taxRatePercent } } }',
        {},
        EDITOR,
      );
      expect(versions.data!.betConfigVersions[0]).toMatchObject({
        inForce: true,
        config: { minimumBetAmount: 200 },
      });
      expect(versions.data!.betConfigVersions.filter((v) => v.inForce)).toHaveLength(1);
      const [row] = await auditRows('bet_config.set');
      expect(row!.before).toMatchObject({ minimumBetAmount: 100, taxRatePercent: 10 });
      expect(row!.after).toMatchObject({ minimumBetAmount: 200, taxRatePercent: 12 });

      const bad = async (patch: Record<string, unknown>) => {
        const r = await t.gql(SET_BET, { input: patch }, EDITOR);
        return `${codeOf(r)}:${r.errors?.[0]?.extensions?.field}`;
      };
      expect(await bad({ minimumBetAmount: 150 })).toBe('BAD_BET_CONFIG:minimumBetAmount');
      expect(await bad({ maxBetAmount: 100 })).toBe('BAD_BET_CONFIG:maxBetAmount');
      expect(await bad({ minStringRewardOdds: '0.90' })).toBe('BAD_BET_CONFIG:minStringRewardOdds');
      expect(await bad({ multipleGameHighestProfit: 0 })).toBe('BAD_BET_CONFIG:multipleGameHighestProfit');
      expect(await bad({ taxRatePercent: 100.5 })).toBe('BAD_BET_CONFIG:taxRatePercent');
      expect(codeOf(await t.gql(SET_BET, { input: { minimumBetAmount: 300 } }, VIEWER_ONLY))).toBe(
        'FORBIDDEN',
      );
      expect(await bad({ liveBetDelaySecondsMobile: 31 })).toBe('BAD_BET_CONFIG:liveBetDelaySecondsMobile');
      expect(await bad({ liveBetDelaySecondsDesktop: -1 })).toBe('BAD_BET_CONFIG:liveBetDelaySecondsDesktop');
      // Leave the defaults in force for the tests after this one.
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 100, maxBetAmount: 3_000_000 } }, EDITOR);
    });

    it('versions the rolling-bet delays (spec §9): 5 s each by default, whole seconds 0–30, other fields kept', async () => {
      const DELAYS = 'liveBetDelaySecondsMobile liveBetDelaySecondsDesktop';
      const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) { ${DELAYS} minimumBetAmount } }`;
      type Read = { betConfig: Record<string, unknown> };
      expect((await t.gql<Read>(`{ betConfig { ${DELAYS} } }`)).data!.betConfig).toEqual({
        liveBetDelaySecondsMobile: 5,
        liveBetDelaySecondsDesktop: 5,
      });
      clock += 1000;
      const set = await t.gql(
        SET_BET,
        { input: { liveBetDelaySecondsMobile: 0, liveBetDelaySecondsDesktop: 30 } },
        EDITOR,
      );
      expect(set.data).toEqual({
        setBetConfig: { liveBetDelaySecondsMobile: 0, liveBetDelaySecondsDesktop: 30, minimumBetAmount: 100 },
      });
      expect((await t.gql<Read>(`{ betConfig { ${DELAYS} minimumBetAmount } }`)).data!.betConfig).toEqual({
        liveBetDelaySecondsMobile: 0,
        liveBetDelaySecondsDesktop: 30,
        minimumBetAmount: 100,
      });
      // A change of another field keeps the delays.
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 200 } }, EDITOR);
      expect((await t.gql<Read>(`{ betConfig { ${DELAYS} } }`)).data!.betConfig).toEqual({
        liveBetDelaySecondsMobile: 0,
        liveBetDelaySecondsDesktop: 30,
      });
      const last = (await auditRows('bet_config.set')).at(-1);
      expect(last!.after).toMatchObject({
        minimumBetAmount: 200,
        liveBetDelaySecondsMobile: 0,
        liveBetDelaySecondsDesktop: 30,
      });
      // Back to the defaults for the tests after this one.
      clock += 1000;
      await t.gql(
        SET_BET,
        { input: { minimumBetAmount: 100, liveBetDelaySecondsMobile: 5, liveBetDelaySecondsDesktop: 5 } },
        EDITOR,
      );
    });

    it('versions the order warning amount (spec §9): none by default, whole TZS ≥ 1 or null, staff-only', async () => {
      const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) { minimumBetAmount } }`;
      const VERSIONS = `{ betConfigVersions { inForce orderWarningAmount config { minimumBetAmount } } }`;
      type Versions = { betConfigVersions: { inForce: boolean; orderWarningAmount: number | null }[] };
      const inForce = async () =>
        (await t.gql<Versions>(VERSIONS, {}, EDITOR)).data!.betConfigVersions.find((v) => v.inForce)!
          .orderWarningAmount;
      expect(await inForce()).toBeNull();
      clock += 1000;
      expect(
        (await t.gql(SET_BET, { input: { orderWarningAmount: 250_000 } }, EDITOR)).errors,
      ).toBeUndefined();
      expect(await inForce()).toBe(250_000);
      // Another field's change keeps it; null clears it.
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 200 } }, EDITOR);
      expect(await inForce()).toBe(250_000);
      expect((await auditRows('bet_config.set')).at(-1)!.after).toMatchObject({
        orderWarningAmount: 250_000,
      });
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 100, orderWarningAmount: null } }, EDITOR);
      expect(await inForce()).toBeNull();
      const bad = async (patch: Record<string, unknown>) => {
        const r = await t.gql(SET_BET, { input: patch }, EDITOR);
        return `${codeOf(r)}:${r.errors?.[0]?.extensions?.field}`;
      };
      expect(await bad({ orderWarningAmount: 0 })).toBe('BAD_BET_CONFIG:orderWarningAmount');
      expect(await bad({ orderWarningAmount: -100 })).toBe('BAD_BET_CONFIG:orderWarningAmount');
      // Not on the player-facing BetConfig type at all.
      const playerRead = await t.gql(`{ betConfig { orderWarningAmount } }`);
      expect(playerRead.errors?.[0]?.message).toMatch(/Cannot query field "orderWarningAmount"/);
      expect(codeOf(await t.gql(VERSIONS, {}, player('101')))).toBe('UNAUTHENTICATED');
    });

    it('versions the stake limits per channel (spec §9): none by default, multiples of 100 or null, each channel left a stake', async () => {
      const STAKES =
        'minimumBetAmountMobile maximumBetAmountMobile minimumBetAmountDesktop maximumBetAmountDesktop';
      const SET_BET = `mutation ($input: BetConfigInput!) { setBetConfig(input: $input) { ${STAKES} } }`;
      type Read = { betConfig: Record<string, unknown> };
      const read = async () => (await t.gql<Read>(`{ betConfig { ${STAKES} } }`)).data!.betConfig;
      const none = {
        minimumBetAmountMobile: null,
        maximumBetAmountMobile: null,
        minimumBetAmountDesktop: null,
        maximumBetAmountDesktop: null,
      };
      expect(await read()).toEqual(none);
      clock += 1000;
      const set = await t.gql(
        SET_BET,
        {
          input: {
            minimumBetAmountMobile: 500,
            maximumBetAmountMobile: 50_000,
            maximumBetAmountDesktop: 2_000_000,
          },
        },
        EDITOR,
      );
      const limits = {
        ...none,
        minimumBetAmountMobile: 500,
        maximumBetAmountMobile: 50_000,
        maximumBetAmountDesktop: 2_000_000,
      };
      expect(set.data).toEqual({ setBetConfig: limits });
      expect(await read()).toEqual(limits);
      // Another field's change keeps them; staff see them on every version; null clears one.
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 200 } }, EDITOR);
      expect(await read()).toEqual(limits);
      const versions = await t.gql<{ betConfigVersions: { inForce: boolean; config: unknown }[] }>(
        `{ betConfigVersions { inForce config { ${STAKES} } } }`,
        {},
        EDITOR,
      );
      expect(versions.data!.betConfigVersions.find((v) => v.inForce)!.config).toEqual(limits);
      expect((await auditRows('bet_config.set')).at(-1)!.after).toMatchObject({
        minimumBetAmount: 200,
        minimumBetAmountMobile: 500,
      });
      clock += 1000;
      await t.gql(SET_BET, { input: { minimumBetAmount: 100, maximumBetAmountDesktop: null } }, EDITOR);
      expect(await read()).toEqual({ ...limits, maximumBetAmountDesktop: null });

      const bad = async (patch: Record<string, unknown>) => {
        const r = await t.gql(SET_BET, { input: patch }, EDITOR);
        return `${codeOf(r)}:${r.errors?.[0]?.extensions?.field}`;
      };
      // Stakes: whole TZS, multiples of 100, at least 100.
      expect(await bad({ minimumBetAmountMobile: 0 })).toBe('BAD_BET_CONFIG:minimumBetAmountMobile');
      expect(await bad({ maximumBetAmountDesktop: 150 })).toBe('BAD_BET_CONFIG:maximumBetAmountDesktop');
      expect(await bad({ minimumBetAmountDesktop: -100 })).toBe('BAD_BET_CONFIG:minimumBetAmountDesktop');
      // A channel's minimum not above its maximum (also the one stored) nor maxBetAmount.
      expect(await bad({ minimumBetAmountMobile: 50_100 })).toBe('BAD_BET_CONFIG:minimumBetAmountMobile');
      expect(await bad({ minimumBetAmountDesktop: 3_000_100 })).toBe(
        'BAD_BET_CONFIG:minimumBetAmountDesktop',
      );
      expect(await bad({ minimumBetAmountDesktop: 2_000, maximumBetAmountDesktop: 1_000 })).toBe(
        'BAD_BET_CONFIG:minimumBetAmountDesktop',
      );
      // A channel's maximum not below the pay-type minimums, whichever side changes.
      expect(
        await bad({
          maximumBetAmountMobile: 100,
          minimumBetAmountMobile: null,
          minimumBetAmountVirtual: 200,
        }),
      ).toBe('BAD_BET_CONFIG:maximumBetAmountMobile');
      expect(await bad({ minimumBetAmount: 60_000 })).toBe('BAD_BET_CONFIG:maximumBetAmountMobile');
      // Nothing of the refused changes was stored. Back to no channel limits for the tests after this one.
      expect(await read()).toEqual({ ...limits, maximumBetAmountDesktop: null });
      clock += 1000;
      await t.gql(SET_BET, { input: none }, EDITOR);
      expect(await read()).toEqual(none);
    });

    it('versions string-reward tiers in the bet configuration with an effective time', async () => {
      const SET_TIERS = `mutation ($tiers: [StringRewardTierInput!]!, $at: DateTime) {
        setStringRewardTiers(tiers: $tiers, effectiveFrom: $at) { strings cashBackPercent } }`;
      const tiers = [
        { strings: 5, cashBackPercent: 10 },
        { strings: 3, cashBackPercent: 3.5 },
      ];
      const at = new Date(clock + 60_000).toISOString();
      const set = await t.gql<{ setStringRewardTiers: unknown[] }>(SET_TIERS, { tiers, at }, EDITOR);
      expect(set.errors).toBeUndefined();
      expect(set.data!.setStringRewardTiers).toEqual([tiers[1], tiers[0]]);
      const inForce = async () =>
        (await t.gql<{ stringRewards: unknown[] }>('{ stringRewards { strings cashBackPercent } }')).data!
          .stringRewards;
      expect(await inForce()).toEqual([]);
      clock += 60_000;
      expect(await inForce()).toEqual([tiers[1], tiers[0]]);
      const betConfig = await t.gql<{ betConfig: { maxBetAmount: number } }>(
        '{ betConfig { maxBetAmount } }',
      );
      expect(betConfig.data!.betConfig.maxBetAmount).toBe(3_000_000);
      const bad = async (list: unknown[]) => codeOf(await t.gql(SET_TIERS, { tiers: list }, EDITOR));
      expect(await bad([{ strings: 1, cashBackPercent: 5 }])).toBe('BAD_TIER');
      expect(await bad([{ strings: 3, cashBackPercent: -1 }])).toBe('BAD_TIER');
      expect(await bad([{ strings: 3, cashBackPercent: 1.234 }])).toBe('BAD_TIER');
      expect(
        await bad([
          { strings: 3, cashBackPercent: 1 },
          { strings: 3, cashBackPercent: 2 },
        ]),
      ).toBe('BAD_TIER');
      expect(
        codeOf(await t.gql(SET_TIERS, { tiers, at: new Date(clock - 3_600_000).toISOString() }, EDITOR)),
      ).toBe('EFFECTIVE_TIME_IN_PAST');
      expect((await auditRows('bet_config.set_string_rewards'))[0]!.after).toMatchObject({
        stringRewards: [tiers[1], tiers[0]],
      });
    });
  });
});
