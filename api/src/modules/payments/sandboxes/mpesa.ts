/**
 * Vodacom M-Pesa Tanzania OpenAPI sandbox (mobile-money.md §3, §11) under `/ipg/v2/vodacomTZN/`:
 * `getSession/` (Bearer = RSA-encrypted API key), calls with Bearer = RSA-encrypted session id,
 * `c2bPayment/singleStage/` that BLOCKS until the customer acts or the prompt times out (INS-0, INS-6,
 * INS-9, INS-10, INS-2006, INS-990), async result callback with `input_*` fields, `b2cPayment/` (and
 * `/singleStage/`), `queryTransactionStatus/` (GET, query string), `reversal/` (PUT or POST).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallbackBuilder, SandboxCore, SandboxTx } from './core.ts';
import { decryptAnyPadding } from './keys.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { answerAfterCharge } from './server.ts';

const C = SANDBOX_CREDENTIALS.vodacom;
const N = 'vodacom';
const P = '/ipg/v2/vodacomTZN';

/** HTTP status per INS code, as the Mozambique SDKs see them (§3 [I] for TZ). */
const HTTP: Record<string, number> = {
  'INS-0': 201,
  'INS-9': 408,
  'INS-10': 409,
  'INS-2006': 422,
  'INS-2': 401,
};
const DESC: Record<string, string> = {
  'INS-0': 'Request processed successfully',
  'INS-2': 'Invalid API Key',
  'INS-6': 'Transaction Failed',
  'INS-9': 'Request timeout',
  'INS-10': 'Duplicate Transaction',
  'INS-13': 'Invalid Shortcode Used',
  'INS-15': 'Invalid Amount Used',
  'INS-17': 'Invalid Transaction Reference. Length Should Be Between 1 and 20.',
  'INS-20': 'Not All Parameters Provided. Please try again.',
  'INS-990': 'Customer Transaction Value Limit Breached',
  'INS-2006': 'Insufficient balance',
  'INS-2051': 'MSISDN invalid.',
};

const codeOf = (tx: SandboxTx): string =>
  tx.status === 'succeeded'
    ? 'INS-0'
    : tx.status === 'failed'
      ? tx.failure === 'insufficient_funds' || tx.failure === 'float_exhausted'
        ? 'INS-2006'
        : tx.failure === 'limit'
          ? 'INS-990'
          : tx.failure === 'expired'
            ? 'INS-9'
            : 'INS-6'
      : 'INS-9';

const out = (code: string, tx?: SandboxTx, extra: Record<string, string> = {}) => ({
  output_ResponseCode: code,
  output_ResponseDesc: DESC[code] ?? code,
  output_TransactionID: tx?.providerRef ?? '',
  output_ConversationID: tx?.extra.conversationId ?? '',
  output_ThirdPartyConversationID: tx?.reference ?? '',
  ...extra,
});

/** The async result callback (§3 "Async result callback"). No signature exists. */
export const mpesaCallback: CallbackBuilder = (tx, v) => {
  const status = v.status ?? (tx.status === 'succeeded' ? 'succeeded' : 'failed');
  const code = status === 'succeeded' ? 'INS-0' : tx.status === 'failed' ? codeOf(tx) : 'INS-6';
  return {
    headers: {},
    body: JSON.stringify({
      input_OriginalConversationID: tx.extra.conversationId,
      input_TransactionID: tx.providerRef,
      input_ResultCode: code,
      input_ResultDesc: DESC[code] ?? code,
      input_ThirdPartyConversationID: tx.reference,
    }),
  };
};

type Body = Record<string, string | undefined>;

