/**
 * The worked examples of docs/responsible-gambling.md, run as written: every ```protection-example
 * block is a player's day (EAT times, SMS keywords and money movements) with the expected answer on
 * each line, played through the decider, the usage fold and the money-path check. A doc that drifts
 * from the code fails here.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  addUsage,
  checkMovement,
  emptyUsage,
  marketingAllowed,
  parseProtectionSms,
  protectionCommandOfSms,
  protectionDecider,
  protectionStatus,
  type AttemptedMovement,
  type ProtectionState,
  type ProtectionUsage,
} from './index.ts';

const DOC = new URL('../../../docs/responsible-gambling.md', import.meta.url);
const MOVEMENTS = [
  'deposit',
  'bet',
  'jackpotTicket',
  'racingBet',
  'casinoBet',
  'cashOutRestake',
  'withdrawal',
];

interface Play {
  state: ProtectionState;
  usage: ProtectionUsage;
  sessionStartedAt: string | null;
}

/** Runs one line (`2026-01-10 09:00  <action>  -> <expected>`) and returns what happened, in the doc's words. */
const runLine = (play: Play, at: string, action: string): string => {
  const [verb = '', arg = ''] = action.split(/\s+/);
  if (verb === 'SMS') {
    const parsed = parseProtectionSms(action.slice(4));
    if (!parsed.ok) return parsed.error.code;
    const command = protectionCommandOfSms(parsed.command, { userId: 'u1', at });
    if (!command) return protectionStatus(play.state, at).canPlay ? 'status open' : 'status closed';
    const decision = protectionDecider.decide(command, play.state);
    if (!decision.ok) return decision.error.code;
    play.state = decision.events.reduce(protectionDecider.evolve, play.state);
    return decision.events.map((e) => e.type).join(', ') || 'nothing';
  }
  if (verb === 'login') {
    play.sessionStartedAt = at;
    return 'recorded';
  }
  if (verb === 'win') {
    play.usage = addUsage(play.usage, { kind: 'return', amount: Number(arg), at });
    return 'recorded';
  }
  if (verb === 'marketing') return marketingAllowed(play.state, at) ? 'shown' : 'none';
  if (!MOVEMENTS.includes(verb)) throw new Error(`unknown action ${action}`);
  const kind = verb as AttemptedMovement['kind'];
  const amount = Number(arg);
  const check = checkMovement(play.state, play.usage, {
    kind,
    amount,
    at,
    sessionStartedAt: play.sessionStartedAt,
  });
  if (!check.ok) {
    const left = check.error.details?.left;
    return left === undefined ? check.error.code : `${check.error.code} left ${String(left)}`;
  }
  if (kind !== 'withdrawal')
    play.usage = addUsage(play.usage, { kind: kind === 'deposit' ? 'deposit' : 'stake', amount, at });
  return check.left === null ? 'allowed' : `allowed left ${check.left}`;
};

const examples = async () => {
  const text = await readFile(DOC, 'utf8');
  return [...text.matchAll(/```protection-example\n([\s\S]*?)```/g)].map((m) => {
    const lines = (m[1] ?? '')
      .split('\n')
      .map((l) => l.replace(/\s+#\s.*$/, ''))
      .filter((l) => l.trim() !== '');
    return { title: (lines[0] ?? '').replace(/^#\s*/, ''), lines: lines.slice(1) };
  });
};

describe('docs/responsible-gambling.md worked examples', () => {
  it('has examples', async () => {
    expect((await examples()).length).toBeGreaterThanOrEqual(5);
  });

  it('every line answers as the doc says', async () => {
    for (const example of await examples()) {
      const play: Play = {
        state: protectionDecider.initialState(),
        usage: emptyUsage(),
        sessionStartedAt: null,
      };
      for (const line of example.lines) {
        const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d)\s+(.+?)\s+->\s+(.+?)\s*$/.exec(line);
        if (!m) throw new Error(`${example.title}: unreadable line ${line}`);
        const [, date, time, action = '', expected] = m;
        const at = new Date(`${date}T${time}:00+03:00`).toISOString();
        expect(runLine(play, at, action), `${example.title}: ${line}`).toBe(expected);
      }
    }
  });
});
