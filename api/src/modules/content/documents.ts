/**
 * Documents (spec §2 route /artcol type 14 rules, /help; §7 file/obs_add): a title with a Markdown body
 * or an uploaded text or PDF file, per language. Staff edits are audited; public reads show only shown
 * documents.
 */
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import { requireStaff } from '../../auth/guard.ts';
import { checkLanguage, checkSorting, checkText, languageOf } from './common.ts';
import { MAX_BODY, MAX_TITLE, checkTypeNumber, deleteAudited, iso, saveRow } from './items.ts';
import type { Row } from './items.ts';
import { renderMarkdown } from './markdown.ts';

/** Rules documents (spec §2 /artcol type 14). */
export const RULES_DOCUMENT = 14;

export interface DocumentInput {
  readonly type?: number | null;
  readonly title?: string | null;
  readonly body?: string | null;
  readonly fileUrl?: string | null;
  readonly language?: string | null;
  readonly sorting?: number | null;
  readonly shown?: boolean | null;
}

/** Content types a document's file may have (spec §7 file/obs_add: documents accept txt; PDF too). */
export const DOCUMENT_FILE_TYPES = ['text/plain', 'application/pdf'];

const DOCUMENT_COLUMNS = ['type', 'title', 'body', 'file_url', 'language', 'sorting', 'shown'] as const;

const documentView = (r: Row) => ({
  id: String(r['id']),
  type: Number(r['type']),
  title: r['title'],
  body: r['body'],
  html: renderMarkdown(String(r['body'])),
  fileUrl: r['file_url'] ?? null,
  language: r['language'],
  sorting: Number(r['sorting']),
  shown: r['shown'],
  updatedAt: iso(r['updated_at']),
});

/**
 * A document row: type 1–99, a title, and a body or a file (`DOCUMENT_EMPTY` when neither; spec §2
 * type 14 rules must say something). A file must be one of our uploads of a document type (`BAD_FILE`).
 */
const documentRow = async (input: DocumentInput, before: Row | null, sql: SqlExecutor) => {
  const type = input.type ?? (before ? Number(before['type']) : null);
  if (type === null || !Number.isInteger(type) || type < 1 || type > 99)
    throw codedError('BAD_INPUT', 'type: 1 to 99 (14 = rules)', { field: 'type' });
  const title = checkText(input.title ?? String(before?.['title'] ?? ''), 'title', MAX_TITLE);
  const body = checkText(input.body ?? String(before?.['body'] ?? ''), 'body', MAX_BODY, false);
  const fileText = input.fileUrl ?? (before?.['file_url'] as string | null | undefined) ?? '';
  let fileUrl: string | null = null;
  if (fileText.trim() !== '') {
    const match = /^\/uploads\/([0-9a-f-]{36})\.[a-z0-9]+$/.exec(fileText.trim());
    const file = match
      ? (
          await sql.query<{ content_type: string }>('SELECT content_type FROM content_files WHERE id = $1', [
            match[1],
          ])
        ).rows[0]
      : undefined;
    if (!file || !DOCUMENT_FILE_TYPES.includes(file.content_type))
      throw codedError('BAD_FILE', 'fileUrl: an uploaded text or PDF file (/uploads/…)', {
        field: 'fileUrl',
      });
    fileUrl = fileText.trim();
  }
  if (body === '' && fileUrl === null)
    throw codedError('DOCUMENT_EMPTY', 'a document needs a body or a file', { field: 'body' });
  const language = input.language ?? (before?.['language'] as string | undefined);
  if (!language) throw codedError('BAD_LANGUAGE', 'language is required', { field: 'language' });
  return {
    type,
    title,
    body,
    file_url: fileUrl,
    language: checkLanguage(language),
    sorting: checkSorting(input.sorting ?? (before ? Number(before['sorting']) : 0)),
    shown: input.shown ?? (before ? Boolean(before['shown']) : true),
  };
};

/** Public: shown documents of a type in a language, higher sorting first. */
export const documents = async (ctx: GraphQLContext, type: number, language?: string | null) => {
  checkTypeNumber(type, 1, 99);
  const { rows } = await ctx.services.sql.query<Row>(
    `SELECT * FROM content_documents WHERE type = $1 AND language = $2 AND shown ORDER BY sorting DESC, id LIMIT 200`,
    [type, languageOf(ctx, language)],
  );
  return rows.map(documentView);
};

export const staffDocuments = async (ctx: GraphQLContext, type?: number | null) => {
  requireStaff(ctx, 'content.view');
  if (type !== null && type !== undefined) checkTypeNumber(type, 1, 99);
  const { rows } = await ctx.services.sql.query<Row>(
    `SELECT * FROM content_documents WHERE $1::smallint IS NULL OR type = $1 ORDER BY type, language, sorting DESC, id`,
    [type ?? null],
  );
  return rows.map(documentView);
};

export const saveDocument = async (ctx: GraphQLContext, id: string | null, input: DocumentInput) => {
  requireStaff(ctx, 'content.edit');
  const row = await saveRow(ctx, {
    table: 'content_documents',
    entity: 'document',
    columns: DOCUMENT_COLUMNS,
    id,
    build: (before, tx) => documentRow(input, before, tx),
  });
  return documentView(row);
};

export const deleteDocument = (ctx: GraphQLContext, id: string) =>
  deleteAudited(ctx, 'content_documents', 'document', id);
