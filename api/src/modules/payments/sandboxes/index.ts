/**
 * Starts the four mobile-money sandboxes (mobile-money.md §11), one Fastify server per network on
 * 127.0.0.1 (docs/mobile-money-sandboxes.md): Airtel, Vodacom M-Pesa, Tigo / Mixx by Yas, and HaloPesa
 * through a Selcom-shaped aggregator. In-process for tests, or `npm run sandboxes` (main.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SandboxCore } from './core.ts';
import type { SandboxTx, SentCallback } from './core.ts';
import { sandboxKeysOfProcess } from './keys.ts';
import type { SandboxDefaults, SandboxNetwork, Scenario } from './scenario.ts';
import { SANDBOX_NETWORKS } from './scenario.ts';
import { createSandboxServer } from './server.ts';
import { airtelCallback, registerAirtel } from './airtel.ts';
import { mpesaCallback, registerMpesa } from './mpesa.ts';
import { registerTigo, tigoCallback } from './tigo.ts';
import { registerSelcom, selcomWebhook } from './selcom.ts';
import type { SandboxStore } from './store.ts';

export type { SandboxNetwork, Scenario, SandboxDefaults } from './scenario.ts';
export { SANDBOX_CREDENTIALS } from './credentials.ts';
export { openSandboxStore } from './store.ts';
export type { SandboxStore } from './store.ts';

/** Default ports of `npm run sandboxes`; in-process starts use 0 (any free port) unless given. */
export const DEFAULT_PORTS: Readonly<Record<SandboxNetwork, number>> = {
  airtel: 4101,
  vodacom: 4102,
  tigo: 4103,
  halotel: 4104,
};

export interface StartSandboxesOptions {
  /** Port per network; 0 or missing = any free port. */
  readonly ports?: Partial<Record<SandboxNetwork, number>>;
  /** Callbacks go to `${callbackBaseUrl}/${network}` (network = port.ts PROVIDER_NAMES value). */
  readonly callbackBaseUrl: string;
  /** Epoch ms (token expiry, statement times). Default Date.now. */
  readonly clock?: () => number;
  /** [0, 1) (provider ids). Default Math.random. */
  readonly random?: () => number;
  readonly defaults?: Partial<SandboxDefaults>;
  /**
   * Durable state (`openSandboxStore(sql)`, store.ts): transactions and floats survive a restart and
   * payments in flight resume. Without it the sandboxes keep everything in memory.
   */
  readonly store?: SandboxStore;
}

/** The in-process twin of the `/_sandbox/…` control routes. */
export interface SandboxControl {
  /** The scenario for a phone (any format) or an amount (TZS), on one network or all. */
  when(match: { msisdn?: string; amount?: number; network?: SandboxNetwork }, scenario: Scenario): void;
  /** Forgets every scenario (or one network's). */
  reset(network?: SandboxNetwork): void;
  /** Live timings; assign to change (ms, token TTLs in s). */
  readonly defaults: SandboxDefaults;
  /** Invalidates every issued token / session (the next call gets 401). */
  expireTokens(network?: SandboxNetwork): void;
  /** Sets a network's payout float (TZS). */
  setFloat(network: SandboxNetwork, amount: number): void;
  /** Our reference → the sandbox transaction. */
  find(network: SandboxNetwork, reference: string): SandboxTx | undefined;
  /** Settles an (ambiguous or pending) transaction by hand, no callback. */
  resolve(network: SandboxNetwork, reference: string, status: 'succeeded' | 'failed'): void;
  transactions(network?: SandboxNetwork): readonly SandboxTx[];
  /** Callbacks sent so far, with our server's answers. */
  callbacks(network?: SandboxNetwork): readonly SentCallback[];
}

export interface SandboxHandle {
  /** Base URL per network, e.g. `http://127.0.0.1:4101`. */
  readonly urls: Readonly<Record<SandboxNetwork, string>>;
  readonly control: SandboxControl;
  /** The TEST RSA public key (base64 DER) for M-Pesa API-key / session and Airtel PIN encryption. */
  readonly publicKeyBase64: string;
  stop(): Promise<void>;
}

const REGISTER: Record<SandboxNetwork, (app: FastifyInstance, core: SandboxCore) => void> = {
  airtel: registerAirtel,
  vodacom: registerMpesa,
  tigo: registerTigo,
  halotel: registerSelcom,
};

/** Starts the four sandboxes; `stop()` closes them and cancels pending timers and slow answers. */
export const startSandboxes = async (options: StartSandboxesOptions): Promise<SandboxHandle> => {
  const keys = sandboxKeysOfProcess();
  const base = options.callbackBaseUrl.replace(/\/$/, '');
  const core = new SandboxCore({
    callbackUrl: (n) => `${base}/${n}`,
    clock: options.clock ?? Date.now,
    random: options.random ?? Math.random,
    keys,
    defaults: options.defaults ?? {},
    ...(options.store ? { store: options.store } : {}),
  });
  core.builders.airtel = airtelCallback;
  core.builders.vodacom = mpesaCallback;
  core.builders.tigo = tigoCallback;
  core.builders.halotel = selcomWebhook(() => core.now());
  await core.restore();
  const apps: FastifyInstance[] = [];
  const urls = {} as Record<SandboxNetwork, string>;
  try {
    for (const n of SANDBOX_NETWORKS) {
      const app = createSandboxServer(core, n);
      REGISTER[n](app, core);
      apps.push(app);
      await app.listen({ host: '127.0.0.1', port: options.ports?.[n] ?? 0 });
      const address = app.server.address();
      urls[n] = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
  } catch (error) {
    core.close();
    await Promise.all(apps.map((a) => a.close()));
    throw error;
  }
  core.resume();
  const control: SandboxControl = {
    when: ({ network, msisdn, amount }, scenario) =>
      core.addRule({
        scenario,
        ...(network ? { network } : {}),
        ...(msisdn ? { msisdn } : {}),
        ...(amount !== undefined ? { amount } : {}),
      }),
    reset: (network) => core.clearRules(network),
    defaults: core.defaults,
    expireTokens: (network) => core.expireTokens(network),
    setFloat: (network, amount) => core.setFloat(network, amount),
    find: (network, reference) => core.find(network, reference),
    resolve: (network, reference, status) => {
      const tx = core.find(network, reference);
      if (tx) core.settle(tx, status);
    },
    transactions: (network) => core.txs.filter((t) => !network || t.network === network),
    callbacks: (network) => core.callbacks.filter((c) => !network || c.network === network),
  };
  return {
    urls,
    control,
    publicKeyBase64: keys.publicKeyBase64,
    stop: async () => {
      core.close();
      await core.flush();
      await Promise.all(apps.map((a) => a.close()));
    },
  };
};
