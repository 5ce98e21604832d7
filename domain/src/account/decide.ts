/**
 * Account `decide` (spec §5, §6). Errors: `INVALID_PHONE`, `UNKNOWN_NETWORK`, `PASSWORD_HASH_REQUIRED`,
 * `INVITATION_CODE_REQUIRED`, `ACCOUNT_ALREADY_REGISTERED`, `ACCOUNT_NOT_FOUND`, `STAFF_ONLY`,
 * `FORBIDDEN`, `REASON_REQUIRED`, `INVALID_REPORTED_FLAG`, `INVALID_RETURN_SCALE`, `SUPERIOR_IS_SELF`.
 * Setting a flag to the value it already has is accepted with no events.
 */
import { accept, refuse, type Decision } from '../decider.ts';
import { domainError, type DomainError } from '../errors.ts';
import type * as C from './commands.ts';
import type { AccountEvent, AccountFlags, AccountState } from './events.ts';
import { isMobileNetwork, normalizeTzPhone } from './phone.ts';

type D = Decision<AccountEvent>;
type Registered = Extract<AccountState, { registered: true }>;

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

const register = (c: C.Register, s: AccountState): D => {
  const phone = normalizeTzPhone(c.phone);
  if (s.registered) {
    return s.userId === c.userId && s.phone === phone
      ? accept()
      : refuse(domainError('ACCOUNT_ALREADY_REGISTERED', `account ${s.userId} exists`, { field: 'userId' }));
  }
  if (!phone)
    return refuse(
      domainError('INVALID_PHONE', 'phone: a Tanzanian mobile number (+255 6xx or 7xx)', {
        field: 'phone',
        details: { phone: c.phone },
      }),
    );
  if (!isMobileNetwork(c.network))
    return refuse(
      domainError('UNKNOWN_NETWORK', 'network: one of 3, 4, 6, 7', {
        field: 'network',
        details: { network: c.network },
      }),
    );
  if (blank(c.passwordHashRef))
    return refuse(
      domainError('PASSWORD_HASH_REQUIRED', 'a password hash reference is required', {
        field: 'passwordHashRef',
      }),
    );
  if (blank(c.invitationCode))
    return refuse(
      domainError('INVITATION_CODE_REQUIRED', 'invitation code must not be empty', {
        field: 'invitationCode',
      }),
    );
  if (c.superiorId === c.userId)
    return refuse(
      domainError('SUPERIOR_IS_SELF', 'a player cannot be their own superior', { field: 'superiorId' }),
    );
  const { type: _type, ...rest } = c;
  return accept({
    type: 'AccountRegistered',
    data: { ...rest, phone, network: c.network, invitationCode: c.invitationCode.trim() },
  });
};

const registered = (s: AccountState): Registered | DomainError =>
  s.registered ? s : domainError('ACCOUNT_NOT_FOUND', 'no such account', { field: 'userId' });

const guardStaff = (c: { actor: C.SetNote['actor']; reason: string }): DomainError | undefined =>
  c.actor.kind !== 'staff'
    ? domainError('STAFF_ONLY', 'only staff may do this', { field: 'actor' })
    : blank(c.reason)
      ? domainError('REASON_REQUIRED', 'a reason is required', { field: 'reason' })
      : undefined;

/** Shared shape of every staff flag change: account exists, staff actor with a reason, no-op if unchanged. */
const staffChange = <K extends keyof AccountFlags>(
  c: Extract<C.AccountCommand, { actor: unknown }>,
  s: AccountState,
  field: K,
  value: AccountFlags[K],
  event: (base: { userId: string; actor: C.SetNote['actor']; reason: string; at: string }) => AccountEvent,
): D => {
  const acc = registered(s);
  if ('code' in acc) return refuse(acc);
  const bad = guardStaff(c);
  if (bad) return refuse(bad);
  if (acc[field] === value) return accept();
  return accept(event({ userId: c.userId, actor: c.actor, reason: c.reason.trim(), at: c.at }));
};

