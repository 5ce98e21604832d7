import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../sandboxes/index.ts';
import type { SandboxHandle } from '../sandboxes/index.ts';
import { sleep, startTestSandboxes } from '../sandboxes/testing.ts';
import type { CallbackSink } from '../sandboxes/testing.ts';
import { AirtelProvider } from './airtel.ts';

const C = SANDBOX_CREDENTIALS.airtel;
let sandboxes: SandboxHandle;
let sink: CallbackSink;
let airtel: AirtelProvider;
let n = 0;
const phone = () => `+25568${String(1_000_000 + ++n * 7919).slice(-7)}`;
const id = () => randomUUID();
/** How long a test waits for what the sandbox does on its own timers (a loaded machine can be slow). */
const LOADED_MS = 30_000;

const config = () => ({
  baseUrl: sandboxes.urls.airtel,
  clientId: C.clientId,
  clientSecret: C.clientSecret,
  pin: C.pin,
  publicKeyBase64: sandboxes.publicKeyBase64,
  callbackHashKey: C.callbackHashKey,
});

beforeAll(async () => {
  ({ sandboxes, sink } = await startTestSandboxes());
  airtel = new AirtelProvider({
    ...config(),
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

const callbackOf = async (paymentId: string, count = 1) => {
  const until = Date.now() + LOADED_MS;
  for (;;) {
    const mine = sink.received.filter(
      (r) =>
        r.network === 'airtel' && (r.body as { transaction?: { id?: string } }).transaction?.id === paymentId,
    );
    if (mine.length >= count) return mine;
    if (Date.now() > until) throw new Error(`no callback for ${paymentId}`);
    await sleep(10);
  }
};

describe('Airtel adapter against the Airtel sandbox', () => {
  it('deposit: push pending, PIN entered, verified TF/TS callback, enquiry succeeded', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 5_000 };
    expect(await airtel.requestDeposit(p)).toEqual({ status: 'pending', code: 'DP00800001006' });
    const [cb] = await callbackOf(p.paymentId);
    const parsed = airtel.parseCallback(cb!);
    expect(parsed).toMatchObject({ verified: true, paymentId: p.paymentId, outcome: { code: 'TS' } });
    const outcome = await airtel.enquire(p.paymentId, 'deposit', { amount: 5_000 });
    expect(outcome).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(await airtel.enquire(p.paymentId, 'deposit')).toEqual({
      status: 'ambiguous',
      code: 'AMOUNT_UNKNOWN',
    });
  });

  it.each([
    ['ignore', 'TE'],
    ['wrong_pin', 'DP00800001002'],
    ['insufficient_funds', 'DP00800001007'],
  ] as const)('deposit, customer %s → failed %s', async (customer, code) => {
    const p = { paymentId: id(), phone: phone(), amount: 1_000 };
    sandboxes.control.when({ msisdn: p.phone }, { customer });
    await airtel.requestDeposit(p);
    await expect
      .poll(() => airtel.enquire(p.paymentId, 'deposit', p), { timeout: LOADED_MS })
      .toMatchObject({ status: 'failed', code });
  });

  it('ambiguous TA, then resolved by enquiry', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 2_000 };
    // Resolved by hand, not after a delay a loaded machine could outlast before the first enquiry.
    sandboxes.control.when({ msisdn: p.phone }, { ambiguous: { resolvesTo: 'never' } });
    await airtel.requestDeposit(p);
    await expect
      .poll(() => airtel.enquire(p.paymentId, 'deposit', p), { timeout: LOADED_MS })
      .toEqual({ status: 'ambiguous', code: 'TA' });
    sandboxes.control.resolve('airtel', p.paymentId, 'succeeded');
    expect(await airtel.enquire(p.paymentId, 'deposit', p)).toMatchObject({ status: 'succeeded' });
  });

  it('timeout after charge: the push throws, the customer was charged', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 3_000 };
    // The answer comes after LOADED_MS, long after this provider's 300 ms (both timers in this process).
    sandboxes.control.when({ msisdn: p.phone }, { slowAnswerMs: LOADED_MS });
    const hasty = new AirtelProvider({ ...config(), timeouts: { safe: LOADED_MS, send: 300 } });
    await expect(hasty.requestDeposit(p)).rejects.toThrow(/timeout|abort/i);
    await expect
      .poll(() => airtel.enquire(p.paymentId, 'deposit', p), { timeout: LOADED_MS })
      .toMatchObject({ status: 'succeeded' });
  });

  it('duplicate id → ambiguous DUPLICATE_ID; HTTP-200 error → failed', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 1_500 };
    await airtel.requestDeposit(p);
    expect(await airtel.requestDeposit(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    const q = { paymentId: id(), phone: phone(), amount: 1_500 };
    sandboxes.control.when({ msisdn: q.phone }, { errorAs200: true });
    expect(await airtel.requestDeposit(q)).toMatchObject({ status: 'failed', code: 'DP00800001013' });
  });

  it('expired token is refreshed once and the call goes through', async () => {
    sandboxes.control.expireTokens('airtel');
    const p = { paymentId: id(), phone: phone(), amount: 1_000 };
    expect(await airtel.requestDeposit(p)).toMatchObject({ status: 'pending' });
  });

  it('payout: encrypted PIN accepted, succeeded; float exhausted → failed; duplicate → ambiguous', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 10_000 };
    expect(await airtel.sendPayout(p)).toMatchObject({ status: 'succeeded', amount: 10_000 });
    expect(await airtel.sendPayout(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    expect(await airtel.enquire(p.paymentId, 'payout', p)).toMatchObject({ status: 'succeeded' });
    sandboxes.control.setFloat('airtel', 5_000);
    const q = { paymentId: id(), phone: phone(), amount: 10_000 };
    expect(await airtel.sendPayout(q)).toMatchObject({ status: 'failed', code: 'DP00900001007' });
    sandboxes.control.setFloat('airtel', 1e9);
  });

  it('payout with a wrong PIN key (OAEP-256 accepted too; garbage refused)', async () => {
    const oaep = new AirtelProvider({
      baseUrl: sandboxes.urls.airtel,
      clientId: C.clientId,
      clientSecret: C.clientSecret,
      pin: C.pin,
      publicKeyBase64: sandboxes.publicKeyBase64,
      pinPadding: 'oaep-sha256',
    });
    expect(await oaep.sendPayout({ paymentId: id(), phone: phone(), amount: 100 })).toMatchObject({
      status: 'succeeded',
    });
    const bad = new AirtelProvider({
      ...(oaep as unknown as { config: object }).config,
      pin: '0000',
    } as never);
    expect(await bad.sendPayout({ paymentId: id(), phone: phone(), amount: 100 })).toMatchObject({
      status: 'failed',
      code: 'DP00900001009',
    });
  });

  it('payout ambiguous, dropped connection after charge → throws; enquiry finds it', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 700 };
    sandboxes.control.when({ msisdn: p.phone }, { dropConnection: true });
    await expect(airtel.sendPayout(p)).rejects.toThrow();
    expect(await airtel.enquire(p.paymentId, 'payout', p)).toMatchObject({ status: 'succeeded' });
    const q = { paymentId: id(), phone: phone(), amount: 700 };
    sandboxes.control.when({ msisdn: q.phone }, { ambiguous: { resolvesTo: 'never' } });
    expect(await airtel.sendPayout(q)).toEqual({ status: 'ambiguous', code: 'DP00900001000' });
  });

  it('forged callback is not verified; the true one is', async () => {
    const p = { paymentId: id(), phone: phone(), amount: 900 };
    sandboxes.control.when({ msisdn: p.phone }, { customer: 'wrong_pin', callback: { mode: 'forged' } });
    await airtel.requestDeposit(p);
    const [forged, real] = await callbackOf(p.paymentId, 2);
    expect(airtel.parseCallback(forged!)).toMatchObject({ verified: false });
    expect(airtel.parseCallback(real!)).toMatchObject({ verified: true, outcome: { status: 'failed' } });
    const tampered = {
      ...real!,
      body: { ...(real!.body as object), transaction: { id: p.paymentId, status_code: 'TS' } },
    };
    expect(airtel.parseCallback(tampered).verified).toBe(false);
  });

  it('statement lists the payments with our ids', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const lines = await airtel.statement(from, to);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.every((l) => typeof l.paymentId === 'string' && l.amount > 0)).toBe(true);
  });
});

describe('provider registry', () => {
  it('connectSandboxProviders wires all four networks to running sandboxes', async () => {
    const { connectSandboxProviders } = await import('./index.ts');
    const registry = await connectSandboxProviders(sandboxes.urls, sink.url);
    expect(Object.keys(registry).sort()).toEqual(['3', '4', '6', '7']);
    for (const provider of Object.values(registry)) {
      const outcome = await provider!.sendPayout({ paymentId: id(), phone: '+255700000001', amount: 100 });
      expect(outcome.status).toBe('succeeded');
    }
  });
});
