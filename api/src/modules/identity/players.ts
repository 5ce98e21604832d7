/**
 * Player accounts: SMS codes, registration, login, logout, passwords, default stake (spec §4 Session,
 * §5 Registration / Login / Change password, §9; issue 5 item 2; docs/auth.md). Every function takes the
 * GraphQL context and throws coded errors (`extensions.code`, and `field` for input).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isMobileNetwork, networkOfPhone, normalizeTzPhone } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import { codedError } from '../../graphql/errors.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { requirePlayer } from '../../auth/guard.ts';
import {
  afterAccountAppend,
  appendAccountCommand,
  appendAccountCommands,
  loadAccount,
  PhoneReserved,
} from './accounts.ts';
import { clearLoginFailures, LOGIN_DELAYS, recordLoginFailure, takeLoginAttempt } from './delays.ts';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import { checkNewPassword, decoyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { openSession, revokeAllSessions, revokeSession } from '../../auth/sessions.ts';
import type { IssuedToken } from '../../auth/sessions.ts';
import { consumeSmsCode, sendSmsCode } from './sms.ts';
import type { SmsCodeType, SmsGateway } from './sms.ts';
import { accountPermits } from '@bashiri/domain';
import { lockAccountRow } from './projection.ts';

/** A `player_accounts` row. */
export interface PlayerRow {
  readonly user_id: string;
  readonly phone: string;
  readonly network: number;
  readonly invitation_code: string;
  readonly superior_id: string | null;
  readonly disabled: boolean;
  readonly no_bet: boolean;
  readonly no_withdraw: boolean;
  readonly reported: number;
  readonly return_scale: string;
  readonly withdrawal_whitelist: boolean;
  readonly note: string;
  readonly default_bet_amount: string | number | null;
  readonly created_at: Date;
  readonly last_login_at: Date | null;
  readonly last_login_ip: string | null;
}

/** The `Player` GraphQL object of a row. */
export const playerOf = (row: PlayerRow) => ({
  id: row.user_id,
  phone: row.phone,
  network: row.network,
  invitationCode: row.invitation_code,
  superiorId: row.superior_id,
  defaultBetAmount: row.default_bet_amount === null ? null : Number(row.default_bet_amount),
  noBet: row.no_bet,
  noWithdraw: row.no_withdraw,
  disabled: row.disabled,
  reported: row.reported,
  returnScale: row.return_scale,
  withdrawalWhitelist: row.withdrawal_whitelist,
  note: row.note,
  createdAt: row.created_at,
  lastLoginAt: row.last_login_at,
  lastLoginIp: row.last_login_ip,
});
export type PlayerObject = ReturnType<typeof playerOf>;

const clientOf = (ctx: GraphQLContext) => ({
  ip: ctx.ip ?? null,
  userAgent: (ctx.request?.headers['user-agent'] as string | undefined)?.slice(0, 300) ?? null,
});

/** `+255…` of `input`, or `INVALID_PHONE` (field `phone`). */
export const phoneOrThrow = (input: string, field = 'phone'): string => {
  const phone = normalizeTzPhone(input);
  if (!phone)
    throw codedError('INVALID_PHONE', 'a Tanzanian mobile number: +255 and 9 digits starting with 6 or 7', {
      field,
    });
  return phone;
};

/** The player's read-model row; catches the projection up once if the row is not there yet. */
export const findPlayer = async (ctx: GraphQLContext, userId: string): Promise<PlayerRow | null> => {
  const read = () =>
    ctx.services.sql.query<PlayerRow>('SELECT * FROM player_accounts WHERE user_id = $1', [userId]);
  const first = await read();
  if (first.rows[0]) return first.rows[0];
  await afterAccountAppend(ctx.services);
  const caughtUp = (await read()).rows[0];
  if (caughtUp) return caughtUp;
  // Under load the global log may not show a just-committed event yet (a reader only passes
  // transactions older than every one still open, eventstore visibility rule), so the catch-up can end
  // before the row exists. The account stream itself is always current: answer from it.
  return playerFromStream(ctx.services, userId);
};

