/**
 * Airtel Money Open API sandbox (mobile-money.md §2, §11): OAuth client credentials (TTL 180 s,
 * enforced), USSD push `/merchant/v1|v2/payments/` answering DP00800001006, enquiry
 * `/standard/v1/payments/{id}` (TS/TF/TA/TIP/TE), callback `{transaction{id,message,status_code,
 * airtel_money_id}, hash}`, refund, disbursements with an RSA-encrypted PIN and the DP009… codes.
 * Validation errors come as HTTP 200 with `status.code:"400"` (§0.3).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallbackBuilder, SandboxCore, SandboxTx } from './core.ts';
import { decryptAnyPadding } from './keys.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { answerAfterCharge } from './server.ts';

const C = SANDBOX_CREDENTIALS.airtel;
const N = 'airtel';

const envelope = (code: string, responseCode: string, message: string, success: boolean, data?: unknown) => ({
  ...(data === undefined ? {} : { data }),
  status: {
    code,
    message,
    result_code: success ? 'ESB000010' : 'ESB000001',
    response_code: responseCode,
    success,
  },
});

/** Collection (DP008…) codes per failure (§2 table). */
const COLLECTION_FAIL: Record<string, string> = {
  wrong_pin: 'DP00800001002',
  limit: 'DP00800001003',
  expired: 'DP00800001024',
  insufficient_funds: 'DP00800001007',
  reversed: 'DP00800001008',
};

const enquiryStatus = (tx: SandboxTx): [string, string] => {
  if (tx.status === 'succeeded') return ['TS', tx.direction === 'payout' ? 'DP00900001001' : 'DP00800001001'];
  if (tx.status === 'pending') return ['TIP', tx.direction === 'payout' ? 'DP00900001006' : 'DP00800001006'];
  if (tx.status === 'ambiguous') return ['TA', tx.direction === 'payout' ? 'DP00900001000' : 'DP00800001000'];
  if (tx.failure === 'expired') return ['TE', 'DP00800001024'];
  if (tx.direction === 'payout') return ['TF', 'DP00900001005'];
  return ['TF', COLLECTION_FAIL[tx.failure ?? ''] ?? 'DP00800001008'];
};

/** Airtel's callback body; `hash` = base64 HMAC-SHA256 over JSON of `transaction` (§2 [I]). */
export const airtelCallback: CallbackBuilder = (tx, v) => {
  const status = v.status ?? (tx.status === 'succeeded' ? 'succeeded' : 'failed');
  const transaction = {
    id: tx.reference,
    message: status === 'succeeded' ? 'Paid' : 'Transaction failed',
    status_code: status === 'succeeded' ? 'TS' : 'TF',
    airtel_money_id: tx.providerRef,
  };
  const hash = v.forged
    ? Buffer.from('forged').toString('base64')
    : createHmac('sha256', C.callbackHashKey).update(JSON.stringify(transaction)).digest('base64');
  return { headers: {}, body: JSON.stringify({ transaction, hash }) };
};

interface PushBody {
  reference?: string;
  subscriber?: { country?: string; currency?: string; msisdn?: string | number };
  transaction?: { amount?: number | string; country?: string; currency?: string; id?: string };
}
interface PayoutBody {
  payee?: { msisdn?: string | number; currency?: string };
  reference?: string;
  pin?: string;
  transaction?: { amount?: number | string; id?: string; type?: string };
}

