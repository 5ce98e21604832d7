/**
 * The state every sandbox shares: transactions (the statement, §9.10), scenarios, float, tokens, timers
 * and callback delivery with the chaos of mobile-money.md §11. Provider files (airtel.ts, mpesa.ts,
 * tigo.ts, selcom.ts) only translate their wire shapes to and from this.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxKeyPair } from './keys.ts';
import type { SandboxStore, StoredSandboxTx } from './store.ts';
import type { CallbackMode, SandboxDefaults, SandboxNetwork, Scenario } from './scenario.ts';
import { DEFAULTS, national9, testPhoneScenario } from './scenario.ts';

export type TxStatus = 'pending' | 'succeeded' | 'failed' | 'ambiguous';
/** Why a transaction failed, in sandbox terms; each provider file maps it to its own code. */
export type Failure =
  'expired' | 'wrong_pin' | 'insufficient_funds' | 'limit' | 'float_exhausted' | 'reversed';

/** One sandbox transaction (a statement line). Amounts in whole TZS; times epoch ms. */
export interface SandboxTx {
  readonly network: SandboxNetwork;
  readonly direction: 'collection' | 'payout';
  /** Our id as sent (Airtel transaction.id, M-Pesa ThirdPartyConversationID, Tigo ReferenceID, Selcom order_id/transid). */
  readonly reference: string;
  /** The network's own id (airtel_money_id, output_TransactionID, MFSTransactionID, Selcom reference). */
  readonly providerRef: string;
  readonly msisdn: string;
  readonly amount: number;
  status: TxStatus;
  failure?: Failure;
  readonly createdAt: number;
  updatedAt: number;
  /** Provider-specific extras (M-Pesa ConversationID, Selcom transid …). */
  readonly extra: Record<string, string>;
}

/** A callback as built by a provider file: where the body goes is the core's business. */
export interface OutgoingCallback {
  readonly headers: Record<string, string>;
  readonly body: string;
}
export interface CallbackVariant {
  /** Claim this status instead of the true one (forged, out-of-order). */
  readonly status?: 'succeeded' | 'failed';
  readonly forged?: boolean;
  readonly amount?: number;
}
export type CallbackBuilder = (tx: SandboxTx, variant: CallbackVariant) => OutgoingCallback;

/** A callback the sandbox sent, with our server's answer (Tigo expects a ResponseCode, §4). */
export interface SentCallback {
  readonly network: SandboxNetwork;
  readonly reference: string;
  readonly mode: CallbackMode | 'forged-part' | 'stale-part';
  readonly body: string;
  readonly answerStatus: number | null;
  readonly answerBody: string;
}

export interface CoreOptions {
  readonly callbackUrl: (network: SandboxNetwork) => string;
  readonly clock: () => number;
  readonly random: () => number;
  readonly keys: SandboxKeyPair;
  readonly defaults: Partial<SandboxDefaults>;
  /** Durable state (store.ts); without it the sandbox forgets everything when it stops. */
  readonly store?: SandboxStore;
}

interface Rule {
  readonly network?: SandboxNetwork;
  readonly msisdn?: string;
  readonly amount?: number;
  readonly scenario: Scenario;
}

