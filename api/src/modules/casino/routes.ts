/**
 * The wallet API's HTTP routes (issue 22 §2; docs/casino.md "Protocol"): `POST /casino/wallet/:method`
 * with the body kept as text (the signature covers the exact bytes). Always HTTP 200 with the protocol
 * answer, except 429 when a limit is exceeded (providers retry later) and 413 for a body over 16 kB.
 *
 * Limits (in this process, fixed windows; docs/casino.md "Limits"): per provider
 * {@link CASINO_RATE_LIMITS}.callsPerProvider calls, and per client address
 * {@link CASINO_RATE_LIMITS}.badSignaturesPerIp refused signatures (a forger is shut out for the rest of
 * the window, a provider whose clock drifted is not flooded).
 */
import type { FastifyInstance } from 'fastify';
import { lazyChildLoggerFactory } from '../../lazy-request-logger.ts';
import type { AppServices } from '../../services.ts';
import { answerWalletCall, isSignatureRefusal } from './wallet-api.ts';

/** Largest wallet call body, bytes: a call is a few hundred bytes of JSON. */
export const CASINO_BODY_LIMIT = 16 * 1024;

/** The wallet route's limits: `max` hits per `windowMs`. */
export const CASINO_RATE_LIMITS = {
  /** Far above the ≥ 1,500 calls/s the issue asks of one provider; a runaway provider is slowed. */
  callsPerProvider: { max: 50_000, windowMs: 10_000 },
  badSignaturesPerIp: { max: 30, windowMs: 60_000 },
} as const;

/** A fixed-window counter per key, in memory (the wallet route is hot: no SQL per hit). */
export const windowCounter = (rule: { max: number; windowMs: number }) => {
  const windows = new Map<string, { start: number; hits: number }>();
  return {
    /** Hits counted in `key`'s window at `now` (without counting). */
    count: (key: string, now: number): number => {
      const w = windows.get(key);
      return w && w.start === Math.floor(now / rule.windowMs) * rule.windowMs ? w.hits : 0;
    },
    /** Counts a hit; true while the window stays within its limit. */
    hit: (key: string, now: number): boolean => {
      const start = Math.floor(now / rule.windowMs) * rule.windowMs;
      const w = windows.get(key);
      if (!w || w.start !== start) {
        if (windows.size > 10_000) windows.clear();
        windows.set(key, { start, hits: 1 });
        return rule.max >= 1;
      }
      w.hits += 1;
      return w.hits <= rule.max;
    },
    over: (key: string, now: number): boolean =>
      (windows.get(key)?.start ?? -1) === Math.floor(now / rule.windowMs) * rule.windowMs &&
      windows.get(key)!.hits >= rule.max,
  };
};

export const registerCasinoRoutes = async (app: FastifyInstance, services: AppServices): Promise<void> => {
  const perProvider = windowCounter(CASINO_RATE_LIMITS.callsPerProvider);
  const badSignatures = windowCounter(CASINO_RATE_LIMITS.badSignaturesPerIp);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CASINO_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    // The site's per-address limit (600 a minute, app.ts) is for browsers; a provider sends thousands of
    // calls a second from a few addresses, so this route has its own limits above instead. Nor does it
    // send the browsers' security headers (app.ts): its answers are JSON read by providers' servers.
    // Its request logger is made only when a line is logged through it (lazy-request-logger.ts): at the
    // usual levels a call that succeeds logs nothing, and a pino child per call was 2–3 % of the CPU.
    scope.post<{ Params: { method: string } }>(
      '/casino/wallet/:method',
      {
        config: { rateLimit: false, securityHeaders: false },
        childLoggerFactory: lazyChildLoggerFactory,
      },
      async (request, reply) => {
        const now = services.now();
        const provider = String(request.headers['x-casino-provider'] ?? '');
        if (badSignatures.over(request.ip, now) || !perProvider.hit(provider, now))
          return reply.code(429).send({ status: 'RS_ERROR_UNKNOWN', code: 'RATE_LIMITED' });
        try {
          const answer = await answerWalletCall(services, {
            method: request.params.method,
            rawBody: typeof request.body === 'string' ? request.body : '',
            headers: request.headers,
          });
          if (isSignatureRefusal(answer)) badSignatures.hit(request.ip, now);
          return reply.code(200).send(answer);
        } catch (err) {
          services.logger.error({ err, method: request.params.method }, 'casino wallet call failed');
          return reply.code(200).send({ status: 'RS_ERROR_UNKNOWN' });
        }
      },
    );
  });
};
