/**
 * The load generator of `npm run bench:casino` (casino.bench.ts): the calls a provider sends, made as
 * cheaply as a real provider's wallet client would make them, so that the bench's two cores measure the
 * wallet API rather than the driver. Every call is still real: a fresh JSON body per call, signed with
 * the provider's HMAC-SHA256 over its exact bytes and the current timestamp (docs/casino.md "Protocol"),
 * its answer parsed and checked by the bench.
 *
 * Two transports (BENCH_DRIVER): `http` (default) — node:http over a keep-alive agent of one socket per
 * connection, signed with node's native HMAC; `fetch` — the earlier driver, global `fetch` (undici with
 * its WHATWG Request/Response objects and streams per call) signed with the domain's pure-code HMAC
 * (`signCasinoRequest`). Both send the same bytes with the same signature; docs/benchmarks.md
 * "Casino wallet API: CPU per call (seventh session)" has the driver's CPU per call of each.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { CASINO_HEADERS, casinoSignedMessage, signCasinoRequest } from '@bashiri/domain';

/**
 * The JSON text of a `bet` (the `win` below): the same bytes as `JSON.stringify` of the protocol object
 * in this field order, built from a template — token and round ids are [A-Za-z0-9_-] (no escaping);
 * `casino-driver.unit.test.ts` checks both against `JSON.stringify` and the server's parser.
 */
export const betBody = (token: string, roundId: string, amount: number): string =>
  `{"sessionToken":"${token}","gameId":"crash","roundId":"${roundId}","transactionId":"${roundId}-b","currency":"TZS","amount":${amount}}`;

/** The JSON text of the `win` of {@link betBody}'s bet (`amount` 0: the bet lost). */
export const winBody = (token: string, roundId: string, amount: number): string =>
  `{"sessionToken":"${token}","gameId":"crash","roundId":"${roundId}","transactionId":"${roundId}-w","currency":"TZS","betTransactionId":"${roundId}-b","amount":${amount}}`;

/** The provider's signature over `body` at `timestamp` with node's native HMAC-SHA256 (same bytes as the domain's). */
export const nativeSignature = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(casinoSignedMessage(timestamp, body), 'utf8').digest('hex');

/** An HTTP answer: its status code and body text. */
export interface DriverAnswer {
  readonly status: number;
  readonly answer: string;
}

/** Posts signed wallet calls: `post(method, body)` sends `POST /casino/wallet/<method>` with `body`. */
export interface DriverTransport {
  readonly post: (method: string, body: string) => Promise<DriverAnswer>;
  /** Closes the kept-alive sockets. */
  readonly close: () => void;
}

/**
 * node:http with a keep-alive agent (at most `connections` sockets to 127.0.0.1:`port`); each call
 * signed by provider `providerId` with `secret` at `Date.now()` (native HMAC).
 */
export const httpTransport = (
  port: number,
  providerId: string,
  secret: string,
  connections: number,
): DriverTransport => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = (method: string, body: string): Promise<DriverAnswer> =>
    new Promise((resolve, reject) => {
      const timestamp = String(Date.now());
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/casino/wallet/${method}`,
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [CASINO_HEADERS.provider]: providerId,
            [CASINO_HEADERS.timestamp]: timestamp,
            [CASINO_HEADERS.signature]: nativeSignature(secret, timestamp, body),
          },
        },
        (res) => {
          let answer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (answer += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, answer }));
          res.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { post, close: () => agent.destroy() };
};

/** The earlier driver: global `fetch` to `base`, signed with the domain's pure-code HMAC. */
export const fetchTransport = (base: string, providerId: string, secret: string): DriverTransport => ({
  post: async (method, body) => {
    const res = await fetch(`${base}/casino/wallet/${method}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signCasinoRequest(providerId, secret, body, Date.now()),
      },
      body,
    });
    return { status: res.status, answer: await res.text() };
  },
  close: () => undefined,
});