export class SandboxCore {
  readonly defaults: SandboxDefaults;
  readonly txs: SandboxTx[] = [];
  readonly callbacks: SentCallback[] = [];
  private readonly rules: Rule[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  /** Float per network, TZS (payouts fail with float exhausted beyond it, §9.9). */
  readonly float = new Map<SandboxNetwork, number>();
  /** Tokens / sessions: value → network and expiry (epoch ms). */
  private readonly tokens = new Map<string, { network: SandboxNetwork; expiresAt: number }>();
  private closed = false;
  /** The scenario each transaction's customer plays, and whether callbacks follow (kept with the tx). */
  private readonly playing = new Map<SandboxTx, { scenario: Scenario; withCallback: boolean }>();
  /** Writes to the store, in order; a failed write is reported and does not stop later ones. */
  private writes: Promise<void> = Promise.resolve();
  /** Transactions changed since the last write was queued (store.ts). */
  private readonly dirty = new Set<SandboxTx>();
  /** Callback builder per network, for prompts resumed after a restart ({@link resume}). */
  readonly builders: Partial<Record<SandboxNetwork, CallbackBuilder>> = {};

  constructor(readonly options: CoreOptions) {
    this.defaults = { ...DEFAULTS, ...options.defaults };
  }

  now(): number {
    return this.options.clock();
  }

  // ---- durable state (store.ts) ----
  /**
   * Marks `tx` for the store. Changes made in one synchronous turn (a payout created and settled at
   * once) are written together, as one row, by the next queued write: the store never holds a state
   * the sandbox only passed through, so a crash cannot leave a payout "pending" that was settled.
   */
  private persist(tx: SandboxTx): void {
    const store = this.options.store;
    if (!store) return;
    const first = this.dirty.size === 0;
    this.dirty.add(tx);
    if (!first) return;
    this.enqueue(async () => {
      const rows = [...this.dirty].map((t): StoredSandboxTx => ({
        tx: { ...t, extra: { ...t.extra } },
        scenario: this.playing.get(t)?.scenario ?? null,
        withCallback: this.playing.get(t)?.withCallback ?? false,
      }));
      this.dirty.clear();
      for (const row of rows) await store.saveTx(row);
    });
  }
  private enqueue(write: () => Promise<void>): void {
    this.writes = this.writes.then(write).catch((error: unknown) => {
      console.error('sandbox store write failed:', error);
    });
  }
  /** Resolves when every state change so far is in the store. */
  flush(): Promise<void> {
    return this.writes;
  }
  /** Loads the stored transactions and floats (before the servers listen). */
  async restore(): Promise<void> {
    const store = this.options.store;
    if (!store) return;
    const saved = await store.load();
    for (const { tx, scenario, withCallback } of saved.txs) {
      this.txs.push(tx);
      if (scenario) this.playing.set(tx, { scenario, withCallback });
    }
    for (const [network, amount] of saved.floats) this.float.set(network, amount);
  }
  /**
   * Restarts what was under way when the sandbox stopped: a pending collection's customer acts at the
   * time they would have (at once if that time has passed), an ambiguous state resolves as its scenario
   * says. Callbacks then follow as usual, so a restarted server hears of payments made while it was down.
   */
  resume(): void {
    for (const tx of this.txs) {
      const play = this.playing.get(tx);
      if (!play) continue;
      const build = play.withCallback ? (this.builders[tx.network] ?? null) : null;
      if (tx.status === 'pending' && tx.direction === 'collection') {
        const due = tx.createdAt + this.promptDelay(play.scenario);
        this.playPrompt(tx, play.scenario, build, undefined, Math.max(0, due - this.now()));
      } else if (tx.status === 'ambiguous') this.resolveLater(tx, play.scenario, build);
    }
  }

  /** A random id of `length` characters from `alphabet` (uses the injected random source). */
  id(length: number, alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.options.random() * alphabet.length)];
    return s;
  }

  // ---- scenarios ----
  addRule(rule: Rule): void {
    this.rules.unshift({ ...rule, ...(rule.msisdn ? { msisdn: national9(rule.msisdn) } : {}) });
  }
  clearRules(network?: SandboxNetwork): void {
    for (let i = this.rules.length - 1; i >= 0; i--)
      if (!network || this.rules[i]?.network === network) this.rules.splice(i, 1);
  }
  /** Phone rules win over amount rules, then the built-in test phones, then `{}` (customer pays). */
  scenarioFor(network: SandboxNetwork, msisdn: string, amount: number): Scenario {
    const mine = this.rules.filter((r) => !r.network || r.network === network);
    const n = national9(msisdn);
    return (
      mine.find((r) => r.msisdn === n)?.scenario ??
      mine.find((r) => r.amount === amount && !r.msisdn)?.scenario ??
      testPhoneScenario(n) ??
      {}
    );
  }

  // ---- tokens ----
  issueToken(network: SandboxNetwork, ttlSeconds: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { network, expiresAt: this.now() + ttlSeconds * 1000 });
    return token;
  }
  tokenValid(network: SandboxNetwork, token: string | undefined): boolean {
    const t = token ? this.tokens.get(token) : undefined;
    return !!t && t.network === network && t.expiresAt > this.now();
  }
  expireTokens(network?: SandboxNetwork): void {
    for (const [k, t] of this.tokens) if (!network || t.network === network) this.tokens.delete(k);
  }

  // ---- ledger ----
  find(network: SandboxNetwork, reference: string): SandboxTx | undefined {
    return this.txs.find((t) => t.network === network && t.reference === reference);
  }
  findBy(network: SandboxNetwork, pred: (t: SandboxTx) => boolean): SandboxTx | undefined {
    return this.txs.find((t) => t.network === network && pred(t));
  }
  create(tx: Omit<SandboxTx, 'status' | 'createdAt' | 'updatedAt'>): SandboxTx {
    const at = this.now();
    const full: SandboxTx = { ...tx, status: 'pending', createdAt: at, updatedAt: at };
    this.txs.push(full);
    this.persist(full);
    return full;
  }
  settle(tx: SandboxTx, status: TxStatus, failure?: Failure): void {
    tx.status = status;
    if (failure) tx.failure = failure;
    else delete tx.failure;
    tx.updatedAt = this.now();
    this.persist(tx);
  }
  /** Sets a network's payout float (TZS), durably. */
  setFloat(network: SandboxNetwork, amount: number): void {
    this.float.set(network, amount);
    const store = this.options.store;
    if (store) this.enqueue(() => store.saveFloat(network, amount));
  }
  /** Takes `amount` from the network's float; `false` when exhausted (default float 1e9 TZS). */
  debitFloat(network: SandboxNetwork, amount: number): boolean {
    const left = this.float.get(network) ?? 1_000_000_000;
    if (amount > left) return false;
    this.setFloat(network, left - amount);
    return true;
  }
  /** Transactions created in [from, to) (epoch ms), oldest first. */
  statement(network: SandboxNetwork, from: number, to: number): SandboxTx[] {
    return this.txs.filter((t) => t.network === network && t.createdAt >= from && t.createdAt < to);
  }

  // ---- time ----
  later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, ms);
    this.timers.add(t);
  }
  /** Resolves after `ms`, or at once when the sandbox stops (so slow answers never hold `stop()`). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.sleepers.delete(done);
        resolve();
      };
      this.sleepers.add(done);
      this.later(ms, done);
    });
  }
  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
  }

  // ---- the customer at the prompt ----
  /**
   * Plays a collection's PIN prompt: after `pinDelayMs` the customer pays, ignores it (expired when the
   * prompt times out), types a wrong PIN, or lacks funds; `ambiguous` parks it, then resolves. Calls
   * `onFinal` when the state is final and sends the callback unless the network has none.
   */
  playPrompt(
    tx: SandboxTx,
    scenario: Scenario,
    build: CallbackBuilder | null,
    onFinal?: () => void,
    delayMs: number = this.promptDelay(scenario),
  ): void {
    const customer = scenario.customer ?? 'pay';
    this.remember(tx, scenario, build);
    this.later(delayMs, () => {
      if (tx.status !== 'pending') return;
      if (customer === 'pay' && scenario.ambiguous) {
        this.settle(tx, 'ambiguous');
        onFinal?.();
        this.resolveLater(tx, scenario, build);
        return;
      }
      if (customer === 'pay') this.settle(tx, 'succeeded');
      else this.settle(tx, 'failed', customer === 'ignore' ? 'expired' : customer);
      onFinal?.();
      if (build) this.sendCallbacks(tx, scenario, build);
    });
  }
  /** How long the customer takes at the prompt (the prompt timeout when they ignore it), ms. */
  private promptDelay(scenario: Scenario): number {
    return scenario.customer === 'ignore'
      ? this.defaults.promptTimeoutMs
      : (scenario.pinDelayMs ?? this.defaults.pinDelayMs);
  }
  /** Keeps the scenario with the transaction (and in the store) so a restart can resume it. */
  private remember(tx: SandboxTx, scenario: Scenario, build: CallbackBuilder | null): void {
    const known = this.playing.get(tx);
    if (known && known.withCallback === (build !== null)) return;
    this.playing.set(tx, { scenario, withCallback: build !== null });
    this.persist(tx);
  }
  /** Resolves an ambiguous transaction as the scenario says (never, when `resolvesTo` is `never`). */
  resolveLater(tx: SandboxTx, scenario: Scenario, build: CallbackBuilder | null): void {
    this.remember(tx, scenario, build);
    const a = scenario.ambiguous;
    if (!a || a.resolvesTo === 'never') return;
    this.later(a.afterMs ?? this.defaults.ambiguousResolveMs, () => {
      if (tx.status !== 'ambiguous') return;
      this.settle(tx, a.resolvesTo === 'succeeded' ? 'succeeded' : 'failed');
      if (build) this.sendCallbacks(tx, scenario, build);
    });
  }

  // ---- callbacks ----
  sendCallbacks(tx: SandboxTx, scenario: Scenario, build: CallbackBuilder): void {
    const mode = scenario.callback?.mode ?? 'normal';
    const d = scenario.callback?.delayMs ?? this.defaults.callbackDelayMs;
    const fin = tx.status === 'succeeded' ? 'succeeded' : 'failed';
    const post = (variant: CallbackVariant, label: SentCallback['mode'], at: number) =>
      this.later(at, () => void this.post(tx, build(tx, variant), label));
    switch (mode) {
      case 'missing':
        return;
      case 'duplicate':
        post({}, mode, d);
        post({}, mode, d);
        return;
      case 'replay_after_final':
        post({}, mode, d);
        post({}, mode, 3 * d);
        return;
      case 'out_of_order':
        post({}, mode, d);
        post({ status: fin === 'succeeded' ? 'failed' : 'succeeded' }, 'stale-part', 2 * d);
        return;
      case 'forged':
        post({ status: 'succeeded', forged: true }, 'forged-part', d);
        post({}, mode, 2 * d);
        return;
      case 'different_amount':
        post({ amount: tx.amount + 1_000 }, mode, d);
        return;
      default:
        post({}, mode, d);
    }
  }

  private async post(tx: SandboxTx, cb: OutgoingCallback, mode: SentCallback['mode']): Promise<void> {
    let answerStatus: number | null = null;
    let answerBody: string;
    await this.flush(); // the state a callback announces is durable first, as at a real provider
    try {
      const res = await fetch(this.options.callbackUrl(tx.network), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...cb.headers },
        body: cb.body,
        signal: AbortSignal.timeout(5_000),
      });
      answerStatus = res.status;
      answerBody = await res.text();
    } catch (error) {
      answerBody = String(error);
    }
    this.callbacks.push({
      network: tx.network,
      reference: tx.reference,
      mode,
      body: cb.body,
      answerStatus,
      answerBody,
    });
  }
}
