/**
 * Protections from a feature phone (issue 23 item 5; docs/responsible-gambling.md "From a feature
 * phone"): an inbound SMS (or USSD text) is read with the domain's keyword parser, applied to the
 * account that owns the sending phone as the player's own command (the same decider and money-path cache
 * as the site), and answered with a confirmation SMS in the keyword's language (Swahili or English).
 * Times in replies are East Africa Time (`dd/MM/yyyy HH:mm`); amounts whole TZS.
 *
 * Reply codes (stable): `SMS_APPLIED` (events recorded), `SMS_NOTHING_CHANGED`, `SMS_STATUS`,
 * `SMS_PHONE_UNKNOWN` (no account owns the phone), the parser's `SMS_EMPTY`, `SMS_UNKNOWN_KEYWORD`,
 * `SMS_UNKNOWN_LIMIT`, `SMS_BAD_AMOUNT`, `SMS_BAD_PERIOD`, and the decider's refusals
 * (`LIMIT_COOLING_PERIOD`, `ALREADY_COOLING_OFF`, `SELF_EXCLUDED`, `EXCLUSION_PERMANENT`, …).
 */
import { eatText, normalizeTzPhone, parseProtectionSms, protectionStatus } from '@bashiri/domain';
import type {
  DomainError,
  LimitKind,
  ProtectionEvent,
  ProtectionSmsCommand,
  ProtectionState,
  SmsLanguage,
} from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { AppServices } from '../../services.ts';
import type { SmsGateway } from '../identity/index.ts';
import { loadProtection, runProtection } from './service.ts';
import type { ProtectionRequest } from './service.ts';

/** One message a player sent (from the SMS gateway's inbound callback, or a USSD session's text). */
export interface InboundSms {
  /** The sender's phone, any Tanzanian form (`+255…`, `0…`, `255…`). */
  readonly from: string;
  readonly text: string;
  /** The gateway's id of the message: a repeated delivery applies nothing twice. */
  readonly messageId: string;
}

/** What an inbound message did, and the reply sent back to the phone. */
export interface InboundSmsOutcome {
  /** Stable code (see the module comment). */
  readonly code: string;
  /** The account owning the phone, or null. */
  readonly userId: string | null;
  readonly language: SmsLanguage;
  /** Protection events recorded (types only). */
  readonly events: readonly ProtectionEvent['type'][];
  /** The confirmation SMS text sent to `phone`. */
  readonly reply: string;
  /** The sender's phone as `+255…` (null when unreadable: then no reply is sent). */
  readonly phone: string | null;
}

/** SMS words of each limit, to quote them back (`CONFIRM DEPOSIT DAY`). */
const LIMIT_WORDS: Readonly<Record<SmsLanguage, Record<LimitKind, string>>> = {
  en: {
    depositDay: 'DEPOSIT DAY',
    depositWeek: 'DEPOSIT WEEK',
    depositMonth: 'DEPOSIT MONTH',
    lossDay: 'LOSS DAY',
    lossWeek: 'LOSS WEEK',
    lossMonth: 'LOSS MONTH',
    stakeBet: 'STAKE BET',
    stakeDay: 'STAKE DAY',
    sessionMinutes: 'SESSION',
  },
  sw: {
    depositDay: 'AMANA SIKU',
    depositWeek: 'AMANA WIKI',
    depositMonth: 'AMANA MWEZI',
    lossDay: 'HASARA SIKU',
    lossWeek: 'HASARA WIKI',
    lossMonth: 'HASARA MWEZI',
    stakeBet: 'DAU KILA',
    stakeDay: 'DAU SIKU',
    sessionMinutes: 'MUDA',
  },
};

const tzs = (n: number) => `TZS ${n.toLocaleString('en-US')}`;
const when = (iso: string) => eatText(iso, 'dd/MM/yyyy HH:mm');
const valueText = (lang: SmsLanguage, kind: LimitKind, value: number | null) =>
  value === null
    ? lang === 'sw'
      ? 'hakuna kikomo'
      : 'no limit'
    : kind === 'sessionMinutes'
      ? lang === 'sw'
        ? `dakika ${value}`
        : `${value} minutes`
      : tzs(value);