export const registerMpesa = (app: FastifyInstance, core: SandboxCore): void => {
  const keys = core.options.keys;
  const bearer = (req: FastifyRequest) => /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];

  app.get(`${P}/getSession/`, async (req, reply) => {
    const token = bearer(req);
    if (!token || decryptAnyPadding(keys, token) !== C.apiKey)
      return reply.code(401).send({ output_ResponseCode: 'INS-2', output_ResponseDesc: DESC['INS-2'] });
    return {
      output_ResponseCode: 'INS-0',
      output_ResponseDesc: DESC['INS-0'],
      output_SessionID: core.issueToken(N, core.defaults.mpesaSessionTtlS),
    };
  });

  const sessionOk = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const token = bearer(req);
    const session = token ? decryptAnyPadding(keys, token) : null;
    if (session && core.tokenValid(N, session)) return true;
    void reply.code(401).send({ output_ResponseCode: 'INS-2', output_ResponseDesc: 'Invalid Session ID' });
    return false;
  };

  /** Common validation of C2B / B2C bodies; the INS code of the first problem, or null. */
  const invalid = (b: Body): string | null => {
    if (!b.input_ThirdPartyConversationID || !b.input_CustomerMSISDN || !b.input_Amount) return 'INS-20';
    if (b.input_Country !== 'TZN' || b.input_Currency !== 'TZS') return 'INS-20';
    if (b.input_ServiceProviderCode !== C.serviceProviderCode) return 'INS-13';
    const ref = b.input_TransactionReference ?? '';
    if (ref.length < 1 || ref.length > 20 || ref !== ref.trim()) return 'INS-17';
    if (!/^255\d{9}$/.test(b.input_CustomerMSISDN)) return 'INS-2051';
    if (!/^\d+(\.\d+)?$/.test(b.input_Amount) || Number(b.input_Amount) <= 0) return 'INS-15';
    const dup = core.findBy(
      N,
      (t) => t.reference === b.input_ThirdPartyConversationID || t.extra.transactionReference === ref,
    );
    return dup ? 'INS-10' : null;
  };

  const create = (b: Body, direction: SandboxTx['direction']) =>
    core.create({
      network: N,
      direction,
      reference: b.input_ThirdPartyConversationID as string,
      providerRef: core.id(10),
      msisdn: b.input_CustomerMSISDN as string,
      amount: Number(b.input_Amount),
      extra: {
        conversationId: core.id(32, '0123456789abcdef'),
        transactionReference: b.input_TransactionReference ?? '',
      },
    });

  app.post<{ Body: Body }>(`${P}/c2bPayment/singleStage/`, async (req, reply) => {
    if (!sessionOk(req, reply)) return reply;
    const b = req.body ?? {};
    const scenario = core.scenarioFor(N, b.input_CustomerMSISDN ?? '', Number(b.input_Amount));
    const bad = scenario.errorAs200 ? 'INS-21' : invalid(b);
    if (bad) return reply.code(scenario.errorAs200 ? 200 : (HTTP[bad] ?? 400)).send(out(bad));
    const tx = create(b, 'collection');
    if (scenario.customer === 'limit') {
      core.settle(tx, 'failed', 'limit');
      return reply.code(400).send(out('INS-990', tx));
    }
    await new Promise<void>((resolve) => core.playPrompt(tx, scenario, mpesaCallback, resolve));
    const code = codeOf(tx);
    return answerAfterCharge(core, reply, scenario, HTTP[code] ?? 400, out(code, tx));
  });

  const b2c = async (req: FastifyRequest<{ Body: Body }>, reply: FastifyReply) => {
    if (!sessionOk(req, reply)) return reply;
    const b = req.body ?? {};
    const scenario = core.scenarioFor(N, b.input_CustomerMSISDN ?? '', Number(b.input_Amount));
    const bad = scenario.errorAs200 ? 'INS-21' : invalid(b);
    if (bad) return reply.code(scenario.errorAs200 ? 200 : (HTTP[bad] ?? 400)).send(out(bad));
    const tx = create(b, 'payout');
    if (scenario.customer === 'limit') core.settle(tx, 'failed', 'limit');
    else if (!core.debitFloat(N, tx.amount)) core.settle(tx, 'failed', 'float_exhausted');
    else if (scenario.ambiguous) {
      core.settle(tx, 'ambiguous');
      core.resolveLater(tx, scenario, mpesaCallback);
    } else core.settle(tx, 'succeeded');
    const code = codeOf(tx);
    if (tx.status === 'failed') return reply.code(HTTP[code] ?? 400).send(out(code, tx));
    if (tx.status === 'succeeded') core.sendCallbacks(tx, scenario, mpesaCallback);
    return answerAfterCharge(core, reply, scenario, HTTP[code] ?? 400, out(code, tx));
  };
  app.post(`${P}/b2cPayment/`, b2c);
  app.post(`${P}/b2cPayment/singleStage/`, b2c);

  app.get<{ Querystring: Body }>(`${P}/queryTransactionStatus/`, async (req, reply) => {
    if (!sessionOk(req, reply)) return reply;
    const q = req.query;
    const ref = q.input_QueryReference ?? '';
    const tx = core.findBy(
      N,
      (t) => t.reference === ref || t.providerRef === ref || t.extra.conversationId === ref,
    );
    const status = !tx
      ? 'N/A'
      : tx.status === 'succeeded'
        ? 'Completed'
        : tx.status === 'failed'
          ? tx.failure === 'expired'
            ? 'Expired'
            : 'Cancelled'
          : 'Pending';
    return reply
      .code(200)
      .send(
        out('INS-0', tx, { output_ResponseTransactionStatus: status, output_ThirdPartyConversationID: ref }),
      );
  });

  const reversal = async (req: FastifyRequest<{ Body: Body }>, reply: FastifyReply) => {
    if (!sessionOk(req, reply)) return reply;
    const tx = core.findBy(N, (t) => t.providerRef === req.body?.input_TransactionID);
    if (!tx || tx.status !== 'succeeded') return reply.code(400).send(out('INS-18'));
    core.settle(tx, 'failed', 'reversed');
    return reply.code(200).send(out('INS-0', tx));
  };
  app.put(`${P}/reversal/`, reversal);
  app.post(`${P}/reversal/`, reversal);
};
