/**
 * `npm start`: the whole site in one process on the embedded default (PGlite in .data/pglite), or on
 * PostgreSQL when DATABASE_URL is set (architecture.md §7).
 */
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { modules } from './modules/index.ts';
import { authenticate } from './modules/identity/index.ts';
import { closeServices, openServices } from './services.ts';

const config = loadConfig();
const services = await openServices(config, modules);
const app = await buildApp(config, services, modules, { authenticate });
const stops: (() => Promise<void>)[] = [];
for (const module of modules) if (module.start) stops.push(await module.start(services));
services.projections.start();

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  for (const stop of stops.reverse()) await stop();
  await closeServices(services);
});

await app.listen({ host: config.HOST, port: config.PORT });
app.log.info(
  `Bashiri is running at http://${config.HOST}:${config.PORT} (event store: ${services.store.kind}${config.DATABASE_URL ? '' : `, data in ${config.PGLITE_DIR}`})`,
);
