import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseProtectionSms, protectionCommandOfSms, type ProtectionSmsCommand } from './sms.ts';

const ok = (text: string) => {
  const r = parseProtectionSms(text);
  if (!r.ok) throw new Error(`${text}: ${r.error.code}`);
  return [r.command, r.language];
};

describe('SMS/USSD keywords (issue 23 item 5)', () => {
  it.each([
    ['LIMIT DEPOSIT DAY 5000', { type: 'SetLimit', kind: 'depositDay', value: 5_000 }, 'en'],
    ['kikomo amana siku 5,000', { type: 'SetLimit', kind: 'depositDay', value: 5_000 }, 'sw'],
    ['KIKOMO WEKA SIKU 3000', { type: 'SetLimit', kind: 'depositDay', value: 3_000 }, 'sw'],
    ['KIKOMO AMANA WIKI 20000/=', { type: 'SetLimit', kind: 'depositWeek', value: 20_000 }, 'sw'],
    ['limit deposit monthly TSH 100,000', { type: 'SetLimit', kind: 'depositMonth', value: 100_000 }, 'en'],
    ['LIMIT LOSS WEEK 10000', { type: 'SetLimit', kind: 'lossWeek', value: 10_000 }, 'en'],
    ['KIKOMO HASARA MWEZI 50000', { type: 'SetLimit', kind: 'lossMonth', value: 50_000 }, 'sw'],
    ['LIMIT STAKE BET 2000', { type: 'SetLimit', kind: 'stakeBet', value: 2_000 }, 'en'],
    ['KIKOMO DAU KILA 2000', { type: 'SetLimit', kind: 'stakeBet', value: 2_000 }, 'sw'],
    ['KIKOMO DAU SIKU 8000', { type: 'SetLimit', kind: 'stakeDay', value: 8_000 }, 'sw'],
    ['LIMIT SESSION 90', { type: 'SetLimit', kind: 'sessionMinutes', value: 90 }, 'en'],
    ['KIKOMO MUDA SAA 2', { type: 'SetLimit', kind: 'sessionMinutes', value: 120 }, 'sw'],
    ['LIMIT DEPOSIT DAY OFF', { type: 'SetLimit', kind: 'depositDay', value: null }, 'en'],
    ['KIKOMO AMANA SIKU ONDOA', { type: 'SetLimit', kind: 'depositDay', value: null }, 'sw'],
    ['CONFIRM DEPOSIT DAY', { type: 'ConfirmLimitChange', kind: 'depositDay' }, 'en'],
    ['THIBITISHA AMANA SIKU', { type: 'ConfirmLimitChange', kind: 'depositDay' }, 'sw'],
    ['GHAIRI HASARA SIKU', { type: 'CancelLimitChange', kind: 'lossDay' }, 'sw'],
    ['REMIND 30', { type: 'SetRealityCheck', minutes: 30 }, 'en'],
    ['KUMBUSHO DAKIKA 45', { type: 'SetRealityCheck', minutes: 45 }, 'sw'],
    ['COOLOFF 24H', { type: 'StartCoolOff', period: '24h' }, 'en'],
    ['cool-off 7 days', { type: 'StartCoolOff', period: '7d' }, 'en'],
    ['COOL OFF 1W', { type: 'StartCoolOff', period: '7d' }, 'en'],
    ['PUMZIKO SAA 24', { type: 'StartCoolOff', period: '24h' }, 'sw'],
    ['PUMZIKO SIKU 30', { type: 'StartCoolOff', period: '30d' }, 'sw'],
    ['PUMZIKO WIKI 6', { type: 'StartCoolOff', period: '6w' }, 'sw'],
    ['EXCLUDE 6M', { type: 'SelfExclude', period: '6m' }, 'en'],
    ['self-exclude 1 year', { type: 'SelfExclude', period: '1y' }, 'en'],
    ['EXCLUDE 12M', { type: 'SelfExclude', period: '1y' }, 'en'],
    ['JIZUIE MIAKA 5', { type: 'SelfExclude', period: '5y' }, 'sw'],
    ['JITENGE MIEZI 6', { type: 'SelfExclude', period: '6m' }, 'sw'],
    ['EXCLUDE PERMANENT', { type: 'SelfExclude', period: 'permanent' }, 'en'],
    ['JIZUIE MILELE', { type: 'SelfExclude', period: 'permanent' }, 'sw'],
    ['  reopen ', { type: 'RequestReopen' }, 'en'],
    ['FUNGUA', { type: 'RequestReopen' }, 'sw'],
    ['hali', { type: 'Status' }, 'sw'],
    ['STATUS', { type: 'Status' }, 'en'],
  ] as [string, ProtectionSmsCommand, string][])('reads %j', (text, command, language) => {
    expect(ok(text)).toEqual([command, language]);
  });

  it.each([
    ['', 'SMS_EMPTY', 'sw', 'HALI'],
    ['BET 1X2', 'SMS_UNKNOWN_KEYWORD', 'sw', 'HALI'],
    ['LIMIT DEPOSIT 5000', 'SMS_UNKNOWN_LIMIT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['LIMIT DEPOSIT BET 5000', 'SMS_UNKNOWN_LIMIT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['KIKOMO HASARA KILA 5000', 'SMS_UNKNOWN_LIMIT', 'sw', 'KIKOMO AMANA SIKU 5000'],
    ['KIKOMO AMANA SIKU', 'SMS_BAD_AMOUNT', 'sw', 'KIKOMO AMANA SIKU 5000'],
    ['LIMIT DEPOSIT DAY 50.5', 'SMS_BAD_AMOUNT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['LIMIT DEPOSIT DAY -5000', 'SMS_BAD_AMOUNT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['LIMIT DEPOSIT DAY 5000 6000', 'SMS_BAD_AMOUNT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['LIMIT SESSION 3D', 'SMS_BAD_AMOUNT', 'en', 'LIMIT DEPOSIT DAY 5000'],
    ['CONFIRM DEPOSIT DAY NOW', 'SMS_UNKNOWN_LIMIT', 'en', 'CONFIRM DEPOSIT DAY'],
    ['COOLOFF 3D', 'SMS_BAD_PERIOD', 'en', 'COOLOFF 24H'],
    ['COOLOFF 6M', 'SMS_BAD_PERIOD', 'en', 'COOLOFF 24H'],
    ['PUMZIKO', 'SMS_BAD_PERIOD', 'sw', 'PUMZIKO SAA 24'],
    ['JIZUIE MIEZI 3', 'SMS_BAD_PERIOD', 'sw', 'JIZUIE MIEZI 6'],
    ['EXCLUDE 180D', 'SMS_BAD_PERIOD', 'en', 'EXCLUDE 6M'],
    ['REMIND', 'SMS_BAD_AMOUNT', 'en', 'REMIND 60'],
    ['STATUS PLEASE', 'SMS_UNKNOWN_KEYWORD', 'en', 'STATUS'],
  ])('refuses %j with %s in %s', (text, code, language, example) => {
    const r = parseProtectionSms(text);
    expect(r).toMatchObject({ ok: false, language, error: { code, details: { example } } });
  });

  it('every example in an error reply parses', () => {
    for (const text of [
      'LIMIT',
      'KIKOMO',
      'CONFIRM',
      'GHAIRI',
      'REMIND',
      'PUMZIKO',
      'COOLOFF',
      'JIZUIE',
      'EXCLUDE',
      'STATUS X',
    ]) {
      const r = parseProtectionSms(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(parseProtectionSms(String(r.error.details?.example)).ok).toBe(true);
    }
  });

  it('turns a message into the player’s own decider command; STATUS is a question', () => {
    const context = { userId: 'u1', at: '2026-01-10T09:00:00+03:00' };
    const actor = { kind: 'player', id: 'u1' };
    expect(protectionCommandOfSms({ type: 'SetLimit', kind: 'depositDay', value: 5_000 }, context)).toEqual({
      type: 'SetLimit',
      kind: 'depositDay',
      value: 5_000,
      userId: 'u1',
      actor,
      at: context.at,
    });
    expect(protectionCommandOfSms({ type: 'SelfExclude', period: '6m' }, context)).toMatchObject({
      actor,
      reason: 'sms',
    });
    expect(protectionCommandOfSms({ type: 'Status' }, context)).toBeNull();
  });
});

describe('SMS keywords: any limit in either language, any case and spacing, reads back', () => {
  const WORDS = {
    en: {
      depositDay: 'DEPOSIT DAY',
      depositWeek: 'DEPOSIT WEEK',
      depositMonth: 'DEPOSIT MONTH',
      lossDay: 'LOSS DAY',
      lossWeek: 'LOSS WEEK',
      lossMonth: 'LOSS MONTH',
      stakeBet: 'STAKE BET',
      stakeDay: 'STAKE DAY',
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
    },
  } as const;
  const VERB = {
    en: { limit: 'LIMIT', confirm: 'CONFIRM' },
    sw: { limit: 'KIKOMO', confirm: 'THIBITISHA' },
  } as const;
  const grouped = (n: number) => n.toLocaleString('en-US');

  it('parses what it is given', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en' as const, 'sw' as const),
        fc.constantFrom(...(Object.keys(WORDS.en) as (keyof typeof WORDS.en)[])),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom('plain', 'grouped', 'shillings'),
        fc.boolean(),
        fc.constantFrom(' ', '  ', '\t'),
        (language, kind, value, style, lower, space) => {
          const amount =
            style === 'plain' ? String(value) : style === 'grouped' ? grouped(value) : `${value}/=`;
          const text = [VERB[language].limit, WORDS[language][kind], amount].join(' ').replaceAll(' ', space);
          expect(parseProtectionSms(lower ? text.toLowerCase() : text)).toEqual({
            ok: true,
            language,
            command: { type: 'SetLimit', kind, value },
          });
          expect(parseProtectionSms(`${VERB[language].confirm} ${WORDS[language][kind]}`)).toEqual({
            ok: true,
            language,
            command: { type: 'ConfirmLimitChange', kind },
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
