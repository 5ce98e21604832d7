/**
 * The pub/sub emitter behind GraphQL subscriptions (architecture.md §5, §7; docs/live.md "Emitter";
 * docs/scaling.md "Several API instances").
 *
 * - `PUBSUB=memory` (default): an in-process `mqemitter`. Right for one API instance: a publish reaches
 *   the subscribers of this process only.
 * - `PUBSUB=redis`: `mqemitter-redis` on `REDIS_URL`, channels prefixed with `PUBSUB_PREFIX`. Every
 *   publish goes through Redis (PUBLISH) and comes back to every instance subscribed to the topic,
 *   this one included, so a change made on instance A reaches a websocket on instance B.
 *
 * Payloads cross Redis as MessagePack: publish plain JSON-like values (strings, numbers, booleans, null,
 * arrays, objects; instants as ISO text). `undefined` comes back as null.
 */
import { errorLog, rootLogger } from './logger.ts';
import mqemitter from 'mqemitter';
import mqemitterRedis from 'mqemitter-redis';
import type { MQEmitter } from 'mqemitter';
import type { ServerConfig } from './config.ts';

/** Where emitter failures go (a lost Redis connection, a failed publish). Default: the root pino logger. */
export type PubSubErrorLog = (message: string, error: unknown) => void;

/** The emitter `mqemitter-redis` exports with a channel prefix (not in its type declarations). */
type RedisPrefixEmitter = new (
  prefix: string,
  options: { connectionString: string },
) => MQEmitter & {
  state: { on(event: 'error', listener: (error: unknown) => void): void };
};

/**
 * The emitter `config` asks for (`PUBSUB`, `REDIS_URL`, `PUBSUB_PREFIX`). A Redis emitter connects in
 * the background and reconnects by itself (ioredis); while Redis is away publishes fail and are logged
 * through `log` — they are never thrown into the caller, who has already committed its change.
 */
export const createEmitter = (
  config: Pick<ServerConfig, 'PUBSUB' | 'REDIS_URL' | 'PUBSUB_PREFIX'>,
  log: PubSubErrorLog = errorLog(rootLogger()),
): MQEmitter => {
  if (config.PUBSUB !== 'redis') return mqemitter();
  const { MQEmitterRedisPrefix } = mqemitterRedis as unknown as { MQEmitterRedisPrefix: RedisPrefixEmitter };
  const emitter = new MQEmitterRedisPrefix(config.PUBSUB_PREFIX, { connectionString: config.REDIS_URL });
  // Without a listener an 'error' event would crash the process.
  emitter.state.on('error', (error) => log('pub/sub (redis) error:', error));
  return emitter;
};
