/**
 * Player account events, state and `evolve` (stream `account-<userId>`; architecture.md §3; spec §3
 * "User", §5 validation, §6 staff actions). Passwords never appear: only a reference to a hash kept by
 * the auth layer (argon2id, architecture.md §5).
 */
import type { MobileNetwork } from './phone.ts';

/** Who made a change: the player, or a staff member of the back office. */
export interface AccountActor {
  readonly kind: 'player' | 'staff' | 'system';
  readonly id: string;
}

/** Spec §5 "User reported flag": 1 not reported, 2 reported. */
export type ReportedFlag = 1 | 2;

interface Change {
  readonly userId: string;
  readonly actor: AccountActor;
  readonly reason: string;
  /** ISO-8601 instant given by the command. */
  readonly at: string;
}

export type AccountRegistered = {
  readonly type: 'AccountRegistered';
  readonly data: {
    readonly userId: string;
    /** `+255` and 9 digits. */
    readonly phone: string;
    readonly network: MobileNetwork;
    readonly passwordHashRef: string;
    /** The player's own code for inviting others. */
    readonly invitationCode: string;
    /** Who invited them (resolved from the code in `/register?v=`), or null. */
    readonly superiorId: string | null;
    readonly at: string;
  };
};
export type PasswordChanged = {
  readonly type: 'PasswordChanged';
  readonly data: Change & { readonly passwordHashRef: string };
};
export type DisabledChanged = {
  readonly type: 'DisabledChanged';
  readonly data: Change & { readonly disabled: boolean };
};
export type NoBetChanged = {
  readonly type: 'NoBetChanged';
  readonly data: Change & { readonly noBet: boolean };
};
export type NoWithdrawChanged = {
  readonly type: 'NoWithdrawChanged';
  readonly data: Change & { readonly noWithdraw: boolean };
};
export type ReportedChanged = {
  readonly type: 'ReportedChanged';
  readonly data: Change & { readonly reported: ReportedFlag };
};
/** Return scale: digits only (spec §5), kept as the digit text the staff entered, without leading zeros. */
export type ReturnScaleChanged = {
  readonly type: 'ReturnScaleChanged';
  readonly data: Change & { readonly returnScale: string };
};
export type WithdrawalWhitelistChanged = {
  readonly type: 'WithdrawalWhitelistChanged';
  readonly data: Change & { readonly whitelisted: boolean };
};
export type InvitationCodeChanged = {
  readonly type: 'InvitationCodeChanged';
  readonly data: Change & { readonly invitationCode: string };
};
export type SuperiorChanged = {
  readonly type: 'SuperiorChanged';
  readonly data: Change & { readonly superiorId: string | null };
};
export type NoteChanged = { readonly type: 'NoteChanged'; readonly data: Change & { readonly note: string } };

export type AccountEvent =
  | AccountRegistered
  | PasswordChanged
  | DisabledChanged
  | NoBetChanged
  | NoWithdrawChanged
  | ReportedChanged
  | ReturnScaleChanged
  | WithdrawalWhitelistChanged
  | InvitationCodeChanged
  | SuperiorChanged
  | NoteChanged;

/** The staff-set fields of an account (spec §3 "User", §6) that commands may change. */
export interface AccountFlags {
  readonly disabled: boolean;
  readonly noBet: boolean;
  readonly noWithdraw: boolean;
  readonly reported: ReportedFlag;
  readonly returnScale: string;
  readonly whitelisted: boolean;
  readonly invitationCode: string;
  readonly superiorId: string | null;
  readonly note: string;
}

export type AccountState =
  | { readonly registered: false }
  | (AccountFlags & {
      readonly registered: true;
      readonly userId: string;
      readonly phone: string;
      readonly network: MobileNetwork;
      readonly passwordHashRef: string;
      readonly registeredAt: string;
      readonly passwordChangedAt: string | null;
    });

export const initialAccountState = (): AccountState => ({ registered: false });

/** Folds one account event. Flag events simply set their field. */
export const evolveAccount = (state: AccountState, event: AccountEvent): AccountState => {
  if (event.type === 'AccountRegistered') {
    const d = event.data;
    return {
      registered: true,
      userId: d.userId,
      phone: d.phone,
      network: d.network,
      passwordHashRef: d.passwordHashRef,
      registeredAt: d.at,
      passwordChangedAt: null,
      disabled: false,
      noBet: false,
      noWithdraw: false,
      reported: 1,
      returnScale: '0',
      whitelisted: false,
      invitationCode: d.invitationCode,
      superiorId: d.superiorId,
      note: '',
    };
  }
  if (!state.registered) return state;
  const d = event.data;
  switch (event.type) {
    case 'PasswordChanged':
      return { ...state, passwordHashRef: event.data.passwordHashRef, passwordChangedAt: d.at };
    case 'DisabledChanged':
      return { ...state, disabled: event.data.disabled };
    case 'NoBetChanged':
      return { ...state, noBet: event.data.noBet };
    case 'NoWithdrawChanged':
      return { ...state, noWithdraw: event.data.noWithdraw };
    case 'ReportedChanged':
      return { ...state, reported: event.data.reported };
    case 'ReturnScaleChanged':
      return { ...state, returnScale: event.data.returnScale };
    case 'WithdrawalWhitelistChanged':
      return { ...state, whitelisted: event.data.whitelisted };
    case 'InvitationCodeChanged':
      return { ...state, invitationCode: event.data.invitationCode };
    case 'SuperiorChanged':
      return { ...state, superiorId: event.data.superiorId };
    case 'NoteChanged':
      return { ...state, note: event.data.note };
  }
};
