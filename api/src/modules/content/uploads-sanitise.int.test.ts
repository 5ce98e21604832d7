/**
 * Uploads are checked by content and SVG is sanitised by DOMPurify (issue 15 item 7; uploads.ts):
 * tricks the hand-written filter let through — an entity-encoded `javascript:` link, an SVG `<use>` of
 * another site's file, text that is really a binary format — are refused, clean SVG is stored as
 * DOMPurify serialised it, and `/uploads` keeps its sandboxing Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, startTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { MAX_MARKUP_BYTES } from './uploads.ts';

const EDITOR = staff('7', ['content.view', 'content.edit']);
const UPLOAD = `mutation ($name: String!, $dataUrl: String!) { uploadFile(name: $name, dataUrl: $dataUrl) { url sizeBytes } }`;
const dataUrl = (type: string, text: string | Buffer) =>
  `data:${type};base64,${Buffer.from(text).toString('base64')}`;

describe('upload content checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  const upload = (name: string, url: string) =>
    t.gql<{ uploadFile: { url: string; sizeBytes: number } }>(UPLOAD, { name, dataUrl: url }, EDITOR);

  it.each([
    [
      'an entity-encoded javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript&#58;alert(1)"><text>x</text></a></svg>',
    ],
    [
      'a <use> of another site',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>',
    ],
    [
      'an animate that sets href',
      '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
    ],
    [
      'a script in CDATA-free style',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="onmouseover" to="alert(1)"/></svg>',
    ],
  ])('refuses SVG with %s', async (_what, svg) => {
    const answer = await upload('evil.svg', dataUrl('image/svg+xml', svg));
    expect(answer.errors?.[0]?.extensions?.code).toBe('UPLOAD_CONTENT_MISMATCH');
  });

  it('stores a clean SVG as DOMPurify serialised it, served under the sandboxing CSP', async () => {
    const svg =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#0a0"/></svg>';
    const answer = await upload('ok.svg', dataUrl('image/svg+xml', svg));
    expect(answer.errors).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: answer.data!.uploadFile.url });
    expect(served.body).toMatch(/^<svg[^>]*><rect[^>]*><\/rect><\/svg>$/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a PDF sent as text and a GIF sent as PNG (types by content, file-type)', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
      'latin1',
    );
    expect((await upload('x.txt', dataUrl('text/plain', pdf))).errors?.[0]?.extensions?.code).toBe(
      'UPLOAD_CONTENT_MISMATCH',
    );
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    expect((await upload('x.png', dataUrl('image/png', gif))).errors?.[0]?.extensions?.code).toBe(
      'UPLOAD_CONTENT_MISMATCH',
    );
    expect((await upload('x.gif', dataUrl('image/gif', gif))).errors).toBeUndefined();
  });

  it('refuses SVG and text above the markup size', async () => {
    const big = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(MAX_MARKUP_BYTES)}</desc></svg>`;
    expect((await upload('big.svg', dataUrl('image/svg+xml', big))).errors?.[0]?.extensions?.code).toBe(
      'UPLOAD_CONTENT_MISMATCH',
    );
  });
});
