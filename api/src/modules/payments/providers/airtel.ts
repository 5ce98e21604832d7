/**
 * Airtel Money adapter (mobile-money.md §2): OAuth client-credentials token (cached, refreshed early,
 * once more after a 401), USSD push, enquiry, disbursement with the RSA-encrypted merchant PIN,
 * optional callback `hash` (HMAC-SHA256 over JSON of `transaction`, §2 [I]). Our paymentId is
 * `transaction.id` (§0.4). Codes → outcomes: airtel-codes.ts.
 */
import { constants, createHmac, createPublicKey, publicEncrypt, timingSafeEqual } from 'node:crypto';
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
import { airtelEnquiry, airtelInitiation } from './airtel-codes.ts';
import type { EnquiryContext } from './extensions.ts';
import { sandboxStatementLines } from './extensions.ts';
import { TokenCache, httpCall, national9, obj, safeHttpCall, str } from './http.ts';
import type { HttpAnswer } from './http.ts';

export interface AirtelConfig {
  /** e.g. `https://openapi.airtel.africa` or the sandbox URL. */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Merchant wallet PIN (4 digits), sent RSA-encrypted with {@link publicKeyBase64}. */
  readonly pin: string;
  /** Airtel's RSA public key, base64 DER (portal or `GET /v1/rsa/encryption-keys`). */
  readonly publicKeyBase64: string;
  /** PIN padding, disputed in the sources (§2 [X]); default `pkcs1`. */
  readonly pinPadding?: 'pkcs1' | 'oaep-sha1' | 'oaep-sha256';
  /** Key of the callback `hash`; unset = callbacks are never `verified`. */
  readonly callbackHashKey?: string;
  /** Statement source; default `${baseUrl}/_sandbox/statement` (production: Airtel's transactions report). */
  readonly statementUrl?: string;
  /** Client timeouts, ms (defaults: token/enquiry 10 s, push/payout 30 s). */
  readonly timeouts?: { readonly safe?: number; readonly send?: number };
  readonly now?: () => number;
}

/** Encrypts the merchant PIN as Airtel expects: RSA with the chosen padding, base64. */
export const encryptAirtelPin = (
  pin: string,
  publicKeyBase64: string,
  padding: AirtelConfig['pinPadding'] = 'pkcs1',
): string => {
  const key = createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' });
  const options =
    padding === 'pkcs1'
      ? { key, padding: constants.RSA_PKCS1_PADDING }
      : {
          key,
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: padding === 'oaep-sha256' ? 'sha256' : 'sha1',
        };
  return publicEncrypt(options, Buffer.from(pin, 'utf8')).toString('base64');
};

/** The Airtel callback `hash`: base64 HMAC-SHA256 of the JSON of `transaction` (§2 [I]). */
export const airtelCallbackHash = (transaction: unknown, key: string): string =>
  createHmac('sha256', key).update(JSON.stringify(transaction)).digest('base64');

export class AirtelProvider implements PaymentProvider {
  readonly id = 4 as const;
  private readonly tokens: TokenCache;
  private readonly safeMs: number;
  private readonly sendMs: number;

  constructor(private readonly config: AirtelConfig) {
    const now = config.now ?? Date.now;
    this.safeMs = config.timeouts?.safe ?? 10_000;
    this.sendMs = config.timeouts?.send ?? 30_000;
    this.tokens = new TokenCache(() => this.fetchToken(now), now, 30_000);
  }

