/**
 * An in-memory provider implementing the {@link PaymentProvider} port, for tests and for `npm start`
 * until the real adapters exist. It behaves like mobile-money.md §0/§9 describes: a push answers
 * `pending`; the customer's action ({@link FakeProvider.customer}) settles it later and emits a callback
 * signed with HMAC-SHA256 (`x-fake-signature`) over the raw body. Failure injection per paymentId or
 * per phone through {@link FakeProvider.script}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CallbackRequest,
  DepositRequest,
  Outcome,
  ParsedCallback,
  PaymentDirection,
  PaymentProvider,
  ProviderId,
  StatementLine,
} from './port.ts';
import { ProviderUnavailable } from './port.ts';

/**
 * Injected behaviours:
 * - `normal`: push/payout accepted (`pending`), settled by `customer()`; payouts succeed at once.
 * - `timeout`: the initiating call throws (but the provider DID receive it: `customer()` still works).
 * - `ambiguous`: the initiating call answers `ambiguous` (TA); the record exists at the provider.
 * - `http200Error`: answers `failed` with code 400 as an HTTP-200 body error; nothing recorded.
 * - `duplicateId`: answers `ambiguous` DUPLICATE_ID; the record exists.
 * - `floatExhausted`: payouts fail definitely with DP00900001007.
 * - `unavailable`: throws {@link ProviderUnavailable} (token expired and refresh failed), nothing sent.
 * - `enquiryDown`: `enquire` throws.
 */
export type FakeBehaviour =
  | 'normal'
  | 'timeout'
  | 'ambiguous'
  | 'http200Error'
  | 'duplicateId'
  | 'floatExhausted'
  | 'unavailable'
  | 'enquiryDown';

interface Record_ {
  readonly paymentId: string;
  readonly direction: PaymentDirection;
  readonly phone: string;
  readonly amount: number;
  outcome: Outcome;
  at: string;
}

/** The secret the fake signs its callbacks with. */
export const FAKE_CALLBACK_SECRET = 'fake-provider-secret';

const sign = (raw: string): string => createHmac('sha256', FAKE_CALLBACK_SECRET).update(raw).digest('hex');

/** A callback as the fake would POST it: body, raw text and headers. */
export interface FakeCallback {
  readonly body: { paymentId: string; status: string; amount?: number; providerRef?: string; code?: string };
  readonly rawBody: string;
  readonly headers: Record<string, string>;
}

export class FakeProvider implements PaymentProvider {
  private readonly records = new Map<string, Record_>();
  private readonly scripts = new Map<string, FakeBehaviour>();
  private seq = 0;
  /** Every initiating call received, by paymentId (tests assert a payout is never sent twice). */
  readonly sends = new Map<string, number>();
  /** Callbacks emitted, in order; also passed to {@link onCallback}. */
  readonly outbox: FakeCallback[] = [];
  /** Where callbacks go (tests post them to the app, or drop / reorder them). */
  onCallback: (cb: FakeCallback) => void = () => undefined;
  now: () => string = () => new Date().toISOString();

  constructor(readonly id: ProviderId) {}

  /** Sets the behaviour for a paymentId or a `+255…` phone (paymentId wins); `normal` clears it. */
  script(key: string, behaviour: FakeBehaviour): void {
    if (behaviour === 'normal') this.scripts.delete(key);
    else this.scripts.set(key, behaviour);
  }

  private behaviour(paymentId: string, phone?: string): FakeBehaviour {
    return this.scripts.get(paymentId) ?? (phone ? this.scripts.get(phone) : undefined) ?? 'normal';
  }

  private initiate(r: DepositRequest, direction: PaymentDirection): Outcome {
    this.sends.set(r.paymentId, (this.sends.get(r.paymentId) ?? 0) + 1);
    const b = this.behaviour(r.paymentId, r.phone);
    if (b === 'unavailable') throw new ProviderUnavailable(this.id, 'token refresh failed');
    if (b === 'http200Error')
      return { status: 'failed', code: '400', reason: 'invalid msisdn', definite: true };
    const existing = this.records.get(r.paymentId);
    if (existing) return { status: 'ambiguous', code: 'DUPLICATE_ID' };
    let outcome: Outcome = { status: 'pending' };
    if (direction === 'payout') {
      outcome =
        b === 'floatExhausted'
          ? { status: 'failed', code: 'DP00900001007', reason: 'insufficient float', definite: true }
          : { status: 'succeeded', providerRef: `FK${this.id}-${++this.seq}`, amount: r.amount };
    }
    this.records.set(r.paymentId, { ...r, direction, outcome, at: this.now() });
    if (b === 'timeout') throw new Error('ETIMEDOUT');
    if (b === 'ambiguous' || b === 'duplicateId')
      return { status: 'ambiguous', code: b === 'ambiguous' ? 'TA' : 'DUPLICATE_ID' };
    if (direction === 'payout' && outcome.status !== 'pending') this.emit(r.paymentId);
    return outcome;
  }

  requestDeposit(r: DepositRequest): Promise<Outcome> {
    return Promise.resolve().then(() => this.initiate(r, 'deposit'));
  }
  sendPayout(r: DepositRequest): Promise<Outcome> {
    return Promise.resolve().then(() => this.initiate(r, 'payout'));
  }

