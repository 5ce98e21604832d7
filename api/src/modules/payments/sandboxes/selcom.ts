/**
 * HaloPesa through a Selcom-shaped aggregator sandbox (mobile-money.md §5: no public direct HaloPesa
 * API; §6 Selcom chosen for its signed requests AND signed webhooks). Under `/v1/`: checkout
 * `create-order-minimal`, `wallet-payment` (the push), `order-status`, `list-orders`; payouts
 * `walletcashin/process` (utility code HPCASHIN) and `walletcashin/query`. Every request must carry a
 * valid HS256 signature (selcom-signing.ts); answers use the `{reference, transid, resultcode, result,
 * message, data[]}` envelope, HTTP 200 even for FAIL. The webhook is signed the same way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallbackBuilder, SandboxCore, SandboxTx } from './core.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { answerAfterCharge } from './server.ts';
import { selcomSign, selcomVerify } from '../providers/selcom-signing.ts';

const C = SANDBOX_CREDENTIALS.halotel;
const N = 'halotel';

const envelope = (
  result: string,
  resultcode: string,
  message: string,
  data: unknown[] = [],
  transid = '',
) => ({
  transid,
  reference: '',
  resultcode,
  result,
  message,
  data,
});
const fail = (code: string, message: string) => envelope('FAIL', code, message);

/** `payment_status` of a checkout order (§6). */
const paymentStatus = (tx: SandboxTx): string =>
  tx.status === 'succeeded'
    ? 'COMPLETED'
    : tx.status === 'ambiguous'
      ? 'INPROGRESS'
      : tx.status === 'pending'
        ? 'PENDING'
        : tx.failure === 'expired'
          ? 'USERCANCELLED'
          : tx.failure === 'reversed'
            ? 'CANCELLED'
            : 'REJECTED';

const orderLine = (tx: SandboxTx) => ({
  order_id: tx.reference,
  creation_date: new Date(tx.createdAt).toISOString(),
  amount: String(tx.amount),
  payment_status: paymentStatus(tx),
  transid: tx.extra.transid ?? '',
  channel: 'HALOPESA',
  reference: tx.providerRef,
  phone: tx.msisdn,
});

/** Signed webhook; `amount` is added to the signed fields (not in §6's list: [I], tolerated by readers). */
export const selcomWebhook =
  (now: () => number): CallbackBuilder =>
  (tx, v) => {
    const status = v.status ?? (tx.status === 'succeeded' ? 'succeeded' : 'failed');
    const ok = status === 'succeeded';
    const body = {
      transid: tx.extra.transid ?? tx.reference,
      order_id: tx.reference,
      reference: tx.providerRef,
      result: ok ? 'SUCCESS' : 'FAIL',
      resultcode: ok ? '000' : '403',
      payment_status: ok ? 'COMPLETED' : v.status ? 'REJECTED' : paymentStatus(tx),
      amount: String(v.amount ?? tx.amount),
    };
    const headers = selcomSign(C.apiKey, v.forged ? 'forged-secret' : C.apiSecret, now(), body);
    return { headers: { ...headers }, body: JSON.stringify(body) };
  };

type Data = Record<string, string | number | undefined>;