/** Adds the Airtel routes to `app`. */
export const registerAirtel = (app: FastifyInstance, core: SandboxCore): void => {
  app.post<{ Body: { client_id?: string; client_secret?: string; grant_type?: string } }>(
    '/auth/oauth2/token',
    async (req, reply) => {
      const b = req.body ?? {};
      if (
        b.client_id !== C.clientId ||
        b.client_secret !== C.clientSecret ||
        b.grant_type !== 'client_credentials'
      )
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client authentication failed' });
      const ttl = core.defaults.airtelTokenTtlS;
      return { access_token: core.issueToken(N, ttl), expires_in: String(ttl), token_type: 'bearer' };
    },
  );

  /** Token and X-Country checks; answers and returns false when refused. */
  const authorised = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const auth = String(req.headers.authorization ?? '');
    if (!core.tokenValid(N, /^Bearer (.+)$/i.exec(auth)?.[1])) {
      void reply
        .code(401)
        .send({ error: 'invalid_token', error_description: 'Access token expired or invalid' });
      return false;
    }
    if (!req.headers['x-country']) {
      void reply.code(400).send({ status_code: 'ROUTER110', message: 'X-Country header missing' });
      return false;
    }
    return true;
  };

  const push = async (req: FastifyRequest<{ Body: PushBody }>, reply: FastifyReply) => {
    if (!authorised(req, reply)) return reply;
    const b = req.body ?? {};
    const msisdn = String(b.subscriber?.msisdn ?? '');
    const amount = Number(b.transaction?.amount);
    const id = b.transaction?.id;
    const scenario = core.scenarioFor(N, msisdn, amount);
    if (!/^\d{9}$/.test(msisdn)) return envelope('400', 'DP00800001012', 'Msisdn Length should be 9', false);
    if (scenario.errorAs200)
      return envelope('400', 'DP00800001013', 'Invalid request: subscriber barred', false);
    if (!id) return envelope('400', 'DP00800001013', 'transaction.id is required', false);
    if (!Number.isInteger(amount) || amount <= 0)
      return envelope('400', 'DP00800001004', 'Invalid amount', false);
    if (core.find(N, id)) return envelope('400', 'DP00900001017', 'Duplicate transaction id', false);
    if (scenario.customer === 'limit')
      return envelope('400', 'DP00800001003', 'Wallet limit exceeded', false);
    const tx = core.create({
      network: N,
      direction: 'collection',
      reference: id,
      providerRef: `MP${core.id(6, '0123456789')}.${core.id(4, '0123456789')}.L${core.id(5, '0123456789')}`,
      msisdn,
      amount,
      extra: {},
    });
    core.playPrompt(tx, scenario, airtelCallback);
    return answerAfterCharge(
      core,
      reply,
      scenario,
      200,
      envelope('200', 'DP00800001006', 'In process', true, { transaction: { id, status: 'Success.' } }),
    );
  };
  app.post('/merchant/v1/payments/', push);
  app.post('/merchant/v2/payments/', push);

  const enquiry = async (
    req: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    direction: SandboxTx['direction'],
  ) => {
    if (!authorised(req, reply)) return reply;
    const tx = core.find(N, req.params.id);
    if (!tx || tx.direction !== direction)
      return envelope(
        '404',
        direction === 'payout' ? 'DP00900001015' : 'DP00800001025',
        'Transaction not found',
        false,
      );
    const [status, responseCode] = enquiryStatus(tx);
    return envelope('200', responseCode, 'SUCCESS', true, {
      transaction: {
        airtel_money_id: tx.providerRef,
        id: tx.reference,
        message: tx.failure ?? status,
        status,
      },
    });
  };
  app.get<{ Params: { id: string } }>('/standard/v1/payments/:id', (req, reply) =>
    enquiry(req, reply, 'collection'),
  );
  app.get<{ Params: { id: string } }>('/standard/v1/disbursements/:id', (req, reply) =>
    enquiry(req, reply, 'payout'),
  );
  app.get<{ Params: { id: string } }>('/standard/v2/disbursements/:id', (req, reply) =>
    enquiry(req, reply, 'payout'),
  );

  app.post<{ Body: { transaction?: { airtel_money_id?: string } } }>(
    '/standard/v1/payments/refund',
    async (req, reply) => {
      if (!authorised(req, reply)) return reply;
      const ref = req.body?.transaction?.airtel_money_id;
      const tx = ref ? core.findBy(N, (t) => t.providerRef === ref) : undefined;
      if (!tx || tx.status !== 'succeeded') return envelope('400', 'DP00800001025', 'Not refundable', false);
      core.settle(tx, 'failed', 'reversed');
      return envelope('200', 'DP00800001006', 'Refund in process', true, {
        transaction: { airtel_money_id: ref, status: 'SUCCESS' },
      });
    },
  );

  const disburse = async (req: FastifyRequest<{ Body: PayoutBody }>, reply: FastifyReply) => {
    if (!authorised(req, reply)) return reply;
    const b = req.body ?? {};
    const msisdn = String(b.payee?.msisdn ?? '');
    const amount = Number(b.transaction?.amount);
    const id = b.transaction?.id;
    const scenario = core.scenarioFor(N, msisdn, amount);
    if (!/^\d{9}$/.test(msisdn)) return envelope('400', 'DP00900001012', 'Invalid MSISDN', false);
    if (scenario.errorAs200) return envelope('400', 'DP00900001013', 'Validation error', false);
    if (!id || !/^[A-Za-z0-9]{4,64}$/.test(b.reference ?? ''))
      return envelope('400', 'DP00900001013', 'reference must be alphanumeric, 4-64', false);
    if (!b.pin || decryptAnyPadding(core.options.keys, b.pin) !== C.pin)
      return envelope('400', 'DP00900001009', 'Invalid initiator (PIN)', false);
    if (!Number.isInteger(amount) || amount <= 0)
      return envelope('400', 'DP00900001004', 'Amount out of range', false);
    if (core.find(N, id)) return envelope('400', 'DP00900001017', 'Duplicate transaction id', false);
    if (scenario.customer === 'limit') return envelope('400', 'DP00900001003', 'Daily limit exceeded', false);
    if (!core.debitFloat(N, amount)) return envelope('400', 'DP00900001007', 'Insufficient float', false);
    const tx = core.create({
      network: N,
      direction: 'payout',
      reference: id,
      providerRef: `CI${core.id(6, '0123456789')}.${core.id(4, '0123456789')}.H${core.id(5, '0123456789')}`,
      msisdn,
      amount,
      extra: {},
    });
    if (scenario.ambiguous) {
      core.settle(tx, 'ambiguous');
      core.resolveLater(tx, scenario, null);
    } else core.settle(tx, 'succeeded');
    const [status, responseCode] = enquiryStatus(tx);
    return answerAfterCharge(
      core,
      reply,
      scenario,
      200,
      envelope('200', responseCode, `Sent ${amount} TZS to ${msisdn}`, true, {
        transaction: { reference_id: b.reference, airtel_money_id: tx.providerRef, id, status },
      }),
    );
  };
  app.post('/standard/v1/disbursements/', disburse);
  app.post('/standard/v2/disbursements/', disburse);

  app.get('/v1/rsa/encryption-keys', async () => ({
    data: { key: core.options.keys.publicKeyBase64, valid_upto: '2099-12-31 23:59:59' },
    status: { code: '200', success: true },
  }));
};
