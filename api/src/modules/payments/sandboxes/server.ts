/**
 * One Fastify server per sandbox network, with the control routes under `/_sandbox/…` (docs/mobile-money-
 * sandboxes.md "Control"). Parses JSON, form-encoded (Tigo token) and XML-as-text (Tigo REQMFCI).
 */
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxCore, SandboxTx } from './core.ts';
import type { SandboxNetwork, Scenario } from './scenario.ts';

/** A bare sandbox server for `network`, control routes included. */
export const createSandboxServer = (core: SandboxCore, network: SandboxNetwork): FastifyInstance => {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, String(body)),
  );
  registerControlRoutes(app, core, network);
  return app;
};

/**
 * Answers the initiating call after the money moved, honouring `slowAnswerMs` (answer late) and
 * `dropConnection` (destroy the socket): the "paid, but our call timed out" case of §9.2.
 */
export const answerAfterCharge = async (
  core: SandboxCore,
  reply: FastifyReply,
  scenario: Scenario,
  status: number,
  body: unknown,
  contentType = 'application/json',
): Promise<FastifyReply | undefined> => {
  await core.flush(); // what the answer reports is durable first, as at a real provider
  if (scenario.dropConnection) {
    reply.hijack();
    reply.raw.socket?.destroy();
    return undefined;
  }
  if (scenario.slowAnswerMs) await core.sleep(scenario.slowAnswerMs);
  return reply.code(status).type(contentType).send(body);
};

/** A statement line in the common sandbox shape (`GET /_sandbox/statement`). */
export const statementLine = (t: SandboxTx) => ({
  id: t.providerRef,
  reference: t.reference,
  direction: t.direction,
  msisdn: t.msisdn,
  amount: t.amount,
  status: t.status,
  failure: t.failure ?? null,
  time: new Date(t.createdAt).toISOString(),
  updated: new Date(t.updatedAt).toISOString(),
});

const registerControlRoutes = (app: FastifyInstance, core: SandboxCore, network: SandboxNetwork) => {
  app.post<{ Body: { msisdn?: string; amount?: number; scenario: Scenario } }>(
    '/_sandbox/scenarios',
    async (req, reply) => {
      const { msisdn, amount, scenario } = req.body ?? ({} as never);
      if (!scenario || (msisdn === undefined && amount === undefined))
        return reply.code(400).send({ error: 'give msisdn or amount, and scenario' });
      core.addRule({ network, scenario, ...(msisdn ? { msisdn } : {}), ...(amount ? { amount } : {}) });
      return reply.code(204).send();
    },
  );
  app.delete('/_sandbox/scenarios', async (_req, reply) => {
    core.clearRules(network);
    return reply.code(204).send();
  });
  app.patch<{ Body: Record<string, number> }>('/_sandbox/defaults', async (req) => {
    Object.assign(core.defaults, req.body);
    return core.defaults;
  });
  app.post('/_sandbox/expire-tokens', async (_req, reply) => {
    core.expireTokens(network);
    return reply.code(204).send();
  });
  app.put<{ Body: { amount: number } }>('/_sandbox/float', async (req) => {
    core.setFloat(network, req.body.amount);
    return { float: req.body.amount };
  });
  app.get('/_sandbox/float', async () => ({ float: core.float.get(network) ?? 1_000_000_000 }));
  app.post<{ Body: { reference: string; status: 'succeeded' | 'failed' } }>(
    '/_sandbox/resolve',
    async (req, reply) => {
      const tx = core.find(network, req.body.reference);
      if (!tx) return reply.code(404).send({ error: 'unknown reference' });
      core.settle(tx, req.body.status);
      return statementLine(tx);
    },
  );
  app.get<{ Querystring: { from?: string; to?: string } }>('/_sandbox/statement', async (req) => {
    const from = req.query.from ? Date.parse(req.query.from) : 0;
    const to = req.query.to ? Date.parse(req.query.to) : Number.MAX_SAFE_INTEGER;
    return { network, transactions: core.statement(network, from, to).map(statementLine) };
  });
  app.get('/_sandbox/callbacks', async () => ({
    callbacks: core.callbacks.filter((c) => c.network === network),
  }));
  app.get('/_sandbox/keys', async () => ({ publicKey: core.options.keys.publicKeyBase64 }));
};
