/**
 * Phones a player may deposit from besides their own (issue 15 item 6; docs/payments.md "Paying from
 * another phone"). A deposit pushes a USSD payment prompt to a phone, so a stranger's number must not be
 * prompted: a player first asks for a code sent by SMS to the other phone, and its owner reads it out
 * (`requestPaymentPhoneCode` → `verifyPaymentPhone`). The player's own number was verified at
 * registration and is always allowed.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import { requirePlayer } from '../../auth/guard.ts';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { phoneOrThrow } from './players.ts';
import { consumeSmsCode, sendSmsCode } from './sms.ts';
import type { SmsGateway } from './sms.ts';

/** Most other phones one player may keep verified (a family's phones, not a call list). */
export const MAX_PAYMENT_PHONES = 5;

/** The refusal of a deposit prompt to a phone that is neither the player's nor verified (field `phone`). */
export const PHONE_NOT_VERIFIED = 'PHONE_NOT_VERIFIED';

/** The other phones `userId` verified, `+255…`, oldest first. */
export const paymentPhonesOf = async (sql: SqlExecutor, userId: string): Promise<string[]> =>
  (
    await sql.query<{ phone: string }>(
      'SELECT phone FROM player_payment_phones WHERE user_id = $1 ORDER BY verified_at, phone',
      [userId],
    )
  ).rows.map((r) => r.phone);

/**
 * True when `userId` may send a deposit prompt to `phone` (`+255…`): their own registered number, or one
 * they verified by SMS.
 */
export const mayPromptPhone = async (sql: SqlExecutor, userId: string, phone: string): Promise<boolean> => {
  const result = await sql.query(
    `SELECT 1 FROM player_accounts WHERE user_id = $1 AND phone = $2
     UNION ALL SELECT 1 FROM player_payment_phones WHERE user_id = $1 AND phone = $2 LIMIT 1`,
    [userId, phone],
  );
  return result.rows.length > 0;
};

/**
 * Sends a code by SMS to `phone` so that the player may deposit from it. Errors: INVALID_PHONE,
 * PAYMENT_PHONE_OWN (it is already the player's number), PAYMENT_PHONES_FULL (already
 * {@link MAX_PAYMENT_PHONES}), RATE_LIMITED (per IP, per phone, per player). Answers true.
 */
export const requestPaymentPhoneCode = async (
  ctx: GraphQLContext,
  sms: SmsGateway,
  input: { phone: string },
): Promise<boolean> => {
  const { userId } = requirePlayer(ctx);
  const { sql } = ctx.services;
  const phone = phoneOrThrow(input.phone);
  const now = ctx.services.now();
  if (await mayPromptPhone(sql, userId, phone)) {
    const own = await sql.query('SELECT 1 FROM player_accounts WHERE user_id = $1 AND phone = $2', [
      userId,
      phone,
    ]);
    if (own.rows.length > 0)
      throw codedError('PAYMENT_PHONE_OWN', 'this is already your own number', { field: 'phone' });
    return true;
  }
  if ((await paymentPhonesOf(sql, userId)).length >= MAX_PAYMENT_PHONES)
    throw codedError('PAYMENT_PHONES_FULL', `at most ${MAX_PAYMENT_PHONES} other phones`, { field: 'phone' });
  await enforceRates(
    sql,
    [
      [`sms:ip:${ctx.ip}`, RATE_LIMITS.smsPerIp],
      [`sms:phone:${phone}`, RATE_LIMITS.smsPerPhone],
      [`sms:phone-minute:payment_phone:${phone}`, RATE_LIMITS.smsPerPhoneMinute],
      [`payment-phone:player:${userId}`, RATE_LIMITS.paymentPhoneCodesPerPlayer],
    ],
    now,
  );
  await sendSmsCode(sql, sms, { phone, type: 'payment_phone', ip: ctx.ip ?? null, now });
  return true;
};

/**
 * Verifies `phone` with the code its owner received; the player may then deposit from it. Errors:
 * INVALID_PHONE, SMS_CODE_REQUIRED, SMS_CODE_INVALID, SMS_CODE_EXPIRED (field `code`), RATE_LIMITED.
 * Answers the player's verified other phones.
 */
export const verifyPaymentPhone = async (
  ctx: GraphQLContext,
  input: { phone: string; code: string },
): Promise<string[]> => {
  const { userId } = requirePlayer(ctx);
  const { sql } = ctx.services;
  const phone = phoneOrThrow(input.phone);
  const now = ctx.services.now();
  await enforceRates(sql, [[`code:phone:${phone}`, RATE_LIMITS.codeCheckPerPhone]], now);
  await sql.transaction(async (tx) => {
    await consumeSmsCode(tx, { phone, type: 'payment_phone', code: input.code, now });
    await tx.query(
      `INSERT INTO player_payment_phones (user_id, phone, verified_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, phone) DO NOTHING`,
      [userId, phone, new Date(now)],
    );
  });
  return paymentPhonesOf(sql, userId);
};

/** Forgets a verified other phone (the player's own number cannot be removed). Answers the rest. */
export const removePaymentPhone = async (
  ctx: GraphQLContext,
  input: { phone: string },
): Promise<string[]> => {
  const { userId } = requirePlayer(ctx);
  const phone = phoneOrThrow(input.phone);
  await ctx.services.sql.query('DELETE FROM player_payment_phones WHERE user_id = $1 AND phone = $2', [
    userId,
    phone,
  ]);
  return paymentPhonesOf(ctx.services.sql, userId);
};
