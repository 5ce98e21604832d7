/**
 * The load generator of `npm run bench:casino` (casino.bench.ts): the calls a provider sends, made as
 * cheaply as a real provider's wallet client would make them, so that the bench's two cores measure the
 * wallet API rather than the driver. Every call is still real: a fresh JSON body per call, signed with
 * the provider's HMAC-SHA256 over its exact bytes and the current timestamp (docs/casino.md "Protocol"),
 * its answer parsed and checked by the bench.
 *
 * Three transports (BENCH_DRIVER), all sending the same bytes with the same signature:
 * - `socket` (default since session 18, decision 0215) — HTTP/1.1 written and read directly on
 *   keep-alive TCP sockets, one write per request ({@link socketTransport}): about half the driver's CPU
 *   per call of `http` (0.10 against 0.19 ms in bench:casino at 1,000 calls/s);
 * - `http` — node:http over a keep-alive agent of one socket per connection (the default of sessions
 *   7 to 17);
 * - `fetch` — the first driver, global `fetch` (undici with its WHATWG Request/Response objects and
 *   streams per call) signed with the domain's pure-code HMAC (`signCasinoRequest`).
 * The first two sign with node's native HMAC. undici's own `Pool` was measured too and not kept: paced
 * at 1,000 calls/s, `request()` no lighter than `http` and `dispatch()` with a bare handler ~15 % lighter.
 * docs/benchmarks.md "Casino wallet API: CPU per call (seventh session)" and "Casino bench: the driver's
 * and the instrumentation's CPU (helper, session 18)" have the figures (casino-driver-cost.ts).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
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

/** The blank line that ends an HTTP head. */
const HEAD_END = Buffer.from('\r\n\r\n');
/** Where the status code sits in an HTTP/1.1 status line (`HTTP/1.1 200 OK`). */
const STATUS_CODE_AT = [9, 12] as const;

/**
 * HTTP/1.1 written and read directly on at most `connections` keep-alive TCP sockets (node:net) to
 * 127.0.0.1:`port`, one call at a time on each, as a load generator such as wrk or autocannon does:
 * each request one write of its head and body (the same headers and bytes as {@link httpTransport},
 * signed at `Date.now()` with node's native HMAC); each answer's head read up to its blank line, its
 * status code from the status line and its body to its `content-length` (it may arrive in several
 * pieces). An answer without `content-length` (chunked: the wallet API's JSON answers never are), bytes
 * arriving with no call waiting, or a closed socket fail the call with an error, never a guess; a call
 * waiting for a connection gets the next one freed (or a new one in place of a closed one).
 */
export const socketTransport = (
  port: number,
  providerId: string,
  secret: string,
  connections: number,
): DriverTransport => {
  interface Pending {
    readonly resolve: (answer: DriverAnswer) => void;
    readonly reject: (error: Error) => void;
  }
  interface Connection {
    socket: net.Socket;
    pending: Pending | undefined;
    /** The answer's bytes so far, while it is incomplete. */
    buffered: Buffer | undefined;
    error: Error | undefined;
  }
  const idle: Connection[] = [];
  const waiting: ((c: Connection) => void)[] = [];
  let open = 0;
  let closed = false;
  const release = (c: Connection) => {
    const next = waiting.shift();
    if (next) next(c);
    else idle.push(c);
  };
  const onData = (c: Connection, chunk: Buffer) => {
    const data = c.buffered ? Buffer.concat([c.buffered, chunk]) : chunk;
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) {
      c.buffered = data;
      return;
    }
    const head = data.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const pending = c.pending;
    if (!pending || !length) {
      c.pending = undefined;
      c.buffered = undefined;
      c.error = new Error(
        pending ? `answer without content-length: ${head}` : `answer with no call: ${head}`,
      );
      pending?.reject(c.error);
      c.socket.destroy();
      return;
    }
    const bodyStart = headEnd + 4;
    const bodyEnd = bodyStart + Number(length[1]);
    if (data.length < bodyEnd) {
      c.buffered = data;
      return;
    }
    c.buffered = undefined;
    c.pending = undefined;
    pending.resolve({
      status: Number(head.slice(...STATUS_CODE_AT)),
      answer: data.toString('utf8', bodyStart, bodyEnd),
    });
    release(c);
  };
  const connect = (): Connection => {
    open += 1;
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    const c: Connection = { socket, pending: undefined, buffered: undefined, error: undefined };
    socket.on('data', (chunk: Buffer) => onData(c, chunk));
    socket.on('error', (error) => (c.error = error));
    socket.on('close', () => {
      open -= 1;
      c.pending?.reject(c.error ?? new Error('connection closed by the server'));
      c.pending = undefined;
      const i = idle.indexOf(c);
      if (i >= 0) idle.splice(i, 1);
      // A caller waiting for a free connection gets a new one in its place.
      if (!closed && waiting.length > 0) release(connect());
    });
    return c;
  };
  const acquire = (): Promise<Connection> | Connection => {
    const c = idle.pop();
    if (c) return c;
    if (open < connections) return connect();
    return new Promise((resolve) => waiting.push(resolve));
  };
  const post = async (method: string, body: string): Promise<DriverAnswer> => {
    if (closed) throw new Error('transport closed');
    const c = await acquire();
    const timestamp = String(Date.now());
    return new Promise((resolve, reject) => {
      c.pending = { resolve, reject };
      c.socket.write(
        `POST /casino/wallet/${method} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${CASINO_HEADERS.provider}: ${providerId}\r\n${CASINO_HEADERS.timestamp}: ${timestamp}\r\n${CASINO_HEADERS.signature}: ${nativeSignature(secret, timestamp, body)}\r\n\r\n${body}`,
      );
    });
  };
  return {
    post,
    close: () => {
      closed = true;
      for (const c of idle.splice(0)) c.socket.destroy();
    },
  };
};

/** The transports by name (BENCH_DRIVER, BENCH_DRIVERS). */
export const DRIVER_KINDS = ['socket', 'http', 'fetch'] as const;
/** A transport's name. */
export type DriverKind = (typeof DRIVER_KINDS)[number];

/** The transport `kind` to the server on 127.0.0.1:`port`, over `connections` connections. */
export const driverTransport = (
  kind: DriverKind,
  port: number,
  providerId: string,
  secret: string,
  connections: number,
): DriverTransport => {
  switch (kind) {
    case 'fetch':
      return fetchTransport(`http://127.0.0.1:${port}`, providerId, secret);
    case 'socket':
      return socketTransport(port, providerId, secret, connections);
    case 'http':
      return httpTransport(port, providerId, secret, connections);
  }
};