/**
 * The player's row as the projection will write it, folded from the `account-<userId>` stream plus the
 * login facts of `player_credentials`; null for an unknown user.
 */
const playerFromStream = async (services: AppServices, userId: string): Promise<PlayerRow | null> => {
  const { sql } = services;
  const { state, version } = await loadAccount(services, userId);
  if (!state.registered || version === 0) return null;
  const credentials = await sql.query<{
    default_bet_amount: string | number | null;
    last_login_at: Date | null;
    last_login_ip: string | null;
  }>('SELECT default_bet_amount, last_login_at, last_login_ip FROM player_credentials WHERE user_id = $1', [
    userId,
  ]);
  const c = credentials.rows[0];
  return {
    user_id: state.userId,
    phone: state.phone,
    network: state.network,
    invitation_code: state.invitationCode,
    superior_id: state.superiorId,
    disabled: state.disabled,
    no_bet: state.noBet,
    no_withdraw: state.noWithdraw,
    reported: state.reported,
    return_scale: state.returnScale,
    withdrawal_whitelist: state.whitelisted,
    note: state.note,
    default_bet_amount: c?.default_bet_amount ?? null,
    created_at: new Date(state.registeredAt),
    last_login_at: c?.last_login_at ?? null,
    last_login_ip: c?.last_login_ip ?? null,
  };
};

const phoneTaken = async (sql: SqlExecutor, phone: string): Promise<boolean> =>
  (await sql.query('SELECT 1 FROM player_credentials WHERE phone = $1', [phone])).rows.length > 0;

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/** Sends a code by SMS (spec §5; subscriber/get_code); see identity.graphql `requestSmsCode`. */
export const requestSmsCode = async (
  ctx: GraphQLContext,
  sms: SmsGateway,
  input: { phone: string; type: SmsCodeType },
): Promise<boolean> => {
  const { sql } = ctx.services;
  const phone = phoneOrThrow(input.phone);
  const now = ctx.services.now();
  await enforceRates(
    sql,
    [
      [`sms:ip:${ctx.ip}`, RATE_LIMITS.smsPerIp],
      [`sms:phone:${phone}`, RATE_LIMITS.smsPerPhone],
      [`sms:phone-minute:${input.type}:${phone}`, RATE_LIMITS.smsPerPhoneMinute],
    ],
    now,
  );
  const taken = await phoneTaken(sql, phone);
  if (input.type === 'register' && taken)
    throw codedError('PHONE_TAKEN', 'this phone number is already registered', { field: 'phone' });
  if (input.type === 'reset_password' && !taken) return true;
  await sendSmsCode(sql, sms, { phone, type: input.type, ip: ctx.ip ?? null, now });
  return true;
};

/** Registration input (identity.graphql `RegisterInput`). */
export interface RegisterInput {
  readonly phone: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly code: string;
  readonly adult: boolean;
  readonly acceptTerms: boolean;
  readonly invitationCode?: string | null;
  readonly network?: number | null;
}

const newInvitationCode = (): string =>
  randomBytes(5).toString('base64url').toUpperCase().replace(/[-_]/g, 'X');

const LOGIN_UPDATE = `UPDATE player_credentials SET last_login_at = $2, last_login_ip = $3 WHERE user_id = $1`;
const LOGIN_UPDATE_READ_MODEL = `UPDATE player_accounts SET last_login_at = $2, last_login_ip = $3 WHERE user_id = $1`;

/**
 * Writes a new player's credentials (hash, own invitation code, first login time and IP) inside `tx`,
 * after the account's `AccountRegistered` is appended; idempotent. The `player_accounts` row copies the
 * login time from here: if the projection inserted the row first, it is filled in now; the per-player
 * lock ({@link lockAccountRow}) keeps the projection from reading the credentials half-way.
 */
