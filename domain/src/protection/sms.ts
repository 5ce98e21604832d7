/**
 * The SMS/USSD keyword grammar of the protections (issue 23 item 5; docs/responsible-gambling.md "From a
 * feature phone"): a pure parser from the text a player sends to a command, or a coded error. Swahili and
 * English keywords, case and extra spaces ignored; the reply language is the keyword's language
 * (Swahili when none was recognised). Grammar (`|` = alternatives, Swahili second):
 *
 * ```text
 * LIMIT|KIKOMO  DEPOSIT|AMANA|WEKA  DAY|SIKU · WEEK|WIKI · MONTH|MWEZI  <amount>|OFF|ONDOA
 * LIMIT|KIKOMO  LOSS|HASARA         DAY|SIKU · WEEK|WIKI · MONTH|MWEZI  <amount>|OFF|ONDOA
 * LIMIT|KIKOMO  STAKE|DAU           BET|KILA · DAY|SIKU                 <amount>|OFF|ONDOA
 * LIMIT|KIKOMO  SESSION|MUDA        <minutes>|OFF|ONDOA    (minutes, or 2H / SAA 2)
 * CONFIRM|THIBITISHA  <limit words>        CANCEL|GHAIRI  <limit words>
 * REMIND|KUMBUSHO  <minutes>               (reality-check interval)
 * COOLOFF|PUMZIKO  24H · 7D · 30D · 6W     (also SAA 24, SIKU 7, SIKU 30, WIKI 6, 1 WEEK, …)
 * EXCLUDE|JIZUIE|JITENGE  6M · 1Y · 5Y · PERMANENT|MILELE  (also MIEZI 6, MWAKA 1, MIAKA 5, …)
 * REOPEN|FUNGUA                            STATUS|HALI
 * ```
 *
 * Amounts are whole TZS: `5000`, `5,000`, `5000/=`, `TSH 5000`. Error codes: `SMS_EMPTY`,
 * `SMS_UNKNOWN_KEYWORD`, `SMS_UNKNOWN_LIMIT`, `SMS_BAD_AMOUNT`, `SMS_BAD_PERIOD`; `details.example` holds
 * a correct message in the reply language.
 */
import type { AccountActor } from '../account/events.ts';
import { domainError, type DomainError } from '../errors.ts';
import type { ProtectionCommand } from './commands.ts';
import type { CoolOffPeriod, ExclusionPeriod, LimitKind } from './events.ts';

/** Languages of the keywords (and of the reply). */
export type SmsLanguage = 'sw' | 'en';

/** What a message asks for; `Status` is a question, the others map to {@link ProtectionCommand}s. */
export type ProtectionSmsCommand =
  | { readonly type: 'SetLimit'; readonly kind: LimitKind; readonly value: number | null }
  | { readonly type: 'ConfirmLimitChange'; readonly kind: LimitKind }
  | { readonly type: 'CancelLimitChange'; readonly kind: LimitKind }
  | { readonly type: 'SetRealityCheck'; readonly minutes: number }
  | { readonly type: 'StartCoolOff'; readonly period: CoolOffPeriod }
  | { readonly type: 'SelfExclude'; readonly period: ExclusionPeriod }
  | { readonly type: 'RequestReopen' }
  | { readonly type: 'Status' };

export type ProtectionSmsParse =
  | { readonly ok: true; readonly command: ProtectionSmsCommand; readonly language: SmsLanguage }
  | { readonly ok: false; readonly error: DomainError; readonly language: SmsLanguage };

type Verb = 'LIMIT' | 'CONFIRM' | 'CANCEL' | 'REMIND' | 'COOLOFF' | 'EXCLUDE' | 'REOPEN' | 'STATUS';

