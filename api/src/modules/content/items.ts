/**
 * Rotation items (banners, notice bar, contact list) and graphic text (spec §2 routes /promotion,
 * /artcol; §3 "Banner", "Image/text"; §5 sequences 0–100, "release time of an image/text must be
 * valid"; §7 rotation/*; §9 banner types), and the row helpers that documents (documents.ts) and
 * rich-text pages (rich-text.ts) share with them. Staff edits run through {@link audited}; public reads
 * show only shown (and released) items.
 */
import { JUMP_TYPE, ROTATION_TYPE } from '@bashiri/domain';
import type { SqlExecutor } from '@bashiri/eventstore';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { requireStaff } from '../../auth/guard.ts';
import {
  audited,
  checkId,
  checkLanguage,
  checkLink,
  checkSorting,
  checkText,
  languageOf,
  paging,
} from './common.ts';
import { renderMarkdown } from './markdown.ts';

/** A content table's row as the driver returns it. */
export type Row = Record<string, unknown>;
/** A timestamp column as ISO 8601 UTC text. */
export const iso = (value: unknown): string => new Date(value as string).toISOString();

/** Rotation types (spec §3 "Rotation types", §9 "Banner types") and whether an item of the type needs an image. */
export const ROTATION_TYPES: Readonly<Record<number, { name: string; image: boolean }>> = {
  1: { name: 'contact list', image: false },
  11: { name: 'paid-phone logos', image: true },
  15: { name: 'mobile home carousel', image: true },
  16: { name: 'desktop home carousel', image: true },
  18: { name: 'notice bar', image: false },
  19: { name: 'promotion list', image: true },
  20: { name: 'social links', image: false },
};
/** The notice bar (spec §7 rotation/inquires type 18). */
export const NOTICE_BAR = ROTATION_TYPE.NOTICE_BAR;
/** The contact list (spec §3 type 1). */
export const CONTACT_LIST = ROTATION_TYPE.CONTACT_LIST;
/**
 * Social links (spec §2 left menu and footer "social links", "social icons"): a type number of ours,
 * the spec numbers none (decision 0023). `title` names the network, `link` is its https address.
 */
export const SOCIAL_LINKS = ROTATION_TYPE.SOCIAL_LINKS;
/** Longest title of an item, a document or a page (characters). */
export const MAX_TITLE = 200;
const MAX_NOTE = 1000;
/** Longest body of an article, a document or a page (characters, Markdown). */
export const MAX_BODY = 100_000;

/** A type number within `min`–`max` (the columns are smallint); else `BAD_INPUT`. */
export const checkTypeNumber = (value: number, min: number, max: number, field = 'type'): number => {
  if (!Number.isInteger(value) || value < min || value > max)
    throw codedError('BAD_INPUT', `${field}: ${min} to ${max}`, { field });
  return value;
};

// ---------------------------------------------------------------------------------------------------
// Rotation items

export interface RotationInput {
  readonly type?: number | null;
  readonly title?: string | null;
  readonly note?: string | null;
  readonly imageUrl?: string | null;
  readonly link?: string | null;
  readonly jumpType?: number | null;
  readonly language?: string | null;
  readonly sorting?: number | null;
  readonly shown?: boolean | null;
}

const rotationView = (r: Row) => ({
  id: String(r['id']),
  type: Number(r['type']),
  typeName: ROTATION_TYPES[Number(r['type'])]?.name ?? String(r['type']),
  title: r['title'],
  note: r['note'],
  imageUrl: r['image_url'] ?? null,
  link: r['link'] ?? null,
  jumpType: Number(r['jump_type']),
  language: r['language'] ?? null,
  sorting: Number(r['sorting']),
  shown: r['shown'],
  clicks: Number(r['clicks']),
  updatedAt: iso(r['updated_at']),
});