const changePassword = (c: C.ChangePassword, s: AccountState): D => {
  const acc = registered(s);
  if ('code' in acc) return refuse(acc);
  if (c.actor.kind === 'player' ? c.actor.id !== acc.userId : c.actor.kind !== 'staff') {
    return refuse(
      domainError('FORBIDDEN', 'only the player or staff may change the password', { field: 'actor' }),
    );
  }
  if (c.actor.kind === 'staff' && blank(c.reason))
    return refuse(domainError('REASON_REQUIRED', 'a reason is required', { field: 'reason' }));
  if (blank(c.passwordHashRef))
    return refuse(
      domainError('PASSWORD_HASH_REQUIRED', 'a password hash reference is required', {
        field: 'passwordHashRef',
      }),
    );
  const { type: _type, ...data } = c;
  return accept({ type: 'PasswordChanged', data });
};

const setReported = (c: C.SetReported, s: AccountState): D =>
  c.reported === 1 || c.reported === 2
    ? staffChange(c, s, 'reported', c.reported, (b) => ({
        type: 'ReportedChanged',
        data: { ...b, reported: c.reported },
      }))
    : refuse(
        domainError('INVALID_REPORTED_FLAG', 'reported: 1 not reported or 2 reported', { field: 'reported' }),
      );

const setReturnScale = (c: C.SetReturnScale, s: AccountState): D => {
  if (!/^\d{1,9}$/.test(c.returnScale))
    return refuse(domainError('INVALID_RETURN_SCALE', 'return scale: digits only', { field: 'returnScale' }));
  const returnScale = String(Number(c.returnScale));
  return staffChange(c, s, 'returnScale', returnScale, (b) => ({
    type: 'ReturnScaleChanged',
    data: { ...b, returnScale },
  }));
};

const setInvitationCode = (c: C.SetInvitationCode, s: AccountState): D => {
  if (blank(c.invitationCode))
    return refuse(
      domainError('INVITATION_CODE_REQUIRED', 'invitation code must not be empty', {
        field: 'invitationCode',
      }),
    );
  const invitationCode = c.invitationCode.trim();
  return staffChange(c, s, 'invitationCode', invitationCode, (b) => ({
    type: 'InvitationCodeChanged',
    data: { ...b, invitationCode },
  }));
};

const setSuperior = (c: C.SetSuperior, s: AccountState): D => {
  if (c.superiorId === c.userId)
    return refuse(
      domainError('SUPERIOR_IS_SELF', 'a player cannot be their own superior', { field: 'superiorId' }),
    );
  if (c.superiorId !== null && blank(c.superiorId))
    return refuse(domainError('SUPERIOR_REQUIRED', 'superior: a user id or null', { field: 'superiorId' }));
  return staffChange(c, s, 'superiorId', c.superiorId, (b) => ({
    type: 'SuperiorChanged',
    data: { ...b, superiorId: c.superiorId },
  }));
};

/** Decides an account command against the account's state. */
export const decideAccount = (c: C.AccountCommand, s: AccountState): D => {
  switch (c.type) {
    case 'Register':
      return register(c, s);
    case 'ChangePassword':
      return changePassword(c, s);
    case 'SetDisabled':
      return staffChange(c, s, 'disabled', c.disabled, (b) => ({
        type: 'DisabledChanged',
        data: { ...b, disabled: c.disabled },
      }));
    case 'SetNoBet':
      return staffChange(c, s, 'noBet', c.noBet, (b) => ({
        type: 'NoBetChanged',
        data: { ...b, noBet: c.noBet },
      }));
    case 'SetNoWithdraw':
      return staffChange(c, s, 'noWithdraw', c.noWithdraw, (b) => ({
        type: 'NoWithdrawChanged',
        data: { ...b, noWithdraw: c.noWithdraw },
      }));
    case 'SetReported':
      return setReported(c, s);
    case 'SetReturnScale':
      return setReturnScale(c, s);
    case 'SetWithdrawalWhitelist':
      return staffChange(c, s, 'whitelisted', c.whitelisted, (b) => ({
        type: 'WithdrawalWhitelistChanged',
        data: { ...b, whitelisted: c.whitelisted },
      }));
    case 'SetInvitationCode':
      return setInvitationCode(c, s);
    case 'SetSuperior':
      return setSuperior(c, s);
    case 'SetNote':
      return staffChange(c, s, 'note', c.note, (b) => ({
        type: 'NoteChanged',
        data: { ...b, note: c.note },
      }));
  }
};
