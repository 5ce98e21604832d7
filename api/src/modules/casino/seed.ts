/**
 * The sandbox provider and its games in the catalogue (issue 22 §4, "`npm start` has the lobby filled"):
 * seeded outside production on every start, without overwriting staff's edits of existing rows.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { CasinoGame } from '@bashiri/domain';
import { SANDBOX_PROVIDER } from '../casino-sandbox/index.ts';
import { upsertGame } from './catalogue.ts';

export { SANDBOX_PROVIDER };

/** The sandbox's games as our catalogue lists them (RTP 99 %, docs/casino.md "Crash", "Dice"). */
export const SANDBOX_CATALOGUE: readonly CasinoGame[] = [
  {
    providerId: SANDBOX_PROVIDER.id,
    gameId: 'crash',
    category: 'crash',
    names: { sw: 'Ndege Angani', en: 'Sky Plane', zh: '天空飞机' },
    thumbnail: '/casino-sandbox/thumbs/crash.svg',
    rtpPercent: 99,
    volatility: 'high',
    minStake: 100,
    maxStake: 1_000_000,
    sortOrder: 1,
    visible: true,
    popular: true,
    new: true,
  },
  {
    providerId: SANDBOX_PROVIDER.id,
    gameId: 'dice',
    category: 'instant',
    names: { sw: 'Kete', en: 'Dice', zh: '骰子' },
    thumbnail: '/casino-sandbox/thumbs/dice.svg',
    rtpPercent: 99,
    volatility: 'low',
    minStake: 100,
    maxStake: 1_000_000,
    sortOrder: 2,
    visible: true,
    popular: false,
    new: true,
  },
];

/**
 * Inserts the sandbox provider and its games when missing (idempotent; existing rows are kept), through
 * the catalogue's one write ({@link upsertGame}, `'keep'`).
 */
export const seedSandboxProvider = async (sql: SqlExecutor): Promise<void> => {
  await sql.query(
    `INSERT INTO casino_providers (id, name, secret, enabled, launch_url) VALUES ($1, $2, $3, true, $4)
     ON CONFLICT (id) DO NOTHING`,
    [SANDBOX_PROVIDER.id, SANDBOX_PROVIDER.name, SANDBOX_PROVIDER.secret, SANDBOX_PROVIDER.launchUrl],
  );
  const now = new Date().toISOString();
  for (const g of SANDBOX_CATALOGUE) await upsertGame(sql, g, now, 'keep');
};
