import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AirtelProvider } from '../providers/airtel.ts';
import { SANDBOX_CREDENTIALS, startSandboxes } from './index.ts';
import type { SandboxHandle } from './index.ts';
import { FAST, sleep, startCallbackSink } from './testing.ts';
import type { CallbackSink } from './testing.ts';

const C = SANDBOX_CREDENTIALS.airtel;
let now = Date.UTC(2026, 10, 21, 12);
let sandboxes: SandboxHandle;
let sink: CallbackSink;
let airtel: AirtelProvider;

beforeAll(async () => {
  sink = await startCallbackSink();
  sandboxes = await startSandboxes({ callbackBaseUrl: sink.url, defaults: FAST, clock: () => now });
  airtel = new AirtelProvider({
    baseUrl: sandboxes.urls.airtel,
    clientId: C.clientId,
    clientSecret: C.clientSecret,
    pin: C.pin,
    publicKeyBase64: sandboxes.publicKeyBase64,
    // Generous: a loaded 2-core CI machine can stall a call for longer than a short timeout.
    timeouts: { safe: 30_000, send: 30_000 },
  });
});
afterAll(async () => {
  await sandboxes.stop();
  await sink.close();
});

const token = async () => {
  const res = await fetch(`${sandboxes.urls.airtel}/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: C.clientId,
      client_secret: C.clientSecret,
      grant_type: 'client_credentials',
    }),
  });
  return ((await res.json()) as { access_token: string; expires_in: string }).access_token;
};
const enquire = (t: string) =>
  fetch(`${sandboxes.urls.airtel}/standard/v1/payments/nope`, {
    headers: { authorization: `Bearer ${t}`, 'x-country': 'TZ' },
  });

describe('sandboxes', () => {
  it('Airtel token expires after 180 s of the sandbox clock; missing X-Country → ROUTER110', async () => {
    const t = await token();
    expect((await enquire(t)).status).toBe(200);
    now += 181_000;
    const expired = await enquire(t);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ error: 'invalid_token' });
    const res = await fetch(`${sandboxes.urls.airtel}/standard/v1/payments/nope`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(await res.json()).toMatchObject({ status_code: 'ROUTER110' });
  });

  it('HTTP control: scenario by amount, float, statement, defaults, keys', async () => {
    const base = sandboxes.urls.airtel;
    const post = (path: string, body: unknown, method = 'POST') =>
      fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await post('/_sandbox/scenarios', { amount: 4_321, scenario: { customer: 'wrong_pin' } })).status,
    ).toBe(204);
    const id = randomUUID();
    await airtel.requestDeposit({ paymentId: id, phone: '+255689999999', amount: 4_321 });
    await sleep(60);
    expect(await airtel.enquire(id, 'deposit', { amount: 4_321 })).toMatchObject({ code: 'DP00800001002' });
    expect(await (await post('/_sandbox/float', { amount: 7 }, 'PUT')).json()).toEqual({ float: 7 });
    await post('/_sandbox/float', { amount: 1e9 }, 'PUT');
    const statement = (await (await fetch(`${base}/_sandbox/statement`)).json()) as {
      transactions: unknown[];
    };
    expect(statement.transactions).toContainEqual(
      expect.objectContaining({ reference: id, status: 'failed' }),
    );
    expect(await (await post('/_sandbox/defaults', { pinDelayMs: 25 }, 'PATCH')).json()).toMatchObject({
      pinDelayMs: 25,
    });
    expect(await (await fetch(`${base}/_sandbox/keys`)).json()).toEqual({
      publicKey: sandboxes.publicKeyBase64,
    });
    expect((await fetch(`${base}/_sandbox/scenarios`, { method: 'DELETE' })).status).toBe(204);
  });

  it('built-in test phones: PP00000NN', async () => {
    const id = randomUUID();
    await airtel.requestDeposit({ paymentId: id, phone: '+255680000004', amount: 1_000 });
    await sleep(60);
    expect(await airtel.enquire(id, 'deposit', { amount: 1_000 })).toMatchObject({ code: 'DP00800001007' });
  });

  it.each([
    ['duplicate', 2],
    ['replay_after_final', 2],
    ['out_of_order', 2],
    ['missing', 0],
  ] as const)('callback mode %s sends %i callbacks', async (mode, count) => {
    const id = randomUUID();
    const phone = `+25569${String(Math.floor(Math.random() * 1e7)).padStart(7, '1')}`;
    sandboxes.control.when({ msisdn: phone }, { callback: { mode } });
    await airtel.requestDeposit({ paymentId: id, phone, amount: 1_000 });
    // A callback is listed once our sink has answered it; on a loaded machine that can take a while.
    const sentNow = () => sandboxes.control.callbacks('airtel').filter((c) => c.reference === id);
    if (count > 0) await expect.poll(() => sentNow().length, { timeout: 30_000 }).toBe(count);
    else await sleep(150);
    const sent = sentNow();
    expect(sent).toHaveLength(count);
    if (mode === 'out_of_order') {
      const codes = sent.map(
        (c) => (JSON.parse(c.body) as { transaction: { status_code: string } }).transaction.status_code,
      );
      expect(codes).toEqual(['TS', 'TF']);
    }
  });
});
