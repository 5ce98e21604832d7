import type { Decider } from '../decider.ts';
import type { ProtectionCommand } from './commands.ts';
import { decideProtection } from './decide.ts';
import {
  evolveProtection,
  initialProtectionState,
  type ProtectionEvent,
  type ProtectionState,
} from './events.ts';

/**
 * The player-protection aggregate (stream `protection-<userId>`, decision 0020): limits with their
 * cooling periods, reality-check interval, cool-off and self-exclusion, every change an event.
 */
export const protectionDecider: Decider<ProtectionCommand, ProtectionEvent, ProtectionState> = {
  initialState: initialProtectionState,
  evolve: evolveProtection,
  decide: decideProtection,
};

/** Stream name of a player's protections. */
export const protectionStream = (userId: string): string => `protection-${userId}`;
