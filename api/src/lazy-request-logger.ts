/**
 * A request logger made only when something logs through it (issue 22 "Speed", `bench:casino`):
 * Fastify builds a pino child logger for every request (`logger.child({ reqId })`: the bindings
 * serialised, a new logger object), 2–3 % of the server's CPU under a provider's thousands of wallet
 * calls a second, although at the usual levels nothing logs through it on a call that succeeds (the
 * request lines are `info`; the server runs at `warn` under load). A route that opts in with
 * `childLoggerFactory: lazyChildLoggerFactory` gets a stand-in that answers the logger's methods and
 * creates the real child, with the same bindings and options, on the first line that its level lets
 * through — so an error, or every request line at `info`, is logged exactly as before, `reqId`
 * included.
 */
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** What pino's loggers have beyond Fastify's base logger type. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

class LazyChild {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: PinoLike,
    private readonly childBindings: Bindings,
    private readonly options: Options,
  ) {}

  /** The real child logger, made once. */
  #real(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.childBindings, this.options));
  }

  #log(level: Level, args: unknown[]): void {
    if (!this.#made && this.parent.isLevelEnabled && !this.parent.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory` for a hot route (see the module comment): the request's logger is
 * made on its first line that the level lets through. With a level of its own (the route's
 * `logLevel`) or a logger without `isLevelEnabled` (not pino) the child is made at once, as Fastify's
 * default does.
 */
export const lazyChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: Options,
): FastifyBaseLogger => {
  const parent = logger as PinoLike;
  if (options.level !== undefined || !parent.isLevelEnabled) return logger.child(bindings, options);
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
};
