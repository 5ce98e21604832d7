/**
 * Rich-text pages (spec §2 routes /rich_text, /help, /privacy_policy): one Markdown page per (slug,
 * language), optionally with a type number the player site asks by. Staff edits are audited
 * (`rich_text.save`, `rich_text.delete`).
 */
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { requireStaff } from '../../auth/guard.ts';
import { LANGUAGES, audited, checkLanguage, checkText, languageOf } from './common.ts';
import { MAX_BODY, MAX_TITLE, checkTypeNumber, iso } from './items.ts';
import type { Row } from './items.ts';
import { renderMarkdown } from './markdown.ts';

export interface PageInput {
  readonly slug: string;
  readonly type?: number | null;
  readonly language: string;
  readonly title: string;
  readonly body: string;
}

const pageView = (r: Row) => ({
  slug: r['slug'],
  type: r['type'] === null ? null : Number(r['type']),
  language: r['language'],
  title: r['title'],
  body: r['body'],
  html: renderMarkdown(String(r['body'])),
  updatedAt: iso(r['updated_at']),
});

const checkSlug = (slug: string): string => {
  const s = slug.trim();
  if (!/^[a-z0-9][a-z0-9-]{1,39}$/.test(s))
    throw codedError('BAD_SLUG', 'slug: lower-case letters, digits and hyphens, 2–40', { field: 'slug' });
  return s;
};

/** Public: the page of a slug (or type) in the language asked, else sw, else en-US, else any. */
export const richTextPage = async (
  ctx: GraphQLContext,
  args: { slug?: string | null; type?: number | null; language?: string | null },
) => {
  if (!args.slug && (args.type === null || args.type === undefined))
    throw codedError('BAD_INPUT', 'slug or type is required', { field: 'slug' });
  if (args.type !== null && args.type !== undefined) checkTypeNumber(args.type, 1, 999);
  const language = languageOf(ctx, args.language);
  const { rows } = await ctx.services.sql.query<Row>(
    `SELECT * FROM content_pages WHERE ($1::text IS NOT NULL AND slug = $1) OR ($1::text IS NULL AND type = $2)
     ORDER BY array_position($3::text[], language) NULLS LAST, id LIMIT 1`,
    [args.slug ?? null, args.type ?? null, [language, 'sw', 'en-US', ...LANGUAGES]],
  );
  return rows[0] ? pageView(rows[0]) : null;
};

export const staffRichTextPages = async (ctx: GraphQLContext) => {
  requireStaff(ctx, 'content.view');
  const { rows } = await ctx.services.sql.query<Row>('SELECT * FROM content_pages ORDER BY slug, language');
  return rows.map(pageView);
};

/** Creates or replaces the page of (slug, language), audited `rich_text.save`. */
export const saveRichTextPage = async (ctx: GraphQLContext, input: PageInput) => {
  const viewer = requireStaff(ctx, 'content.edit');
  const slug = checkSlug(input.slug);
  const language = checkLanguage(input.language);
  const title = checkText(input.title, 'title', MAX_TITLE);
  const body = checkText(input.body, 'body', MAX_BODY);
  const type = input.type ?? null;
  if (type !== null && (!Number.isInteger(type) || type < 1 || type > 999))
    throw codedError('BAD_INPUT', 'type: 1 to 999', { field: 'type' });
  const row = await audited(ctx, viewer, { entity: 'rich_text', verb: 'save' }, async (tx) => {
    if (type !== null) {
      const clash = await tx.query(
        'SELECT 1 FROM content_pages WHERE type = $1 AND language = $2 AND slug <> $3',
        [type, language, slug],
      );
      if (clash.rows.length > 0)
        throw codedError('CONFLICT', `type ${type} belongs to another page`, { field: 'type' });
    }
    const before =
      (
        await tx.query<Row>('SELECT * FROM content_pages WHERE slug = $1 AND language = $2 FOR UPDATE', [
          slug,
          language,
        ])
      ).rows[0] ?? null;
    const after = (
      await tx.query<Row>(
        `INSERT INTO content_pages (slug, type, language, title, body) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (slug, language) DO UPDATE SET type = $2, title = $4, body = $5, updated_at = now()
         RETURNING *`,
        [slug, type, language, title, body],
      )
    ).rows[0]!;
    return { before, after, id: `${slug}/${language}`, result: after };
  });
  return pageView(row);
};

export const deleteRichTextPage = async (ctx: GraphQLContext, slug: string, language: string) => {
  const viewer = requireStaff(ctx, 'content.edit');
  return audited(ctx, viewer, { entity: 'rich_text', verb: 'delete' }, async (tx) => {
    const before = (
      await tx.query<Row>('DELETE FROM content_pages WHERE slug = $1 AND language = $2 RETURNING *', [
        slug.trim(),
        language.trim(),
      ])
    ).rows[0];
    if (!before) throw codedError('NOT_FOUND', `no page ${slug} in ${language}`);
    return { before, after: null, id: `${slug}/${language}`, result: true };
  });
};
