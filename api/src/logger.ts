/**
 * The server's one logger (decision 0012): pino, JSON lines on stdout at `LOG_LEVEL`. `openServices`
 * creates it and hands it to Fastify (`loggerInstance`), so request logs, background workers (settlement,
 * payments, the feed, projections) and start-up lines all go through it.
 */
import { pino } from 'pino';
import type { Logger } from 'pino';
import type { ServerConfig } from './config.ts';

export type { Logger };

/** The root logger for `config.LOG_LEVEL`. */
export const createLogger = (config: Pick<ServerConfig, 'LOG_LEVEL'>): Logger =>
  pino({ level: config.LOG_LEVEL });

/** `(message, error)` callbacks of the workers, logging at error level with the error under `err`. */
export const errorLog =
  (logger: Logger) =>
  (message: string, error?: unknown): void =>
    logger.error({ err: error }, message);

let root: Logger | undefined;

/**
 * The process's logger for code that runs outside any `AppServices` (module defaults made before the
 * server starts, such as the SMS sandbox): pino at `LOG_LEVEL` from the environment (default info).
 */
export const rootLogger = (): Logger => (root ??= pino({ level: process.env.LOG_LEVEL ?? 'info' }));
