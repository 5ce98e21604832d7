/**
 * Account commands (stream `account-<userId>`; spec §5 "Registration", "Change password", §6 staff
 * actions). Times, ids and the password hash reference come inside the command.
 */
import type { AccountActor, ReportedFlag } from './events.ts';

/** Registration: phone (+255, normalised here), chosen network, a reference to the password hash, own invitation code. */
export interface Register {
  readonly type: 'Register';
  readonly userId: string;
  readonly phone: string;
  readonly network: number;
  readonly passwordHashRef: string;
  readonly invitationCode: string;
  /** The inviter's user id, resolved by the caller from the invitation code used (`/register?v=`), or null. */
  readonly superiorId: string | null;
  readonly at: string;
}

interface StaffCommand {
  readonly userId: string;
  readonly actor: AccountActor;
  readonly reason: string;
  readonly at: string;
}

/** By the player (reason may be blank) or a staff reset (reason required). */
export interface ChangePassword extends StaffCommand {
  readonly type: 'ChangePassword';
  readonly passwordHashRef: string;
}
export interface SetDisabled extends StaffCommand {
  readonly type: 'SetDisabled';
  readonly disabled: boolean;
}
export interface SetNoBet extends StaffCommand {
  readonly type: 'SetNoBet';
  readonly noBet: boolean;
}
export interface SetNoWithdraw extends StaffCommand {
  readonly type: 'SetNoWithdraw';
  readonly noWithdraw: boolean;
}
export interface SetReported extends StaffCommand {
  readonly type: 'SetReported';
  readonly reported: ReportedFlag;
}
/** Digits only (spec §5). */
export interface SetReturnScale extends StaffCommand {
  readonly type: 'SetReturnScale';
  readonly returnScale: string;
}
export interface SetWithdrawalWhitelist extends StaffCommand {
  readonly type: 'SetWithdrawalWhitelist';
  readonly whitelisted: boolean;
}
/** Not empty (spec §5). Uniqueness across players is checked by the caller against the read model. */
export interface SetInvitationCode extends StaffCommand {
  readonly type: 'SetInvitationCode';
  readonly invitationCode: string;
}
/** Sets or clears (null) the superior (inviter / agent); never the player themselves. */
export interface SetSuperior extends StaffCommand {
  readonly type: 'SetSuperior';
  readonly superiorId: string | null;
}
export interface SetNote extends StaffCommand {
  readonly type: 'SetNote';
  readonly note: string;
}

export type AccountCommand =
  | Register
  | ChangePassword
  | SetDisabled
  | SetNoBet
  | SetNoWithdraw
  | SetReported
  | SetReturnScale
  | SetWithdrawalWhitelist
  | SetInvitationCode
  | SetSuperior
  | SetNote;
