/**
 * CSV of a back-office list built in the browser (the product screens' "CSV" buttons: pool tickets,
 * racing rounds, casino transactions and GGR, promotions, protections). One rule for all of them, the
 * same as the server's background exports (`backoffice/exports.ts`): RFC 4180 quoting and CRLF records
 * by csv-stringify, a UTF-8 byte-order mark so that spreadsheets read Swahili and Chinese text, and a
 * leading `'` on text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR), numbers
 * excepted. Amounts are written as whole TZS integers, times as the caller formats them (East Africa
 * Time on screen).
 */
import { CSV_STRINGIFY_OPTIONS, csvSafeText as domainCsvSafeText } from '@bashiri/domain';
import { stringify } from 'csv-stringify/browser/esm/sync';

/** One cell's text with formula neutralisation (the domain's rule; exported for tests). */
export const csvSafeText = domainCsvSafeText;

/**
 * The CSV text of `rows` under `header`: one CRLF-terminated record per row. `null` and `undefined`
 * become empty cells, booleans `true`/`false`, dates ISO 8601, objects JSON.
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  stringify([header, ...rows] as unknown[][], CSV_STRINGIFY_OPTIONS);

/** Offers `text` (from {@link toCsv}) as a download named `name`, with a UTF-8 byte-order mark. */
export const downloadCsv = (name: string, text: string): void => {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
