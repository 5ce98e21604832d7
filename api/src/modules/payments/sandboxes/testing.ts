/**
 * Test helpers: a callback sink standing in for our callback route (`POST /payments/callback/:provider`),
 * keeping the raw body for signature checks, and the four sandboxes started against it.
 */
import Fastify from 'fastify';
import type { CallbackRequest } from '../port.ts';
import { startSandboxes } from './index.ts';
import type { SandboxDefaults, SandboxHandle } from './index.ts';

export interface CallbackSink {
  readonly url: string;
  readonly received: (CallbackRequest & { readonly network: string })[];
  /**
   * Resolves when `count` callbacks for `network` have arrived (rejects after `timeoutMs`, default 30 s:
   * generous, as a loaded 2-core CI machine can hold a callback back for seconds).
   */
  waitFor(network: string, count: number, timeoutMs?: number): Promise<CallbackRequest[]>;
  /** What the sink answers (Tigo wants a JSON ResponseCode, §4). */
  answer: (network: string, request: CallbackRequest) => { status: number; body: unknown };
  close(): Promise<void>;
}

export const startCallbackSink = async (): Promise<CallbackSink> => {
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, { raw: String(body), parsed: JSON.parse(String(body)) as unknown });
    } catch {
      done(null, { raw: String(body), parsed: null });
    }
  });
  const sink: CallbackSink = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: { ok: true } }),
    waitFor: async (network, count, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mine = sink.received.filter((r) => r.network === network);
        if (mine.length >= count) return mine;
        if (Date.now() > until) throw new Error(`only ${mine.length} of ${count} ${network} callbacks`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => app.close(),
  };
  app.post<{ Params: { network: string }; Body: { raw: string; parsed: unknown } }>(
    '/cb/:network',
    async (req, reply) => {
      const request = { headers: req.headers, body: req.body.parsed, rawBody: req.body.raw };
      sink.received.push({ network: req.params.network, ...request });
      const a = sink.answer(req.params.network, request);
      return reply.code(a.status).send(a.body);
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  (sink as { url: string }).url =
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/cb`;
  return sink;
};

/** Fast timings for tests: tens of ms. */
export const FAST: Partial<SandboxDefaults> = {
  pinDelayMs: 20,
  promptTimeoutMs: 60,
  callbackDelayMs: 10,
  ambiguousResolveMs: 60,
};

/** Sandboxes + sink, fast timings. */
export const startTestSandboxes = async (): Promise<{ sandboxes: SandboxHandle; sink: CallbackSink }> => {
  const sink = await startCallbackSink();
  const sandboxes = await startSandboxes({ callbackBaseUrl: sink.url, defaults: FAST });
  return { sandboxes, sink };
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