/** The reply text of one recorded event. */
const eventText = (lang: SmsLanguage, e: ProtectionEvent): string => {
  const sw = lang === 'sw';
  switch (e.type) {
    case 'LimitSet':
      return sw
        ? `Kikomo ${LIMIT_WORDS.sw[e.data.kind]} sasa ni ${valueText(lang, e.data.kind, e.data.value)}.`
        : `Your ${LIMIT_WORDS.en[e.data.kind]} limit is now ${valueText(lang, e.data.kind, e.data.value)}.`;
    case 'LimitChangeRequested':
      return sw
        ? `Ombi la ${valueText(lang, e.data.kind, e.data.value)} kwa ${LIMIT_WORDS.sw[e.data.kind]} linasubiri saa 24. Tuma THIBITISHA ${LIMIT_WORDS.sw[e.data.kind]} kuanzia ${when(e.data.confirmableFrom)}. Kikomo cha sasa kinabaki.`
        : `Your ${LIMIT_WORDS.en[e.data.kind]} change to ${valueText(lang, e.data.kind, e.data.value)} waits 24 hours. Send CONFIRM ${LIMIT_WORDS.en[e.data.kind]} from ${when(e.data.confirmableFrom)}. The current limit stays.`;
    case 'LimitChangeConfirmed':
      return sw
        ? `Kikomo ${LIMIT_WORDS.sw[e.data.kind]} sasa ni ${valueText(lang, e.data.kind, e.data.value)}.`
        : `Your ${LIMIT_WORDS.en[e.data.kind]} limit is now ${valueText(lang, e.data.kind, e.data.value)}.`;
    case 'LimitChangeCancelled':
      return sw
        ? `Ombi la kubadili ${LIMIT_WORDS.sw[e.data.kind]} limeghairiwa.`
        : `Your ${LIMIT_WORDS.en[e.data.kind]} change request is cancelled.`;
    case 'RealityCheckIntervalSet':
      return sw
        ? `Tutakukumbusha muda wa kucheza kila dakika ${e.data.minutes}.`
        : `We will remind you of your playing time every ${e.data.minutes} minutes.`;
    case 'CoolOffStarted':
      return sw
        ? `Pumziko hadi ${when(e.data.until)}: hakuna kubeti wala kuweka pesa. Unaweza kutoa pesa. Haliwezi kusitishwa mapema.`
        : `Cool-off until ${when(e.data.until)}: no betting and no deposits. Withdrawals stay open. It cannot be lifted early.`;
    case 'SelfExclusionStarted':
      return e.data.until === null
        ? sw
          ? 'Akaunti yako imefungwa kwa michezo milele. Unaweza kutoa salio lako.'
          : 'Your account is closed for play permanently. You can still withdraw your balance.'
        : sw
          ? `Akaunti yako imefungwa kwa michezo hadi ${when(e.data.until)}. Unaweza kutoa salio lako.`
          : `Your account is closed for play until ${when(e.data.until)}. You can still withdraw your balance.`;
    case 'ReopenRequested':
      return sw
        ? `Akaunti yako itafunguliwa ${when(e.data.reopensAt)}.`
        : `Your account re-opens on ${when(e.data.reopensAt)}.`;
  }
};

/** The reply to a refusal (parser or decider), with the parser's example when it has one. */
const errorText = (lang: SmsLanguage, error: DomainError): string => {
  const sw = lang === 'sw';
  const details = (error.details ?? {}) as Record<string, unknown>;
  const example = typeof details.example === 'string' ? details.example : null;
  const at = (k: string) => (typeof details[k] === 'string' ? when(details[k]) : '');
  switch (error.code) {
    case 'LIMIT_COOLING_PERIOD':
      return sw
        ? `Bado mapema: unaweza kuthibitisha kuanzia ${at('confirmableFrom')}.`
        : `Too early: you can confirm from ${at('confirmableFrom')}.`;
    case 'ALREADY_COOLING_OFF':
      return sw ? 'Tayari uko kwenye pumziko refu zaidi.' : 'You are already cooling off for longer.';
    case 'SELF_EXCLUDED':
    case 'ALREADY_SELF_EXCLUDED':
      return sw ? 'Akaunti yako imejizuia kwa michezo.' : 'Your account is self-excluded from play.';
    case 'EXCLUSION_PERMANENT':
      return sw ? 'Kujizuia kwako ni kwa milele.' : 'Your self-exclusion is permanent.';
    default:
      return example
        ? sw
          ? `Hatukuelewa ujumbe. Mfano: ${example}`
          : `Message not understood. Example: ${example}`
        : sw
          ? `Haikufanyika (${error.code}).`
          : `Not done (${error.code}).`;
  }
};