export const saveCredentials = async (
  tx: SqlExecutor,
  c: {
    readonly userId: string;
    readonly phone: string;
    readonly invitationCode: string;
    readonly passwordHash: string;
    readonly hashRef: string;
    readonly at: Date;
    readonly ip: string | null;
  },
): Promise<void> => {
  await lockAccountRow(tx, c.userId);
  await tx.query(
    `INSERT INTO player_credentials (user_id, phone, invitation_code, password_hash, hash_ref, created_at, last_login_at, last_login_ip)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (user_id) DO NOTHING`,
    [c.userId, c.phone, c.invitationCode, c.passwordHash, c.hashRef, c.at, c.ip],
  );
  await tx.query(LOGIN_UPDATE_READ_MODEL, [c.userId, c.at, c.ip]);
};

/** Registers a player and opens their first session (spec §5 Registration). */
export const register = async (
  ctx: GraphQLContext,
  input: RegisterInput,
): Promise<IssuedToken & { userId: string }> => {
  const { sql } = ctx.services;
  const now = ctx.services.now();
  await enforceRates(sql, [[`register:ip:${ctx.ip}`, RATE_LIMITS.registerPerIp]], now);
  const phone = phoneOrThrow(input.phone);
  checkNewPassword(input.password, input.confirmPassword);
  if (!input.adult) throw codedError('ADULT_REQUIRED', 'confirm that you are 18 or over', { field: 'adult' });
  if (!input.acceptTerms)
    throw codedError('TERMS_REQUIRED', 'accept the user agreement', { field: 'acceptTerms' });
  const network = input.network ?? networkOfPhone(phone);
  if (!isMobileNetwork(network))
    throw codedError('UNKNOWN_NETWORK', 'choose the mobile-money network: 3, 4, 6 or 7', {
      field: 'network',
    });
  const inviteCode = (input.invitationCode ?? '').trim().toUpperCase();
  let superiorId: string | null = null;
  if (inviteCode) {
    const inviter = await sql.query<{ user_id: string }>(
      `SELECT user_id FROM player_accounts WHERE upper(invitation_code) = $1
       UNION SELECT user_id FROM player_credentials WHERE upper(invitation_code) = $1 LIMIT 1`,
      [inviteCode],
    );
    superiorId = inviter.rows[0]?.user_id ?? null;
    if (!superiorId)
      throw codedError('INVITATION_CODE_UNKNOWN', 'no player has this invitation code', {
        field: 'invitationCode',
      });
  }
  await enforceRates(sql, [[`code:phone:${phone}`, RATE_LIMITS.codeCheckPerPhone]], now);
  if (await phoneTaken(sql, phone))
    throw codedError('PHONE_TAKEN', 'this phone number is already registered', { field: 'phone' });
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const hashRef = `argon2id:${randomUUID()}`;
  // The code first (a wrong code registers nothing), then the account with its phone's reservation
  // stream in one append through the port (two registrations of one phone cannot both succeed), then
  // the credentials and the first session, after the append and idempotent (issue 14 item 1).
  await sql.transaction((tx) => consumeSmsCode(tx, { phone, type: 'register', code: input.code, now }));
  let ownCode = newInvitationCode();
  for (let i = 0; i < 5; i++) {
    const used = await sql.query(
      'SELECT 1 FROM player_credentials WHERE invitation_code = $1 UNION SELECT 1 FROM player_accounts WHERE invitation_code = $1',
      [ownCode],
    );
    if (used.rows.length === 0) break;
    ownCode = newInvitationCode();
  }
  try {
    await appendAccountCommands(
      ctx.services,
      [
        {
          type: 'Register',
          userId,
          phone,
          network,
          passwordHashRef: hashRef,
          invitationCode: ownCode,
          superiorId,
          at: new Date(now).toISOString(),
        },
      ],
      { actor: `player:${userId}`, correlationId: ctx.requestId, causationId: null },
      { reservePhone: phone },
    );
    const issued = await sql.transaction(async (tx) => {
      await saveCredentials(tx, {
        userId,
        phone,
        invitationCode: ownCode,
        passwordHash,
        hashRef,
        at: new Date(now),
        ip: ctx.ip ?? null,
      });
      return openSession(tx, 'player', userId, now, clientOf(ctx));
    });
    await afterAccountAppend(ctx.services);
    return { ...issued, userId };
  } catch (error) {
    if (error instanceof PhoneReserved || isUniqueViolation(error))
      throw codedError('PHONE_TAKEN', 'this phone number is already registered', { field: 'phone' });
    throw error;
  }
};

