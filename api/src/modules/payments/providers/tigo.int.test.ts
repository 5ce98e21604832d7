import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../sandboxes/index.ts';
import type { SandboxHandle } from '../sandboxes/index.ts';
import { TIGO_PATHS } from '../sandboxes/tigo.ts';
import { sleep, startTestSandboxes } from '../sandboxes/testing.ts';
import type { CallbackSink } from '../sandboxes/testing.ts';
import { TigoProvider } from './tigo.ts';

const C = SANDBOX_CREDENTIALS.tigo;
let sandboxes: SandboxHandle;
let sink: CallbackSink;
let tigo: TigoProvider;
let n = 0;
const phone = () => `+25571${String(1_000_000 + ++n * 7919).slice(-7)}`;
/** How long a test waits for what the sandbox does on its own timers (a loaded machine can be slow). */
const LOADED_MS = 30_000;
const req = (amount: number) => ({ paymentId: randomUUID(), phone: phone(), amount });
const callbacksOf = async (paymentId: string, count = 1) => {
  const until = Date.now() + LOADED_MS;
  for (;;) {
    const mine = sink.received.filter((r) => (r.body as { ReferenceID?: string }).ReferenceID === paymentId);
    if (mine.length >= count) return mine;
    if (Date.now() > until) throw new Error(`no callback for ${paymentId}`);
    await sleep(10);
  }
};

beforeAll(async () => {
  ({ sandboxes, sink } = await startTestSandboxes());
  const base = sandboxes.urls.tigo;
  tigo = new TigoProvider({
    urls: {
      token: base + TIGO_PATHS.token,
      push: base + TIGO_PATHS.push,
      status: base + TIGO_PATHS.status,
      disburse: base + TIGO_PATHS.disburse,
      statement: `${base}/_sandbox/statement`,
    },
    username: C.username,
    password: C.password,
    billerMsisdn: C.billerMsisdn,
    disburseMsisdn: C.disburseMsisdn,
    disbursePin: C.disbursePin,
    brandId: C.brandId,
    // Generous: a loaded 2-core CI machine can stall an ordinary call for longer than a short timeout.
    // The timeout test uses a provider of its own with a short one.
    timeouts: { safe: LOADED_MS, send: LOADED_MS },
  });
  sink.answer = (network, request) => {
    const reply = network === 'tigo' ? tigo.parseCallback(request).reply : undefined;
    return reply ?? { status: 200, body: {} };
  };
});
afterAll(async () => {
  await sandboxes.stop();
  await sink.close();
});
afterEach(() => sandboxes.control.reset());