  private async fetchToken(now: () => number) {
    let answer: HttpAnswer;
    try {
      answer = await safeHttpCall({
        method: 'POST',
        url: `${this.config.baseUrl}/auth/oauth2/token`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: this.config.clientId,
          client_secret: this.config.clientSecret,
          grant_type: 'client_credentials',
        }),
        timeoutMs: this.safeMs,
      });
    } catch (error) {
      throw new ProviderUnavailable(this.id, `airtel token: ${(error as Error).message}`);
    }
    const b = obj(answer.json);
    const value = str(b.access_token);
    if (!value) throw new ProviderUnavailable(this.id, `airtel token refused: ${answer.text.slice(0, 200)}`);
    return { value, expiresAt: now() + Number(str(b.expires_in) ?? 180) * 1000 };
  }

  /** One authorised call; a 401 (expired / revoked token) is refused before processing: refresh once, resend. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    safe: boolean,
  ): Promise<HttpAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const request = {
        method,
        url: `${this.config.baseUrl}${path}`,
        headers: {
          authorization: `Bearer ${token}`,
          'x-country': 'TZ',
          'x-currency': 'TZS',
          'content-type': 'application/json',
          accept: '*/*',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: safe ? this.safeMs : this.sendMs,
      };
      const answer = safe ? await safeHttpCall(request) : await httpCall(request);
      if (answer.status !== 401) return answer;
      this.tokens.invalidate();
      if (attempt >= 1) throw new ProviderUnavailable(this.id, 'airtel: token refused twice');
    }
  }

  /** USSD push `/merchant/v1/payments/` (§2 "Collection"); answers pending (DP00800001006) or failed. */
  async requestDeposit(r: DepositRequest): Promise<Outcome> {
    const answer = await this.call(
      'POST',
      '/merchant/v1/payments/',
      {
        reference: `Bashiri deposit ${r.paymentId}`.slice(0, 64),
        subscriber: { country: 'TZ', currency: 'TZS', msisdn: national9(r.phone) },
        transaction: { amount: r.amount, country: 'TZ', currency: 'TZS', id: r.paymentId },
      },
      false,
    );
    return airtelInitiation(answer.json, 'deposit', r.amount);
  }

  /** Disbursement `/standard/v1/disbursements/` with the encrypted PIN (§2 "Disbursement"); never retried. */
  async sendPayout(r: PayoutRequest): Promise<Outcome> {
    const answer = await this.call(
      'POST',
      '/standard/v1/disbursements/',
      {
        payee: { msisdn: national9(r.phone) },
        reference: r.paymentId
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 64)
          .padEnd(4, '0'),
        pin: encryptAirtelPin(this.config.pin, this.config.publicKeyBase64, this.config.pinPadding),
        transaction: { amount: r.amount, id: r.paymentId },
      },
      false,
    );
    return airtelInitiation(answer.json, 'payout', r.amount);
  }

  /** Enquiry (§2 "Transaction enquiry"); pass `context.amount`, which Airtel does not echo. */
  async enquire(paymentId: string, kind: PaymentDirection, context: EnquiryContext = {}): Promise<Outcome> {
    const path = kind === 'payout' ? '/standard/v1/disbursements/' : '/standard/v1/payments/';
    const answer = await this.call('GET', `${path}${encodeURIComponent(paymentId)}`, undefined, true);
    return airtelEnquiry(answer.json, context.amount);
  }

  /**
   * `{transaction{id, message, status_code TS|TF, airtel_money_id}, hash?}` (§2 "Callback"). `verified`
   * only when `callbackHashKey` is set and `hash` matches. Airtel sends no amount, so TS reads as
   * ambiguous `TS` (confirm by enquiry); TF as failed. Answer: HTTP 200.
   */
  parseCallback(req: CallbackRequest): ParsedCallback {
    const body = obj(req.body);
    const tx = obj(body.transaction);
    const paymentId = str(tx.id) ?? null;
    const hash = str(body.hash);
    const key = this.config.callbackHashKey;
    let verified = false;
    if (key && hash && body.transaction !== undefined) {
      const expected = Buffer.from(airtelCallbackHash(body.transaction, key));
      const given = Buffer.from(hash);
      verified = expected.length === given.length && timingSafeEqual(expected, given);
    }
    const ref = str(tx.airtel_money_id);
    const code = str(tx.status_code);
    const outcome: Outcome =
      code === 'TF'
        ? { status: 'failed', code: 'TF', reason: str(tx.message) ?? 'failed', definite: true }
        : { status: 'ambiguous', code: code ?? 'UNREADABLE' };
    return {
      verified,
      paymentId,
      outcome,
      ...(ref ? { providerRef: ref } : {}),
      reply: { status: 200, body: { status: 'OK' } },
    };
  }

  /** Lines in [from, to) from the statement source (§9.10). */
  async statement(from: string, to: string): Promise<readonly StatementLine[]> {
    const url = this.config.statementUrl ?? `${this.config.baseUrl}/_sandbox/statement`;
    const answer = await safeHttpCall({
      method: 'GET',
      url: `${url}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      timeoutMs: this.safeMs,
    });
    return sandboxStatementLines(answer.json);
  }
}
