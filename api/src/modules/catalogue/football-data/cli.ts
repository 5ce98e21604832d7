/**
 * `npm run import -- <file or folder> [--closing|--opening] [--bookmaker Avg|Max|B365|PS|…]`: loads
 * football-data.co.uk CSV files into the catalogue on DATABASE_URL or the embedded default
 * (docs/catalogue.md "Importer"). Prints one line per file and every problem with its line number;
 * exits 1 when a file could not be read or loaded (bad rows do not count: they are reported).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../config.ts';
import { modules } from '../../index.ts';
import { closeServices, openServices } from '../../../services.ts';
import { seedCatalogue } from '../seed.ts';
import { importFootballData } from './import.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    closing: { type: 'boolean', default: false },
    opening: { type: 'boolean', default: false },
    bookmaker: { type: 'string', default: 'Avg' },
    quiet: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0 || (values.closing && values.opening)) {
  console.error(
    'usage: npm run import -- <file or folder>… [--closing|--opening] [--bookmaker Avg|Max|B365|PS|…] [--quiet]',
  );
  process.exit(2);
}

const files: string[] = [];
for (const path of positionals) {
  const info = await stat(path);
  if (info.isDirectory())
    files.push(
      ...(await readdir(path))
        .filter((f) => f.toLowerCase().endsWith('.csv'))
        .sort()
        .map((f) => join(path, f)),
    );
  else files.push(path);
}

const services = await openServices(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), modules);
let failed = 0;
try {
  await seedCatalogue(services.sql);
  for (const file of files) {
    const started = Date.now();
    try {
      const report = await importFootballData(services, await readFile(file, 'utf8'), {
        source: file,
        prices: values.opening ? 'opening' : 'closing',
        bookmaker: values.bookmaker,
      });
      const errors = report.problems.filter((p) => p.level === 'error').length;
      console.log(
        `${file}: season ${report.season ?? '?'}, ${report.fixtures}/${report.rows} rows, matches +${report.matchesInserted} ~${report.matchesUpdated}, outcomes +${report.outcomesInserted} ~${report.outcomesUpdated}, results recorded ${report.resultsRecorded}, ${errors} rows skipped, ${report.problems.length - errors} warnings (${Date.now() - started} ms)`,
      );
      if (!values.quiet)
        for (const p of report.problems)
          console.log(`  ${p.level} ${p.line === null ? 'file' : `line ${p.line}`}: ${p.reason}`);
    } catch (error) {
      failed++;
      console.error(`${file}: not imported: ${(error as Error).message}`);
    }
  }
} finally {
  await closeServices(services);
}
process.exitCode = failed > 0 ? 1 : 0;
