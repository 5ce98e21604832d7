/**
 * Running Account decider commands (stream `account-<userId>`) inside the caller's SQL transaction, so
 * the events and the plain-table changes that go with them (credentials, sessions, audit) commit
 * together (architecture.md §3 "Deciders").
 */
import { accountDecider, accountStream } from '@bashiri/domain';
import type { AccountCommand, AccountEvent, AccountState } from '@bashiri/domain';
import { appendWith, isWrongExpectedVersion, readStreamWith } from '@bashiri/eventstore';
import type { EventMetadata, SqlExecutor } from '@bashiri/eventstore';
import { codedError, fromDomainError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { playerAccountsProjection } from './projection.ts';

/**
 * The account's current state and stream version, read through `sql` (inside a transaction pass the
 * transaction: PGlite has one connection, so reading beside an open transaction would wait for it).
 */
export const loadAccount = async (
  sql: SqlExecutor,
  userId: string,
): Promise<{ state: AccountState; version: number }> => {
  let state = accountDecider.initialState();
  let version = 0;
  for (;;) {
    const page = await readStreamWith(sql, accountStream(userId), { from: version + 1, maxCount: 1_000 });
    for (const e of page.events) {
      state = accountDecider.evolve(state, { type: e.type, data: e.data } as AccountEvent);
      version = e.streamPosition;
    }
    if (page.events.length < 1_000) return { state, version };
  }
};

/**
 * Decides `command` against the state loaded now and appends its events through `tx` with that
 * version expected. Domain refusals throw as coded errors (`fromDomainError`); a concurrent change
 * throws `CONFLICT` (the caller's transaction rolls back). Returns the events appended.
 */
export const appendAccountCommand = async (
  tx: SqlExecutor,
  command: AccountCommand,
  metadata: Partial<EventMetadata> = {},
): Promise<readonly AccountEvent[]> => {
  const { state, version } = await loadAccount(tx, command.userId);
  const decision = accountDecider.decide(command, state);
  if (!decision.ok) throw fromDomainError(decision.error);
  if (decision.events.length === 0) return [];
  try {
    await appendWith(
      tx,
      accountStream(command.userId),
      decision.events.map((e) => ({ type: e.type, data: e.data })),
      { expectedVersion: version === 0 ? 'no_stream' : version, metadata },
    );
  } catch (error) {
    if (isWrongExpectedVersion(error))
      throw codedError('CONFLICT', 'the account changed meanwhile, try again');
    throw error;
  }
  return decision.events;
};

/**
 * After a commit that appended account events: wakes the subscribers and brings `player_accounts` up
 * to date, so the caller reads its own write (waiting behind another runner that holds the projection).
 */
export const afterAccountAppend = async (services: AppServices): Promise<void> => {
  services.store.notifyAppended();
  await services.projections.catchUp(playerAccountsProjection, { wait: true });
};
