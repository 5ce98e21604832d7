/**
 * Uploaded files (issue 8 "image upload", "documents (upload …)"; spec §7 file/obs_add "documents accept
 * txt"). `@fastify/multipart` is not installed, so staff send a file as a data URL in the `uploadFile`
 * mutation (at most {@link MAX_UPLOAD_BYTES} decoded, which keeps the request under Fastify's 1 MiB body
 * limit; only staff may send a `/graphql` body that large, graphql/limits.ts). Types are checked by
 * content (`file-type`) and SVG is sanitised by DOMPurify (issue 15 item 7). The bytes are kept in `content_files` (every API instance serves every file) and served at
 * `GET /uploads/<id>.<ext>` with a sandboxing Content-Security-Policy and `nosniff`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { DOMPurify } from 'dompurify';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { SqlExecutor } from '@bashiri/eventstore';
import type { GraphQLContext } from '../../graphql/context.ts';
import { codedError } from '../../graphql/errors.ts';
import type { AppServices } from '../../services.ts';
import { requireStaff } from '../../auth/guard.ts';
import { audited, checkText } from './common.ts';

/** Largest file, bytes after base64 decoding. */
export const MAX_UPLOAD_BYTES = 700 * 1024;
/** Largest SVG or text file: they are parsed (DOMPurify, UTF-8), so kept smaller than images. */
export const MAX_MARKUP_BYTES = 256 * 1024;

/**
 * Allowed content types: their extension and the check of the bytes (issue 15 item 7), which answers
 * the bytes to store or null when they are not a safe file of that type. Binary types are recognised
 * from their content by `file-type`; text must be UTF-8 without control characters and not a binary
 * format; SVG is sanitised by DOMPurify's SVG profile and refused when it held anything active.
 */
export const UPLOAD_TYPES: Readonly<
  Record<string, { ext: string; check: (b: Buffer) => Promise<Buffer | null> }>
> = {
  'image/png': { ext: 'png', check: (b) => detected(b, 'image/png') },
  'image/jpeg': { ext: 'jpg', check: (b) => detected(b, 'image/jpeg') },
  'image/gif': { ext: 'gif', check: (b) => detected(b, 'image/gif') },
  'image/webp': { ext: 'webp', check: (b) => detected(b, 'image/webp') },
  'image/svg+xml': { ext: 'svg', check: (b) => sanitisedSvg(b) },
  'text/plain': {
    ext: 'txt',
    check: async (b) =>
      b.length <= MAX_MARKUP_BYTES && isUtf8Text(b) && !(await fileTypeFromBuffer(b)) ? b : null,
  },
  'application/pdf': { ext: 'pdf', check: (b) => detected(b, 'application/pdf') },
};

/** `bytes` when `file-type` recognises them as `mime` from their content, else null. */
const detected = async (bytes: Buffer, mime: string): Promise<Buffer | null> =>
  (await fileTypeFromBuffer(bytes))?.mime === mime ? bytes : null;

const isUtf8Text = (bytes: Buffer): boolean => {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return !/[\u0000-\u0008\u000e-\u001f]/.test(text);
  } catch {
    return false;
  }
};

/** DOMPurify on a jsdom window, made on the first SVG (jsdom is slow to load). */
let purifier: Promise<DOMPurify> | null = null;
const svgPurifier = (): Promise<DOMPurify> =>
  (purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    return createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  })());

/**
 * The SVG document sanitised by DOMPurify's SVG profile (issue 15 item 7), or null when the bytes are
 * not a UTF-8 SVG document or DOMPurify removed anything (scripts, event handlers, foreign objects,
 * outside references): an image that needed cleaning is refused rather than silently changed.
 */