/** Logs a player in by phone and password (spec §5 Login). */
export const login = async (
  ctx: GraphQLContext,
  input: { phone: string; password: string },
): Promise<IssuedToken & { userId: string }> => {
  const { sql } = ctx.services;
  const now = ctx.services.now();
  if (!input.phone.trim()) throw codedError('PHONE_REQUIRED', 'enter your phone number', { field: 'phone' });
  if (!input.password) throw codedError('PASSWORD_REQUIRED', 'enter your password', { field: 'password' });
  const phone = phoneOrThrow(input.phone);
  // Progressive delays per phone and per IP (delays.ts), not a window that locks the player out.
  const phoneKey = `login:phone:${phone}`;
  const ipKey = `login:ip:${ctx.ip}`;
  await takeLoginAttempt(
    sql,
    [
      [phoneKey, LOGIN_DELAYS.phone],
      [ipKey, LOGIN_DELAYS.ip],
    ],
    now,
  );
  const found = await sql.query<{ user_id: string; password_hash: string }>(
    'SELECT user_id, password_hash FROM player_credentials WHERE phone = $1',
    [phone],
  );
  const row = found.rows[0];
  const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
  if (!row || !ok) {
    await recordLoginFailure(sql, [phoneKey, ipKey]);
    throw codedError('LOGIN_FAILED', 'wrong phone number or password');
  }
  await clearLoginFailures(sql, phoneKey);
  const { state } = await loadAccount(ctx.services, row.user_id);
  if (!accountPermits(state).login) throw codedError('ACCOUNT_DISABLED', 'this account is disabled');
  const issued = await sql.transaction(async (tx) => {
    await lockAccountRow(tx, row.user_id);
    await tx.query(LOGIN_UPDATE, [row.user_id, new Date(now), ctx.ip ?? null]);
    await tx.query(LOGIN_UPDATE_READ_MODEL, [row.user_id, new Date(now), ctx.ip ?? null]);
    return openSession(tx, 'player', row.user_id, now, clientOf(ctx));
  });
  return { ...issued, userId: row.user_id };
};

/** Ends the caller's session (player or staff); false when nobody was logged in. */
export const logout = async (ctx: GraphQLContext): Promise<boolean> => {
  if (!ctx.viewer) return false;
  await revokeSession(ctx.services.sql, ctx.viewer.sessionId, ctx.services.now());
  return true;
};

/**
 * Sets a player's password: a `PasswordChanged` event through the port, then — after the append — the
 * new hash in `player_credentials` and the end of all their sessions in one transaction, with `also`
 * (e.g. the staff audit row) in it.
 */
const setPlayerPassword = async (
  ctx: GraphQLContext,
  userId: string,
  passwordHash: string,
  actor: { kind: 'player' | 'staff'; id: string },
  reason: string,
  now: number,
  also?: (tx: SqlExecutor) => Promise<void>,
): Promise<void> => {
  const hashRef = `argon2id:${randomUUID()}`;
  await appendAccountCommand(
    ctx.services,
    {
      type: 'ChangePassword',
      userId,
      actor,
      reason,
      at: new Date(now).toISOString(),
      passwordHashRef: hashRef,
    },
    { actor: `${actor.kind}:${actor.id}`, correlationId: ctx.requestId, causationId: null },
  );
  await ctx.services.sql.transaction(async (tx) => {
    await tx.query(
      'UPDATE player_credentials SET password_hash = $2, hash_ref = $3, password_changed_at = $4 WHERE user_id = $1',
      [userId, passwordHash, hashRef, new Date(now)],
    );
    await revokeAllSessions(tx, 'player', userId, now);
    if (also) await also(tx);
  });
};

