/**
 * What a production start refuses (issue 15 item 2; docs/running.md "Production"; decision 0013): with
 * `NODE_ENV=production` the server does not start while anything that moves or announces money without
 * a real counterpart is on — the payment sandboxes or in-memory fakes (whose simulated customer pays),
 * the sandbox SMS gateway, the demo feed — or while a secret is a default one.
 */
import type { ServerConfig } from './config.ts';
import { SANDBOX_CREDENTIALS } from './modules/payments/index.ts';

/** Shortest first-administrator password accepted in production (staff passwords, docs/auth.md). */
export const PRODUCTION_MIN_SECRET_LENGTH = 12;

/** Secrets that appear in this repository's code and docs, and so are no secret at all. */
const KNOWN_SECRETS: ReadonlySet<string> = new Set([
  'e2e-admin-password',
  'admin',
  'password',
  'changeme',
  ...Object.values(SANDBOX_CREDENTIALS).flatMap((c) => Object.values(c).map(String)),
]);

/**
 * Every reason `config` and `env` are unfit for production, as one readable line each; empty when
 * they are fit (or when `NODE_ENV` is not `production`).
 */
export const productionProblems = (
  config: ServerConfig,
  env: Readonly<Record<string, string | undefined>>,
): string[] => {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (config.PAYMENT_PROVIDERS === 'sandbox')
    problems.push(
      'PAYMENT_PROVIDERS=sandbox (the default): the provider sandboxes pay deposits nobody paid; real provider credentials are required',
    );
  if (config.PAYMENT_PROVIDERS === 'fake')
    problems.push('PAYMENT_PROVIDERS=fake: the in-memory fake providers move no real money');
  if (config.SMS_GATEWAY === 'sandbox')
    problems.push('SMS_GATEWAY=sandbox (the default): the sandbox SMS gateway delivers no code');
  if (env['FEED_ENABLED'] !== '0')
    problems.push('the demo feed is on (FEED_ENABLED unset or not 0): it invents matches and results');
  if (config.STAFF_TOTP === 'optional')
    problems.push('STAFF_TOTP=optional: staff must log in with Google Authenticator in production');
  const adminPassword = env['ADMIN_PASSWORD'];
  if (
    adminPassword !== undefined &&
    (adminPassword.length < PRODUCTION_MIN_SECRET_LENGTH || KNOWN_SECRETS.has(adminPassword))
  )
    problems.push(
      `ADMIN_PASSWORD is a default or shorter than ${PRODUCTION_MIN_SECRET_LENGTH} characters (leave it unset for a random one)`,
    );
  return problems;
};

/** Throws one error listing every problem of {@link productionProblems}; nothing when there are none. */
export const assertProductionReady = (
  config: ServerConfig,
  env: Readonly<Record<string, string | undefined>>,
): void => {
  const problems = productionProblems(config, env);
  if (problems.length > 0)
    throw new Error(
      `refusing to start in production (NODE_ENV=production; docs/running.md "Production"):\n- ${problems.join('\n- ')}`,
    );
};
