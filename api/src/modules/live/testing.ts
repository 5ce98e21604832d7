/**
 * Test helper: a small graphql-ws client (protocol `graphql-transport-ws`, what the `graphql-ws` package
 * speaks) over the `ws` package, for integration tests against a listening server. `ws` comes with
 * Mercurius (its own dependency); it has no type declarations here, so the few calls used are typed below.
 */
import { createRequire } from 'node:module';

/** The part of a `ws` WebSocket this client uses. */
interface WsSocket {
  readonly readyState: number;
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  close(code?: number): void;
}

const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols: string[]) => WsSocket;

/** A GraphQL error as sent over the socket. */
export interface WsGraphQLError {
  readonly message: string;
  readonly extensions?: { readonly code?: string; readonly field?: string };
}

/** What one subscription receives: a result (`next`), errors (`error`, it ends), or the end (`complete`). */
export type WsEvent =
  | { readonly type: 'next'; readonly payload: { data?: Record<string, unknown>; errors?: WsGraphQLError[] } }
  | { readonly type: 'error'; readonly payload: WsGraphQLError[] }
  | { readonly type: 'complete' };

/** One running subscription. */
export interface WsSubscription {
  /** The next event, or a rejection after `timeoutMs` (default 5 s). */
  next(timeoutMs?: number): Promise<WsEvent>;
  /** Events received and not yet taken with `next`. */
  readonly pending: readonly WsEvent[];
  /** Stops the subscription (client `complete`). */
  stop(): void;
}

/** A connected, acknowledged client. */
export interface WsClient {
  subscribe(query: string, variables?: Record<string, unknown>): WsSubscription;
  /** Server `ping`s received (spec §7 heartbeat). */
  readonly pings: number;
  close(): Promise<void>;
}

/**
 * Opens `url` (e.g. `ws://127.0.0.1:1234/graphql`), sends `connection_init` with `payload` (e.g.
 * `{ authorization: 'Bearer …' }`) and resolves after `connection_ack`; rejects on a refusal or after
 * `timeoutMs`. Server pings are answered with pongs.
 */
export const connectWs = async (
  url: string,
  payload: Record<string, unknown> = {},
  timeoutMs = 5_000,
): Promise<WsClient> => {
  const socket = new WebSocket(url, ['graphql-transport-ws']);
  const subscriptions = new Map<string, { events: WsEvent[]; waiters: ((event: WsEvent) => void)[] }>();
  let nextId = 0;
  let pings = 0;
  let closed: Promise<void> | null = null;
  const closedNow = new Promise<void>((resolve) => socket.on('close', () => resolve()));

  const deliver = (id: string, event: WsEvent) => {
    const sub = subscriptions.get(id);
    if (!sub) return;
    const waiter = sub.waiters.shift();
    if (waiter) waiter(event);
    else sub.events.push(event);
  };

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection_ack in time')), timeoutMs);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`socket closed before connection_ack: ${code} ${reason.toString()}`));
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: string; payload?: unknown };
      switch (message.type) {
        case 'connection_ack':
          clearTimeout(timer);
          resolve();
          break;
        case 'connection_error':
          clearTimeout(timer);
          reject(new Error(`connection refused: ${JSON.stringify(message.payload)}`));
          break;
        case 'ping':
          pings += 1;
          socket.send(JSON.stringify({ type: 'pong' }));
          break;
        case 'next':
        case 'error':
        case 'complete':
          deliver(message.id ?? '', message as WsEvent);
          break;
        default:
          break;
      }
    });
  });

  return {
    get pings() {
      return pings;
    },
    subscribe: (query, variables = {}) => {
      nextId += 1;
      const id = String(nextId);
      const sub = { events: [] as WsEvent[], waiters: [] as ((event: WsEvent) => void)[] };
      subscriptions.set(id, sub);
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
      return {
        get pending() {
          return sub.events;
        },
        next: (wait = 5_000) => {
          const ready = sub.events.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise<WsEvent>((resolve, reject) => {
            const waiter = (event: WsEvent) => {
              clearTimeout(timer);
              resolve(event);
            };
            const timer = setTimeout(() => {
              sub.waiters.splice(sub.waiters.indexOf(waiter), 1);
              reject(new Error(`no event on subscription ${id} within ${wait} ms`));
            }, wait);
            sub.waiters.push(waiter);
          });
        },
        stop: () => {
          socket.send(JSON.stringify({ id, type: 'complete' }));
          subscriptions.delete(id);
        },
      };
    },
    close: () => {
      closed ??= (async () => {
        if (socket.readyState === 1) socket.close(1000);
        await closedNow;
      })();
      return closed;
    },
  };
};

/**
 * Publishes with `publish` every `everyMs` until `subscription` receives an event `matches` accepts,
 * and returns that event (other events received meanwhile are dropped). Use it to know a subscription is
 * live on the server before the real test step: the protocol has no "subscribed" acknowledgement.
 */
export const untilReceived = async (
  subscription: WsSubscription,
  publish: () => void | Promise<void>,
  matches: (event: WsEvent) => boolean,
  { everyMs = 50, timeoutMs = 10_000 } = {},
): Promise<WsEvent> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await publish();
    const until = Date.now() + everyMs;
    while (Date.now() < until) {
      const event = await subscription.next(Math.max(1, until - Date.now())).catch(() => null);
      if (event && matches(event)) return event;
      if (event?.type === 'error' || event?.type === 'complete')
        throw new Error(`subscription ended: ${JSON.stringify(event)}`);
    }
    if (Date.now() > deadline) throw new Error(`nothing received within ${timeoutMs} ms`);
  }
};