/** The row a rotation input makes from `before` (null on create); validates everything. */
const rotationRow = (input: RotationInput, before: Row | null) => {
  const type = input.type ?? (before ? Number(before['type']) : null);
  if (type === null) throw codedError('TEXT_REQUIRED', 'type is required', { field: 'type' });
  const kind = ROTATION_TYPES[type];
  if (!kind)
    throw codedError('ROTATION_TYPE_UNKNOWN', `type: one of ${Object.keys(ROTATION_TYPES).join(', ')}`, {
      field: 'type',
    });
  const take = <T>(value: T | null | undefined, column: string, fallback: T): T =>
    value ?? (before ? (before[column] as T) : fallback);
  const title = checkText(take(input.title, 'title', ''), 'title', MAX_TITLE, false);
  const note = checkText(take(input.note, 'note', ''), 'note', MAX_NOTE, !kind.image);
  const imageUrl = checkLink(
    input.imageUrl !== undefined && input.imageUrl !== null
      ? input.imageUrl
      : (before?.['image_url'] as string),
    'imageUrl',
  );
  if (kind.image && !imageUrl)
    throw codedError('IMAGE_REQUIRED', 'this type needs an image', { field: 'imageUrl' });
  const link = checkLink(
    input.link !== undefined && input.link !== null ? input.link : (before?.['link'] as string),
    'link',
  );
  const jumpType = take(
    input.jumpType,
    'jump_type',
    link ? (link.startsWith('/') ? JUMP_TYPE.INTERNAL : JUMP_TYPE.EXTERNAL) : JUMP_TYPE.NONE,
  );
  if (![0, 1, 2].includes(jumpType))
    throw codedError('BAD_INPUT', 'jumpType: 0, 1 or 2', { field: 'jumpType' });
  const languageText =
    input.language !== undefined && input.language !== null
      ? input.language
      : before
        ? ((before['language'] as string | null) ?? 'all')
        : 'all';
  const language = languageText.trim().toLowerCase() === 'all' ? null : checkLanguage(languageText);
  const sorting = checkSorting(take(input.sorting, 'sorting', 0));
  const shown = take(input.shown, 'shown', true);
  return { type, title, note, image_url: imageUrl, link, jump_type: jumpType, language, sorting, shown };
};

/** Public: the shown items of `type` in the language (or every language), higher sorting first. */
export const rotations = async (ctx: GraphQLContext, type: number, language?: string | null) => {
  const lang = languageOf(ctx, language);
  checkTypeNumber(type, 0, 999);
  const { rows } = await ctx.services.sql.query<Row>(
    `SELECT * FROM content_rotations WHERE type = $1 AND shown AND (language IS NULL OR language = $2)
     ORDER BY sorting DESC, id LIMIT 100`,
    [type, lang],
  );
  return rows.map(rotationView);
};

/** Staff: every item of a type (or of every type). */
export const staffRotations = async (ctx: GraphQLContext, type?: number | null) => {
  requireStaff(ctx, 'content.view');
  if (type !== null && type !== undefined) checkTypeNumber(type, 0, 999);
  const { rows } = await ctx.services.sql.query<Row>(
    `SELECT * FROM content_rotations WHERE $1::smallint IS NULL OR type = $1 ORDER BY type, sorting DESC, id`,
    [type ?? null],
  );
  return rows.map(rotationView);
};

const COLUMNS = [
  'type',
  'title',
  'note',
  'image_url',
  'link',
  'jump_type',
  'language',
  'sorting',
  'shown',
] as const;

export const createRotation = async (ctx: GraphQLContext, input: RotationInput) => {
  const viewer = requireStaff(ctx, 'content.edit');
  const row = rotationRow(input, null);
  const after = await audited(ctx, viewer, { entity: 'rotation', verb: 'create' }, async (tx) => {
    const created = (
      await tx.query<Row>(
        `INSERT INTO content_rotations (${COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        COLUMNS.map((c) => row[c]),
      )
    ).rows[0]!;
    return { before: null, after: created, id: String(created['id']), result: created };
  });
  return rotationView(after);
};

export const updateRotation = async (ctx: GraphQLContext, id: string, input: RotationInput) => {
  const viewer = requireStaff(ctx, 'content.edit');
  checkId(id, 'rotation item');
  const after = await audited(ctx, viewer, { entity: 'rotation', verb: 'update' }, async (tx) => {
    const before = (await tx.query<Row>('SELECT * FROM content_rotations WHERE id = $1 FOR UPDATE', [id]))
      .rows[0];
    if (!before) throw codedError('NOT_FOUND', `no rotation item ${id}`);
    const row = rotationRow(input, before);
    const updated = (
      await tx.query<Row>(
        `UPDATE content_rotations SET ${COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, ...COLUMNS.map((c) => row[c])],
      )
    ).rows[0]!;
    return { before, after: updated, id, result: updated };
  });
  return rotationView(after);
};

