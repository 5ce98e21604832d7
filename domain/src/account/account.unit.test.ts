import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/given-when-then.ts';
import type { Register } from './commands.ts';
import type { AccountActor, AccountEvent } from './events.ts';
import { accountDecider, accountPermits } from './index.ts';
import { networkOfPhone, normalizeTzPhone } from './phone.ts';

const spec = deciderSpec(accountDecider);
const AT = '2026-01-10T09:00:00.000Z';
const STAFF: AccountActor = { kind: 'staff', id: 'cs-3' };
const PLAYER: AccountActor = { kind: 'player', id: 'u1' };

const register: Register = {
  type: 'Register',
  userId: 'u1',
  phone: '0712 345 678',
  network: 3,
  passwordHashRef: 'pwd:1',
  invitationCode: 'K7Q2',
  superiorId: 'u0',
  at: AT,
};
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId: 'u1',
    phone: '+255712345678',
    network: 3,
    passwordHashRef: 'pwd:1',
    invitationCode: 'K7Q2',
    superiorId: 'u0',
    at: AT,
  },
};
const staff = { userId: 'u1', actor: STAFF, reason: 'fraud review', at: AT };

describe('phone numbers', () => {
  it.each(['+255712345678', '255712345678', '0712345678', '712345678', '+255 712-345-678'])(
    'normalises %s',
    (p) => {
      expect(normalizeTzPhone(p)).toBe('+255712345678');
    },
  );
  it.each(['+254712345678', '0812345678', '07123456', '+2557123456789', 'abc'])('rejects %s', (p) => {
    expect(normalizeTzPhone(p)).toBeUndefined();
  });
  it('suggests the network by prefix (spec §3 plus mobile-money.md §1)', () => {
    expect([
      networkOfPhone('+255712345678'),
      networkOfPhone('+255682345678'),
      networkOfPhone('+255752345678'),
      networkOfPhone('+255622345678'),
    ]).toEqual([3, 4, 6, 7]);
    expect(networkOfPhone('+255732345678')).toBeUndefined();
  });
});

describe('account: registration', () => {
  it('registers with a normalised +255 phone', () => {
    spec.given().when(register).then(registered);
  });
  it('is idempotent for the same user and phone, refuses anything else on an existing account', () => {
    spec.given(registered).when(register).thenNothing();
    spec
      .given(registered)
      .when({ ...register, phone: '0712345679' })
      .thenRefused('ACCOUNT_ALREADY_REGISTERED');
  });
  it.each([
    [{ phone: '0812345678' }, 'INVALID_PHONE'],
    [{ network: 5 }, 'UNKNOWN_NETWORK'],
    [{ passwordHashRef: ' ' }, 'PASSWORD_HASH_REQUIRED'],
    [{ invitationCode: '' }, 'INVITATION_CODE_REQUIRED'],
    [{ superiorId: 'u1' }, 'SUPERIOR_IS_SELF'],
  ] as const)('refuses %o with %s', (over, code) => {
    spec
      .given()
      .when({ ...register, ...over })
      .thenRefused(code);
  });
});

describe('account: password', () => {
  it('lets the player change it', () => {
    spec
      .given(registered)
      .when({
        type: 'ChangePassword',
        userId: 'u1',
        actor: PLAYER,
        reason: '',
        at: AT,
        passwordHashRef: 'pwd:2',
      })
      .then({
        type: 'PasswordChanged',
        data: { userId: 'u1', actor: PLAYER, reason: '', at: AT, passwordHashRef: 'pwd:2' },
      });
  });
  it('lets staff reset it only with a reason, and nobody else', () => {
    const c = {
      type: 'ChangePassword',
      userId: 'u1',
      actor: STAFF,
      reason: '',
      at: AT,
      passwordHashRef: 'pwd:2',
    } as const;
    spec.given(registered).when(c).thenRefused('REASON_REQUIRED');
    spec
      .given(registered)
      .when({ ...c, actor: { kind: 'player', id: 'u9' } })
      .thenRefused('FORBIDDEN');
    spec
      .given()
      .when({ ...c, reason: 'locked out' })
      .thenRefused('ACCOUNT_NOT_FOUND');
  });
});

