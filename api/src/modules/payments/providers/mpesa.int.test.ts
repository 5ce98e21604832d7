import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '../sandboxes/index.ts';
import type { SandboxHandle } from '../sandboxes/index.ts';
import { startTestSandboxes } from '../sandboxes/testing.ts';
import type { CallbackSink } from '../sandboxes/testing.ts';
import { MpesaProvider } from './mpesa.ts';

let sandboxes: SandboxHandle;
let sink: CallbackSink;
let mpesa: MpesaProvider;
let n = 0;
const phone = () => `+25575${String(1_000_000 + ++n * 7919).slice(-7)}`;
/** How long a test waits for what the sandbox does on its own timers (a loaded machine can be slow). */
const LOADED_MS = 30_000;
const req = (amount: number) => ({ paymentId: randomUUID(), phone: phone(), amount });

beforeAll(async () => {
  ({ sandboxes, sink } = await startTestSandboxes());
  mpesa = new MpesaProvider({
    baseUrl: `${sandboxes.urls.vodacom}/ipg/v2/vodacomTZN`,
    apiKey: SANDBOX_CREDENTIALS.vodacom.apiKey,
    publicKeyBase64: sandboxes.publicKeyBase64,
    serviceProviderCode: SANDBOX_CREDENTIALS.vodacom.serviceProviderCode,
    // Generous: a loaded 2-core CI machine can stall an ordinary call for longer than a short timeout.
    // The timeout test uses a provider of its own with a short one.
    timeouts: { safe: LOADED_MS, c2b: LOADED_MS, b2c: LOADED_MS },
  });
});
afterAll(async () => {
  await sandboxes.stop();
  await sink.close();
});
afterEach(() => sandboxes.control.reset());

describe('M-Pesa adapter against the M-Pesa sandbox', () => {
  it('blocking C2B: customer pays → INS-0 succeeded; query Completed; unverified callback with reply', async () => {
    const p = req(5_000);
    expect(await mpesa.requestDeposit(p)).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(await mpesa.enquire(p.paymentId, 'deposit', p)).toMatchObject({ status: 'succeeded' });
    const cbs = await sink.waitFor('vodacom', 1, LOADED_MS);
    const cb = cbs.find(
      (c) => (c.body as Record<string, string>).input_ThirdPartyConversationID === p.paymentId,
    );
    const parsed = mpesa.parseCallback(cb!);
    expect(parsed).toMatchObject({ verified: false, paymentId: p.paymentId, outcome: { code: 'INS-0' } });
    expect(parsed.reply?.body).toMatchObject({ output_ResponseCode: '0' });
  });

  it.each([
    ['wrong_pin', 'failed', 'INS-6'],
    ['insufficient_funds', 'failed', 'INS-2006'],
    ['limit', 'failed', 'INS-990'],
    ['ignore', 'ambiguous', 'INS-9'],
  ] as const)('customer %s → %s %s', async (customer, status, code) => {
    const p = req(1_000);
    sandboxes.control.when({ msisdn: p.phone }, { customer });
    expect(await mpesa.requestDeposit(p)).toMatchObject({ status, code });
  });

  it('PIN never entered: INS-9 then the query says Expired', async () => {
    const p = req(1_000);
    sandboxes.control.when({ msisdn: p.phone }, { customer: 'ignore' });
    await mpesa.requestDeposit(p);
    expect(await mpesa.enquire(p.paymentId, 'deposit', p)).toMatchObject({
      status: 'failed',
      code: 'EXPIRED',
    });
  });

  it('our timeout after the charge → ambiguous TIMEOUT; query finds it Completed', async () => {
    const p = req(2_000);
    // The answer comes after LOADED_MS, long after this provider's 300 ms (both timers in this process).
    sandboxes.control.when({ msisdn: p.phone }, { slowAnswerMs: LOADED_MS });
    const hasty = new MpesaProvider({
      ...(mpesa as unknown as { config: object }).config,
      timeouts: { safe: LOADED_MS, c2b: 300, b2c: 300 },
    } as never);
    expect(await hasty.requestDeposit(p)).toEqual({ status: 'ambiguous', code: 'TIMEOUT' });
    await expect
      .poll(() => mpesa.enquire(p.paymentId, 'deposit', p), { timeout: LOADED_MS })
      .toMatchObject({ status: 'succeeded' });
  });

  it('ambiguous that resolves later', async () => {
    const p = req(2_500);
    // Resolved by hand, not after a delay a loaded machine could outlast before the first enquiry.
    sandboxes.control.when({ msisdn: p.phone }, { ambiguous: { resolvesTo: 'never' } });
    expect(await mpesa.requestDeposit(p)).toMatchObject({ status: 'ambiguous', code: 'INS-9' });
    expect(await mpesa.enquire(p.paymentId, 'deposit', p)).toMatchObject({ status: 'pending' });
    sandboxes.control.resolve('vodacom', p.paymentId, 'succeeded');
    expect(await mpesa.enquire(p.paymentId, 'deposit', p)).toMatchObject({ status: 'succeeded' });
  });

  it('duplicate id → ambiguous DUPLICATE_ID; HTTP-200 error → failed; unknown id → NOT_FOUND', async () => {
    const p = req(1_000);
    await mpesa.requestDeposit(p);
    expect(await mpesa.requestDeposit(p)).toEqual({ status: 'ambiguous', code: 'DUPLICATE_ID' });
    const q = req(1_000);
    sandboxes.control.when({ msisdn: q.phone }, { errorAs200: true });
    expect(await mpesa.requestDeposit(q)).toMatchObject({ status: 'failed', code: 'INS-21' });
    expect(await mpesa.enquire(randomUUID(), 'deposit', { amount: 1 })).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('expired session is renewed once', async () => {
    sandboxes.control.expireTokens('vodacom');
    expect(await mpesa.requestDeposit(req(1_000))).toMatchObject({ status: 'succeeded' });
  });

  it('B2C: succeeded; float exhausted → INS-2006; dropped after charge → throws, query Completed', async () => {
    const p = req(10_000);
    expect(await mpesa.sendPayout(p)).toMatchObject({ status: 'succeeded', amount: 10_000 });
    sandboxes.control.setFloat('vodacom', 5_000);
    expect(await mpesa.sendPayout(req(10_000))).toMatchObject({ status: 'failed', code: 'INS-2006' });
    sandboxes.control.setFloat('vodacom', 1e9);
    const q = req(700);
    sandboxes.control.when({ msisdn: q.phone }, { dropConnection: true });
    await expect(mpesa.sendPayout(q)).rejects.toThrow();
    expect(await mpesa.enquire(q.paymentId, 'payout', q)).toMatchObject({ status: 'succeeded' });
  });

  it('statement', async () => {
    const lines = await mpesa.statement(
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 1).toISOString(),
    );
    expect(lines.length).toBeGreaterThan(5);
  });
});