describe('Tigo adapter against the Tigo sandbox', () => {
  it('push pending, callback with amount (unverified), acknowledged with BILLER-18-0000-S, status SUCCESS', async () => {
    const p = req(5_000);
    expect(await tigo.requestDeposit(p)).toEqual({ status: 'pending', code: 'BILLER-18-0000-S' });
    const [cb] = await callbacksOf(p.paymentId);
    expect(tigo.parseCallback(cb!)).toMatchObject({
      verified: false,
      paymentId: p.paymentId,
      amount: 5_000,
      outcome: { status: 'succeeded', amount: 5_000 },
    });
    expect(await tigo.enquire(p.paymentId, 'deposit')).toMatchObject({ status: 'succeeded', amount: 5_000 });
    // The sandbox records our answer when it comes back to it.
    await expect
      .poll(() => sandboxes.control.callbacks('tigo').find((c) => c.reference === p.paymentId)?.answerBody, {
        timeout: LOADED_MS,
      })
      .toBeTruthy();
    const sent = sandboxes.control.callbacks('tigo').find((c) => c.reference === p.paymentId);
    expect(JSON.parse(sent!.answerBody)).toMatchObject({ ResponseCode: 'BILLER-18-0000-S' });
  });

  it.each(['ignore', 'wrong_pin', 'insufficient_funds'] as const)(
    'customer %s → failed',
    async (customer) => {
      const p = req(1_000);
      sandboxes.control.when({ msisdn: p.phone }, { customer });
      await tigo.requestDeposit(p);
      const [cb] = await callbacksOf(p.paymentId);
      expect(tigo.parseCallback(cb!).outcome).toMatchObject({ status: 'failed' });
      expect(await tigo.enquire(p.paymentId, 'deposit')).toMatchObject({ status: 'failed' });
    },
  );

  it('callback with a different amount is reported with that amount', async () => {
    const p = req(2_000);
    sandboxes.control.when({ msisdn: p.phone }, { callback: { mode: 'different_amount' } });
    await tigo.requestDeposit(p);
    const [cb] = await callbacksOf(p.paymentId);
    expect(tigo.parseCallback(cb!).amount).toBe(3_000);
    expect(await tigo.enquire(p.paymentId, 'deposit')).toMatchObject({ amount: 2_000 });
  });

  it('limit / HTTP-200 errors → failed; duplicate ReferenceID → ambiguous DUPLICATE_ID', async () => {
    const p = req(1_000);
    sandboxes.control.when({ msisdn: p.phone }, { customer: 'limit' });
    expect(await tigo.requestDeposit(p)).toMatchObject({ status: 'failed', code: 'BILLER-18-3019-E' });
    const q = req(1_000);
    await tigo.requestDeposit(q);
    expect(await tigo.requestDeposit(q)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
  });

  it('expired token is renewed; ambiguous resolves; timeout after charge throws', async () => {
    sandboxes.control.expireTokens('tigo');
    const p = req(1_000);
    // Resolved by hand, not after a delay a loaded machine could outlast before the first enquiry.
    sandboxes.control.when({ msisdn: p.phone }, { ambiguous: { resolvesTo: 'never' } });
    expect(await tigo.requestDeposit(p)).toMatchObject({ status: 'pending' });
    await expect
      .poll(() => tigo.enquire(p.paymentId, 'deposit'), { timeout: LOADED_MS })
      .toMatchObject({ status: 'ambiguous', code: 'AMBIGUOUS' });
    sandboxes.control.resolve('tigo', p.paymentId, 'failed');
    expect(await tigo.enquire(p.paymentId, 'deposit')).toMatchObject({ status: 'failed' });
    const q = req(1_000);
    // The answer comes after LOADED_MS, long after this provider's 300 ms (both timers in this process).
    sandboxes.control.when({ msisdn: q.phone }, { slowAnswerMs: LOADED_MS });
    const hasty = new TigoProvider({
      ...(tigo as unknown as { config: object }).config,
      timeouts: { safe: LOADED_MS, send: 300 },
    } as never);
    await expect(hasty.requestDeposit(q)).rejects.toThrow();
  });

  it('REQMFCI payout: error000 succeeded; error011 duplicate; error013 float; error111 ambiguous', async () => {
    const p = req(10_000);
    expect(await tigo.sendPayout(p)).toMatchObject({ status: 'succeeded', amount: 10_000 });
    expect(await tigo.sendPayout(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    expect(await tigo.enquire(p.paymentId, 'payout')).toMatchObject({ status: 'succeeded' });
    sandboxes.control.setFloat('tigo', 1_000);
    expect(await tigo.sendPayout(req(10_000))).toMatchObject({ status: 'failed', code: 'error013' });
    sandboxes.control.setFloat('tigo', 1e9);
    const q = req(500);
    sandboxes.control.when({ msisdn: q.phone }, { ambiguous: { resolvesTo: 'never' } });
    expect(await tigo.sendPayout(q)).toEqual({ status: 'ambiguous', code: 'error111' });
  });

  it('statement', async () => {
    const lines = await tigo.statement(
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 1).toISOString(),
    );
    expect(lines.some((l) => l.direction === 'payout')).toBe(true);
  });
});