const sanitisedSvg = async (bytes: Buffer): Promise<Buffer | null> => {
  if (bytes.length > MAX_MARKUP_BYTES || !isUtf8Text(bytes)) return null;
  const text = bytes
    .toString('utf8')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .trim();
  if (!/^(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return null;
  const purify = await svgPurifier();
  const clean = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
  // DOMPurify always reports the <body> it parsed the fragment into; anything else it removed was in the file.
  const removed = purify.removed.filter(
    (r) => !('element' in r && (r.element as { nodeName?: string }).nodeName === 'BODY'),
  );
  if (removed.length > 0 || !/^<svg[\s>]/i.test(clean)) return null;
  return Buffer.from(clean, 'utf8');
};

/** A stored file, as GraphQL `UploadedFile`. */
export interface UploadedFile {
  readonly id: string;
  readonly url: string;
  readonly name: string;
  readonly contentType: string;
  readonly sizeBytes: number;
}

const DATA_URL = /^data:([a-z0-9.+/-]+)(;[a-z0-9-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/i;

/** Checks and stores one file; returns where it is served. Used by `uploadFile` and the seed. */
export const storeFile = async (
  sql: SqlExecutor,
  file: { name: string; contentType: string; bytes: Buffer; createdBy: string; id?: string },
): Promise<UploadedFile> => {
  const type = UPLOAD_TYPES[file.contentType];
  if (!type)
    throw codedError('UPLOAD_TYPE_NOT_ALLOWED', `allowed: ${Object.keys(UPLOAD_TYPES).join(', ')}`, {
      field: 'dataUrl',
    });
  if (file.bytes.length === 0) throw codedError('BAD_INPUT', 'the file is empty', { field: 'dataUrl' });
  if (file.bytes.length > MAX_UPLOAD_BYTES)
    throw codedError('UPLOAD_TOO_LARGE', `at most ${MAX_UPLOAD_BYTES} bytes`, {
      field: 'dataUrl',
      details: { max: MAX_UPLOAD_BYTES, size: file.bytes.length },
    });
  const bytes = await type.check(file.bytes);
  if (!bytes)
    throw codedError('UPLOAD_CONTENT_MISMATCH', `the bytes are not a safe ${file.contentType} file`, {
      field: 'dataUrl',
    });
  const id = file.id ?? randomUUID();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await sql.query(
    `INSERT INTO content_files (id, name, content_type, extension, size_bytes, sha256, bytes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
    [id, file.name, file.contentType, type.ext, bytes.length, sha256, bytes, file.createdBy],
  );
  return {
    id,
    url: `/uploads/${id}.${type.ext}`,
    name: file.name,
    contentType: file.contentType,
    sizeBytes: bytes.length,
  };
};

/** Staff `uploadFile` (content.edit): decodes the data URL, checks and stores the file, audited `file.upload`. */
export const uploadFile = async (
  ctx: GraphQLContext,
  name: string,
  dataUrl: string,
): Promise<UploadedFile> => {
  const viewer = requireStaff(ctx, 'content.edit');
  const fileName = checkText(name, 'name', 200);
  // Base64 is 4/3 of the bytes: refuse an oversized text before decoding it.
  if (dataUrl.length > Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 200)
    throw codedError('UPLOAD_TOO_LARGE', `at most ${MAX_UPLOAD_BYTES} bytes`, {
      field: 'dataUrl',
      details: { max: MAX_UPLOAD_BYTES },
    });
  const parsed = DATA_URL.exec(dataUrl.trim());
  if (!parsed) throw codedError('BAD_INPUT', 'dataUrl: data:<type>;base64,<bytes>', { field: 'dataUrl' });
  const contentType = parsed[1]!.toLowerCase();
  const bytes = Buffer.from(parsed[3]!.replace(/\s/g, ''), 'base64');
  return audited(ctx, viewer, { entity: 'file', verb: 'upload' }, async (tx) => {
    const stored = await storeFile(tx, {
      name: fileName,
      contentType,
      bytes,
      createdBy: `staff:${viewer.staffId}`,
    });
    const { id, url, contentType: type, sizeBytes } = stored;
    return {
      before: null,
      after: { id, url, name: fileName, contentType: type, sizeBytes },
      id,
      result: stored,
    };
  });
};

/** `GET /uploads/<id>.<ext>`: the file's bytes, cached for a year (ids never change content). */
export const uploadRoutes = async (app: FastifyInstance, services: AppServices): Promise<void> => {
  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.([a-z0-9]+)$/.exec(request.params.file);
    if (!match) return reply.code(404).send({ code: 'NOT_FOUND', message: 'no such file' });
    const { rows } = await services.sql.query<{
      content_type: string;
      extension: string;
      bytes: Buffer | Uint8Array;
    }>('SELECT content_type, extension, bytes FROM content_files WHERE id = $1', [match[1]]);
    const file = rows[0];
    if (!file || file.extension !== match[2])
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'no such file' });
    return (
      reply
        .header(
          'content-type',
          file.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : file.content_type,
        )
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // The player site and the back office may be served from another origin (Vite in development).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(file.bytes))
    );
  });
};
