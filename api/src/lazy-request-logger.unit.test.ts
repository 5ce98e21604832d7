import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-request-logger.ts';

/** A pino logger at `level` whose lines are kept, parsed, in `lines`. */
const captured = (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
};

/** A server whose route `/call` logs `line` at `at` through the request's logger, or throws. */
const server = async (logger: FastifyBaseLogger, at?: 'info' | 'error', fail = false) => {
  const app = Fastify({ loggerInstance: logger, genReqId: () => 'req-1' });
  app.post('/call', { childLoggerFactory: lazyChildLoggerFactory }, async (request) => {
    if (at) request.log[at]({ method: 'bet' }, 'a line');
    if (fail) throw new Error('boom');
    return { ok: true };
  });
  await app.ready();
  return app;
};

describe('lazyChildLoggerFactory (issue 22 "Speed")', () => {
  it('makes no child logger while nothing is logged through it', () => {
    const { logger, lines } = captured('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r1' }, {});
    log.info('incoming request');
    log.debug('detail');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('logs a line its level lets through once, with the request binding, as a pino child would', () => {
    const { logger, lines } = captured('warn');
    const log = lazyChildLoggerFactory(logger, { reqId: 'r1' }, {});
    log.error({ code: 'X' }, 'failed');
    log.warn('slow');
    expect(lines.map((l) => [l['reqId'], l['msg'], l['level']])).toEqual([
      ['r1', 'failed', 50],
      ['r1', 'slow', 40],
    ]);
    expect(lines[0]!['code']).toBe('X');
  });

  it('makes the real child at once for a route with a level of its own', () => {
    const { logger } = captured('warn');
    const child = vi.spyOn(logger, 'child');
    lazyChildLoggerFactory(logger, { reqId: 'r1' }, { level: 'debug' });
    expect(child).toHaveBeenCalledWith({ reqId: 'r1' }, { level: 'debug' });
  });

  it("keeps Fastify's request lines at info, with the request id", async () => {
    const { logger, lines } = captured('info');
    const app = await server(logger as FastifyBaseLogger);
    const res = await app.inject({ method: 'POST', url: '/call' });
    expect(res.statusCode).toBe(200);
    const messages = lines.filter((l) => l['reqId'] === 'req-1').map((l) => l['msg']);
    expect(messages).toEqual(['incoming request', 'request completed']);
    await app.close();
  });

  it("keeps the handler's errors and Fastify's 500 line at warn, with the request id", async () => {
    const { logger, lines } = captured('warn');
    const app = await server(logger as FastifyBaseLogger, 'error', true);
    const res = await app.inject({ method: 'POST', url: '/call' });
    expect(res.statusCode).toBe(500);
    const mine = lines.filter((l) => l['reqId'] === 'req-1');
    expect(mine.map((l) => l['msg'])).toEqual(['a line', 'boom']);
    expect(mine[0]!['method']).toBe('bet');
    await app.close();
  });

  it('writes nothing at warn for a call that succeeds', async () => {
    const { logger, lines } = captured('warn');
    const app = await server(logger as FastifyBaseLogger, 'info');
    await app.inject({ method: 'POST', url: '/call' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