describe('account: staff flags (spec §6)', () => {
  it('disables an account with actor and reason; setting it again changes nothing', () => {
    const disable = { type: 'SetDisabled', ...staff, disabled: true } as const;
    const disabled: AccountEvent = { type: 'DisabledChanged', data: { ...staff, disabled: true } };
    const state = spec.given(registered).when(disable).then(disabled);
    expect(accountPermits(state)).toEqual({ login: false, bet: false, withdraw: false });
    spec.given(registered, disabled).when(disable).thenNothing();
  });

  it('sets no-bet and no-withdraw independently', () => {
    const noBet = spec
      .given(registered)
      .when({ type: 'SetNoBet', ...staff, noBet: true })
      .thenAccepted();
    expect(accountPermits(noBet.state)).toEqual({ login: true, bet: false, withdraw: true });
    const noWd = spec
      .givenState(noBet.state)
      .when({ type: 'SetNoWithdraw', ...staff, noWithdraw: true })
      .thenAccepted();
    expect(accountPermits(noWd.state)).toEqual({ login: true, bet: false, withdraw: false });
  });

  it('sets reported only to 1 or 2', () => {
    spec
      .given(registered)
      .when({ type: 'SetReported', ...staff, reported: 2 })
      .then({ type: 'ReportedChanged', data: { ...staff, reported: 2 } });
    spec
      .given(registered)
      .when({ type: 'SetReported', ...staff, reported: 3 as 2 })
      .thenRefused('INVALID_REPORTED_FLAG');
  });

  it('sets the return scale from digits only', () => {
    spec
      .given(registered)
      .when({ type: 'SetReturnScale', ...staff, returnScale: '007' })
      .then({ type: 'ReturnScaleChanged', data: { ...staff, returnScale: '7' } });
    for (const bad of ['', '1.5', '-3', '12a']) {
      spec
        .given(registered)
        .when({ type: 'SetReturnScale', ...staff, returnScale: bad })
        .thenRefused('INVALID_RETURN_SCALE');
    }
  });

  it('sets the withdrawal whitelist, invitation code (not empty), superior and note', () => {
    spec
      .given(registered)
      .when({ type: 'SetWithdrawalWhitelist', ...staff, whitelisted: true })
      .then({ type: 'WithdrawalWhitelistChanged', data: { ...staff, whitelisted: true } });
    spec
      .given(registered)
      .when({ type: 'SetInvitationCode', ...staff, invitationCode: '  ' })
      .thenRefused('INVITATION_CODE_REQUIRED');
    spec
      .given(registered)
      .when({ type: 'SetInvitationCode', ...staff, invitationCode: ' NEW1 ' })
      .then({ type: 'InvitationCodeChanged', data: { ...staff, invitationCode: 'NEW1' } });
    spec
      .given(registered)
      .when({ type: 'SetSuperior', ...staff, superiorId: 'agent-9' })
      .then({ type: 'SuperiorChanged', data: { ...staff, superiorId: 'agent-9' } });
    spec
      .given(registered)
      .when({ type: 'SetSuperior', ...staff, superiorId: 'u1' })
      .thenRefused('SUPERIOR_IS_SELF');
    spec
      .given(registered)
      .when({ type: 'SetSuperior', ...staff, superiorId: 'u0' })
      .thenNothing();
    spec
      .given(registered)
      .when({ type: 'SetNote', ...staff, note: 'VIP' })
      .then({ type: 'NoteChanged', data: { ...staff, note: 'VIP' } });
  });

  it('refuses staff changes by a player, without a reason, or on a missing account', () => {
    spec
      .given(registered)
      .when({ type: 'SetNoBet', ...staff, actor: PLAYER, noBet: true })
      .thenRefused('STAFF_ONLY');
    spec
      .given(registered)
      .when({ type: 'SetNoBet', ...staff, reason: ' ', noBet: true })
      .thenRefused('REASON_REQUIRED');
    spec
      .given()
      .when({ type: 'SetNoBet', ...staff, noBet: true })
      .thenRefused('ACCOUNT_NOT_FOUND');
  });
});