/** The reply to `STATUS` / `HALI`: cool-off or exclusion, then the limits in force and waiting. */
const statusText = (lang: SmsLanguage, state: ProtectionState, now: number): string => {
  const sw = lang === 'sw';
  const s = protectionStatus(state, now);
  const parts: string[] = [];
  if (s.selfExclusion)
    parts.push(
      s.selfExclusion.until === null
        ? sw
          ? 'Umejizuia milele.'
          : 'Self-excluded permanently.'
        : sw
          ? `Umejizuia hadi ${when(s.selfExclusion.until)}.`
          : `Self-excluded until ${when(s.selfExclusion.until)}.`,
    );
  else if (s.coolingOffUntil)
    parts.push(
      sw ? `Pumziko hadi ${when(s.coolingOffUntil)}.` : `Cooling off until ${when(s.coolingOffUntil)}.`,
    );
  else parts.push(sw ? 'Akaunti iko wazi.' : 'Account open.');
  const limits = Object.entries(s.limits).map(
    ([k, v]) => `${LIMIT_WORDS[lang][k as LimitKind]} ${valueText(lang, k as LimitKind, v ?? null)}`,
  );
  if (limits.length > 0) parts.push(`${sw ? 'Vikomo' : 'Limits'}: ${limits.join(', ')}.`);
  for (const p of s.pending)
    parts.push(
      sw
        ? `Inasubiri: ${LIMIT_WORDS.sw[p.kind]} ${valueText(lang, p.kind, p.value)} kuanzia ${when(p.confirmableFrom)}.`
        : `Waiting: ${LIMIT_WORDS.en[p.kind]} ${valueText(lang, p.kind, p.value)} from ${when(p.confirmableFrom)}.`,
    );
  return parts.join(' ');
};

const requestOf = (c: Exclude<ProtectionSmsCommand, { type: 'Status' }>): ProtectionRequest =>
  (c.type === 'StartCoolOff' || c.type === 'SelfExclude' ? { ...c, reason: 'sms' } : c) as ProtectionRequest;

/**
 * The account that owns `phone` (`+255…`): the accounts' read model, else the registration table (a
 * player registered a moment ago whose row the projection has not written yet).
 */
const ownerOf = async (sql: SqlExecutor, phone: string): Promise<string | null> => {
  const rows = await sql.query<{ user_id: string }>(
    `(SELECT user_id FROM player_accounts WHERE phone = $1 ORDER BY created_at LIMIT 1)
     UNION ALL (SELECT user_id FROM player_credentials WHERE phone = $1) LIMIT 1`,
    [phone],
  );
  return rows.rows[0]?.user_id ?? null;
};

/** Records the reply in `sms_messages` (type `protection`, the back office's SMS list) and sends it. */
const sendReply = async (services: AppServices, gateway: SmsGateway, phone: string, content: string) => {
  await services.sql.query(
    `INSERT INTO sms_messages (phone, area_code, type, content, status, sent_at)
     VALUES ($1, '255', 'protection', $2, 'used', $3)`,
    [phone, content, new Date(services.now())],
  );
  try {
    await gateway.send({ phone, content, code: null });
  } catch (err) {
    services.logger.error({ err }, 'protection SMS reply not delivered');
  }
};

/**
 * Applies an inbound keyword message to the account owning the sender's phone and sends the
 * confirmation SMS (see the module comment). Idempotent per `messageId`: a repeated delivery records no
 * second change (the reply is sent again).
 */
export const handleProtectionSms = async (
  services: AppServices,
  gateway: SmsGateway,
  sms: InboundSms,
): Promise<InboundSmsOutcome> => {
  const parsed = parseProtectionSms(sms.text);
  const language = parsed.language;
  const phone = normalizeTzPhone(sms.from) ?? null;
  const sw = language === 'sw';
  const done = async (
    code: string,
    userId: string | null,
    body: string,
    events: readonly ProtectionEvent['type'][] = [],
  ): Promise<InboundSmsOutcome> => {
    const reply = `Bashiri: ${body}`;
    if (phone) await sendReply(services, gateway, phone, reply);
    return { code, userId, language, events, reply, phone };
  };
  const userId = phone ? await ownerOf(services.sql, phone) : null;
  if (!userId)
    return done(
      'SMS_PHONE_UNKNOWN',
      null,
      sw ? 'namba hii haijasajiliwa Bashiri.' : 'this number has no Bashiri account.',
    );
  if (!parsed.ok) return done(parsed.error.code, userId, errorText(language, parsed.error));
  if (parsed.command.type === 'Status') {
    const { state } = await loadProtection(services, userId);
    return done('SMS_STATUS', userId, statusText(language, state, services.now()));
  }
  const outcome = await runProtection(
    services,
    userId,
    { kind: 'player', id: userId },
    requestOf(parsed.command),
    `sms:${sms.messageId}`,
  );
  if (!outcome.ok) return done(outcome.error.code, userId, errorText(language, outcome.error));
  if (outcome.events.length === 0)
    return done('SMS_NOTHING_CHANGED', userId, sw ? 'hakuna kilichobadilika.' : 'nothing changed.');
  return done(
    'SMS_APPLIED',
    userId,
    outcome.events.map((e) => eventText(language, e)).join(' '),
    outcome.events.map((e) => e.type),
  );
};
