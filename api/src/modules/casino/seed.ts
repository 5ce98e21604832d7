/**
 * The sandbox provider and its games in the catalogue (issue 22 §4, "`npm start` has the lobby filled"):
 * seeded outside production on every start, without overwriting staff's edits of existing rows.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { CasinoGame } from '@bashiri/domain';
import { SANDBOX_GAME_LIST, SANDBOX_PROVIDER } from '../casino-sandbox/index.ts';
import { upsertGame } from './catalogue.ts';
import { casinoConfigChanged } from './wallet-facts.ts';

export { SANDBOX_PROVIDER };

/** The sandbox's games as our catalogue lists them: its published list (`SANDBOX_GAME_LIST`). */
export const SANDBOX_CATALOGUE: readonly CasinoGame[] = SANDBOX_GAME_LIST.map(
  ({ nameSw, nameEn, nameZh, isNew, rtpPercent, ...g }) => ({
    ...g,
    providerId: SANDBOX_PROVIDER.id,
    names: { sw: nameSw, en: nameEn, zh: nameZh },
    rtpPercent: Number(rtpPercent),
    new: isNew,
  }),
);

/** Where the sandbox publishes its game list (relative: on our own server; docs/casino.md). */
export const SANDBOX_GAMES_URL = '/casino-sandbox/games';

/**
 * Inserts the sandbox provider and its games when missing (idempotent; existing rows are kept), through
 * the catalogue's one write ({@link upsertGame}, `'keep'`).
 */
export const seedSandboxProvider = async (sql: SqlExecutor): Promise<void> => {
  await sql.query(
    `INSERT INTO casino_providers (id, name, secret, enabled, launch_url, games_url) VALUES ($1, $2, $3, true, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [
      SANDBOX_PROVIDER.id,
      SANDBOX_PROVIDER.name,
      SANDBOX_PROVIDER.secret,
      SANDBOX_PROVIDER.launchUrl,
      SANDBOX_GAMES_URL,
    ],
  );
  // Databases seeded before the game-list URL existed.
  await sql.query(`UPDATE casino_providers SET games_url = $2 WHERE id = $1 AND games_url IS NULL`, [
    SANDBOX_PROVIDER.id,
    SANDBOX_GAMES_URL,
  ]);
  casinoConfigChanged();
  const now = new Date().toISOString();
  for (const g of SANDBOX_CATALOGUE) await upsertGame(sql, g, now, 'keep');
};
