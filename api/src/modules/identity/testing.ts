/**
 * Test helper: the real app on a fresh in-memory PGlite with `authenticate` wired, a settable clock,
 * a known first administrator, and shortcuts to call GraphQL and read the SMS codes its gateway sent.
 */
import { openTestDatabase } from '@bashiri/eventstore/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeServices, openServices } from '../../services.ts';
import type { AppServices } from '../../services.ts';
import type { ApiModule } from '../module.ts';
import { modules as registry } from '../index.ts';
import { createStaffModule } from '../staff/index.ts';
import { authenticate, createIdentityModule } from './index.ts';
import type { SmsCodeType, SmsGateway } from './sms.ts';

/** The first administrator of every test app. */
export const TEST_ADMIN = { account: 'admin', password: 'admin-password' } as const;

/**
 * The codes a test run's SMS gateway was asked to send, in memory (the database keeps only their
 * hashes, issue 15 item 3): how test helpers read the code a player received.
 */
export interface SmsOutbox {
  /** A sandbox gateway that records each code it is given. */
  readonly gateway: SmsGateway;
  /** The latest code sent to `phone` (`+255…`) for `type`, or undefined. */
  latest(phone: string, type: SmsCodeType): string | undefined;
}

/** A fresh {@link SmsOutbox}. */
export const smsOutbox = (): SmsOutbox => {
  const codes = new Map<string, string>();
  return {
    gateway: {
      send: async (message) => {
        if (message.code && message.type) codes.set(`${message.type} ${message.phone}`, message.code);
      },
    },
    latest: (phone, type) => codes.get(`${type} ${phone}`),
  };
};

/**
 * The app's modules for a test run: staff with `admin` as its first administrator (nothing logged),
 * identity with an SMS sandbox that does not log codes but records them in `outbox`, any module of
 * `replace` by name (e.g. a fast feed), the others as registered. Fresh instances on every call.
 */
export const testModules = (
  admin: { readonly account: string; readonly password: string },
  replace: Readonly<Record<string, ApiModule>> = {},
  outbox: SmsOutbox = smsOutbox(),
): ApiModule[] =>
  registry.map(
    (m) =>
      replace[m.name] ??
      (m.name === 'staff'
        ? createStaffModule({
            env: { ADMIN_ACCOUNT: admin.account, ADMIN_PASSWORD: admin.password },
            log: () => undefined,
          })
        : m.name === 'identity'
          ? createIdentityModule({ sms: outbox.gateway })
          : m),
  );

/** A GraphQL answer. */
export interface GqlResult<T = Record<string, unknown>> {
  readonly data: T | null;
  readonly errors?: readonly { message: string; extensions?: { code?: string; field?: string } }[];
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly services: AppServices;
  /** Milliseconds added to the real clock (move time forward in a test). */
  advance(ms: number): void;
  /** Runs a GraphQL operation; `ip` defaults to a fresh address per call so rate limits stay out of the way. */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; ip?: string },
  ): Promise<GqlResult<T>>;
  /** The latest SMS code sent to `phone` (`+255…`) for `type`. */
  smsCode(phone: string, type: SmsCodeType): Promise<string>;
  close(): Promise<void>;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/**
 * Boots the app (identity and staff started, other modules migrated only); `env` adds configuration
 * (e.g. `{ STAFF_TOTP: 'required' }`).
 */
export const openTestApp = async (env: Readonly<Record<string, string>> = {}): Promise<TestApp> => {
  const db = await openTestDatabase('pglite');
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  let offset = 0;
  const outbox = smsOutbox();
  const modules = testModules(TEST_ADMIN, {}, outbox);
  const services = await openServices(config, modules, { sql: db.sql, now: () => Date.now() + offset });
  const app = await buildApp(config, services, modules, { authenticate });
  const stops: (() => Promise<void>)[] = [];
  for (const m of modules)
    if (m.start && (m.name === 'staff' || m.name === 'identity')) stops.push(await m.start(services));
  return {
    app,
    services,
    advance: (ms) => {
      offset += ms;
    },
    gql: async (query, variables = {}, options = {}) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: options.ip ?? freshIp(),
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        payload: { query, variables },
      });
      if (response.statusCode >= 500) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
      return response.json();
    },
    smsCode: async (phone, type) => {
      const code = outbox.latest(phone, type);
      if (!code) throw new Error(`no ${type} SMS to ${phone}`);
      return code;
    },
    close: async () => {
      await app.close();
      for (const stop of stops) await stop();
      await closeServices(services);
    },
  };
};
