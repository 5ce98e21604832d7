/**
 * The one XML shape Tigo / Mixx by Yas uses for REQMFCI disbursements (mobile-money.md §4
 * "Disbursement"): a root `<COMMAND>` holding flat `<NAME>text</NAME>` elements. Reading and writing go
 * through fast-xml-parser; on top of it this module is STRICT about the shape, since an answer we
 * misread could pay twice: no attributes, no nesting, no mixed text, no CDATA, comments or DOCTYPE, only
 * the five predefined entities (and character references); anything else throws.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

const NAME = /^[A-Z][A-Z0-9_]*$/;
const TEXT = '#text';

const builder = new XMLBuilder({ format: false, suppressEmptyNode: false, processEntities: true });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  textNodeName: TEXT,
});

/** `<?xml …?><COMMAND><K>v</K>…</COMMAND>`, keys in the given order; throws on a bad element name. */
export const writeCommandXml = (fields: Readonly<Record<string, string | number>>): string => {
  const command: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (!NAME.test(k)) throw new Error(`tigo xml: bad element name ${k}`);
    command[k] = String(v);
  }
  // The builder escapes &, <, >, " and ' itself (processEntities).
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ COMMAND: command }) as string}`;
};

/** Reads `<COMMAND>` into `{NAME: text}`; throws on anything outside the fixed shape or a repeated name. */
export const readCommandXml = (xml: string): Record<string, string> => {
  if (xml.includes('<!')) throw new Error('tigo xml: comments, CDATA and DOCTYPE are not accepted');
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(xml))
    throw new Error('tigo xml: unsupported entity');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`tigo xml: ${valid.err.msg} (line ${valid.err.line})`);
  const document = parser.parse(xml) as Record<string, unknown>;
  const roots = Object.keys(document).filter((key) => !(key === TEXT && isBlank(document[key])));
  if (roots.length !== 1 || roots[0] !== 'COMMAND') throw new Error('tigo xml: expected a <COMMAND> root');
  const command = document.COMMAND;
  if (command === '') return {};
  if (typeof command !== 'object' || command === null || Array.isArray(command))
    throw new Error('tigo xml: expected a <COMMAND> root holding elements');
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(command)) {
    if (name === TEXT) {
      if (!isBlank(value)) throw new Error('tigo xml: text outside an element');
      continue;
    }
    if (!NAME.test(name)) throw new Error(`tigo xml: unexpected ${name}`);
    if (Array.isArray(value)) throw new Error(`tigo xml: repeated element ${name}`);
    if (typeof value !== 'string') throw new Error(`tigo xml: element ${name} is not plain text`);
    out[name] = value;
  }
  return out;
};

const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';
