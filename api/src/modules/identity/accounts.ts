/**
 * Running Account decider commands (stream `account-<userId>`) through the event-store port
 * (architecture.md §3 "Deciders"; issue 14 item 1): load, decide, append at the version loaded. The
 * plain-table changes that go with them (credentials, sessions, audit) are written by the caller after
 * the append, idempotently; the events are the record of truth.
 *
 * Uniqueness of a phone number is a reservation stream (`phone-<phone>`, {@link phoneReservationStream})
 * appended with the registration at `NO_STREAM`: two registrations of one phone cannot both succeed,
 * whatever the adapter.
 */
import { accountDecider, accountStream } from '@bashiri/domain';
import type { AccountCommand, AccountEvent, AccountState } from '@bashiri/domain';
import {
  aggregateStream,
  deterministicEventId,
  isWrongExpectedVersion,
  NO_STREAM,
} from '@bashiri/eventstore';
import type { EventMetadata, StreamAppendRequest } from '@bashiri/eventstore';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { playerAccountsProjection } from './projection.ts';

/** The stream that reserves a phone number for one account (E.164 without `+`, e.g. `phone-255712345678`). */
export const phoneReservationStream = (phone: string): string => `phone-${phone}`;

/** The account's current state and stream version, read through the event-store port. */
export const loadAccount = (
  services: AppServices,
  userId: string,
): Promise<{ readonly state: AccountState; readonly version: number }> =>
  aggregateStream(services.store, accountStream(userId), accountDecider);

/** Thrown by {@link appendAccountCommands} when the phone of a registration is reserved already. */
export class PhoneReserved extends Error {
  constructor(phone: string) {
    super(`phone ${phone} is reserved by another account`);
  }
}

/**
 * Decides `commands` (all for one account) one after the other against the state loaded now and
 * appends their events in one append at that version — all or nothing. With `reservePhone`, the
 * phone's reservation stream is appended in the same call at `NO_STREAM` ({@link PhoneReserved} when
 * taken). Domain refusals throw as coded errors (`fromDomainError`); a concurrent change of the account
 * throws `CONFLICT`. Returns the events appended.
 */
export const appendAccountCommands = async (
  services: AppServices,
  commands: readonly AccountCommand[],
  metadata: Partial<EventMetadata> = {},
  options: { readonly reservePhone?: string } = {},
): Promise<readonly AccountEvent[]> => {
  const userId = commands[0]?.userId;
  if (!userId) return [];
  if (commands.some((c) => c.userId !== userId)) throw new Error('account commands for several accounts');
  const { state, version } = await loadAccount(services, userId);
  let now = state;
  const events: AccountEvent[] = [];
  for (const command of commands) {
    const decision = accountDecider.decide(command, now);
    if (!decision.ok) throw fromDomainError(decision.error);
    events.push(...decision.events);
    now = decision.events.reduce(accountDecider.evolve, now);
  }
  if (events.length === 0) return [];
  const stream = accountStream(userId);
  const appends: StreamAppendRequest[] = [
    {
      streamName: stream,
      expectedVersion: version === 0 ? NO_STREAM : version,
      // Fresh ids: the version check, not the ids, refuses a second writer of this version.
      events: events.map((e) => ({ type: e.type, data: e.data })),
      metadata,
    },
  ];
  const reserve = options.reservePhone;
  if (reserve !== undefined)
    appends.push({
      streamName: phoneReservationStream(reserve),
      expectedVersion: NO_STREAM,
      events: [
        {
          type: 'PhoneReserved',
          data: { phone: reserve, userId },
          eventId: deterministicEventId(`phone-${reserve}|${userId}`),
        },
      ],
      metadata,
    });
  try {
    await services.store.appendToStreams(appends);
  } catch (error) {
    if (!isWrongExpectedVersion(error)) throw error;
    if (reserve !== undefined) {
      const held = await services.store.readStream(phoneReservationStream(reserve), { maxCount: 1 });
      const holder = (held.events[0]?.data as { userId?: string } | undefined)?.userId;
      if (held.streamExists && holder !== userId) throw new PhoneReserved(reserve);
    }
    throw codedError('CONFLICT', 'the account changed meanwhile, try again');
  }
  return events;
};

/** One command: {@link appendAccountCommands} of one. */
export const appendAccountCommand = (
  services: AppServices,
  command: AccountCommand,
  metadata: Partial<EventMetadata> = {},
): Promise<readonly AccountEvent[]> => appendAccountCommands(services, [command], metadata);

/**
 * After an append of account events: brings `player_accounts` up to date, so the caller reads its own
 * write (waiting behind another runner that holds the projection).
 */
export const afterAccountAppend = async (services: AppServices): Promise<void> => {
  await services.projections.catchUp(playerAccountsProjection, { wait: true });
};
