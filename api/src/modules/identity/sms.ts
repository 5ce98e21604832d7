/**
 * SMS codes (spec §3 "SMS", §5 registration code, §9 reset code valid 6 h; docs/auth.md "SMS").
 * Every message is recorded in `sms_messages` (the back office's SMS list) and handed to an
 * {@link SmsGateway}. The default sandbox gateway sends nothing and, outside production, logs the code.
 *
 * A code is stored only as an argon2id hash (`code_hash`), and the recorded text has the code masked
 * (issue 15 item 3): no one, staff included, can read a code back; only the gateway sees it.
 */
import { rootLogger } from '../../logger.ts';
import { randomInt } from 'node:crypto';
import type { SqlExecutor } from '@bashiri/eventstore';
import { codedError } from '../../graphql/errors.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';

/** The port to a real SMS provider. */
export interface SmsGateway {
  /** Delivers `content` to `phone` (`+255…`); throws when the provider refuses. */
  send(message: {
    readonly phone: string;
    readonly content: string;
    readonly code: string | null;
    /** What the code is for, when the message carries one. */
    readonly type?: SmsCodeType;
  }): Promise<void>;
}

/** What a code is for (the `type` column). */
export type SmsCodeType = 'register' | 'reset_password' | 'payment_phone';

/** What replaces the code in the recorded text of a message. */
export const MASKED_CODE = '******';

/** How long a code stays valid: spec §9 gives 6 h for reset codes; the same for registration. */
export const SMS_CODE_TTL_MS: Readonly<Record<SmsCodeType, number>> = {
  register: 6 * 3_600_000,
  reset_password: 6 * 3_600_000,
  /** Read out by the other phone's owner while the player waits: ten minutes. */
  payment_phone: 10 * 60_000,
};

/**
 * The sandbox: delivers nothing. With `logCodes` (development and tests, never production) it writes
 * the code to `log` so a developer can register without a phone.
 */
export const sandboxSmsGateway = (options: {
  readonly logCodes: boolean;
  readonly log?: (line: string) => void;
}): SmsGateway => ({
  send: async ({ phone, code }) => {
    if (options.logCodes && code)
      (options.log ?? ((line) => rootLogger().info(line)))(`[sms sandbox] code for ${phone}: ${code}`);
  },
});

/** The default gateway: the sandbox, logging codes unless NODE_ENV is `production`. */
export const defaultSmsGateway = (): SmsGateway =>
  sandboxSmsGateway({ logCodes: process.env.NODE_ENV !== 'production' });

const CONTENT: Readonly<Record<SmsCodeType, (code: string) => string>> = {
  register: (code) => `Bashiri: namba yako ya usajili ni ${code}. / Your registration code is ${code}.`,
  reset_password: (code) =>
    `Bashiri: namba ya kubadilisha nenosiri ni ${code}. / Your password reset code is ${code}.`,
  payment_phone: (code) =>
    `Bashiri: mtu anaomba kulipa kwa simu hii. Toa namba ${code} kama unakubali tu. / Someone asks to pay from this phone. Give code ${code} only if you agree.`,
};

/** Records and sends a fresh 6-digit code of `type` to `phone`; earlier unused codes of that type stop working. */
export const sendSmsCode = async (
  sql: SqlExecutor,
  gateway: SmsGateway,
  input: { phone: string; type: SmsCodeType; ip: string | null; now: number },
): Promise<void> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const content = CONTENT[input.type](code);
  const codeHash = await hashPassword(code);
  await sql.query(
    `UPDATE sms_messages SET status = 'used', used_at = $3 WHERE phone = $1 AND type = $2 AND status = 'unused'`,
    [input.phone, input.type, new Date(input.now)],
  );
  await sql.query(
    `INSERT INTO sms_messages (phone, area_code, type, content, code_hash, status, sent_at, expires_at, ip)
     VALUES ($1, '255', $2, $3, $4, 'unused', $5, $6, $7)`,
    [
      input.phone,
      input.type,
      CONTENT[input.type](MASKED_CODE),
      codeHash,
      new Date(input.now),
      new Date(input.now + SMS_CODE_TTL_MS[input.type]),
      input.ip,
    ],
  );
  await gateway.send({ phone: input.phone, content, code, type: input.type });
};

/**
 * Marks the latest unused code of `type` for `phone` used when it equals `code`. Errors (field `code`):
 * `SMS_CODE_REQUIRED`, `SMS_CODE_INVALID` (wrong or none sent), `SMS_CODE_EXPIRED` (older than its TTL).
 */
export const consumeSmsCode = async (
  tx: SqlExecutor,
  input: { phone: string; type: SmsCodeType; code: string; now: number },
): Promise<void> => {
  const code = input.code.trim();
  if (!code) throw codedError('SMS_CODE_REQUIRED', 'enter the code sent by SMS', { field: 'code' });
  const result = await tx.query<{ id: string; code_hash: string | null; expires_at: Date }>(
    `SELECT id, code_hash, expires_at FROM sms_messages
     WHERE phone = $1 AND type = $2 AND status = 'unused' ORDER BY sent_at DESC, id DESC LIMIT 1 FOR UPDATE`,
    [input.phone, input.type],
  );
  const row = result.rows[0];
  if (!row?.code_hash || !(await verifyPassword(row.code_hash, code)))
    throw codedError('SMS_CODE_INVALID', 'the SMS code is wrong', { field: 'code' });
  if (new Date(row.expires_at).getTime() <= input.now)
    throw codedError('SMS_CODE_EXPIRED', 'the SMS code has expired, ask for a new one', { field: 'code' });
  await tx.query(`UPDATE sms_messages SET status = 'used', used_at = $2 WHERE id = $1`, [
    row.id,
    new Date(input.now),
  ]);
};