export const registerSelcom = (app: FastifyInstance, core: SandboxCore): void => {
  const webhook = selcomWebhook(() => core.now());
  /** Verifies the request signature over the body (POST) or the query (GET). */
  const signed = (req: FastifyRequest, reply: FastifyReply, data: Data): boolean => {
    if (selcomVerify(req.headers, data, { secret: C.apiSecret, apiKey: C.apiKey, now: core.now() }))
      return true;
    void reply.code(401).send(fail('401', 'Invalid signature or API key'));
    return false;
  };

  app.post<{ Body: Data }>('/v1/checkout/create-order-minimal', async (req, reply) => {
    const b = req.body ?? {};
    if (!signed(req, reply, b)) return reply;
    for (const k of [
      'vendor',
      'order_id',
      'buyer_email',
      'buyer_name',
      'buyer_phone',
      'amount',
      'currency',
      'no_of_items',
    ])
      if (b[k] === undefined || b[k] === '') return fail('400', `${k} is required`);
    const amount = Number(b.amount);
    const scenario = core.scenarioFor(N, String(b.buyer_phone), amount);
    if (b.vendor !== C.vendor) return fail('403', 'Unknown vendor');
    if (scenario.errorAs200) return fail('400', 'Invalid buyer_phone');
    if (core.find(N, String(b.order_id))) return fail('409', 'Duplicate order_id');
    if (!Number.isInteger(amount) || amount <= 0 || b.currency !== 'TZS')
      return fail('400', 'Invalid amount');
    core.create({
      network: N,
      direction: 'collection',
      reference: String(b.order_id),
      providerRef: core.id(10, '0123456789'),
      msisdn: String(b.buyer_phone),
      amount,
      extra: {},
    });
    return envelope('SUCCESS', '000', 'Order creation successful', [
      { gateway_buyer_uuid: core.id(12), payment_token: core.id(8, '0123456789'), payment_gateway_url: '' },
    ]);
  });

  app.post<{ Body: Data }>('/v1/checkout/wallet-payment', async (req, reply) => {
    const b = req.body ?? {};
    if (!signed(req, reply, b)) return reply;
    const tx = core.find(N, String(b.order_id));
    if (!tx || tx.direction !== 'collection') return fail('404', 'Order not found');
    if (tx.extra.transid) return fail('409', 'Duplicate transid');
    const scenario = core.scenarioFor(N, tx.msisdn, tx.amount);
    tx.extra.transid = String(b.transid);
    if (scenario.customer === 'limit') {
      core.settle(tx, 'failed', 'limit');
      return fail('403', 'Amount exceeds wallet limit');
    }
    core.playPrompt(tx, scenario, webhook);
    return answerAfterCharge(
      core,
      reply,
      scenario,
      200,
      envelope('SUCCESS', '000', 'Push sent', [], String(b.transid)),
    );
  });

  app.get<{ Querystring: Data }>('/v1/checkout/order-status', async (req, reply) => {
    if (!signed(req, reply, req.query)) return reply;
    const tx = core.find(N, String(req.query.order_id));
    if (!tx || tx.direction !== 'collection') return fail('404', 'Order not found');
    if (tx.status === 'ambiguous')
      return envelope('AMBIGOUS', '999', 'Ambiguous, wait for reconciliation', [orderLine(tx)]);
    return envelope('SUCCESS', '000', 'Order fetch successful', [orderLine(tx)]);
  });

  app.get<{ Querystring: Data }>('/v1/checkout/list-orders', async (req, reply) => {
    if (!signed(req, reply, req.query)) return reply;
    const from = Date.parse(String(req.query.fromdate));
    const to = Date.parse(String(req.query.todate));
    if (!Number.isFinite(from) || !Number.isFinite(to))
      return fail('400', 'fromdate and todate are required');
    const lines = core.statement(N, from, to).filter((t) => t.direction === 'collection');
    return envelope('SUCCESS', '000', 'Orders', lines.map(orderLine));
  });

  app.post<{ Body: Data }>('/v1/walletcashin/process', async (req, reply) => {
    const b = req.body ?? {};
    if (!signed(req, reply, b)) return reply;
    const amount = Number(b.amount);
    const transid = String(b.transid ?? '');
    const scenario = core.scenarioFor(N, String(b.utilityref), amount);
    if (b.vendor !== C.vendor || String(b.pin) !== C.pin) return fail('403', 'Invalid vendor or PIN');
    if (b.utilitycode !== 'HPCASHIN' && b.utilitycode !== 'CASHIN') return fail('400', 'Unknown utilitycode');
    if (scenario.errorAs200) return fail('400', 'Invalid utilityref');
    if (!transid || core.find(N, transid)) return fail('409', 'Duplicate transid');
    if (!Number.isInteger(amount) || amount <= 0) return fail('400', 'Invalid amount');
    if (scenario.customer === 'limit') return fail('054', 'Limit exceeded');
    if (!core.debitFloat(N, amount)) return fail('056', 'Insufficient float balance');
    const tx = core.create({
      network: N,
      direction: 'payout',
      reference: transid,
      providerRef: core.id(10, '0123456789'),
      msisdn: String(b.utilityref),
      amount,
      extra: { transid },
    });
    if (scenario.ambiguous) {
      core.settle(tx, 'ambiguous');
      core.resolveLater(tx, scenario, null);
    } else core.settle(tx, 'succeeded');
    const body =
      tx.status === 'succeeded'
        ? { ...envelope('SUCCESS', '000', 'Cash-in successful', [], transid), reference: tx.providerRef }
        : envelope('AMBIGOUS', '999', 'Ambiguous, wait for reconciliation', [], transid);
    return answerAfterCharge(core, reply, scenario, 200, body);
  });

  app.get<{ Querystring: Data }>('/v1/walletcashin/query', async (req, reply) => {
    if (!signed(req, reply, req.query)) return reply;
    const tx = core.find(N, String(req.query.transid));
    if (!tx || tx.direction !== 'payout') return fail('404', 'Transaction not found');
    const data = [{ transid: tx.reference, reference: tx.providerRef, amount: String(tx.amount) }];
    const [result, code] =
      tx.status === 'succeeded'
        ? ['SUCCESS', '000']
        : tx.status === 'ambiguous'
          ? ['AMBIGOUS', '999']
          : tx.status === 'pending'
            ? ['INPROGRESS', '111']
            : ['FAIL', '403'];
    return { ...envelope(result, code, result, data, tx.reference), reference: tx.providerRef };
  });
};