const VERBS: Readonly<Record<string, readonly [Verb, SmsLanguage]>> = {
  LIMIT: ['LIMIT', 'en'],
  KIKOMO: ['LIMIT', 'sw'],
  CONFIRM: ['CONFIRM', 'en'],
  THIBITISHA: ['CONFIRM', 'sw'],
  CANCEL: ['CANCEL', 'en'],
  GHAIRI: ['CANCEL', 'sw'],
  REMIND: ['REMIND', 'en'],
  REALITY: ['REMIND', 'en'],
  KUMBUSHO: ['REMIND', 'sw'],
  COOLOFF: ['COOLOFF', 'en'],
  PUMZIKO: ['COOLOFF', 'sw'],
  EXCLUDE: ['EXCLUDE', 'en'],
  JIZUIE: ['EXCLUDE', 'sw'],
  JITENGE: ['EXCLUDE', 'sw'],
  REOPEN: ['REOPEN', 'en'],
  FUNGUA: ['REOPEN', 'sw'],
  STATUS: ['STATUS', 'en'],
  HALI: ['STATUS', 'sw'],
};

const MEASURES: Readonly<Record<string, 'deposit' | 'loss' | 'stake' | 'session'>> = {
  DEPOSIT: 'deposit',
  AMANA: 'deposit',
  WEKA: 'deposit',
  LOSS: 'loss',
  HASARA: 'loss',
  STAKE: 'stake',
  DAU: 'stake',
  SESSION: 'session',
  MUDA: 'session',
};
const PERIODS: Readonly<Record<string, 'day' | 'week' | 'month' | 'bet'>> = {
  DAY: 'day',
  DAILY: 'day',
  SIKU: 'day',
  WEEK: 'week',
  WEEKLY: 'week',
  WIKI: 'week',
  MONTH: 'month',
  MONTHLY: 'month',
  MWEZI: 'month',
  BET: 'bet',
  KILA: 'bet',
};
const LIMIT_OF: Readonly<Record<string, LimitKind>> = {
  'deposit day': 'depositDay',
  'deposit week': 'depositWeek',
  'deposit month': 'depositMonth',
  'loss day': 'lossDay',
  'loss week': 'lossWeek',
  'loss month': 'lossMonth',
  'stake bet': 'stakeBet',
  'stake day': 'stakeDay',
};
const CURRENCY = new Set(['TZS', 'TSH', 'SH', '/=']);
const REMOVE = new Set(['OFF', 'NONE', 'REMOVE', 'ONDOA', 'HAKUNA']);
const PERMANENT = new Set(['PERMANENT', 'FOREVER', 'MILELE', 'KUDUMU']);

/** Duration units and their length in hours (months and years are counted apart, as calendar months). */
type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const UNITS: Readonly<Record<string, Unit>> = {
  MIN: 'minute',
  MINS: 'minute',
  MINUTE: 'minute',
  MINUTES: 'minute',
  DAKIKA: 'minute',
  H: 'hour',
  HR: 'hour',
  HRS: 'hour',
  HOUR: 'hour',
  HOURS: 'hour',
  SAA: 'hour',
  D: 'day',
  DAY: 'day',
  DAYS: 'day',
  SIKU: 'day',
  W: 'week',
  WK: 'week',
  WEEK: 'week',
  WEEKS: 'week',
  WIKI: 'week',
  M: 'month',
  MO: 'month',
  MONTH: 'month',
  MONTHS: 'month',
  MWEZI: 'month',
  MIEZI: 'month',
  Y: 'year',
  YR: 'year',
  YEAR: 'year',
  YEARS: 'year',
  MWAKA: 'year',
  MIAKA: 'year',
};

const EXAMPLES: Readonly<Record<Verb, Readonly<Record<SmsLanguage, string>>>> = {
  LIMIT: { en: 'LIMIT DEPOSIT DAY 5000', sw: 'KIKOMO AMANA SIKU 5000' },
  CONFIRM: { en: 'CONFIRM DEPOSIT DAY', sw: 'THIBITISHA AMANA SIKU' },
  CANCEL: { en: 'CANCEL DEPOSIT DAY', sw: 'GHAIRI AMANA SIKU' },
  REMIND: { en: 'REMIND 60', sw: 'KUMBUSHO 60' },
  COOLOFF: { en: 'COOLOFF 24H', sw: 'PUMZIKO SAA 24' },
  EXCLUDE: { en: 'EXCLUDE 6M', sw: 'JIZUIE MIEZI 6' },
  REOPEN: { en: 'REOPEN', sw: 'FUNGUA' },
  STATUS: { en: 'STATUS', sw: 'HALI' },
};

