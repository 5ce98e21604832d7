/**
 * Tigo / Mixx by Yas adapter (mobile-money.md §4): password-grant token (form-encoded, cached, renewed
 * after a 401), JSON push bill-pay, XML REQMFCI disbursement (tigo-xml.ts), status through our
 * stand-in query (Yas publishes none we found), unsigned callbacks (never `verified`) answered with
 * `{ResponseCode:"BILLER-18-0000-S", …}`. Our paymentId is `ReferenceID` / `REFERENCEID` (§0.4).
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
import { ProviderUnavailable } from '../port.ts';
import { sandboxStatementLines } from './extensions.ts';
import { TokenCache, httpCall, msisdn255, obj, safeHttpCall, str } from './http.ts';
import type { HttpAnswer } from './http.ts';
import { tigoDisburse, tigoPush, tigoStatus } from './tigo-codes.ts';
import { readCommandXml, writeCommandXml } from './tigo-xml.ts';

export interface TigoConfig {
  /** The merchant's own URLs (`<Partner>2DM-GetToken`, …, §4). */
  readonly urls: {
    readonly token: string;
    readonly push: string;
    readonly status: string;
    readonly disburse: string;
    /** Statement source (sandbox `/_sandbox/statement`; production: Yas' settlement report). */
    readonly statement: string;
  };
  readonly username: string;
  readonly password: string;
  readonly billerMsisdn: string;
  /** REQMFCI account (our wallet), its PIN, brand id, sender name. */
  readonly disburseMsisdn: string;
  readonly disbursePin: string;
  readonly brandId: string;
  readonly senderName?: string;
  /** ms: safe calls 10 s, push / payout 30 s by default. */
  readonly timeouts?: { readonly safe?: number; readonly send?: number };
  readonly now?: () => number;
}

export class TigoProvider implements PaymentProvider {
  readonly id = 3 as const;
  private readonly tokens: TokenCache;
  private readonly safeMs: number;
  private readonly sendMs: number;

  constructor(private readonly config: TigoConfig) {
    const now = config.now ?? Date.now;
    this.safeMs = config.timeouts?.safe ?? 10_000;
    this.sendMs = config.timeouts?.send ?? 30_000;
    this.tokens = new TokenCache(() => this.fetchToken(now), now, 60_000);
  }

  private async fetchToken(now: () => number) {
    let answer: HttpAnswer;
    try {
      answer = await safeHttpCall({
        method: 'POST',
        url: this.config.urls.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: this.config.username,
          password: this.config.password,
          grant_type: 'password',
        }).toString(),
        timeoutMs: this.safeMs,
      });
    } catch (error) {
      throw new ProviderUnavailable(this.id, `tigo token: ${(error as Error).message}`);
    }
    const b = obj(answer.json);
    const value = str(b.access_token);
    if (!value) throw new ProviderUnavailable(this.id, `tigo token refused: ${answer.text.slice(0, 200)}`);
    return { value, expiresAt: now() + Number(str(b.expires_in) ?? 3_600) * 1000 };
  }

  private async callJson(url: string, body: unknown, safe: boolean): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const request = {
        method: 'POST' as const,
        url,
        headers: {
          authorization: `bearer ${await this.tokens.get()}`,
          username: this.config.username,
          password: this.config.password,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        timeoutMs: safe ? this.safeMs : this.sendMs,
      };
      const answer = safe ? await safeHttpCall(request) : await httpCall(request);
      if (answer.status !== 401) return answer;
      this.tokens.invalidate();
      if (attempt >= 1) throw new ProviderUnavailable(this.id, 'tigo: token refused twice');
    }
  }

  /** Push bill-pay (§4 "Push bill-pay"): pending on BILLER-18-0000-S; codes in tigo-codes.ts. */
  async requestDeposit(r: DepositRequest): Promise<Outcome> {
    const answer = await this.callJson(
      this.config.urls.push,
      {
        CustomerMSISDN: msisdn255(r.phone),
        BillerMSISDN: this.config.billerMsisdn,
        Amount: r.amount,
        Remarks: 'Bashiri deposit',
        ReferenceID: r.paymentId,
      },
      false,
    );
    return tigoPush(answer.json);
  }

  /** REQMFCI (§4 "Disbursement"), XML, sent once; an unreadable answer is ambiguous. */
  async sendPayout(r: PayoutRequest): Promise<Outcome> {
    const answer = await httpCall({
      method: 'POST',
      url: this.config.urls.disburse,
      headers: { 'content-type': 'application/xml' },
      body: writeCommandXml({
        TYPE: 'REQMFCI',
        REFERENCEID: r.paymentId,
        MSISDN: this.config.disburseMsisdn,
        PIN: this.config.disbursePin,
        MSISDN1: msisdn255(r.phone),
        AMOUNT: r.amount,
        SENDERNAME: this.config.senderName ?? 'Bashiri',
        LANGUAGE1: 'EN',
        BRAND_ID: this.config.brandId,
      }),
      timeoutMs: this.sendMs,
    });
    try {
      return tigoDisburse(readCommandXml(answer.text), r.amount);
    } catch {
      return { status: 'ambiguous', code: `UNREADABLE_HTTP_${answer.status}` };
    }
  }

  /** Status by ReferenceID (deposits and payouts); the amount comes back, so no context is needed. */
  async enquire(paymentId: string, _kind: PaymentDirection): Promise<Outcome> {
    const answer = await this.callJson(this.config.urls.status, { ReferenceID: paymentId }, true);
    return tigoStatus(answer.json);
  }

  /**
   * `{Status, Description, MFSTransactionID, ReferenceID, Amount}` (§4 "Callback"): unsigned, so never
   * `verified`; the reply is the ResponseCode acknowledgement Tigo expects.
   */
  parseCallback(req: CallbackRequest): ParsedCallback {
    const b = obj(req.body);
    const paymentId = str(b.ReferenceID) ?? null;
    const ref = str(b.MFSTransactionID);
    const amount = Number(str(b.Amount));
    const hasAmount = Number.isFinite(amount) && amount > 0;
    const outcome: Outcome =
      b.Status === true && ref && hasAmount
        ? { status: 'succeeded', providerRef: ref, amount }
        : b.Status === false
          ? { status: 'failed', code: 'FAILED', reason: str(b.Description) ?? 'failed', definite: true }
          : { status: 'ambiguous', code: 'UNREADABLE' };
    return {
      verified: false,
      paymentId,
      outcome,
      ...(hasAmount ? { amount } : {}),
      ...(ref ? { providerRef: ref } : {}),
      reply: {
        status: 200,
        body: {
          ResponseCode: 'BILLER-18-0000-S',
          ResponseStatus: true,
          ResponseDescription: 'Callback successful',
          ReferenceID: paymentId ?? '',
        },
      },
    };
  }

  async statement(from: string, to: string): Promise<readonly StatementLine[]> {
    const answer = await safeHttpCall({
      method: 'GET',
      url: `${this.config.urls.statement}?${new URLSearchParams({ from, to })}`,
      timeoutMs: this.safeMs,
    });
    return sandboxStatementLines(answer.json);
  }
}
