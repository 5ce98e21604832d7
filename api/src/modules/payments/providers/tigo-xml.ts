/**
 * The one XML shape Tigo / Mixx by Yas uses for REQMFCI disbursements (mobile-money.md §4
 * "Disbursement"): a root `<COMMAND>` holding flat `<NAME>text</NAME>` elements. No XML library is
 * installed, so this is a small STRICT writer/reader for exactly that shape: no attributes, no nesting,
 * no CDATA, no comments, no DOCTYPE, only the five predefined entities; anything else throws.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const UNESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Z][A-Z0-9_]*$/;

/** `<?xml …?><COMMAND><K>v</K>…</COMMAND>`, keys in the given order; throws on a bad element name. */
export const writeCommandXml = (fields: Readonly<Record<string, string | number>>): string => {
  const parts = Object.entries(fields).map(([k, v]) => {
    if (!NAME.test(k)) throw new Error(`tigo xml: bad element name ${k}`);
    return `<${k}>${String(v).replace(/[&<>"']/g, (c) => ESCAPES[c] as string)}</${k}>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><COMMAND>${parts.join('')}</COMMAND>`;
};

const unescape = (text: string): string => {
  if (/[<>]/.test(text)) throw new Error('tigo xml: markup inside a text node');
  return text.replace(/&([a-z]+);|&/g, (m, name: string | undefined) => {
    const c = name ? UNESCAPES[name] : undefined;
    if (c === undefined) throw new Error(`tigo xml: unsupported entity ${m}`);
    return c;
  });
};

/** Reads `<COMMAND>` into `{NAME: text}`; throws on anything outside the fixed shape or a repeated name. */
export const readCommandXml = (xml: string): Record<string, string> => {
  const body = xml.trim().replace(/^<\?xml[^?]*\?>\s*/, '');
  const root = /^<COMMAND>([\s\S]*)<\/COMMAND>$/.exec(body);
  if (!root) throw new Error('tigo xml: expected a <COMMAND> root');
  const out: Record<string, string> = {};
  const element = /\s*<([A-Z][A-Z0-9_]*)>([^<]*)<\/\1>\s*|\s*<([A-Z][A-Z0-9_]*)\/>\s*/y;
  const inner = root[1] as string;
  while (element.lastIndex < inner.length) {
    const start = element.lastIndex;
    const m = element.exec(inner);
    if (!m) throw new Error(`tigo xml: unexpected content at ${start}`);
    const name = (m[1] ?? m[3]) as string;
    if (name in out) throw new Error(`tigo xml: repeated element ${name}`);
    out[name] = m[1] ? unescape(m[2] as string) : '';
  }
  return out;
};
