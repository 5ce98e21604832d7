/**
 * The casino module (issue 22; spec §1 casino page, §2 `/casino`, §4 bill types 22, 23, 24;
 * docs/casino.md): the game catalogue and providers (staff manage them, providers' lists import), the
 * game launch (session tokens), the seamless-wallet REST API providers call (`POST /casino/wallet/…`,
 * wallet-api.ts), the transactions read model, and the back office's rounds, replay and GGR.
 */
import type { MutationResolvers, QueryResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import { casinoRoundStream } from '@bashiri/domain';
import { enforceRates } from '../../auth/limiter.ts';
import { requirePlayer, requireStaff } from '../../auth/guard.ts';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { audit } from '../audit/index.ts';
import type { ApiModule } from '../module.ts';
import { allGames, importGames, launchGame, lobbyGames, saveGame, visibleGame } from './catalogue.ts';
import type { CasinoGameView } from './catalogue.ts';
import { ggrPerProviderPerDay, parseGameList, rotateProviderSecret } from './admin.ts';
import { fetchProviderGameList } from './provider-import.ts';
import { casinoTransactionsProjection } from './projection.ts';
import { registerCasinoRoutes } from './routes.ts';
import { seedSandboxProvider } from './seed.ts';
import { casinoConfigChanged } from './wallet-facts.ts';

/** What other modules may use of this one (docs/decisions/0011-import-boundaries.md). */
export { answerWalletCall } from './wallet-api.ts';
export { seedSandboxProvider, SANDBOX_PROVIDER } from './seed.ts';
export { casinoTransactionsProjection } from './projection.ts';

/** Launches per player (or per address for demo visitors) and 10 minutes: a tab per game, not a flood. */
const LAUNCH_LIMIT = { max: 120, windowMs: 10 * 60_000 } as const;

const page = (n: number | null | undefined) => Math.max(1, Math.floor(n ?? 1));
const size = (n: number | null | undefined) => Math.min(200, Math.max(1, Math.floor(n ?? 20)));

interface TransactionRow {
  provider_id: string;
  transaction_id: string;
  round_id: string;
  game_id: string;
  user_id: string;
  kind: string;
  amount: number;
  movement: number;
  reference: string | null;
  outcome: string | null;
  at: Date;
}

/** A provider as GraphQL shows it: the secret only as its last 4 characters. */
const providerView = (r: {
  id: string;
  name: string;
  enabled: boolean;
  launch_url: string;
  secret: string;
  games_url?: string | null;
}) => ({
  id: r.id,
  name: r.name,
  enabled: r.enabled,
  launchUrl: r.launch_url,
  secretHint: `…${r.secret.slice(-4)}`,
  gamesUrl: r.games_url ?? null,
});

const Query: QueryResolvers = {
  casinoGames: async (_r, args, ctx) => lobbyGames(ctx.services.sql, args),
  casinoGame: async (_r, { providerId, gameId }, ctx) => visibleGame(ctx.services.sql, providerId, gameId),
  casinoCatalogue: async (_r, _a, ctx) => {
    requireStaff(ctx, 'config.edit');
    return allGames(ctx.services.sql);
  },
  casinoProviders: async (_r, _a, ctx) => {
    requireStaff(ctx, 'config.edit');
    const { rows } = await ctx.services.sql.query<{
      id: string;
      name: string;
      enabled: boolean;
      launch_url: string;
      secret: string;
      games_url: string | null;
    }>('SELECT id, name, enabled, launch_url, secret, games_url FROM casino_providers ORDER BY id');
    return rows.map(providerView);
  },
  casinoTransactions: async (_r, args, ctx) => {
    requireStaff(ctx, 'orders.view');
    const f = args.filter ?? {};
    const p = page(args.page);
    const n = size(args.pageSize);
    const where = `($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR provider_id = $2)
      AND ($3::text IS NULL OR game_id = $3) AND ($4::text IS NULL OR round_id = $4)`;
    const params = [f.userId ?? null, f.providerId ?? null, f.gameId ?? null, f.roundId ?? null];
    const [rows, count] = await Promise.all([
      ctx.services.sql.query<TransactionRow>(
        `SELECT provider_id, transaction_id, round_id, game_id, user_id, kind, amount::int AS amount,
                movement::int AS movement, reference, outcome, at
         FROM casino_transactions WHERE ${where} ORDER BY at DESC, transaction_id DESC LIMIT $5 OFFSET $6`,
        [...params, n, (p - 1) * n],
      ),
      ctx.services.sql.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM casino_transactions WHERE ${where}`,
        params,
      ),
    ]);
    return {
      items: rows.rows.map((r) => ({
        providerId: r.provider_id,
        transactionId: r.transaction_id,
        roundId: r.round_id,
        gameId: r.game_id,
        userId: r.user_id,
        kind: r.kind,
        amount: r.amount,
        movement: r.movement,
        reference: r.reference,
        outcome: r.outcome,
        at: r.at,
      })),
      total: count.rows[0]?.total ?? 0,
      page: p,
      pageSize: n,
    };
  },
  casinoRoundEvents: async (_r, { providerId, roundId }, ctx) => {
    requireStaff(ctx, 'orders.view');
    const { events } = await ctx.services.store.readStream(casinoRoundStream(providerId, roundId));
    return events.map((e) => ({
      position: e.streamPosition,
      type: e.type,
      data: JSON.stringify(e.data),
      recordedAt: new Date(e.recordedAt),
    }));
  },
  casinoGgrDaily: async (_r, { from, to }, ctx) => {
    requireStaff(ctx, 'stats.view');
    return ggrPerProviderPerDay(ctx.services.sql, {
      from: from ? new Date(from) : null,
      to: to ? new Date(to) : null,
      nowMs: ctx.services.now(),
    });
  },
  casinoGgr: async (_r, { from, to }, ctx) => {
    requireStaff(ctx, 'stats.view');
    const { rows } = await ctx.services.sql.query<{
      provider_id: string;
      game_id: string;
      rounds: number;
      stakes: number;
      wins: number;
    }>(
      `SELECT provider_id, game_id, count(DISTINCT round_id)::int AS rounds,
              (coalesce(sum(amount) FILTER (WHERE kind = 'bet'), 0)
               - coalesce(sum(amount) FILTER (WHERE kind = 'rollback'), 0))::int AS stakes,
              coalesce(sum(amount) FILTER (WHERE kind IN ('win', 'reward')), 0)::int AS wins
       FROM casino_transactions
       WHERE ($1::timestamptz IS NULL OR at >= $1) AND ($2::timestamptz IS NULL OR at < $2)
       GROUP BY provider_id, game_id ORDER BY provider_id, game_id`,
      [from ? new Date(from).toISOString() : null, to ? new Date(to).toISOString() : null],
    );
    return rows.map((r) => ({
      providerId: r.provider_id,
      gameId: r.game_id,
      rounds: r.rounds,
      stakes: r.stakes,
      wins: r.wins,
      ggr: r.stakes - r.wins,
    }));
  },
};

/**
 * Imports a provider's game list (staff with `config.edit`): the games, read after the permission
 * check, are written all or nothing and the import audited with `extra` beside the game ids.
 */
const importAudited = async (
  ctx: GraphQLContext,
  providerId: string,
  gamesOf: () => CasinoGameView[],
  extra: Record<string, unknown>,
) => {
  const staff = requireStaff(ctx, 'config.edit');
  const games = gamesOf();
  const at = new Date(ctx.services.now()).toISOString();
  const saved = await ctx.services.sql.transaction((tx) => importGames(tx, providerId, games, at));
  casinoConfigChanged(); // after the commit: a call meanwhile may have cached the games before it
  await audit(ctx.services.sql, {
    actor: `staff:${staff.staffId}`,
    ip: ctx.ip,
    action: 'casino_game.import',
    entity: 'casino_provider',
    entityId: providerId,
    after: { ...extra, games: saved.map((g) => g.gameId) },
    requestId: ctx.requestId,
  });
  return saved;
};

const Mutation: MutationResolvers = {
  launchCasinoGame: async (_r, { providerId, gameId, demo, language }, ctx) => {
    const userId = demo ? null : requirePlayer(ctx).userId;
    const now = ctx.services.now();
    await enforceRates(
      ctx.services.sql,
      [[userId ? `casino-launch:player:${userId}` : `casino-launch:ip:${ctx.ip}`, LAUNCH_LIMIT]],
      now,
    );
    return launchGame(ctx.services.sql, {
      providerId,
      gameId,
      userId,
      language: language ?? 'sw',
      nowMs: now,
    });
  },
  saveCasinoGame: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    const at = new Date(ctx.services.now()).toISOString();
    const saved = await saveGame(ctx.services.sql, input as CasinoGameView, at);
    await audit(ctx.services.sql, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: 'casino_game.save',
      entity: 'casino_game',
      entityId: `${saved.providerId}/${saved.gameId}`,
      after: saved,
      requestId: ctx.requestId,
    });
    return saved;
  },
  importCasinoGames: async (_r, { providerId, games }, ctx) =>
    importAudited(ctx, providerId, () => games as CasinoGameView[], {}),
  importCasinoGameList: async (_r, { providerId, format, text }, ctx) =>
    importAudited(ctx, providerId, () => parseGameList(providerId, format, text), { format }),
  importCasinoGamesFromProvider: async (_r, { providerId, url }, ctx) => {
    requireStaff(ctx, 'config.edit');
    const games = await fetchProviderGameList(ctx.services, providerId, url);
    return importAudited(ctx, providerId, () => games, { source: 'provider', url: url ?? null });
  },
  rotateCasinoProviderSecret: async (_r, { id }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    const at = new Date(ctx.services.now()).toISOString();
    const secret = await rotateProviderSecret(ctx.services.sql, id, at);
    const { rows } = await ctx.services.sql.query<{
      id: string;
      name: string;
      enabled: boolean;
      launch_url: string;
      secret: string;
      games_url: string | null;
    }>('SELECT id, name, enabled, launch_url, secret, games_url FROM casino_providers WHERE id = $1', [id]);
    await audit(ctx.services.sql, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: 'casino_provider.rotate_secret',
      entity: 'casino_provider',
      entityId: id,
      after: { secretHint: `…${secret.slice(-4)}` },
      requestId: ctx.requestId,
    });
    return { provider: providerView(rows[0]!), secret };
  },
  saveCasinoProvider: async (_r, { input }, ctx) => {
    const staff = requireStaff(ctx, 'config.edit');
    if (input.secret != null && (input.secret.length < 16 || input.secret.length > 128))
      throw codedError('CASINO_PROVIDER_SECRET_INVALID', 'secret: 16 to 128 characters', { field: 'secret' });
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(input.id))
      throw codedError('CASINO_PROVIDER_ID_INVALID', 'id: lowercase letters, digits, dashes', {
        field: 'id',
      });
    const existing = await ctx.services.sql.query('SELECT 1 FROM casino_providers WHERE id = $1', [input.id]);
    if (existing.rows.length === 0 && input.secret == null)
      throw codedError('CASINO_PROVIDER_SECRET_INVALID', 'a new provider needs a secret', {
        field: 'secret',
      });
    const { rows } = await ctx.services.sql.query<{
      id: string;
      name: string;
      enabled: boolean;
      launch_url: string;
      secret: string;
      games_url: string | null;
    }>(
      `INSERT INTO casino_providers (id, name, secret, enabled, launch_url, updated_at, games_url)
       VALUES ($1, $2, coalesce($3, ''), $4, $5, $6, nullif($7, ''))
       ON CONFLICT (id) DO UPDATE SET name = $2, secret = coalesce($3, casino_providers.secret), enabled = $4,
         launch_url = $5, updated_at = $6,
         games_url = CASE WHEN $7::text IS NULL THEN casino_providers.games_url ELSE nullif($7, '') END
       RETURNING id, name, enabled, launch_url, secret, games_url`,
      [
        input.id,
        input.name,
        input.secret ?? null,
        input.enabled,
        input.launchUrl,
        new Date(ctx.services.now()).toISOString(),
        input.gamesUrl == null ? null : input.gamesUrl.trim(),
      ],
    );
    const r = rows[0]!;
    casinoConfigChanged();
    await audit(ctx.services.sql, {
      actor: `staff:${staff.staffId}`,
      ip: ctx.ip,
      action: 'casino_provider.save',
      entity: 'casino_provider',
      entityId: r.id,
      after: {
        name: r.name,
        enabled: r.enabled,
        launchUrl: r.launch_url,
        gamesUrl: r.games_url,
        secretChanged: input.secret != null,
      },
      requestId: ctx.requestId,
    });
    return providerView(r);
  },
};

export const casinoModule: ApiModule = {
  name: 'casino',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  projections: [casinoTransactionsProjection],
  resolvers: { Query, Mutation },
  routes: registerCasinoRoutes,
  start: async (services) => {
    // Development and demos: the sandbox provider and its games in the lobby (never in production).
    if (services.config.NODE_ENV !== 'production') await seedSandboxProvider(services.sql);
    return async () => undefined;
  },
};
