/**
 * The one CSV rule of Bashiri's exports, shared by the server's background exports
 * (`api/src/modules/backoffice/exports.ts`) and the back office's in-browser downloads
 * (`web-admin/src/components/csv.ts`): options for csv-stringify's `stringify` (RFC 4180 quoting, CRLF
 * records, a bare LF or CR inside a field quoted too), dates as ISO 8601, objects as JSON, booleans as
 * `true`/`false`, and a leading `'` on text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab, CR), signed numbers excepted. Pure data and functions: the callers bring csv-stringify.
 */

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One cell's text with formula neutralisation: `=SUM(A1)` → `'=SUM(A1)`; `-1500` stays. */
export const csvSafeText = (value: string): string =>
  FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;

/** Options for csv-stringify's `stringify` that implement the rule above. */
export const CSV_STRINGIFY_OPTIONS = {
  record_delimiter: 'windows',
  // a bare LF or CR inside a field is quoted too (by default only the CRLF delimiter is)
  quoted_match: /[\r\n]/,
  cast: {
    boolean: (value: boolean): string => String(value),
    date: (value: Date): string => value.toISOString(),
    object: (value: object): string => JSON.stringify(value),
    string: csvSafeText,
  },
} as const;
