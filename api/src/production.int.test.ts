/**
 * A production start refuses sandboxes, fakes, the demo feed and default secrets (issue 15 item 2;
 * production.ts): `startServer` throws before it opens the database or listens.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, staffTotpRequired } from './config.ts';
import { productionProblems } from './production.ts';
import { startServer } from './server.ts';

const production = (env: Record<string, string> = {}) =>
  loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', PORT: '0', ...env });

describe('production start', () => {
  it('refuses the default configuration: sandboxes, sandbox SMS, demo feed', async () => {
    await expect(startServer({ config: production(), env: {} })).rejects.toThrow(
      /refusing to start in production[\s\S]*PAYMENT_PROVIDERS=sandbox[\s\S]*SMS_GATEWAY=sandbox[\s\S]*demo feed/,
    );
  });

  it('refuses the in-memory fake providers', () => {
    expect(productionProblems(production({ PAYMENT_PROVIDERS: 'fake' }), {}).join('\n')).toMatch(
      /PAYMENT_PROVIDERS=fake/,
    );
  });

  it('refuses optional staff TOTP, and requires it by default', () => {
    expect(productionProblems(production({ STAFF_TOTP: 'optional' }), {}).join('\n')).toMatch(
      /STAFF_TOTP=optional/,
    );
    expect(productionProblems(production(), {}).join('\n')).not.toMatch(/STAFF_TOTP/);
    expect(staffTotpRequired(production())).toBe(true);
    expect(staffTotpRequired(loadConfig({}))).toBe(false);
    expect(staffTotpRequired(loadConfig({ STAFF_TOTP: 'required' }))).toBe(true);
  });

  it('refuses a default or short first-administrator password', () => {
    for (const password of ['e2e-admin-password', 'short', 'sandbox-airtel-secret']) {
      expect(productionProblems(production(), { ADMIN_PASSWORD: password }).join('\n')).toMatch(
        /ADMIN_PASSWORD/,
      );
    }
    expect(
      productionProblems(production(), { ADMIN_PASSWORD: 'a-long-and-private-one' }).join('\n'),
    ).not.toMatch(/ADMIN_PASSWORD/);
  });

  it('says nothing outside production', () => {
    expect(productionProblems(loadConfig({}), { ADMIN_PASSWORD: 'x' })).toEqual([]);
  });

  it('names the demo feed only while it is on', () => {
    expect(productionProblems(production(), { FEED_ENABLED: '0' }).join('\n')).not.toMatch(/demo feed/);
  });
});
