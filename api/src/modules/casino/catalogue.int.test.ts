/**
 * The catalogue and the back office's casino reads (issue 22 §1, §6): staff save and import games
 * (validated, all or nothing), the lobby searches and sorts (spec §2), transactions, round replay, GGR.
 */
import { signCasinoRequest } from '@bashiri/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { SANDBOX_PROVIDER, seedSandboxProvider } from './index.ts';

const GAME = `providerId gameId category nameSw nameEn nameZh rtpPercent minStake maxStake popular isNew visible`;
const SAVE = `mutation ($input: CasinoGameInput!) { saveCasinoGame(input: $input) { ${GAME} } }`;
const IMPORT = `mutation ($p: ID!, $games: [CasinoGameInput!]!) { importCasinoGames(providerId: $p, games: $games) { gameId } }`;
const LOBBY = `query ($language: String, $sort: String, $search: String, $category: String) {
  casinoGames(language: $language, sort: $sort, search: $search, category: $category) { gameId } }`;

const game = (gameId: string, extra: Record<string, unknown> = {}) => ({
  providerId: 'sandbox',
  gameId,
  category: 'slots',
  nameSw: `Mchezo ${gameId}`,
  nameEn: `Game ${gameId}`,
  nameZh: `游戏 ${gameId}`,
  thumbnail: '/casino-sandbox/thumbs/dice.svg',
  rtpPercent: '96.50',
  volatility: 'medium',
  minStake: 100,
  maxStake: 50_000,
  sortOrder: 10,
  visible: true,
  popular: false,
  isNew: false,
  ...extra,
});

