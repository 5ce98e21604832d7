/**
 * Shared rules of the content module (docs/content.md): site languages (spec §9), text limits, the 0–100
 * sequence rule (spec §5), safe links, localized texts, and the audited-change helper every staff edit
 * goes through (one transaction with its audit row, before/after).
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext, Locale } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { audit } from '../audit/index.ts';
import type { StaffViewer } from '../../auth/guard.ts';

/** The site languages (spec §9: sw default, en-US, zh-CN). */
export const LANGUAGES: readonly Locale[] = ['sw', 'en-US', 'zh-CN'];

/** `value` as a site language; throws `BAD_LANGUAGE`. */
export const checkLanguage = (value: string, field = 'language'): Locale => {
  const found = LANGUAGES.find((l) => l.toLowerCase() === value.trim().toLowerCase());
  if (!found) throw codedError('BAD_LANGUAGE', `${field}: one of sw, en-US, zh-CN`, { field });
  return found;
};

/** The language asked for, else the caller's locale. */
export const languageOf = (ctx: GraphQLContext, asked?: string | null): Locale =>
  asked ? checkLanguage(asked) : ctx.locale;

/** Trimmed text of at most `max` characters; `TEXT_REQUIRED` when blank and required, `TEXT_TOO_LONG`. */
export const checkText = (value: string, field: string, max: number, required = true): string => {
  const text = value.trim();
  if (required && text === '') throw codedError('TEXT_REQUIRED', `${field} is required`, { field });
  if (text.length > max)
    throw codedError('TEXT_TOO_LONG', `${field}: at most ${max} characters`, { field, details: { max } });
  return text;
};

/** Refuses a sequence outside 0–100 with `SEQUENCE_OUT_OF_RANGE` (spec §5, §8 "only numbers 0 to 100"). */
export const checkSorting = (value: number, field = 'sorting'): number => {
  if (!Number.isInteger(value) || value < 0 || value > 100)
    throw codedError('SEQUENCE_OUT_OF_RANGE', `${field}: only numbers 0 to 100`, { field });
  return value;
};

/**
 * A link players may follow or an image address: a site route (`/promotion`, `/rich_text?type=33`), an
 * uploaded file (`/uploads/…`) or an `https://` address. Anything else (javascript:, data:, http:) is
 * `BAD_LINK`. Returns null for blank.
 */
export const checkLink = (value: string | null | undefined, field: string): string | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const link = value.trim();
  const ok =
    link.length <= 500 &&
    (/^\/[A-Za-z0-9_\-./?=&%#]*$/.test(link) || (/^https:\/\/[^\s<>"']+$/.test(link) && URL.canParse(link)));
  if (!ok || link.startsWith('//'))
    throw codedError('BAD_LINK', `${field}: a site route (/…) or an https address`, { field });
  return link;
};

/** A text per site language, as stored (jsonb) and as GraphQL `LocalizedText`. */
export interface Localized {
  readonly sw?: string | null;
  readonly 'en-US'?: string | null;
  readonly 'zh-CN'?: string | null;
}

/** GraphQL `LocalizedTextInput` / `LocalizedText`. */
export interface LocalizedInput {
  readonly sw?: string | null;
  readonly enUS?: string | null;
  readonly zhCN?: string | null;
}

/** Checks a localized input (at least one non-blank when required) and returns its stored form. */
export const checkLocalized = (
  input: LocalizedInput,
  field: string,
  max: number,
  required = true,
): Localized => {
  const stored: Record<string, string> = {};
  const pairs: [Locale, string | null | undefined][] = [
    ['sw', input.sw],
    ['en-US', input.enUS],
    ['zh-CN', input.zhCN],
  ];
  for (const [language, text] of pairs) {
    if (text === null || text === undefined) continue;
    const checked = checkText(text, `${field}.${language}`, max, false);
    if (checked !== '') stored[language] = checked;
  }
  if (required && Object.keys(stored).length === 0)
    throw codedError('TEXT_REQUIRED', `${field}: at least one language`, { field });
  return stored;
};

/** The stored localized text as GraphQL `LocalizedText`. */
export const localizedView = (stored: Localized) => ({
  sw: stored.sw ?? null,
  enUS: stored['en-US'] ?? null,
  zhCN: stored['zh-CN'] ?? null,
});

/** The text in `locale`, else sw, en-US, zh-CN; '' when none. */
export const pick = (stored: Localized, locale: Locale): string =>
  stored[locale] ?? stored.sw ?? stored['en-US'] ?? stored['zh-CN'] ?? '';

/** A numeric id; anything else is `NOT_FOUND` (never reaches SQL as a bad bigint). */
export const checkId = (id: string, entity: string): string => {
  if (!/^\d{1,18}$/.test(id)) throw codedError('NOT_FOUND', `no ${entity} ${id}`);
  return id;
};

/** Page and page size as whole numbers within bounds. */
export const paging = (page: number | null | undefined, pageSize: number | null | undefined, max = 50) => {
  const p = Math.max(1, Math.floor(page ?? 1));
  const size = Math.min(max, Math.max(1, Math.floor(pageSize ?? 10)));
  return { page: p, pageSize: size, offset: (p - 1) * size };
};

/**
 * Runs `change` in one transaction and writes its audit row (`<entity>.<verb>`, before/after) in the same
 * transaction. `change` returns the row before and after (null when created / deleted) and the id.
 */
export const audited = async <T>(
  ctx: GraphQLContext,
  viewer: StaffViewer,
  action: { entity: string; verb: string; reason?: string },
  change: (tx: SqlExecutor) => Promise<{ before: unknown; after: unknown; id: string | number; result: T }>,
): Promise<T> =>
  ctx.services.sql.transaction(async (tx) => {
    const { before, after, id, result } = await change(tx);
    await audit(tx, {
      actor: `staff:${viewer.staffId}`,
      ip: ctx.ip,
      action: `${action.entity}.${action.verb}`,
      entity: action.entity,
      entityId: id,
      reason: action.reason ?? null,
      before,
      after,
      requestId: ctx.requestId,
    });
    return result;
  });

/** Furthest ahead a configuration version may be dated: ten years. */
const EFFECTIVE_HORIZON_MS = 10 * 366 * 86_400_000;

/**
 * Checks an instant for a new configuration version: now when absent; `EFFECTIVE_TIME_IN_PAST` before
 * now − 1 min; `BAD_INPUT` more than ten years ahead.
 */
export const checkEffectiveFrom = (value: string | null | undefined, nowMs: number): string => {
  if (!value) return new Date(nowMs).toISOString();
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) throw codedError('BAD_INPUT', 'effectiveFrom: an ISO 8601 instant');
  if (at < nowMs - 60_000)
    throw codedError('EFFECTIVE_TIME_IN_PAST', 'effectiveFrom must not be in the past', {
      field: 'effectiveFrom',
    });
  if (at > nowMs + EFFECTIVE_HORIZON_MS)
    throw codedError('BAD_INPUT', 'effectiveFrom: at most ten years ahead', { field: 'effectiveFrom' });
  return new Date(at).toISOString();
};
