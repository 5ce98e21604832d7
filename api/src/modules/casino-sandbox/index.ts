/**
 * The casino provider sandbox (issue 22 §4; docs/casino.md "The sandbox provider's games"): a game
 * provider of our own for development, tests and demos, started in the same process as the site (as the
 * payment sandboxes are) and talking to our wallet API only over HTTP. It imports nothing of the site
 * but the fairness helpers and the wallet protocol (`games/imports.unit.test.ts`), so the module object
 * below is typed structurally rather than with the site's `ApiModule`.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { registerSandbox } from './server.ts';

export { SANDBOX_PROVIDER } from './wallet-client.ts';
export { SANDBOX_GAME_LIST, GAME_LIST_SIGNATURE_WINDOW_MS } from './game-list.ts';
export type { SandboxListedGame } from './game-list.ts';
export type { SandboxFaults, WalletClient } from './wallet-client.ts';
export { registerSandbox, SANDBOX_GAMES, DEMO_BALANCE } from './server.ts';
export { crashPoint, diceRoll, settleCrash, settleDice, seedHash } from './games/index.ts';

/** Our wallet's base URL as seen from this process: PUBLIC_URL, or the loopback address we listen on. */
export const loopbackUrl = (app: FastifyInstance, publicUrl: string | undefined): string => {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  const address = app.server.address() as AddressInfo | null;
  const host = !address || ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address?.port ?? 0}`;
};

/** The sandbox as a server module: its pages and game API under `/casino-sandbox/` (never in production). */
export const casinoSandboxModule = {
  name: 'casino_sandbox',
  typeDefs: '',
  resolvers: {},
  routes: async (
    app: FastifyInstance,
    services: {
      readonly config: { readonly NODE_ENV: string; readonly PUBLIC_URL?: string | undefined };
      now(): number;
    },
  ): Promise<void> => {
    if (services.config.NODE_ENV === 'production') return;
    await registerSandbox(app, {
      now: () => services.now(),
      walletUrl: () => loopbackUrl(app, services.config.PUBLIC_URL),
    });
  },
};
