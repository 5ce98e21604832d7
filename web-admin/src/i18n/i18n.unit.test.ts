import { describe, expect, it } from 'vitest';
import { ROUTES } from '../app/routes.ts';
import { MENU_GROUPS } from '../app/registry.tsx';
import { memoryStorage } from '../shared.ts';
import { ANTD_LOCALES } from './antdLocales.ts';
import { createI18n, LANGUAGES, RESOURCES } from './index.ts';

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
const sources = import.meta.glob<string>(
  ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../graphql/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** Words that stay the same in every language: brand, currency, acronyms, endonyms, network brands. */
const SAME_EVERYWHERE = [
  'Bashiri',
  'TZS',
  'GGR',
  'IP',
  'IPv4',
  'IPv6',
  'Google Authenticator',
  'Kiswahili',
  'English',
  '中文',
];
const untranslated = (value: string): boolean =>
  SAME_EVERYWHERE.reduce((rest, word) => rest.replaceAll(word, ''), value.replace(/\{\{\w+\}\}/g, ''))
    .replace(/[\s\d.,:;!?%()—–-]/g, '')
    .trim().length > 0;

describe('back-office texts (issue 8: sw, en-US, zh-CN complete)', () => {
  it.each(LANGUAGES)('%s has exactly the keys of en-US, none empty', (language) => {
    const texts = flatten(RESOURCES[language]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of texts) expect(value.trim(), key).not.toBe('');
  });

  it.each(['sw', 'zh-CN'] as const)('%s translates every text', (language) => {
    const same = [...flatten(RESOURCES[language])].filter(
      ([key, value]) => value === english.get(key) && untranslated(value),
    );
    expect(same).toEqual([]);
  });

  it('keeps the placeholders of every text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const language of LANGUAGES)
      for (const [key, value] of flatten(RESOURCES[language]))
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
  });

  it('has a text for every key used in code (t("…") calls), every screen title and menu group', () => {
    const used = Object.values(sources).flatMap((text) =>
      [...text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((key) => !english.has(key))).toEqual([]);
    expect(ROUTES.map((route) => route.titleKey).filter((key) => !english.has(key))).toEqual([]);
    expect(MENU_GROUPS.map((group) => `shell.menu.${group.key}`).filter((key) => !english.has(key))).toEqual(
      [],
    );
  });

  it('has texts for the error codes the staff operations answer with (docs/auth.md, api *.graphql)', () => {
    const codes = Object.values(sources).flatMap((text) =>
      [...text.matchAll(/codes\.([A-Z_]+)/g)].map((m) => m[1] ?? ''),
    );
    expect(codes.filter((code) => !english.has(`codes.${code}`))).toEqual([]);
    for (const code of [
      'TOTP_REQUIRED',
      'TOTP_INVALID',
      'NO_LOGIN_PERMISSION',
      'FORBIDDEN',
      'REASON_REQUIRED',
      'INSUFFICIENT_FUNDS',
    ])
      expect(english.has(`codes.${code}`), code).toBe(true);
  });
});

describe('i18n instance', () => {
  it('starts in Swahili, stores a change of language under the back office key, and reloads it', () => {
    const storage = memoryStorage();
    const i18n = createI18n(storage);
    expect(i18n.language).toBe('sw');
    expect(i18n.t('shell.login.submit')).toBe('Ingia');
    void i18n.changeLanguage('zh-CN');
    expect(createI18n(storage).t('shell.login.submit')).toBe('登录');
  });

  it('gives antd a locale per language (Swahili pagination and empty texts)', () => {
    expect(ANTD_LOCALES.sw.Empty?.description).toBe('Hakuna data');
    expect(ANTD_LOCALES['zh-CN'].locale).toBe('zh-cn');
    expect(ANTD_LOCALES['en-US'].locale).toBe('en');
  });
});
