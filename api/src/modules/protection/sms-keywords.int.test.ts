/**
 * Protections from a feature phone (issue 23 item 5): the SMS sandbox's inbound endpoint
 * `POST /sms-sandbox/inbound` applies a keyword to the account owning the sending phone and answers
 * with a confirmation SMS in the keyword's language, recorded in `sms_messages`; the change binds the
 * money path at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { registerTestPlayer } from '../backoffice/testing.ts';
import { checkProtection } from '../wallet/index.ts';

const HOUR = 3_600_000;

describe('SMS keywords: POST /sms-sandbox/inbound', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-23T06:00:00Z'); // 09:00 EAT
  let n = 0;
  const send = async (from: string, text: string, id = `m${++n}`) => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/sms-sandbox/inbound',
      payload: { from, text, id },
    });
    return { status: r.statusCode, ...(r.json() as { code: string; reply: string; events: string[] }) };
  };
  const repliesTo = async (phone: string) =>
    (
      await t.services.sql.query<{ content: string }>(
        `SELECT content FROM sms_messages WHERE phone = $1 AND type = 'protection' ORDER BY id`,
        [phone],
      )
    ).rows.map((r) => r.content);
  const canPlay = async (userId: string) =>
    (await t.gql<{ myProtection: { canPlay: boolean } }>('{ myProtection { canPlay } }', {}, player(userId)))
      .data?.myProtection.canPlay;

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
    await registerTestPlayer(t, 'sms1', '+255712000801');
    await registerTestPlayer(t, 'sms2', '+255712000802');
  });
  afterAll(async () => t.close());

  it('LIMIT DEPOSIT DAY 5000 from the phone (local form) sets the limit at once, with an English confirmation', async () => {
    const r = await send('0712000801', 'limit deposit day 5,000');
    expect(r).toMatchObject({ status: 200, code: 'SMS_APPLIED', events: ['LimitSet'] });
    expect(r.reply).toBe('Bashiri: Your DEPOSIT DAY limit is now TZS 5,000.');
    expect(await repliesTo('+255712000801')).toEqual([r.reply]);
    const deposit = await checkProtection(t.services, 'sms1', {
      kind: 'deposit',
      amount: 6_000,
      at: new Date(now).toISOString(),
    });
    expect(
      deposit.ok ? null : [deposit.error.code, (deposit.error.details as { left: number }).left],
    ).toEqual(['LIMIT_DEPOSIT_DAY', 5_000]);
  });

  it('a raise waits 24 hours: the reply says how to confirm and from when (EAT); CONFIRM before it is refused', async () => {
    const raise = await send('+255712000801', 'LIMIT DEPOSIT DAY 10000');
    expect(raise.code).toBe('SMS_APPLIED');
    expect(raise.events).toEqual(['LimitChangeRequested']);
    expect(raise.reply).toContain('Send CONFIRM DEPOSIT DAY from 24/11/2026 09:00');
    const early = await send('+255712000801', 'THIBITISHA AMANA SIKU');
    expect(early.code).toBe('LIMIT_COOLING_PERIOD');
    expect(early.reply).toBe('Bashiri: Bado mapema: unaweza kuthibitisha kuanzia 24/11/2026 09:00.');
    now += 24 * HOUR;
    const confirmed = await send('+255712000801', 'CONFIRM DEPOSIT DAY');
    expect(confirmed).toMatchObject({ code: 'SMS_APPLIED', events: ['LimitChangeConfirmed'] });
    expect(confirmed.reply).toBe('Bashiri: Your DEPOSIT DAY limit is now TZS 10,000.');
  });

  it('PUMZIKO SAA 24 cools off at once (Swahili reply); a repeated delivery changes nothing twice; HALI answers the status', async () => {
    const id = 'cool-1';
    const cool = await send('255712000801', 'pumziko saa 24', id);
    expect(cool).toMatchObject({ code: 'SMS_APPLIED', events: ['CoolOffStarted'] });
    expect(cool.reply).toBe(
      'Bashiri: Pumziko hadi 25/11/2026 09:00: hakuna kubeti wala kuweka pesa. Unaweza kutoa pesa. Haliwezi kusitishwa mapema.',
    );
    expect(await canPlay('sms1')).toBe(false);
    const bet = await checkProtection(t.services, 'sms1', {
      kind: 'jackpotTicket',
      amount: 1_000,
      at: new Date(now).toISOString(),
    });
    expect(bet.ok ? null : bet.error.code).toBe('COOL_OFF');
    const again = await send('255712000801', 'pumziko saa 24', id);
    expect(again.events).toEqual([]);
    const history = await t.services.store.readStream('protection-sms1');
    expect(history.events.filter((e) => e.type === 'CoolOffStarted')).toHaveLength(1);
    const status = await send('+255712000801', 'HALI');
    expect(status.code).toBe('SMS_STATUS');
    expect(status.reply).toBe('Bashiri: Pumziko hadi 25/11/2026 09:00. Vikomo: AMANA SIKU TZS 10,000.');
  });

  it('EXCLUDE 6M closes the account for play; unknown keywords and phones get a reply with an example', async () => {
    const ex = await send('+255712000802', 'EXCLUDE 6M');
    expect(ex).toMatchObject({ code: 'SMS_APPLIED', events: ['SelfExclusionStarted'] });
    expect(ex.reply).toBe(
      'Bashiri: Your account is closed for play until 24/05/2027 09:00. You can still withdraw your balance.',
    );
    expect(await canPlay('sms2')).toBe(false);
    const shorter = await send('+255712000802', 'COOLOFF 7D');
    expect(shorter.code).toBe('SELF_EXCLUDED');
    const unknown = await send('+255712000802', 'HELLO');
    expect(unknown.code).toBe('SMS_UNKNOWN_KEYWORD');
    expect(unknown.reply).toMatch(/^Bashiri: Hatukuelewa ujumbe\. Mfano: \S+/);
    const stranger = await send('+255712000899', 'COOLOFF 24H');
    expect(stranger).toMatchObject({ code: 'SMS_PHONE_UNKNOWN', events: [] });
    expect(await repliesTo('+255712000899')).toEqual(['Bashiri: this number has no Bashiri account.']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sms-sandbox/inbound',
      payload: { text: 'HALI' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
