/**
 * HaloPesa adapter through a Selcom-shaped aggregator (mobile-money.md §5, §6): every request signed
 * (selcom-signing.ts); deposit = `checkout/create-order-minimal` then `checkout/wallet-payment` (push);
 * enquiry `checkout/order-status` / `walletcashin/query`; payout `walletcashin/process` with utility
 * code HPCASHIN; signed webhooks verified (digest, API key, timestamp within 15 min). Our paymentId is
 * `order_id` and `transid` (§0.4). Envelopes → outcomes: selcom-codes.ts.
 */
import type {
  CallbackRequest,
  DepositRequest,
  Outcome,
  ParsedCallback,
  PaymentDirection,
  PaymentProvider,
  PayoutRequest,
  StatementLine,
} from '../port.ts';
import { sandboxStatementLines } from './extensions.ts';
import { httpCall, msisdn255, obj, safeHttpCall, str } from './http.ts';
import type { HttpAnswer } from './http.ts';
import { selcomNotSuccess, selcomPaymentStatus, selcomResult } from './selcom-codes.ts';
import { selcomSign, selcomVerify } from './selcom-signing.ts';

export interface HaloPesaConfig {
  /** e.g. `https://apigw.selcommobile.com/v1` (no trailing slash). */
  readonly baseUrl: string;
  readonly vendor: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  /** Vendor PIN of `walletcashin/process`. */
  readonly pin: string;
  /** Our webhook URL (sent base64 in each order). */
  readonly webhookUrl: string;
  /**
   * Where payouts are listed: Selcom documents no cash-in listing (§6), so the sandbox's
   * `/_sandbox/statement` in tests; unset = the statement holds deposits only.
   */
  readonly payoutStatementUrl?: string;
  /** Buyer e-mail Selcom requires on orders; default `payments@bashiri.invalid`. */
  readonly buyerEmail?: string;
  /** ms: safe calls 10 s, push / payout 30 s by default. */
  readonly timeouts?: { readonly safe?: number; readonly send?: number };
  readonly now?: () => number;
}

export class HaloPesaProvider implements PaymentProvider {
  readonly id = 7 as const;
  private readonly now: () => number;
  private readonly safeMs: number;
  private readonly sendMs: number;

  constructor(private readonly config: HaloPesaConfig) {
    this.now = config.now ?? Date.now;
    this.safeMs = config.timeouts?.safe ?? 10_000;
    this.sendMs = config.timeouts?.send ?? 30_000;
  }

