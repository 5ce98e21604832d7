/**
 * The state every sandbox shares: transactions (the statement, §9.10), scenarios, float, tokens, timers
 * and callback delivery with the chaos of mobile-money.md §11. Provider files (airtel.ts, mpesa.ts,
 * tigo.ts, selcom.ts) only translate their wire shapes to and from this.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxKeyPair } from './keys.ts';
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

  constructor(readonly options: CoreOptions) {
    this.defaults = { ...DEFAULTS, ...options.defaults };
  }

  now(): number {
    return this.options.clock();
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
    return full;
  }
  settle(tx: SandboxTx, status: TxStatus, failure?: Failure): void {
    tx.status = status;
    if (failure) tx.failure = failure;
    else delete tx.failure;
    tx.updatedAt = this.now();
  }
  /** Takes `amount` from the network's float; `false` when exhausted (default float 1e9 TZS). */
  debitFloat(network: SandboxNetwork, amount: number): boolean {
    const left = this.float.get(network) ?? 1_000_000_000;
    if (amount > left) return false;
    this.float.set(network, left - amount);
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
  playPrompt(tx: SandboxTx, scenario: Scenario, build: CallbackBuilder | null, onFinal?: () => void): void {
    const customer = scenario.customer ?? 'pay';
    const delay =
      customer === 'ignore'
        ? this.defaults.promptTimeoutMs
        : (scenario.pinDelayMs ?? this.defaults.pinDelayMs);
    this.later(delay, () => {
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
  /** Resolves an ambiguous transaction as the scenario says (never, when `resolvesTo` is `never`). */
  resolveLater(tx: SandboxTx, scenario: Scenario, build: CallbackBuilder | null): void {
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