const fail = (code: string, message: string, verb: Verb, language: SmsLanguage): ProtectionSmsParse => ({
  ok: false,
  language,
  error: domainError(code, message, { details: { example: EXAMPLES[verb][language] } }),
});

/** Whole TZS from `5000`, `5,000`, `5000/=`, `TSH5000`, `5000TZS`; undefined otherwise. */
const amountOf = (text: string): number | undefined => {
  const bare = text.replace(/^(TZS|TSH|SH)\.?/, '').replace(/(\/=|\/-|TZS|TSH)$/, '');
  if (!/^\d{1,3}(,\d{3})+$|^\d+$/.test(bare)) return undefined;
  const value = Number(bare.replaceAll(',', ''));
  return Number.isSafeInteger(value) ? value : undefined;
};

/** A number and a unit in either order (`24H`, `24 H`, `SAA 24`, `6 WEEKS`); a bare number has `bareUnit`. */
const durationOf = (words: readonly string[], bareUnit?: Unit): { n: number; unit: Unit } | undefined => {
  const text = words.join(' ');
  const numberFirst = /^(\d{1,4})\s*([A-Z]*)$/.exec(text);
  const unitFirst = /^([A-Z]+)\s*(\d{1,4})$/.exec(text);
  const [count, unitWord] = numberFirst
    ? [numberFirst[1], numberFirst[2]]
    : unitFirst
      ? [unitFirst[2], unitFirst[1]]
      : [undefined, undefined];
  if (count === undefined) return undefined;
  const n = Number(count);
  const unit = unitWord ? UNITS[unitWord] : bareUnit;
  return unit && n > 0 ? { n, unit } : undefined;
};

const minutesOf = (words: readonly string[]): number | undefined => {
  const d = durationOf(words, 'minute');
  if (!d) return undefined;
  return d.unit === 'minute' ? d.n : d.unit === 'hour' ? d.n * 60 : undefined;
};

/** Hours in the units a cool-off may be given in. */
const UNIT_HOURS: Partial<Record<Unit, number>> = { hour: 1, day: 24, week: 168 };
const COOL_OFF_BY_HOURS: Partial<Record<number, CoolOffPeriod>> = {
  24: '24h',
  168: '7d',
  720: '30d',
  1008: '6w',
};

const coolOffOf = (words: readonly string[]): CoolOffPeriod | undefined => {
  const d = durationOf(words);
  const hours = d && UNIT_HOURS[d.unit];
  return d && hours !== undefined ? COOL_OFF_BY_HOURS[hours * d.n] : undefined;
};

const exclusionOf = (words: readonly string[]): ExclusionPeriod | undefined => {
  if (words.length === 1 && PERMANENT.has(words[0] ?? '')) return 'permanent';
  const d = durationOf(words);
  if (!d || (d.unit !== 'month' && d.unit !== 'year')) return undefined;
  const months = d.unit === 'year' ? d.n * 12 : d.n;
  return ({ 6: '6m', 12: '1y', 60: '5y' } as Partial<Record<number, ExclusionPeriod>>)[months];
};

/** The limit named by `words` (`DEPOSIT DAY`, `DAU KILA`, `SESSION`) and how many words it took. */
const limitOf = (words: readonly string[]): { kind: LimitKind; used: number } | undefined => {
  const measure = MEASURES[words[0] ?? ''];
  if (measure === 'session') return { kind: 'sessionMinutes', used: 1 };
  const period = PERIODS[words[1] ?? ''];
  const kind = measure && period ? LIMIT_OF[`${measure} ${period}`] : undefined;
  return kind ? { kind, used: 2 } : undefined;
};

/**
 * Parses an SMS or USSD text into a protection command (see the grammar above), or a coded error with an
 * example in the keyword's language.
 */