  enquire(paymentId: string): Promise<Outcome> {
    return Promise.resolve().then(() => {
      if (this.behaviour(paymentId) === 'enquiryDown') throw new Error('ECONNRESET');
      const r = this.records.get(paymentId);
      return r
        ? r.outcome
        : { status: 'failed', code: 'NOT_FOUND', reason: 'no such transaction', definite: true };
    });
  }

  /**
   * The customer's action on a pending push (or the provider's own resolution of a payout):
   * `pay` (optionally a different amount), `wrongPin`, `insufficientFunds`, `expire` (never answered),
   * `succeed`/`fail` for payouts. Emits a callback unless `silent`.
   */
  customer(
    paymentId: string,
    action: 'pay' | 'wrongPin' | 'insufficientFunds' | 'expire' | 'succeed' | 'fail',
    opts: { amount?: number; silent?: boolean } = {},
  ): void {
    const r = this.records.get(paymentId);
    if (!r) throw new Error(`fake: unknown payment ${paymentId}`);
    const failed = (code: string, reason: string): Outcome => ({
      status: 'failed',
      code,
      reason,
      definite: true,
    });
    r.outcome =
      action === 'pay' || action === 'succeed'
        ? { status: 'succeeded', providerRef: `FK${this.id}-${++this.seq}`, amount: opts.amount ?? r.amount }
        : action === 'wrongPin'
          ? failed('WRONG_PIN', 'incorrect PIN')
          : action === 'insufficientFunds'
            ? failed('INSUFFICIENT_FUNDS', 'insufficient balance')
            : action === 'expire'
              ? failed('EXPIRED', 'customer did not answer')
              : failed('FAILED', 'payout failed');
    r.at = this.now();
    if (!opts.silent) this.emit(paymentId);
  }

  /** Whether the provider holds a record (tests of "timeout after charge"). */
  has(paymentId: string): boolean {
    return this.records.has(paymentId);
  }

  /** Builds the callback for the current state of a payment, signed (or `forged` with a bad signature). */
  callbackFor(paymentId: string, opts: { forged?: boolean; amount?: number } = {}): FakeCallback {
    const r = this.records.get(paymentId);
    const o = r?.outcome ?? { status: 'pending' };
    const body: FakeCallback['body'] = { paymentId, status: o.status };
    if (o.status === 'succeeded')
      Object.assign(body, { amount: opts.amount ?? o.amount, providerRef: o.providerRef });
    if (o.status === 'failed' || o.status === 'ambiguous') body.code = o.code;
    const rawBody = JSON.stringify(body);
    const signature = opts.forged ? 'f'.repeat(64) : sign(rawBody);
    return { body, rawBody, headers: { 'content-type': 'application/json', 'x-fake-signature': signature } };
  }

  private emit(paymentId: string): void {
    const cb = this.callbackFor(paymentId);
    this.outbox.push(cb);
    this.onCallback(cb);
  }

  parseCallback(req: CallbackRequest): ParsedCallback {
    const given = req.headers['x-fake-signature'];
    const expected = sign(req.rawBody);
    const verified =
      typeof given === 'string' &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    const b = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    const paymentId = typeof b.paymentId === 'string' ? b.paymentId : null;
    const amount = typeof b.amount === 'number' ? b.amount : undefined;
    const providerRef = typeof b.providerRef === 'string' ? b.providerRef : undefined;
    const code = typeof b.code === 'string' ? b.code : 'UNKNOWN';
    const outcome: Outcome =
      b.status === 'succeeded' && amount !== undefined && providerRef !== undefined
        ? { status: 'succeeded', amount, providerRef }
        : b.status === 'failed'
          ? { status: 'failed', code, reason: code, definite: true }
          : b.status === 'pending'
            ? { status: 'pending' }
            : { status: 'ambiguous', code };
    return {
      verified,
      paymentId,
      outcome,
      ...(amount !== undefined ? { amount } : {}),
      ...(providerRef !== undefined ? { providerRef } : {}),
    };
  }

  statement(from: string, to: string): Promise<readonly StatementLine[]> {
    const lines: StatementLine[] = [];
    for (const r of this.records.values()) {
      if (r.at < from || r.at >= to) continue;
      const o = r.outcome;
      lines.push({
        paymentId: r.paymentId,
        direction: r.direction,
        amount: o.status === 'succeeded' ? o.amount : r.amount,
        status: o.status === 'succeeded' ? 'succeeded' : o.status === 'failed' ? 'failed' : 'pending',
        ...(o.status === 'succeeded' ? { providerRef: o.providerRef } : {}),
        at: r.at,
      });
    }
    return Promise.resolve(lines);
  }

  /** Test hook: a record the provider has but we never asked for (reconciliation "missing on our side"). */
  inject(line: {
    paymentId: string;
    direction: PaymentDirection;
    phone: string;
    amount: number;
    outcome: Outcome;
  }): void {
    this.records.set(line.paymentId, { ...line, at: this.now() });
  }
}

/** One fake per network (3, 4, 6, 7). */
export const fakeProviders = (): Record<ProviderId, FakeProvider> => ({
  3: new FakeProvider(3),
  4: new FakeProvider(4),
  6: new FakeProvider(6),
  7: new FakeProvider(7),
});
