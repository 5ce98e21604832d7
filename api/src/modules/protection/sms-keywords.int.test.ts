/**
 * Protections from a feature phone (issue 23 item 5): the SMS sandbox's inbound endpoint
 * `POST /sms-sandbox/inbound` applies a keyword to the account owning the sending phone and answers
 * with a confirmation SMS in the keyword's language, recorded in `sms_messages`; the change binds the
 * money path at once.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { registerTestPlayer } from '../backoffice/testing.ts';
import { checkProtection } from '../wallet/index.ts';

const HOUR = 3_600_000;

describe('SMS keywords: POST /sms-sandbox/inbound', () => {
  let t: TestApp;
  // Each test sets the clock where its replies' dates expect it (a retry starts where the first attempt left it).
  const START = Date.parse('2026-11-23T06:00:00Z'); // 09:00 EAT
  let now = START;
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

  /**
   * A player and phone of the calling attempt's own (a retry would meet its first attempt's limits,
   * cool-off and replies), registered; the phone in its three forms.
   */
  const ownPlayer = async (label: string) => {
    const national = `7120${String(randomInt(100_000)).padStart(5, '0')}`;
    const userId = `${label}-${randomUUID().slice(0, 8)}`;
    const phone = { intl: `+255${national}`, local: `0${national}`, bare: `255${national}` };
    await registerTestPlayer(t, userId, phone.intl);
    return { userId, phone };
  };
  /** What the first test does: the deposit day limit set at 5,000 (at 09:00 EAT on 23 November). */
  const limitSet = async (phone: string) => {
    now = START;
    expect((await send(phone, 'limit deposit day 5,000')).code).toBe('SMS_APPLIED');
  };

  beforeAll(async () => {
    t = await startTestApp({ now: () => now });
  });
  afterAll(async () => t.close());

  it('LIMIT DEPOSIT DAY 5000 from the phone (local form) sets the limit at once, with an English confirmation', async () => {
    now = START;
    const { userId, phone } = await ownPlayer('sms1');
    const r = await send(phone.local, 'limit deposit day 5,000');
    expect(r).toMatchObject({ status: 200, code: 'SMS_APPLIED', events: ['LimitSet'] });
    expect(r.reply).toBe('Bashiri: Your DEPOSIT DAY limit is now TZS 5,000.');
    expect(await repliesTo(phone.intl)).toEqual([r.reply]);
    const deposit = await checkProtection(t.services, userId, {
      kind: 'deposit',
      amount: 6_000,
      at: new Date(now).toISOString(),
    });
    expect(
      deposit.ok ? null : [deposit.error.code, (deposit.error.details as { left: number }).left],
    ).toEqual(['LIMIT_DEPOSIT_DAY', 5_000]);
  });

  it('a raise waits 24 hours: the reply says how to confirm and from when (EAT); CONFIRM before it is refused', async () => {
    const { phone } = await ownPlayer('sms1');
    await limitSet(phone.local);
    const raise = await send(phone.intl, 'LIMIT DEPOSIT DAY 10000');
    expect(raise.code).toBe('SMS_APPLIED');
    expect(raise.events).toEqual(['LimitChangeRequested']);
    expect(raise.reply).toContain('Send CONFIRM DEPOSIT DAY from 24/11/2026 09:00');
    const early = await send(phone.intl, 'THIBITISHA AMANA SIKU');
    expect(early.code).toBe('LIMIT_COOLING_PERIOD');
    expect(early.reply).toBe('Bashiri: Bado mapema: unaweza kuthibitisha kuanzia 24/11/2026 09:00.');
    now += 24 * HOUR;
    const confirmed = await send(phone.intl, 'CONFIRM DEPOSIT DAY');
    expect(confirmed).toMatchObject({ code: 'SMS_APPLIED', events: ['LimitChangeConfirmed'] });
    expect(confirmed.reply).toBe('Bashiri: Your DEPOSIT DAY limit is now TZS 10,000.');
  });

  it('PUMZIKO SAA 24 cools off at once (Swahili reply); a repeated delivery changes nothing twice; HALI answers the status', async () => {
    // The state the two tests above leave: the limit raised to 10,000 and confirmed, a day later.
    const { userId, phone } = await ownPlayer('sms1');
    await limitSet(phone.local);
    expect((await send(phone.intl, 'LIMIT DEPOSIT DAY 10000')).code).toBe('SMS_APPLIED');
    now = START + 24 * HOUR;
    expect((await send(phone.intl, 'CONFIRM DEPOSIT DAY')).code).toBe('SMS_APPLIED');
    const id = `cool-${userId}`;
    const cool = await send(phone.bare, 'pumziko saa 24', id);
    expect(cool).toMatchObject({ code: 'SMS_APPLIED', events: ['CoolOffStarted'] });
    expect(cool.reply).toBe(
      'Bashiri: Pumziko hadi 25/11/2026 09:00: hakuna kubeti wala kuweka pesa. Unaweza kutoa pesa. Haliwezi kusitishwa mapema.',
    );
    expect(await canPlay(userId)).toBe(false);
    const bet = await checkProtection(t.services, userId, {
      kind: 'jackpotTicket',
      amount: 1_000,
      at: new Date(now).toISOString(),
    });
    expect(bet.ok ? null : bet.error.code).toBe('COOL_OFF');
    const again = await send(phone.bare, 'pumziko saa 24', id);
    expect(again.events).toEqual([]);
    const history = await t.services.store.readStream(`protection-${userId}`);
    expect(history.events.filter((e) => e.type === 'CoolOffStarted')).toHaveLength(1);
    const status = await send(phone.intl, 'HALI');
    expect(status.code).toBe('SMS_STATUS');
    expect(status.reply).toBe('Bashiri: Pumziko hadi 25/11/2026 09:00. Vikomo: AMANA SIKU TZS 10,000.');
  });

  it('EXCLUDE 6M closes the account for play; unknown keywords and phones get a reply with an example', async () => {
    now = START + 24 * HOUR;
    const { userId, phone } = await ownPlayer('sms2');
    const ex = await send(phone.intl, 'EXCLUDE 6M');
    expect(ex).toMatchObject({ code: 'SMS_APPLIED', events: ['SelfExclusionStarted'] });
    expect(ex.reply).toBe(
      'Bashiri: Your account is closed for play until 24/05/2027 09:00. You can still withdraw your balance.',
    );
    expect(await canPlay(userId)).toBe(false);
    const shorter = await send(phone.intl, 'COOLOFF 7D');
    expect(shorter.code).toBe('SELF_EXCLUDED');
    const unknown = await send(phone.intl, 'HELLO');
    expect(unknown.code).toBe('SMS_UNKNOWN_KEYWORD');
    expect(unknown.reply).toMatch(/^Bashiri: Hatukuelewa ujumbe\. Mfano: \S+/);
    const strangerPhone = `+2557120${String(randomInt(100_000)).padStart(5, '0')}`;
    const stranger = await send(strangerPhone, 'COOLOFF 24H');
    expect(stranger).toMatchObject({ code: 'SMS_PHONE_UNKNOWN', events: [] });
    expect(await repliesTo(strangerPhone)).toEqual(['Bashiri: this number has no Bashiri account.']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sms-sandbox/inbound',
      payload: { text: 'HALI' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