export const parseProtectionSms = (text: string): ProtectionSmsParse => {
  const words = text
    .toUpperCase()
    .replace(/\bCOOL[\s-]+OFF\b/g, 'COOLOFF')
    .replace(/\bSELF[\s-]+EXCLUDE\b/g, 'EXCLUDE')
    .replace(/[.!?]+$/, '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const [keyword, ...rest] = words;
  if (keyword === undefined)
    return {
      ok: false,
      language: 'sw',
      error: domainError('SMS_EMPTY', 'empty message', { details: { example: EXAMPLES.STATUS.sw } }),
    };
  const known = VERBS[keyword];
  if (!known)
    return {
      ok: false,
      language: 'sw',
      error: domainError('SMS_UNKNOWN_KEYWORD', `unknown keyword ${keyword}`, {
        details: { keyword, example: EXAMPLES.STATUS.sw },
      }),
    };
  const [verb, language] = known;
  const ok = (command: ProtectionSmsCommand): ProtectionSmsParse => ({ ok: true, command, language });
  switch (verb) {
    case 'STATUS':
    case 'REOPEN':
      return rest.length > 0
        ? fail('SMS_UNKNOWN_KEYWORD', `${keyword} takes no words after it`, verb, language)
        : ok(verb === 'STATUS' ? { type: 'Status' } : { type: 'RequestReopen' });
    case 'LIMIT':
    case 'CONFIRM':
    case 'CANCEL': {
      const limit = limitOf(rest);
      if (!limit) return fail('SMS_UNKNOWN_LIMIT', 'name the limit, e.g. DEPOSIT DAY', verb, language);
      const tail = rest.slice(limit.used);
      if (verb !== 'LIMIT')
        return tail.length > 0
          ? fail('SMS_UNKNOWN_LIMIT', 'nothing may follow the limit', verb, language)
          : ok({ type: verb === 'CONFIRM' ? 'ConfirmLimitChange' : 'CancelLimitChange', kind: limit.kind });
      if (tail.length === 1 && REMOVE.has(tail[0] ?? ''))
        return ok({ type: 'SetLimit', kind: limit.kind, value: null });
      const money = tail.filter((w) => !CURRENCY.has(w));
      const value =
        limit.kind === 'sessionMinutes'
          ? minutesOf(tail)
          : money.length === 1
            ? amountOf(money[0] ?? '')
            : undefined;
      return value === undefined
        ? fail('SMS_BAD_AMOUNT', 'the limit needs a whole amount (TZS) or OFF', verb, language)
        : ok({ type: 'SetLimit', kind: limit.kind, value });
    }
    case 'REMIND': {
      const minutes = minutesOf(rest);
      return minutes === undefined
        ? fail('SMS_BAD_AMOUNT', 'the reminder needs minutes', verb, language)
        : ok({ type: 'SetRealityCheck', minutes });
    }
    case 'COOLOFF': {
      const period = coolOffOf(rest);
      return period
        ? ok({ type: 'StartCoolOff', period })
        : fail('SMS_BAD_PERIOD', 'cool-off: 24H, 7D, 30D or 6W', verb, language);
    }
    case 'EXCLUDE': {
      const period = exclusionOf(rest);
      return period
        ? ok({ type: 'SelfExclude', period })
        : fail('SMS_BAD_PERIOD', 'self-exclusion: 6M, 1Y, 5Y or PERMANENT', verb, language);
    }
  }
};

/**
 * The decider command an SMS asks for, from the player's own phone (`actor` the player), or null for
 * `Status` (a question the server answers from `protectionStatus`).
 */
export const protectionCommandOfSms = (
  sms: ProtectionSmsCommand,
  context: { readonly userId: string; readonly at: string },
): ProtectionCommand | null => {
  const actor: AccountActor = { kind: 'player', id: context.userId };
  const b = { userId: context.userId, actor, at: context.at };
  switch (sms.type) {
    case 'Status':
      return null;
    case 'StartCoolOff':
    case 'SelfExclude':
      return { ...b, ...sms, reason: 'sms' };
    default:
      return { ...b, ...sms };
  }
};