describe('casino catalogue and back-office reads', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-26T12:00:00Z');
  const editor = staff('9', ['config.edit']);
  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await t.services.projections.settle();
    await seedSandboxProvider(t.services.sql);
  });
  afterAll(async () => t?.close());

  it('the seeded sandbox games are in the lobby, popular first', async () => {
    const r = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, {});
    expect(r.data!.casinoGames.map((g) => g.gameId)).toEqual(['crash', 'dice']);
  });

  it('staff save a game; invalid input answers a stable code with its field; players may not', async () => {
    const ok = await t.gql(SAVE, { input: game('slot-1', { popular: true, sortOrder: 0 }) }, editor);
    expect(ok.errors).toBeUndefined();
    const bad = await t.gql(SAVE, { input: game('slot-2', { nameZh: ' ' }) }, editor);
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'CASINO_GAME_NAME_REQUIRED',
      field: 'names.zh',
    });
    const range = await t.gql(SAVE, { input: game('slot-2', { minStake: 500, maxStake: 100 }) }, editor);
    expect(range.errors?.[0]?.extensions?.code).toBe('CASINO_GAME_STAKE_RANGE');
    const rtp = await t.gql(SAVE, { input: game('slot-2', { rtpPercent: '96.555' }) }, editor);
    expect(rtp.errors?.[0]?.extensions?.code).toBe('CASINO_GAME_RTP_INVALID');
    const refused = await t.gql(SAVE, { input: game('slot-3') }, player('u1'));
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('import: a duplicate or invalid game saves nothing; a valid list upserts', async () => {
    const dup = await t.gql(IMPORT, { p: 'sandbox', games: [game('imp-1'), game('imp-1')] }, editor);
    expect(dup.errors?.[0]?.extensions?.code).toBe('CASINO_GAME_DUPLICATE');
    const invalid = await t.gql(
      IMPORT,
      { p: 'sandbox', games: [game('imp-1'), game('imp-2', { volatility: 'wild' })] },
      editor,
    );
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      code: 'CASINO_GAME_VOLATILITY_UNKNOWN',
      field: '[1].volatility',
    });
    const none = await t.services.sql.query(`SELECT 1 FROM casino_games WHERE game_id LIKE 'imp-%'`);
    expect(none.rows).toHaveLength(0);
    const ok = await t.gql(
      IMPORT,
      { p: 'sandbox', games: [game('imp-1', { isNew: true }), game('imp-2')] },
      editor,
    );
    expect(ok.errors).toBeUndefined();
    const again = await t.gql(
      IMPORT,
      { p: 'sandbox', games: [game('imp-2', { nameEn: 'Renamed', visible: false })] },
      editor,
    );
    expect(again.errors).toBeUndefined();
    const hidden = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { search: 'renamed' });
    expect(hidden.data!.casinoGames).toEqual([]);
  });

  it('lobby: search in any language, accent- and case-insensitive; sort new and A–Z; category', async () => {
    const search = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { search: '  ANGANI ' });
    expect(search.data!.casinoGames.map((g) => g.gameId)).toEqual(['crash']);
    const zh = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { search: '骰子' });
    expect(zh.data!.casinoGames.map((g) => g.gameId)).toEqual(['dice']);
    const fresh = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { sort: 'new' });
    expect(fresh.data!.casinoGames.slice(0, 3).map((g) => g.gameId)).toEqual(['crash', 'dice', 'imp-1']);
    const az = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { sort: 'az', language: 'en' });
    expect(az.data!.casinoGames.map((g) => g.gameId)).toEqual(['dice', 'imp-1', 'slot-1', 'crash']);
    const crash = await t.gql<{ casinoGames: { gameId: string }[] }>(LOBBY, { category: 'crash' });
    expect(crash.data!.casinoGames.map((g) => g.gameId)).toEqual(['crash']);
    const bad = await t.gql(LOBBY, { sort: 'random' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'CASINO_LOBBY_ARGUMENT_INVALID',
      field: 'sort',
    });
  });

  it('transactions, round replay and GGR per game', async () => {
    await t.gql(
      `mutation ($input: AdjustWalletInput!) { adjustWallet(input: $input) { balance } }`,
      { input: { userId: 'g1', pocket: 'BALANCE', amount: 10_000, reason: 'test', requestId: 'fund-g1' } },
      staff('1', ['users.adjust_money']),
    );
    const launch = await t.gql<{ launchCasinoGame: { sessionToken: string } }>(
      `mutation { launchCasinoGame(providerId: "sandbox", gameId: "crash") { sessionToken } }`,
      {},
      player('g1'),
    );
    const token = launch.data!.launchCasinoGame.sessionToken;
    const send = async (method: string, body: Record<string, unknown>) => {
      const text = JSON.stringify({
        sessionToken: token,
        gameId: 'crash',
        roundId: 'round-1',
        currency: 'TZS',
        ...body,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/casino/wallet/${method}`,
        headers: {
          'content-type': 'application/json',
          ...signCasinoRequest('sandbox', SANDBOX_PROVIDER.secret, text, now),
        },
        payload: text,
      });
      expect(res.json().status).toBe('RS_OK');
    };
    await send('bet', { transactionId: 'g-b1', amount: 3_000 });
    await send('win', { transactionId: 'g-w1', betTransactionId: 'g-b1', amount: 1_000 });
    await send('bet', { transactionId: 'g-b2', amount: 2_000 });
    await send('rollback', { transactionId: 'g-r2', betTransactionId: 'g-b2' });
    await t.services.projections.settle();
    const viewer = staff('2', ['orders.view', 'stats.view']);
    const list = await t.gql<{
      casinoTransactions: { total: number; items: { kind: string; movement: number }[] };
    }>(
      `query { casinoTransactions(filter: { userId: "g1" }) { total items { kind movement } } }`,
      {},
      viewer,
    );
    expect(list.data!.casinoTransactions.total).toBe(4);
    const replay = await t.gql<{ casinoRoundEvents: { position: number; type: string }[] }>(
      `query { casinoRoundEvents(providerId: "sandbox", roundId: "round-1") { position type } }`,
      {},
      viewer,
    );
    expect(replay.data!.casinoRoundEvents.map((e) => e.type)).toEqual([
      'CasinoBetPlaced',
      'CasinoWinCredited',
      'CasinoBetPlaced',
      'CasinoBetRolledBack',
    ]);
    const ggr = await t.gql<{
      casinoGgr: { gameId: string; rounds: number; stakes: number; wins: number; ggr: number }[];
    }>(`query { casinoGgr { gameId rounds stakes wins ggr } }`, {}, viewer);
    expect(ggr.data!.casinoGgr).toEqual([
      { gameId: 'crash', rounds: 1, stakes: 3_000, wins: 1_000, ggr: 2_000 },
    ]);
    const denied = await t.gql(`query { casinoGgr { ggr } }`, {}, staff('3', ['orders.view']));
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('staff import a provider list from an uploaded CSV or JSON file, all or nothing, with the bad row named', async () => {
    const LIST = `mutation ($p: ID!, $f: String!, $text: String!) {
      importCasinoGameList(providerId: $p, format: $f, text: $text) { gameId nameEn minStake visible isNew } }`;
    const csv = [
      'gameId,category,nameSw,nameEn,nameZh,thumbnail,rtpPercent,volatility,minStake,maxStake,visible',
      'csv-1,slots,Tunda,"Fruit, Deluxe",水果,/casino-sandbox/thumbs/dice.svg,96.10,medium,200,20000,true',
      'csv-2,table,Meza,Table,桌,/casino-sandbox/thumbs/dice.svg,97.00,low,100,10000,',
    ].join('\r\n');
    const ok = await t.gql<{ importCasinoGameList: Record<string, unknown>[] }>(
      LIST,
      { p: 'sandbox', f: 'csv', text: csv },
      editor,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.importCasinoGameList).toEqual([
      { gameId: 'csv-1', nameEn: 'Fruit, Deluxe', minStake: 200, visible: true, isNew: true },
      { gameId: 'csv-2', nameEn: 'Table', minStake: 100, visible: false, isNew: true },
    ]);
    const json = JSON.stringify({ games: [game('json-1'), game('json-2', { maxStake: 'lots' })] });
    const bad = await t.gql(LIST, { p: 'sandbox', f: 'json', text: json }, editor);
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'CASINO_GAME_LIST_INVALID',
      field: '[1].maxStake',
    });
    const invalid = await t.gql(
      LIST,
      {
        p: 'sandbox',
        f: 'json',
        text: JSON.stringify([game('json-1'), game('json-3', { rtpPercent: '120' })]),
      },
      editor,
    );
    expect(invalid.errors?.[0]?.extensions?.field).toMatch(/^\[1\]\./);
    const catalogue = await t.gql<{ casinoCatalogue: { gameId: string }[] }>(
      'query { casinoCatalogue { gameId } }',
      {},
      editor,
    );
    const ids = catalogue.data!.casinoCatalogue.map((g) => g.gameId);
    expect(ids).toContain('csv-1');
    expect(ids).not.toContain('json-1');
    for (const [f, text, field] of [
      ['xml', '<games/>', 'format'],
      ['json', '{', 'text'],
      ['csv', 'gameId\n', 'text'],
    ] as const) {
      const r = await t.gql(LIST, { p: 'sandbox', f, text }, editor);
      expect(r.errors?.[0]?.extensions, f).toMatchObject({ code: 'CASINO_GAME_LIST_INVALID', field });
    }
    const denied = await t.gql(LIST, { p: 'sandbox', f: 'csv', text: csv }, staff('4', ['stats.view']));
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('the sandbox seed keeps staff edits of its games (one upsert, keep on conflict)', async () => {
    const crash = { ...game('crash'), category: 'crash', nameEn: 'Sky Plane X', sortOrder: 7 };
    expect((await t.gql(SAVE, { input: crash }, editor)).errors).toBeUndefined();
    await seedSandboxProvider(t.services.sql);
    const { rows } = await t.services.sql.query<{ name_en: string; sort_order: number }>(
      `SELECT name_en, sort_order FROM casino_games WHERE provider_id = 'sandbox' AND game_id = 'crash'`,
    );
    expect(rows[0]).toEqual({ name_en: 'Sky Plane X', sort_order: 7 });
  });

  it('staff rotate a provider secret: shown once, the old one refused by the wallet, the new one accepted', async () => {
    const ROTATE = `mutation ($id: ID!) { rotateCasinoProviderSecret(id: $id) { secret provider { id secretHint enabled } } }`;
    const other = await t.gql(
      `mutation { saveCasinoProvider(input: { id: "acme", name: "Acme", enabled: true,
        launchUrl: "https://acme.example/{gameId}?t={token}", secret: "acme-secret-0123456789" }) { id } }`,
      {},
      editor,
    );
    expect(other.errors).toBeUndefined();
    const r = await t.gql<{
      rotateCasinoProviderSecret: { secret: string; provider: { id: string; secretHint: string } };
    }>(ROTATE, { id: 'acme' }, editor);
    const { secret, provider } = r.data!.rotateCasinoProviderSecret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(provider).toMatchObject({ id: 'acme', secretHint: `…${secret.slice(-4)}` });
    const balance = async (key: string) => {
      const text = JSON.stringify({ sessionToken: 'cst_none', gameId: 'crash' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/casino/wallet/balance',
        headers: { 'content-type': 'application/json', ...signCasinoRequest('acme', key, text, now) },
        payload: text,
      });
      return res.json().status as string;
    };
    expect(await balance('acme-secret-0123456789')).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await balance(secret)).not.toBe('RS_ERROR_INVALID_SIGNATURE');
    const unknown = await t.gql(ROTATE, { id: 'nobody' }, editor);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('CASINO_PROVIDER_UNKNOWN');
    const list = await t.gql<{ casinoProviders: { id: string; secretHint: string }[] }>(
      'query { casinoProviders { id secretHint } }',
      {},
      editor,
    );
    expect(JSON.stringify(list.data)).not.toContain(secret);
  });

  it('GGR per provider per East Africa Time day: stakes − wins, days split at 21:00 UTC', async () => {
    const rows: [string, string, string, string, number][] = [
      // provider, round, kind, at (UTC), amount
      ['sandbox', 'd-1', 'bet', '2026-11-20T20:59:00Z', 1_000], // 23:59 EAT, 20 Nov
      ['sandbox', 'd-1', 'win', '2026-11-20T20:59:30Z', 300],
      ['sandbox', 'd-2', 'bet', '2026-11-20T21:00:00Z', 2_000], // 00:00 EAT, 21 Nov
      ['sandbox', 'd-3', 'bet', '2026-11-20T22:00:00Z', 500],
      ['sandbox', 'd-3', 'rollback', '2026-11-20T22:00:01Z', 500],
      ['acme', 'a-1', 'bet', '2026-11-21T10:00:00Z', 4_000],
      ['acme', 'a-1', 'win', '2026-11-21T10:00:05Z', 9_000],
    ];
    for (const [i, [providerId, roundId, kind, at, amount]] of rows.entries())
      await t.services.sql.query(
        `INSERT INTO casino_transactions (provider_id, transaction_id, round_id, game_id, user_id, kind, amount,
           movement, at) VALUES ($1, $2, $3, 'crash', 'ggr-player', $4, $5, 0, $6)`,
        [providerId, `ggr-${i}`, roundId, kind, amount, at],
      );
    const viewer = staff('5', ['stats.view']);
    const DAILY = `query ($from: DateTime, $to: DateTime) { casinoGgrDaily(from: $from, to: $to) {
      day providerId rounds stakes wins ggr } }`;
    const r = await t.gql<{ casinoGgrDaily: unknown[] }>(
      DAILY,
      { from: '2026-11-19T21:00:00Z', to: '2026-11-21T21:00:00Z' },
      viewer,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.casinoGgrDaily).toEqual([
      { day: '2026-11-20', providerId: 'sandbox', rounds: 1, stakes: 1_000, wins: 300, ggr: 700 },
      { day: '2026-11-21', providerId: 'acme', rounds: 1, stakes: 4_000, wins: 9_000, ggr: -5_000 },
      { day: '2026-11-21', providerId: 'sandbox', rounds: 2, stakes: 2_000, wins: 0, ggr: 2_000 },
    ]);
    const backwards = await t.gql(
      DAILY,
      { from: '2026-11-21T00:00:00Z', to: '2026-11-20T00:00:00Z' },
      viewer,
    );
    expect(backwards.errors?.[0]?.extensions).toMatchObject({
      code: 'CASINO_GGR_RANGE_INVALID',
      field: 'from',
    });
    const tooLong = await t.gql(DAILY, { from: '2025-01-01T00:00:00Z', to: '2026-11-20T00:00:00Z' }, viewer);
    expect(tooLong.errors?.[0]?.extensions?.code).toBe('CASINO_GGR_RANGE_INVALID');
    const denied = await t.gql(DAILY, {}, staff('6', ['config.edit']));
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