/** Deletes one row of `table` for good, audited `<entity>.delete`. Errors: NOT_FOUND. */
export const deleteAudited = async (
  ctx: GraphQLContext,
  table: 'content_rotations' | 'content_articles' | 'content_documents',
  entity: string,
  id: string,
): Promise<boolean> => {
  const viewer = requireStaff(ctx, 'content.edit');
  checkId(id, entity);
  return audited(ctx, viewer, { entity, verb: 'delete' }, async (tx) => {
    const before = (await tx.query<Row>(`DELETE FROM ${table} WHERE id = $1 RETURNING *`, [id])).rows[0];
    if (!before) throw codedError('NOT_FOUND', `no ${entity} ${id}`);
    return { before, after: null, id, result: true };
  });
};

export const deleteRotation = (ctx: GraphQLContext, id: string) =>
  deleteAudited(ctx, 'content_rotations', 'rotation', id);

/** Public: counts a tap on a shown item (spec §3 clicks_number). */
export const clickRotation = async (ctx: GraphQLContext, id: string): Promise<boolean> => {
  if (!/^\d{1,18}$/.test(id)) return false;
  // Anyone may tap (issue 15 item 6): a per-IP limit keeps the counters honest.
  await enforceRates(
    ctx.services.sql,
    [[`click-rotation:ip:${ctx.ip}`, RATE_LIMITS.clickRotationPerIp]],
    ctx.services.now(),
  );
  const { rows } = await ctx.services.sql.query(
    'UPDATE content_rotations SET clicks = clicks + 1 WHERE id = $1 AND shown RETURNING id',
    [id],
  );
  return rows.length > 0;
};

// ---------------------------------------------------------------------------------------------------
// Graphic text (articles)

export interface ArticleInput {
  readonly title?: string | null;
  readonly subtitle?: string | null;
  readonly intro?: string | null;
  readonly body?: string | null;
  readonly imageUrl?: string | null;
  readonly language?: string | null;
  readonly releaseTime?: string | null;
  readonly sorting?: number | null;
  readonly shown?: boolean | null;
}

/** Earliest release time staff may set (spec §5 "release time must be valid"). */
const EARLIEST_RELEASE = Date.parse('2000-01-01T00:00:00Z');
/** Latest release time: one year (366 days) ahead of now. */
const RELEASE_HORIZON_MS = 366 * 86_400_000;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A release time: a real ISO 8601 instant with an offset, 2000-01-01 … now + 1 year; else `RELEASE_TIME_INVALID`. */
export const checkReleaseTime = (value: string, nowMs: number): string => {
  const text = value.trim();
  const at = Date.parse(text);
  const [, month, day] = /^\d{4}-(\d{2})-(\d{2})/.exec(text) ?? [];
  const calendarOk =
    month !== undefined &&
    !Number.isNaN(at) &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    Number(day) >= 1 &&
    Number(day) <= new Date(Date.UTC(Number(text.slice(0, 4)), Number(month), 0)).getUTCDate();
  if (!ISO_INSTANT.test(text) || !calendarOk || at < EARLIEST_RELEASE || at > nowMs + RELEASE_HORIZON_MS)
    throw codedError('RELEASE_TIME_INVALID', 'releaseTime: an ISO 8601 instant from 2000 to one year ahead', {
      field: 'releaseTime',
    });
  return new Date(at).toISOString();
};

const articleView = (r: Row) => ({
  id: String(r['id']),
  title: r['title'],
  subtitle: r['subtitle'],
  intro: r['intro'],
  body: r['body'],
  html: renderMarkdown(String(r['body'])),
  imageUrl: r['image_url'] ?? null,
  language: r['language'],
  releaseTime: iso(r['release_time']),
  sorting: Number(r['sorting']),
  shown: r['shown'],
  updatedAt: iso(r['updated_at']),
});

const ARTICLE_COLUMNS = [
  'title',
  'subtitle',
  'intro',
  'body',
  'image_url',
  'language',
  'release_time',
  'sorting',
  'shown',
] as const;

const articleRow = (input: ArticleInput, before: Row | null, nowMs: number) => {
  const take = (value: string | null | undefined, column: string): string =>
    value ?? (before ? String(before[column] ?? '') : '');
  const releaseText = input.releaseTime ?? (before ? iso(before['release_time']) : null);
  if (releaseText === null)
    throw codedError('RELEASE_TIME_INVALID', 'releaseTime is required', { field: 'releaseTime' });
  const language = input.language ?? (before?.['language'] as string | undefined);
  if (!language) throw codedError('BAD_LANGUAGE', 'language is required', { field: 'language' });
  return {
    title: checkText(take(input.title, 'title'), 'title', MAX_TITLE),
    subtitle: checkText(take(input.subtitle, 'subtitle'), 'subtitle', MAX_TITLE, false),
    intro: checkText(take(input.intro, 'intro'), 'intro', MAX_NOTE, false),
    body: checkText(take(input.body, 'body'), 'body', MAX_BODY, false),
    image_url: checkLink(input.imageUrl ?? (before?.['image_url'] as string | null), 'imageUrl'),
    language: checkLanguage(language),
    // Only a new value is checked; a stored one stays as it is.
    release_time:
      input.releaseTime === undefined || input.releaseTime === null
        ? releaseText
        : checkReleaseTime(input.releaseTime, nowMs),
    sorting: checkSorting(input.sorting ?? (before ? Number(before['sorting']) : 0)),
    shown: input.shown ?? (before ? Boolean(before['shown']) : true),
  };
};