  private post(path: string, body: Record<string, string | number>): Promise<HttpAnswer> {
    const { apiKey, apiSecret } = this.config;
    return httpCall({
      method: 'POST',
      url: `${this.config.baseUrl}/${path}`,
      headers: { ...selcomSign(apiKey, apiSecret, this.now(), body), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: this.sendMs,
    });
  }

  private get(path: string, query: Record<string, string>): Promise<HttpAnswer> {
    const { apiKey, apiSecret } = this.config;
    return safeHttpCall({
      method: 'GET',
      url: `${this.config.baseUrl}/${path}?${new URLSearchParams(query)}`,
      headers: selcomSign(apiKey, apiSecret, this.now(), query),
      timeoutMs: this.safeMs,
    });
  }

  /** Order, then push: pending when both answer SUCCESS/000 (the result comes by webhook, §0.1). */
  async requestDeposit(r: DepositRequest): Promise<Outcome> {
    const order = await this.post('checkout/create-order-minimal', {
      vendor: this.config.vendor,
      order_id: r.paymentId,
      buyer_email: this.config.buyerEmail ?? 'payments@bashiri.invalid',
      buyer_name: 'Bashiri player',
      buyer_phone: msisdn255(r.phone),
      amount: r.amount,
      currency: 'TZS',
      no_of_items: 1,
      webhook: Buffer.from(this.config.webhookUrl).toString('base64'),
    });
    if (selcomResult(order.json).result !== 'SUCCESS') return selcomNotSuccess(order.json);
    const push = await this.post('checkout/wallet-payment', {
      transid: r.paymentId,
      order_id: r.paymentId,
      msisdn: msisdn255(r.phone),
    });
    const { result, code } = selcomResult(push.json);
    return result === 'SUCCESS' ? { status: 'pending', code } : selcomNotSuccess(push.json);
  }

  /** `walletcashin/process` to HaloPesa (HPCASHIN), sent once; SUCCESS → succeeded. */
  async sendPayout(r: PayoutRequest): Promise<Outcome> {
    const answer = await this.post('walletcashin/process', {
      transid: r.paymentId,
      utilitycode: 'HPCASHIN',
      utilityref: msisdn255(r.phone),
      amount: r.amount,
      vendor: this.config.vendor,
      pin: this.config.pin,
      msisdn: msisdn255(r.phone),
    });
    const ref = str(obj(answer.json).reference);
    if (selcomResult(answer.json).result === 'SUCCESS' && ref)
      return { status: 'succeeded', providerRef: ref, amount: r.amount };
    return selcomNotSuccess(answer.json);
  }

  /** Order status (deposits) or cash-in query (payouts); 404 → failed NOT_FOUND. */
  async enquire(paymentId: string, kind: PaymentDirection): Promise<Outcome> {
    const answer =
      kind === 'deposit'
        ? await this.get('checkout/order-status', { order_id: paymentId })
        : await this.get('walletcashin/query', { transid: paymentId });
    const { result, code } = selcomResult(answer.json);
    if (code === '404') return { status: 'failed', code: 'NOT_FOUND', reason: 'not found', definite: true };
    const line = obj((obj(answer.json).data as unknown[] | undefined)?.[0]);
    if (kind === 'deposit')
      return result === 'SUCCESS' ? selcomPaymentStatus(line) : selcomNotSuccess(answer.json);
    const amount = Number(str(line.amount));
    const ref = str(line.reference) ?? str(obj(answer.json).reference);
    if (result === 'SUCCESS' && ref && amount > 0) return { status: 'succeeded', providerRef: ref, amount };
    return selcomNotSuccess(answer.json);
  }

  /**
   * Webhook `{transid, order_id, reference, result, resultcode, payment_status, amount?}` signed like our
   * requests (§6 "Webhook"). `verified` = digest, API key and a fresh timestamp all check out.
   */
  parseCallback(req: CallbackRequest): ParsedCallback {
    const b = obj(req.body);
    const verified = selcomVerify(req.headers, b, {
      secret: this.config.apiSecret,
      apiKey: this.config.apiKey,
      now: this.now(),
    });
    const paymentId = str(b.order_id) ?? str(b.transid) ?? null;
    const amount = Number(str(b.amount));
    const hasAmount = Number.isFinite(amount) && amount > 0;
    const ref = str(b.reference);
    return {
      verified,
      paymentId,
      outcome: selcomPaymentStatus(b),
      ...(hasAmount ? { amount } : {}),
      ...(ref ? { providerRef: ref } : {}),
      reply: { status: 200, body: { result: 'SUCCESS', resultcode: '000' } },
    };
  }

  /** Deposits from `checkout/list-orders` (§6), payouts from {@link HaloPesaConfig.payoutStatementUrl}. */
  async statement(from: string, to: string): Promise<readonly StatementLine[]> {
    const payouts = this.config.payoutStatementUrl
      ? sandboxStatementLines(
          (
            await safeHttpCall({
              method: 'GET',
              url: `${this.config.payoutStatementUrl}?${new URLSearchParams({ from, to })}`,
              timeoutMs: this.safeMs,
            })
          ).json,
        ).filter((l) => l.direction === 'payout')
      : [];
    const answer = await this.get('checkout/list-orders', { fromdate: from, todate: to });
    if (selcomResult(answer.json).result !== 'SUCCESS')
      throw new Error(`selcom list-orders: ${answer.text.slice(0, 200)}`);
    const data = obj(answer.json).data;
    const deposits = (Array.isArray(data) ? data : []).map((d: Record<string, unknown>): StatementLine => {
      const o = selcomPaymentStatus(d);
      return {
        paymentId: str(d.order_id) ?? '',
        direction: 'deposit' as const,
        amount: Number(str(d.amount)),
        status: o.status === 'succeeded' ? 'succeeded' : o.status === 'failed' ? 'failed' : 'pending',
        ...(str(d.reference) ? { providerRef: str(d.reference) as string } : {}),
        at: str(d.creation_date) ?? from,
      };
    });
    return [...deposits, ...payouts];
  }
}
