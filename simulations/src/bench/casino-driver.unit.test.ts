import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASINO_HEADERS, casinoSignature, parseCasinoRequest, verifyCasinoSignature } from '@bashiri/domain';
import { DRIVER_KINDS, betBody, driverTransport, nativeSignature, winBody } from './casino-driver.ts';

const SECRET = 'sandbox-secret-do-not-use';
/** Tokens as the bench makes them: `cst_bench_` and 32 hex digits. */
const token = fc.stringMatching(/^cst_bench_[0-9a-f]{32}$/);
const roundId = fc.uuid();

describe('bench:casino driver bodies (the bytes a provider sends)', () => {
  it('are exactly JSON.stringify of the protocol objects, and parse as a bet and its win', () => {
    fc.assert(
      fc.property(token, roundId, fc.integer({ min: 0, max: 10_000_000 }), (t, r, amount) => {
        const common = { sessionToken: t, gameId: 'crash', roundId: r };
        const bet = { ...common, transactionId: `${r}-b`, currency: 'TZS', amount: amount + 1 };
        const win = {
          ...common,
          transactionId: `${r}-w`,
          currency: 'TZS',
          betTransactionId: `${r}-b`,
          amount,
        };
        expect(betBody(t, r, amount + 1)).toBe(JSON.stringify(bet));
        expect(winBody(t, r, amount)).toBe(JSON.stringify(win));
        const parsedBet = parseCasinoRequest('bet', JSON.parse(betBody(t, r, amount + 1)));
        const parsedWin = parseCasinoRequest('win', JSON.parse(winBody(t, r, amount)));
        expect(parsedBet.ok && parsedBet.request.body).toMatchObject({
          transactionId: `${r}-b`,
          amount: amount + 1,
        });
        expect(parsedWin.ok && parsedWin.request.body).toMatchObject({ betTransactionId: `${r}-b`, amount });
      }),
    );
  });

  it('signs with node’s HMAC exactly as the domain’s pure-code signature', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0, max: 2 ** 45 }),
        (body, secret, ms) => {
          expect(nativeSignature(secret, String(ms), body)).toBe(casinoSignature(secret, String(ms), body));
        },
      ),
    );
  });
});

describe('bench:casino driver transports', () => {
  const received: { url: string; headers: http.IncomingHttpHeaders; body: string; socket: number }[] = [];
  const sockets = new WeakMap<object, number>();
  let nextSocket = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, nextSocket++);
      received.push({ url: req.url ?? '', headers: req.headers, body, socket: sockets.get(req.socket)! });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'RS_OK', echoed: body.length, text: 'ç' }));
    });
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const kind of DRIVER_KINDS)
    it(`${kind}: sends the exact body, signed over it with a fresh timestamp, and returns the answer`, async () => {
      received.length = 0;
      const transport = driverTransport(kind, port, 'sandbox', SECRET, 2);
      const r = randomUUID();
      const bodies = [betBody('cst_bench_x', r, 100), winBody('cst_bench_x', r, 190)];
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await transport.post(i % 2 ? 'win' : 'bet', bodies[i % 2]!));
      transport.close();
      expect(answers.map((a) => [a.status, JSON.parse(a.answer)])).toEqual(
        bodies.concat(bodies).map((b) => [200, { status: 'RS_OK', echoed: b.length, text: 'ç' }]),
      );
      expect(received.map((q) => q.url)).toEqual([
        '/casino/wallet/bet',
        '/casino/wallet/win',
        '/casino/wallet/bet',
        '/casino/wallet/win',
      ]);
      for (const [i, q] of received.entries()) {
        expect(q.body).toBe(bodies[i % 2]);
        expect(q.headers[CASINO_HEADERS.provider]).toBe('sandbox');
        const verdict = verifyCasinoSignature({
          secret: SECRET,
          body: q.body,
          timestamp: q.headers[CASINO_HEADERS.timestamp] as string,
          signature: q.headers[CASINO_HEADERS.signature] as string,
          nowMs: Date.now(),
        });
        expect(verdict).toBeUndefined();
        // Signed over this body, not another one.
        expect(
          verifyCasinoSignature({
            secret: SECRET,
            body: bodies[(i + 1) % 2]!,
            timestamp: q.headers[CASINO_HEADERS.timestamp] as string,
            signature: q.headers[CASINO_HEADERS.signature] as string,
            nowMs: Date.now(),
          })?.code,
        ).toBe('CASINO_SIGNATURE_INVALID');
      }
      // Keep-alive: one connection for the four calls made one after another (fetch's pool is global).
      if (kind !== 'fetch') expect(new Set(received.map((q) => q.socket)).size).toBe(1);
    });

  it('socket: at most `connections` connections, each call answered with its own body', async () => {
    received.length = 0;
    const transport = driverTransport('socket', port, 'sandbox', SECRET, 3);
    const bodies = Array.from({ length: 12 }, (_, i) => betBody('cst_bench_x', randomUUID(), i + 1));
    const answers = await Promise.all(bodies.map((b) => transport.post('bet', b)));
    transport.close();
    expect(answers.map((a) => JSON.parse(a.answer).echoed)).toEqual(bodies.map((b) => b.length));
    expect(new Set(received.map((q) => q.socket)).size).toBe(3);
  });
});

describe('bench:casino socket transport: reading answers', () => {
  /** A raw TCP server answering every request with `reply`'s pieces, written 5 ms apart. */
  const rawServer = async (reply: readonly Buffer[]) => {
    const server = net.createServer((socket) => {
      socket.on('data', async () => {
        for (const chunk of reply) {
          socket.write(chunk);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, port: (server.address() as AddressInfo).port };
  };

  it('joins an answer whose head and body arrive in several pieces', async () => {
    const body = '{"status":"RS_OK","note":"é"}';
    const head = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const bytes = Buffer.from(head + body);
    // Cut inside the head, inside the body, and between the two bytes of 'é'.
    const cuts = [20, Buffer.byteLength(head) + 3, bytes.length - 3];
    const { server, port } = await rawServer(
      [0, ...cuts].map((from, i) => bytes.subarray(from, [...cuts, bytes.length][i])),
    );
    const transport = driverTransport('socket', port, 'sandbox', SECRET, 1);
    expect(await transport.post('bet', '{}')).toEqual({ status: 200, answer: body });
    transport.close();
    server.close();
  });

  it('fails the call on an answer without content-length', async () => {
    const { server, port } = await rawServer([
      Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'),
    ]);
    const transport = driverTransport('socket', port, 'sandbox', SECRET, 1);
    await expect(transport.post('bet', '{}')).rejects.toThrow(/content-length/);
    transport.close();
    server.close();
  });
});
