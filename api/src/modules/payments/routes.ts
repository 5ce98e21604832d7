/**
 * Provider callbacks over HTTP (issue 6; mobile-money.md §0.5): `POST /payments/callback/:network`
 * with the body kept byte for byte for signature checks. A callback never moves money by itself: the
 * payments module confirms by enquiry (see `handleCallback`).
 */
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.ts';
import type { ProviderId } from './port.ts';
import { providersOf } from './engine.ts';
import { handleCallback } from './worker.ts';

/** Route segment → provider id (spec §3 Mobile-money providers). */
const NETWORKS: Readonly<Record<string, ProviderId>> = { tigo: 3, airtel: 4, vodacom: 6, halotel: 7 };

const parseBody = (raw: string, contentType: string | undefined): unknown => {
  if (/json/i.test(contentType ?? '') || /^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType ?? '')) return Object.fromEntries(new URLSearchParams(raw));
  return raw;
};

/**
 * Largest provider callback body, bytes (issue 15 item 6): every provider's callback is a few hundred
 * bytes of JSON or XML, and the body is stored with the payment; anything larger answers 413 unread.
 */
export const CALLBACK_BODY_LIMIT = 16 * 1024;

export const registerCallbackRoutes = async (app: FastifyInstance, services: AppServices): Promise<void> => {
  await app.register(async (scope) => {
    // Only here: every body is read as text, so signatures are checked over the exact bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: { network: string } }>('/payments/callback/:network', async (request, reply) => {
      const network = NETWORKS[request.params.network];
      if (!network) return reply.code(404).send({ code: 'NOT_FOUND', message: 'unknown network' });
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const callback = {
        headers: request.headers,
        body: parseBody(rawBody, request.headers['content-type']),
        rawBody,
      };
      await handleCallback(services, network, callback);
      // Some providers expect a specific acknowledgement (Tigo's ResponseCode): the adapter says which.
      const answer = providersOf(services)[network]?.parseCallback(callback).reply;
      return reply.code(answer?.status ?? 200).send(answer?.body ?? { received: true });
    });
  });
};
