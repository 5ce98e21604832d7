import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../sandboxes/index.ts';
import type { SandboxHandle } from '../sandboxes/index.ts';
import { sleep, startTestSandboxes } from '../sandboxes/testing.ts';
import type { CallbackSink } from '../sandboxes/testing.ts';
import { HaloPesaProvider } from './halopesa.ts';

const C = SANDBOX_CREDENTIALS.halotel;
let sandboxes: SandboxHandle;
let sink: CallbackSink;
let halo: HaloPesaProvider;
let n = 0;
const phone = () => `+25562${String(1_000_000 + ++n * 7919).slice(-7)}`;
/** How long a test waits for what the sandbox does on its own timers (a loaded machine can be slow). */
const LOADED_MS = 30_000;
const req = (amount: number) => ({ paymentId: randomUUID(), phone: phone(), amount });
const webhooksOf = async (paymentId: string, count = 1) => {
  const until = Date.now() + LOADED_MS;
  for (;;) {
    const mine = sink.received.filter((r) => (r.body as { order_id?: string }).order_id === paymentId);
    if (mine.length >= count) return mine;
    if (Date.now() > until) throw new Error(`no webhook for ${paymentId}`);
    await sleep(10);
  }
};

beforeAll(async () => {
  ({ sandboxes, sink } = await startTestSandboxes());
  halo = new HaloPesaProvider({
    baseUrl: `${sandboxes.urls.halotel}/v1`,
    vendor: C.vendor,
    apiKey: C.apiKey,
    apiSecret: C.apiSecret,
    pin: C.pin,
    webhookUrl: `${sink.url}/halotel`,
    payoutStatementUrl: `${sandboxes.urls.halotel}/_sandbox/statement`,
    // Generous: a loaded 2-core CI machine can stall an ordinary call for longer than a short timeout.
    // The timeout test uses a provider of its own with a short one.
    timeouts: { safe: LOADED_MS, send: LOADED_MS },
  });
});
afterAll(async () => {
  await sandboxes.stop();
  await sink.close();
});
afterEach(() => sandboxes.control.reset());

describe('HaloPesa adapter against the Selcom-shaped sandbox', () => {
  it('order + push pending; signed webhook verified; order-status COMPLETED', async () => {
    const p = req(5_000);
    expect(await halo.requestDeposit(p)).toEqual({ status: 'pending', code: '000' });
    const [wh] = await webhooksOf(p.paymentId);
    expect(halo.parseCallback(wh!)).toMatchObject({
      verified: true,
      paymentId: p.paymentId,
      amount: 5_000,
      outcome: { status: 'succeeded', amount: 5_000 },
    });
    expect(await halo.enquire(p.paymentId, 'deposit')).toMatchObject({ status: 'succeeded', amount: 5_000 });
  });

  it('forged, tampered and different-amount webhooks', async () => {
    const p = req(2_000);
    sandboxes.control.when({ msisdn: p.phone }, { customer: 'wrong_pin', callback: { mode: 'forged' } });
    await halo.requestDeposit(p);
    const [forged, real] = await webhooksOf(p.paymentId, 2);
    expect(halo.parseCallback(forged!)).toMatchObject({ verified: false, outcome: { status: 'succeeded' } });
    expect(halo.parseCallback(real!)).toMatchObject({
      verified: true,
      outcome: { status: 'failed', code: 'REJECTED' },
    });
    const tampered = { ...real!, body: { ...(real!.body as object), payment_status: 'COMPLETED' } };
    expect(halo.parseCallback(tampered).verified).toBe(false);
    const q = req(2_000);
    sandboxes.control.when({ msisdn: q.phone }, { callback: { mode: 'different_amount' } });
    await halo.requestDeposit(q);
    const [diff] = await webhooksOf(q.paymentId);
    expect(halo.parseCallback(diff!)).toMatchObject({ verified: true, amount: 3_000 });
  });

  it.each([
    ['ignore', 'USERCANCELLED'],
    ['insufficient_funds', 'REJECTED'],
  ] as const)('customer %s → failed %s', async (customer, code) => {
    const p = req(1_000);
    sandboxes.control.when({ msisdn: p.phone }, { customer });
    await halo.requestDeposit(p);
    await expect
      .poll(() => halo.enquire(p.paymentId, 'deposit'), { timeout: LOADED_MS })
      .toMatchObject({ status: 'failed', code });
  });

  it('ambiguous 999 then resolved; duplicate order → DUPLICATE_ID; HTTP-200 FAIL → failed', async () => {
    const p = req(1_000);
    // Resolved by hand, not after a delay a loaded machine could outlast before the first enquiry.
    sandboxes.control.when({ msisdn: p.phone }, { ambiguous: { resolvesTo: 'never' } });
    await halo.requestDeposit(p);
    await expect
      .poll(() => halo.enquire(p.paymentId, 'deposit'), { timeout: LOADED_MS })
      .toEqual({ status: 'ambiguous', code: '999' });
    sandboxes.control.resolve('halotel', p.paymentId, 'succeeded');
    expect(await halo.enquire(p.paymentId, 'deposit')).toMatchObject({ status: 'succeeded' });
    expect(await halo.requestDeposit(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    const q = req(1_000);
    sandboxes.control.when({ msisdn: q.phone }, { errorAs200: true });
    expect(await halo.requestDeposit(q)).toMatchObject({ status: 'failed', code: '400' });
  });

  it('bad signing secret is refused (nothing sent)', async () => {
    const bad = new HaloPesaProvider({
      ...(halo as unknown as { config: object }).config,
      apiSecret: 'x',
    } as never);
    expect(await bad.requestDeposit(req(1_000))).toMatchObject({ status: 'failed', code: '401' });
  });

  it('payout: succeeded; duplicate; float exhausted; ambiguous; timeout after charge', async () => {
    const p = req(10_000);
    expect(await halo.sendPayout(p)).toMatchObject({ status: 'succeeded', amount: 10_000 });
    expect(await halo.sendPayout(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    expect(await halo.enquire(p.paymentId, 'payout')).toMatchObject({ status: 'succeeded', amount: 10_000 });
    sandboxes.control.setFloat('halotel', 1_000);
    expect(await halo.sendPayout(req(10_000))).toMatchObject({ status: 'failed', code: '056' });
    sandboxes.control.setFloat('halotel', 1e9);
    const q = req(500);
    sandboxes.control.when({ msisdn: q.phone }, { ambiguous: { resolvesTo: 'never' } });
    expect(await halo.sendPayout(q)).toEqual({ status: 'ambiguous', code: '999' });
    const s = req(600);
    // The answer comes after LOADED_MS, long after this provider's 300 ms (both timers in this process).
    sandboxes.control.when({ msisdn: s.phone }, { slowAnswerMs: LOADED_MS });
    const hasty = new HaloPesaProvider({
      ...(halo as unknown as { config: object }).config,
      timeouts: { safe: LOADED_MS, send: 300 },
    } as never);
    await expect(hasty.sendPayout(s)).rejects.toThrow();
    expect(await halo.enquire(s.paymentId, 'payout')).toMatchObject({ status: 'succeeded' });
  });

  it('statement: list-orders deposits plus payouts', async () => {
    const lines = await halo.statement(
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 1).toISOString(),
    );
    expect(lines.some((l) => l.direction === 'deposit')).toBe(true);
    expect(lines.some((l) => l.direction === 'payout')).toBe(true);
  });
});
