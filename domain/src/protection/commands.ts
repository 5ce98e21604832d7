/**
 * Protection commands (stream `protection-<userId>`, decision 0020; issue 23). Every command carries the
 * player, the actor and the instant `at` (ISO-8601 with a zone): the decider reads no clock. Limits and
 * their confirmation are the player's own; a cool-off or self-exclusion may also be recorded by staff on
 * the player's request (with a reason). Nothing lifts a cool-off or a self-exclusion early.
 */
import type { AccountActor } from '../account/events.ts';
import type { CoolOffPeriod, ExclusionPeriod, LimitKind } from './events.ts';

interface CommandBase {
  readonly userId: string;
  readonly actor: AccountActor;
  readonly at: string;
}

/**
 * Sets a limit: `value` whole TZS ≥ 0 (minutes for `sessionMinutes`), or null to remove it. Lower than the
 * limit in force (or a first limit): applies at once. Higher, or a removal: waits 24 h, then needs
 * {@link ConfirmLimitChange}.
 */
export interface SetLimit extends CommandBase {
  readonly type: 'SetLimit';
  readonly kind: LimitKind;
  readonly value: number | null;
}
/** Applies a pending raise or removal once its 24-hour cooling period is over. */
export interface ConfirmLimitChange extends CommandBase {
  readonly type: 'ConfirmLimitChange';
  readonly kind: LimitKind;
}
/** Withdraws a pending raise or removal. */
export interface CancelLimitChange extends CommandBase {
  readonly type: 'CancelLimitChange';
  readonly kind: LimitKind;
}
/** Every how many minutes of play the reality check shows (10–240). */
export interface SetRealityCheck extends CommandBase {
  readonly type: 'SetRealityCheck';
  readonly minutes: number;
}
/** Starts a cool-off (24 h, 7 d, 30 d, 6 weeks). Staff need a `reason`. */
export interface StartCoolOff extends CommandBase {
  readonly type: 'StartCoolOff';
  readonly period: CoolOffPeriod;
  readonly reason: string;
}
/** Starts a self-exclusion (6 months, 1 year, 5 years, permanent). Staff need a `reason`. */
export interface SelfExclude extends CommandBase {
  readonly type: 'SelfExclude';
  readonly period: ExclusionPeriod;
  readonly reason: string;
}
/** Asks to re-open a self-excluded account after its period; it re-opens 24 h later. Player only. */
export interface RequestReopen extends CommandBase {
  readonly type: 'RequestReopen';
}

export type ProtectionCommand =
  | SetLimit
  | ConfirmLimitChange
  | CancelLimitChange
  | SetRealityCheck
  | StartCoolOff
  | SelfExclude
  | RequestReopen;
