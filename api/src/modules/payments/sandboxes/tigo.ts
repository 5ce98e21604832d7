/**
 * Tigo / Mixx by Yas sandbox (mobile-money.md §4, §11) with merchant URLs named like the real ones
 * (`<Partner>2DM-…`, partner `Bashiri`): form-encoded password-grant token, JSON push bill-pay
 * (BILLER-18-… / DebitMandate-10-… codes, always HTTP 200), async callback `{Status, Description,
 * MFSTransactionID, ReferenceID, Amount}` expecting a `ResponseCode` answer, XML REQMFCI disbursement
 * (`errorNNN`), and a JSON status query `2DM-TransactionStatus` — NOT in the public sources (§4 has no
 * status API); our stand-in until Yas gives us theirs (docs/mobile-money-sandboxes.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallbackBuilder, SandboxCore, SandboxTx } from './core.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { answerAfterCharge } from './server.ts';
import { readCommandXml, writeCommandXml } from '../providers/tigo-xml.ts';

const C = SANDBOX_CREDENTIALS.tigo;
const N = 'tigo';
export const TIGO_PATHS = {
  token: '/Bashiri2DM-GetToken',
  push: '/Bashiri2DM-PushBillpay',
  status: '/Bashiri2DM-TransactionStatus',
  disburse: '/Bashiri2DM-Disburse',
} as const;

const DESCRIPTION: Record<string, string> = {
  expired: 'Transaction expired: PIN not entered',
  wrong_pin: 'Wrong PIN',
  insufficient_funds: 'Insufficient funds',
  limit: 'Amount limit',
  reversed: 'Reversed',
};

export const tigoCallback: CallbackBuilder = (tx, v) => {
  const ok = (v.status ?? tx.status) === 'succeeded';
  return {
    headers: {},
    body: JSON.stringify({
      Status: ok,
      Description: ok ? 'Transaction successful' : (DESCRIPTION[tx.failure ?? ''] ?? 'Transaction failed'),
      MFSTransactionID: tx.providerRef,
      ReferenceID: tx.reference,
      Amount: String(v.amount ?? tx.amount),
    }),
  };
};

const pushAnswer = (code: string, description: string, referenceId?: string) => ({
  ResponseCode: code,
  ResponseStatus: code.endsWith('-S'),
  ResponseDescription: description,
  ReferenceID: referenceId ?? '',
  Message: description,
});

const statusOf = (tx: SandboxTx | undefined): string =>
  !tx
    ? 'NOT_FOUND'
    : tx.status === 'succeeded'
      ? 'SUCCESS'
      : tx.status === 'failed'
        ? 'FAILED'
        : tx.status.toUpperCase();

type Json = Record<string, string | number | undefined>;

export const registerTigo = (app: FastifyInstance, core: SandboxCore): void => {
  app.post<{ Body: Json }>(TIGO_PATHS.token, async (req, reply) => {
    const b = req.body ?? {};
    if (b.username !== C.username || b.password !== C.password || b.grant_type !== 'password')
      return reply.code(401).send({ error: 'invalid_grant', error_description: 'Bad credentials' });
    const ttl = core.defaults.tigoTokenTtlS;
    return { access_token: core.issueToken(N, ttl), token_type: 'bearer', expires_in: ttl };
  });

  const authorised = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const token = /^bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    if (core.tokenValid(N, token)) return true;
    void reply.code(401).send({ error: 'invalid_token', error_description: 'Access token expired' });
    return false;
  };

  app.post<{ Body: Json }>(TIGO_PATHS.push, async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const b = req.body ?? {};
    const ref = String(b.ReferenceID ?? '');
    const msisdn = String(b.CustomerMSISDN ?? '');
    const amount = Number(b.Amount);
    const scenario = core.scenarioFor(N, msisdn, amount);
    if (req.headers.username !== C.username || req.headers.password !== C.password)
      return pushAnswer('DebitMandate-10-3000-E', 'Wrong username or password', ref);
    if (String(b.BillerMSISDN) !== C.billerMsisdn)
      return pushAnswer('BILLER-18-3040-E', 'Wrong BillerMSISDN', ref);
    if (!/^255\d{9}$/.test(msisdn)) return pushAnswer('DebitMandate-10-2004-V', 'Invalid MSISDN', ref);
    if (scenario.errorAs200) return pushAnswer('BILLER-18-3018-E', 'Amount sum failure', ref);
    if (!ref || core.find(N, ref)) return pushAnswer('DebitMandate-10-2020-V', 'Invalid ReferenceID', ref);
    if (!Number.isInteger(amount) || amount < 100 || amount > 5_000_000 || scenario.customer === 'limit')
      return pushAnswer('BILLER-18-3019-E', 'Amount below minimum or above maximum', ref);
    const tx = core.create({
      network: N,
      direction: 'collection',
      reference: ref,
      providerRef: `MP${core.id(10, '0123456789')}`,
      msisdn,
      amount,
      extra: {},
    });
    core.playPrompt(tx, scenario, tigoCallback);
    return answerAfterCharge(core, reply, scenario, 200, pushAnswer('BILLER-18-0000-S', 'Callback', ref));
  });

  app.post<{ Body: Json }>(TIGO_PATHS.status, async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const ref = String(req.body?.ReferenceID ?? '');
    const tx = core.find(N, ref);
    return {
      ...pushAnswer('BILLER-18-0000-S', 'Status', ref),
      TransactionStatus: statusOf(tx),
      MFSTransactionID: tx?.providerRef ?? '',
      Amount: tx ? String(tx.amount) : '',
      Description: tx?.failure ? (DESCRIPTION[tx.failure] ?? tx.failure) : '',
    };
  });

  app.post<{ Body: string }>(TIGO_PATHS.disburse, async (req, reply) => {
    const answer = (code: string, message: string, ref = '', txnId = '') =>
      writeCommandXml({ TYPE: 'RMFCI', REFERENCEID: ref, TXNID: txnId, TXNSTATUS: code, MESSAGE: message });
    let c: Record<string, string>;
    try {
      c = readCommandXml(typeof req.body === 'string' ? req.body : '');
    } catch {
      return reply.code(400).type('application/xml').send(answer('error100', 'Malformed request'));
    }
    const send = (code: string, message: string) =>
      reply
        .code(200)
        .type('application/xml')
        .send(answer(code, message, c.REFERENCEID));
    const ref = c.REFERENCEID ?? '';
    const amount = Number(c.AMOUNT);
    const msisdn = c.MSISDN1 ?? '';
    const scenario = core.scenarioFor(N, msisdn, amount);
    if (c.TYPE !== 'REQMFCI') return send('error100', 'Unknown TYPE');
    if (c.MSISDN !== C.disburseMsisdn || c.PIN !== C.disbursePin)
      return send('error016', 'Invalid payment account or PIN');
    if (scenario.errorAs200) return send('error016', 'Invalid payment');
    if (!/^[A-Za-z0-9-]{1,64}$/.test(ref)) return send('error010', 'Invalid reference');
    if (core.find(N, ref)) return send('error011', 'Reference locked');
    if (!Number.isInteger(amount) || amount <= 0) return send('error012', 'Invalid amount');
    if (scenario.customer === 'limit') return send('error014', 'Amount too high');
    if (!core.debitFloat(N, amount)) return send('error013', 'Insufficient');
    const tx = core.create({
      network: N,
      direction: 'payout',
      reference: ref,
      providerRef: `CI${core.id(10, '0123456789')}`,
      msisdn,
      amount,
      extra: {},
    });
    if (scenario.ambiguous) {
      core.settle(tx, 'ambiguous');
      core.resolveLater(tx, scenario, null);
    } else core.settle(tx, 'succeeded');
    const [code, message] = tx.status === 'succeeded' ? ['error000', 'Success'] : ['error111', 'No response'];
    return answerAfterCharge(
      core,
      reply,
      scenario,
      200,
      answer(code, message, ref, tx.providerRef),
      'application/xml',
    );
  });
};
