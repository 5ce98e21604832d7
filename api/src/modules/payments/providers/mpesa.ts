/**
 * Vodacom M-Pesa adapter (mobile-money.md §3): session from `getSession/` (Bearer = RSA PKCS#1 v1.5 of
 * the API key), every call with Bearer = RSA of the session id; C2B `c2bPayment/singleStage/` BLOCKS
 * while the customer is prompted (≈66 s, §3 "Timing"), so it gets a long timeout (default 120 s) and a
 * timeout answers ambiguous TIMEOUT (§9.2). Our paymentId is `input_ThirdPartyConversationID`; its
 * first 20 alphanumerics are `input_TransactionReference` (INS-17: 1–20 characters).
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
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
import { ProviderUnavailable } from '../port.ts';
import type { EnquiryContext } from './extensions.ts';
import { sandboxStatementLines } from './extensions.ts';
import { TokenCache, TransportError, httpCall, msisdn255, obj, safeHttpCall, str } from './http.ts';
import type { HttpAnswer } from './http.ts';
import { mpesaPayment, mpesaQuery } from './mpesa-codes.ts';

export interface MpesaConfig {
  /** e.g. `https://openapi.m-pesa.com/openapi/ipg/v2/vodacomTZN` (no trailing slash). */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The portal's public key, base64 DER. */
  readonly publicKeyBase64: string;
  readonly serviceProviderCode: string;
  /** Session lifetime we assume, s (not published, §3 [I]); default 3,600. A 401 refreshes anyway. */
  readonly sessionTtlS?: number;
  /** B2C path: `b2cPayment/` (default) or `b2cPayment/singleStage/` (§3 [X]). */
  readonly b2cPath?: string;
  /** Statement source; default the sandbox's `/_sandbox/statement` (production: the portal's report). */
  readonly statementUrl?: string;
  /** ms: safe calls 10 s, C2B 120 s, B2C 60 s by default. */
  readonly timeouts?: { readonly safe?: number; readonly c2b?: number; readonly b2c?: number };
  readonly now?: () => number;
}

/** RSA PKCS#1 v1.5 of `value` with the portal key, base64 (§3 "Authentication"). */
export const mpesaEncrypt = (value: string, publicKeyBase64: string): string =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_PADDING,
    },
    Buffer.from(value, 'utf8'),
  ).toString('base64');

/** `input_TransactionReference` of a paymentId: its first 20 letters and digits. */
export const mpesaReference = (paymentId: string): string =>
  paymentId.replace(/[^A-Za-z0-9]/g, '').slice(0, 20) || 'X';

export class MpesaProvider implements PaymentProvider {
  readonly id = 6 as const;
  private readonly session: TokenCache;
  private readonly t: { safe: number; c2b: number; b2c: number };

  constructor(private readonly config: MpesaConfig) {
    const now = config.now ?? Date.now;
    this.t = {
      safe: config.timeouts?.safe ?? 10_000,
      c2b: config.timeouts?.c2b ?? 120_000,
      b2c: config.timeouts?.b2c ?? 60_000,
    };
    this.session = new TokenCache(() => this.fetchSession(now), now, 60_000);
  }

  private async fetchSession(now: () => number) {
    let answer: HttpAnswer;
    try {
      answer = await safeHttpCall({
        method: 'GET',
        url: `${this.config.baseUrl}/getSession/`,
        headers: {
          authorization: `Bearer ${mpesaEncrypt(this.config.apiKey, this.config.publicKeyBase64)}`,
          origin: '*',
        },
        timeoutMs: this.t.safe,
      });
    } catch (error) {
      throw new ProviderUnavailable(this.id, `m-pesa session: ${(error as Error).message}`);
    }
    const value = str(obj(answer.json).output_SessionID);
    if (!value)
      throw new ProviderUnavailable(
        this.id,
        `m-pesa session refused (INS-989?): ${answer.text.slice(0, 200)}`,
      );
    return { value, expiresAt: now() + (this.config.sessionTtlS ?? 3_600) * 1000 };
  }

