import { PROTECTION_DECISION_CODES, PROTECTION_REFUSAL_CODES, SLIP_ERROR_CODES } from '@bashiri/domain';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '@bashiri/web-shared';
import { createI18n, formatMoney, formatTzs, LANGUAGE_STORAGE_KEY, LANGUAGES, RESOURCES } from './index.ts';

/** Dotted keys and values of a resource tree. */
const flatten = (tree: object, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value] as const]
        : [...flatten(value as object, `${prefix}${key}.`)],
    ),
  );

const english = flatten(RESOURCES['en-US']);
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** placeBet refusals (api betting/schema.graphql), nobet codes, GraphQL error codes the slip may show. */
const SERVER_CODES = [
  'BETTING_PAUSED',
  'BETTING_NOT_ALLOWED',
  'ACCOUNT_DISABLED',
  'SELECTIONS_UNAVAILABLE',
  'INSUFFICIENT_FUNDS',
  'INSUFFICIENT_CREDIT_MONEY',
  'SELECTION_NOT_FOUND',
  'MATCH_UNAVAILABLE',
  'MATCH_NOT_OPEN',
  'SELECTION_SUSPENDED',
  'LIVE_BETTING_NOT_OFFERED',
  'ODDS_CHANGED',
  'MARKET_NOT_SETTLED_HERE',
  'UNAUTHENTICATED',
  'RATE_LIMITED',
  'IP_BLOCKED',
  'INTERNAL',
];

/** Words that stay the same in every language: brand, currency, time zone, language endonyms, odds. */
const SAME_EVERYWHERE = ['Bashiri', 'TZS', 'GMT+3', 'Odds', 'Kiswahili', 'English', '中文'];
const untranslated = (value: string): boolean =>
  SAME_EVERYWHERE.reduce((rest, word) => rest.replaceAll(word, ''), value.replace(/\{\{\w+\}\}/g, ''))
    .replace(/[\s\d.,:;!?%()—–-]/g, '')
    .trim().length > 0;

describe('i18n resources (architecture.md §6: each language complete)', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en-US, none empty', (language) => {
    const texts = flatten(RESOURCES[language]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of texts) expect(value.trim(), key).not.toBe('');
  });

  it.each(['sw', 'zh-CN'] as const)(
    '%s translates every text (identical to English only for brand and unit words)',
    (language) => {
      const same = [...flatten(RESOURCES[language])].filter(
        ([key, value]) => value === english.get(key) && untranslated(value),
      );
      expect(same).toEqual([]);
    },
  );

  it('keeps the placeholders of every text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES)
      for (const [key, value] of flatten(RESOURCES[language]))
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
  });

  it('has a text for every key used in code (t("…") calls)', () => {
    const used = Object.values(sources).flatMap((text) =>
      [...text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((key) => !english.has(key))).toEqual([]);
  });

  it('has a text for every slip, placeBet, nobet and error code, and every notice of the betslip machine', () => {
    const machine = Object.entries(sources).find(([path]) => path.endsWith('betslip/machine.ts'))?.[1] ?? '';
    const notices = [...machine.matchAll(/(?:code|params): '([A-Z_]+)'/g)].map((m) => m[1] ?? '');
    expect(notices).toContain('PLACED');
    const codes = new Set([
      ...SLIP_ERROR_CODES,
      ...SERVER_CODES,
      ...notices,
      ...PROTECTION_REFUSAL_CODES,
      ...PROTECTION_DECISION_CODES,
    ]);
    expect([...codes].filter((code) => !english.has(`codes.${code}`))).toEqual([]);
  });
});

describe('i18n instance', () => {
  it('starts in Swahili, stores a change of language, and starts in the stored one next time', () => {
    const storage = memoryStorage();
    const i18n = createI18n(storage);
    expect(i18n.language).toBe('sw');
    expect(i18n.t('betslip.submit')).toBe('Weka dau');
    void i18n.changeLanguage('zh-CN');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(createI18n(storage).t('betslip.removeAll')).toBe('全部删除');
  });

  it('reads the old site lower-case zh-cn, and shows the resource-error message for a missing key', () => {
    const i18n = createI18n(memoryStorage([[LANGUAGE_STORAGE_KEY, 'zh-cn']]));
    expect(i18n.language).toBe('zh-CN');
    void i18n.changeLanguage('en-US');
    expect(i18n.t('no.such.key')).toBe(RESOURCES['en-US'].messages.resourceError);
  });
});

describe('formatTzs (spec §9)', () => {
  it('groups thousands and drops a trailing .00', () => {
    expect(formatTzs(1_234_567)).toBe('1,234,567');
    expect(formatTzs(0)).toBe('0');
    expect(formatTzs(-5_000)).toBe('-5,000');
    expect(formatMoney(900_000)).toBe('TZS 900,000');
  });
});
