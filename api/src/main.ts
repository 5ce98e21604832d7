/**
 * `npm start`: the whole site in one process on the embedded default (PGlite in .data/pglite), or on
 * PostgreSQL when DATABASE_URL is set (architecture.md §7). `prestart` builds the web apps it serves
 * when they are missing or stale (api/scripts/build-web.ts).
 */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer({ config });
const { app, services } = server;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await server.close();
});

app.log.info(
  `Bashiri is running at ${server.url} (player site at /, back office at /admin/; event store: ${services.store.kind}${config.DATABASE_URL ? '' : `, data in ${config.PGLITE_DIR}`})`,
);