  /** One call with the session; a 401 was refused before processing: new session, send once more. */
  private async call(method: 'GET' | 'POST', path: string, body: Record<string, string>, timeoutMs: number) {
    for (let attempt = 0; ; attempt++) {
      const session = await this.session.get();
      const headers = {
        authorization: `Bearer ${mpesaEncrypt(session, this.config.publicKeyBase64)}`,
        origin: '*',
        'content-type': 'application/json',
      };
      const url = `${this.config.baseUrl}/${path}`;
      const answer =
        method === 'GET'
          ? await safeHttpCall({ method, url: `${url}?${new URLSearchParams(body)}`, headers, timeoutMs })
          : await httpCall({ method, url, headers, body: JSON.stringify(body), timeoutMs });
      if (answer.status !== 401) return answer;
      this.session.invalidate();
      if (attempt >= 1) throw new ProviderUnavailable(this.id, 'm-pesa: session refused twice');
    }
  }

  private fields(r: DepositRequest): Record<string, string> {
    return {
      input_Amount: String(r.amount),
      input_Country: 'TZN',
      input_Currency: 'TZS',
      input_CustomerMSISDN: msisdn255(r.phone),
      input_ServiceProviderCode: this.config.serviceProviderCode,
      input_ThirdPartyConversationID: r.paymentId,
      input_TransactionReference: mpesaReference(r.paymentId),
    };
  }

  /** Blocking C2B push: succeeded / failed at once, ambiguous on INS-9, INS-10 or our timeout. */
  async requestDeposit(r: DepositRequest): Promise<Outcome> {
    try {
      const answer = await this.call(
        'POST',
        'c2bPayment/singleStage/',
        { ...this.fields(r), input_PurchasedItemsDesc: 'Bashiri deposit' },
        this.t.c2b,
      );
      return mpesaPayment(answer.json, r.amount);
    } catch (error) {
      if (error instanceof TransportError && error.kind === 'timeout')
        return { status: 'ambiguous', code: 'TIMEOUT' };
      throw error;
    }
  }

  /** B2C payout, sent once; a transport failure throws (the caller reads it as ambiguous). */
  async sendPayout(r: PayoutRequest): Promise<Outcome> {
    const answer = await this.call(
      'POST',
      this.config.b2cPath ?? 'b2cPayment/',
      { ...this.fields(r), input_PaymentItemsDesc: 'Bashiri withdrawal' },
      this.t.b2c,
    );
    return mpesaPayment(answer.json, r.amount);
  }

  /** `queryTransactionStatus/` by our paymentId; pass `context.amount` (not echoed). */
  async enquire(paymentId: string, _kind: PaymentDirection, context: EnquiryContext = {}): Promise<Outcome> {
    const answer = await this.call(
      'GET',
      'queryTransactionStatus/',
      {
        input_QueryReference: paymentId,
        input_ServiceProviderCode: this.config.serviceProviderCode,
        input_ThirdPartyConversationID: paymentId,
        input_Country: 'TZN',
      },
      this.t.safe,
    );
    return mpesaQuery(answer.json, context.amount);
  }

  /**
   * Async result `{input_ThirdPartyConversationID, input_ResultCode, input_TransactionID, …}` (§3). M-Pesa
   * signs nothing: never `verified`. INS-0 reads as ambiguous (no amount; confirm by enquiry).
   */
  parseCallback(req: CallbackRequest): ParsedCallback {
    const b = obj(req.body);
    const paymentId = str(b.input_ThirdPartyConversationID) ?? null;
    const code = str(b.input_ResultCode);
    const ref = str(b.input_TransactionID);
    const outcome: Outcome =
      code && code !== 'INS-0' && code !== 'INS-9' && code !== 'INS-1'
        ? mpesaPayment({ output_ResponseCode: code }, 0)
        : { status: 'ambiguous', code: code ?? 'UNREADABLE' };
    return {
      verified: false,
      paymentId,
      outcome,
      ...(ref ? { providerRef: ref } : {}),
      reply: {
        status: 200,
        body: {
          output_OriginalConversationID: str(b.input_OriginalConversationID) ?? '',
          output_ResponseCode: '0',
          output_ResponseDesc: 'Successfully Accepted Result',
          output_ThirdPartyConversationID: paymentId ?? '',
        },
      },
    };
  }

  async statement(from: string, to: string): Promise<readonly StatementLine[]> {
    const url = this.config.statementUrl ?? `${new URL(this.config.baseUrl).origin}/_sandbox/statement`;
    const answer = await safeHttpCall({
      method: 'GET',
      url: `${url}?${new URLSearchParams({ from, to })}`,
      timeoutMs: this.t.safe,
    });
    return sandboxStatementLines(answer.json);
  }
}