/** The player changes their own password; every session ends (spec §4, §5 Change password). */
export const changePassword = async (
  ctx: GraphQLContext,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
): Promise<boolean> => {
  const viewer = requirePlayer(ctx);
  const { sql } = ctx.services;
  const now = ctx.services.now();
  if (!input.oldPassword)
    throw codedError('PASSWORD_REQUIRED', 'enter your old password', { field: 'oldPassword' });
  checkNewPassword(input.newPassword, input.confirmPassword, {
    password: 'newPassword',
    confirm: 'confirmPassword',
  });
  await enforceRates(sql, [[`login:phone-user:${viewer.userId}`, RATE_LIMITS.loginPerAccount]], now);
  const found = await sql.query<{ password_hash: string }>(
    'SELECT password_hash FROM player_credentials WHERE user_id = $1',
    [viewer.userId],
  );
  if (!found.rows[0] || !(await verifyPassword(found.rows[0].password_hash, input.oldPassword)))
    throw codedError('WRONG_PASSWORD', 'the old password is wrong', { field: 'oldPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await setPlayerPassword(ctx, viewer.userId, passwordHash, { kind: 'player', id: viewer.userId }, '', now);
  await afterAccountAppend(ctx.services);
  return true;
};

/** Sets a forgotten password with an SMS code (spec §5, §9: code valid 6 h); every session ends. */
export const resetPassword = async (
  ctx: GraphQLContext,
  input: { phone: string; code: string; newPassword: string; confirmPassword: string },
): Promise<boolean> => {
  const { sql } = ctx.services;
  const now = ctx.services.now();
  const phone = phoneOrThrow(input.phone);
  checkNewPassword(input.newPassword, input.confirmPassword, {
    password: 'newPassword',
    confirm: 'confirmPassword',
  });
  await enforceRates(
    sql,
    [
      [`code:phone:${phone}`, RATE_LIMITS.codeCheckPerPhone],
      [`login:ip:${ctx.ip}`, RATE_LIMITS.loginPerIp],
    ],
    now,
  );
  const found = await sql.query<{ user_id: string }>(
    'SELECT user_id FROM player_credentials WHERE phone = $1',
    [phone],
  );
  const userId = found.rows[0]?.user_id;
  if (!userId) throw codedError('SMS_CODE_INVALID', 'the SMS code is wrong', { field: 'code' });
  const passwordHash = await hashPassword(input.newPassword);
  await sql.transaction((tx) => consumeSmsCode(tx, { phone, type: 'reset_password', code: input.code, now }));
  await setPlayerPassword(
    ctx,
    userId,
    passwordHash,
    { kind: 'player', id: userId },
    'forgotten password',
    now,
  );
  await afterAccountAppend(ctx.services);
  return true;
};

/** Staff reset of a player's password (spec §5 Admin reset); the caller checks permission and audits in `also`. */
export const staffResetPlayerPassword = setPlayerPassword;

/** Sets the player's default stake (TZS, positive multiple of 100, at most 3,000,000) or clears it. */
export const setDefaultBetAmount = async (ctx: GraphQLContext, amount: number | null): Promise<PlayerRow> => {
  const viewer = requirePlayer(ctx);
  if (
    amount !== null &&
    (!Number.isSafeInteger(amount) || amount <= 0 || amount % 100 !== 0 || amount > 3_000_000)
  )
    throw codedError('BAD_INPUT', 'a default stake is a positive multiple of 100 TZS, at most 3,000,000', {
      field: 'amount',
    });
  await ctx.services.sql.transaction(async (tx) => {
    await lockAccountRow(tx, viewer.userId);
    await tx.query('UPDATE player_credentials SET default_bet_amount = $2 WHERE user_id = $1', [
      viewer.userId,
      amount,
    ]);
    await tx.query('UPDATE player_accounts SET default_bet_amount = $2 WHERE user_id = $1', [
      viewer.userId,
      amount,
    ]);
  });
  const row = await findPlayer(ctx, viewer.userId);
  if (!row) throw codedError('NOT_FOUND', 'no such player');
  return row;
};
