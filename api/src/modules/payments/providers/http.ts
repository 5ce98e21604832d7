/**
 * Shared HTTP plumbing of the adapters: Node's global fetch with `AbortSignal.timeout`, bodies read as
 * text (errors come as HTTP 200, mobile-money.md §0.3), retries ONLY for safe calls (token, enquiry,
 * statement; never a payout or a push), a token cache that refreshes early, and phone formats (§1).
 */

/** A transport failure: timeout, refused or reset connection, or a 5xx without a readable body. */
export class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'server',
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
}

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Client timeout, ms. */
  readonly timeoutMs: number;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * One HTTP exchange. Returns every answer that has a body we can read, whatever its status; throws
 * {@link TransportError} on timeout, network failure, or a 5xx whose body is empty.
 */
export const httpCall = async (call: HttpCall): Promise<HttpAnswer> => {
  let res: Response;
  let text: string;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers: call.headers ?? {},
      ...(call.body === undefined ? {} : { body: call.body }),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new TransportError(
      name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      `${call.method} ${call.url}: ${String((error as Error).message ?? error)}`,
    );
  }
  if (res.status >= 500 && text.trim() === '')
    throw new TransportError('server', `${call.method} ${call.url}: HTTP ${res.status}`);
  return { status: res.status, text, json: parseJson(text) };
};

/**
 * {@link httpCall} with up to `retries` more attempts on a TransportError or a 5xx, after
 * `backoffMs × attempt`. Only for SAFE calls: token, enquiry, statement (never push or payout).
 */
export const safeHttpCall = async (call: HttpCall, retries = 2, backoffMs = 50): Promise<HttpAnswer> => {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await httpCall(call);
      if (answer.status < 500 || attempt >= retries) return answer;
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    await new Promise((r) => setTimeout(r, backoffMs * (attempt + 1)));
  }
};

/** A bearer token with its expiry (epoch ms). */
export interface Token {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * Caches a token, refreshes it `earlyMs` before expiry, and shares one refresh among concurrent
 * callers. `invalidate()` after a 401 forces the next `get()` to fetch.
 */
export class TokenCache {
  private token: Token | null = null;
  private inflight: Promise<Token> | null = null;

  constructor(
    private readonly fetchToken: () => Promise<Token>,
    private readonly now: () => number = Date.now,
    private readonly earlyMs = 30_000,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expiresAt - this.earlyMs > this.now()) return this.token.value;
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = null;
    });
    this.token = await this.inflight;
    return this.token.value;
  }

  invalidate(): void {
    this.token = null;
  }
}

/** `+255712345678` (or `255…`, `0…`) → `712345678`: Airtel's 9 digits (§1). */
export const national9 = (phone: string): string => phone.replace(/\D/g, '').slice(-9);
/** `+255712345678` → `255712345678`: M-Pesa, Tigo, Selcom (§1). */
export const msisdn255 = (phone: string): string => `255${national9(phone)}`;

/** A plain object view of `value` (`{}` when it is not one), for tolerant body reading. */
export const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
/** `value` as a string, if it is a string or a number. */
export const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