/** Public: released, shown articles, newest release first. */
export const articles = async (
  ctx: GraphQLContext,
  args: { language?: string | null; page?: number | null; pageSize?: number | null },
  staffView = false,
) => {
  if (staffView) requireStaff(ctx, 'content.view');
  const { page, pageSize, offset } = paging(args.page, args.pageSize, 100);
  const language = staffView
    ? args.language
      ? checkLanguage(args.language)
      : null
    : languageOf(ctx, args.language);
  const now = new Date(ctx.services.now()).toISOString();
  const where = `($1::text IS NULL OR language = $1) AND ($2::boolean OR (shown AND release_time <= $3))`;
  const params = [language, staffView, now];
  const [list, total] = await Promise.all([
    ctx.services.sql.query<Row>(
      `SELECT * FROM content_articles WHERE ${where} ORDER BY release_time DESC, id DESC LIMIT $4 OFFSET $5`,
      [...params, pageSize, offset],
    ),
    ctx.services.sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM content_articles WHERE ${where}`,
      params,
    ),
  ]);
  return { content: list.rows.map(articleView), page, pageSize, count: Number(total.rows[0]?.n ?? 0) };
};

export const article = async (ctx: GraphQLContext, id: string) => {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await ctx.services.sql.query<Row>(
    'SELECT * FROM content_articles WHERE id = $1 AND shown AND release_time <= $2',
    [id, new Date(ctx.services.now()).toISOString()],
  );
  return rows[0] ? articleView(rows[0]) : null;
};

/** Inserts (id null) or updates an article or document row, audited. Errors: NOT_FOUND. */
export const saveRow = async (
  ctx: GraphQLContext,
  spec: {
    table: 'content_articles' | 'content_documents';
    entity: string;
    columns: readonly string[];
    id: string | null;
    build: (
      before: Row | null,
      tx: SqlExecutor,
    ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<Row> => {
  const viewer = requireStaff(ctx, 'content.edit');
  if (spec.id !== null) checkId(spec.id, spec.entity);
  // Validate before opening the transaction when creating, so bad input costs no transaction.
  const prebuilt = spec.id === null ? await spec.build(null, ctx.services.sql) : null;
  return audited(
    ctx,
    viewer,
    { entity: spec.entity, verb: spec.id === null ? 'create' : 'update' },
    async (tx) => {
      if (spec.id === null) {
        const row = prebuilt!;
        const created = (
          await tx.query<Row>(
            `INSERT INTO ${spec.table} (${spec.columns.join(', ')})
           VALUES (${spec.columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
            spec.columns.map((c) => row[c]),
          )
        ).rows[0]!;
        return { before: null, after: created, id: String(created['id']), result: created };
      }
      const before = (await tx.query<Row>(`SELECT * FROM ${spec.table} WHERE id = $1 FOR UPDATE`, [spec.id]))
        .rows[0];
      if (!before) throw codedError('NOT_FOUND', `no ${spec.entity} ${spec.id}`);
      const row = await spec.build(before, tx);
      const updated = (
        await tx.query<Row>(
          `UPDATE ${spec.table} SET ${spec.columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
         WHERE id = $1 RETURNING *`,
          [spec.id, ...spec.columns.map((c) => row[c])],
        )
      ).rows[0]!;
      return { before, after: updated, id: spec.id, result: updated };
    },
  );
};

export const saveArticle = async (ctx: GraphQLContext, id: string | null, input: ArticleInput) => {
  requireStaff(ctx, 'content.edit');
  const row = await saveRow(ctx, {
    table: 'content_articles',
    entity: 'article',
    columns: ARTICLE_COLUMNS,
    id,
    build: (before) => articleRow(input, before, ctx.services.now()),
  });
  return articleView(row);
};

export const deleteArticle = (ctx: GraphQLContext, id: string) =>
  deleteAudited(ctx, 'content_articles', 'article', id);
