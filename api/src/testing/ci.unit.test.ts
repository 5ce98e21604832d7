/**
 * The CI machine can check Chinese screenshots (issue 16 point 12): `.ci/run` installs Debian's
 * `fonts-noto-cjk` as it installs Chromium, and the e2e harness knows whether a CJK font is there.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cjkFontAvailable } from './e2e.ts';
import { REPO_ROOT } from '../web.ts';

describe('CI machine', () => {
  it('given .ci/run, then it installs Chromium and a CJK font before the tests', () => {
    const script = readFileSync(resolve(REPO_ROOT, '.ci/run'), 'utf8');
    const font = script.indexOf('apt-get install -y -q fonts-noto-cjk');
    expect(script).toContain('apt-get install -y -q chromium');
    expect(font).toBeGreaterThan(0);
    expect(font).toBeLessThan(script.indexOf('npm test'));
  });

  it('given .ci/run, then npm test runs with a second PostgreSQL cluster for the second int worker (0192)', () => {
    const script = readFileSync(resolve(REPO_ROOT, '.ci/run'), 'utf8');
    expect(script).toMatch(/^bash \.ci\/with-int-cluster npm test$/m);
    const cluster = readFileSync(resolve(REPO_ROOT, '.ci/with-int-cluster'), 'utf8');
    expect(cluster).toContain('export INT_DATABASE_URLS="$DATABASE_URL,');
    expect(cluster).toMatch(/trap cleanup EXIT/);
  });

  it('given CI, then fontconfig knows a Chinese font', () => {
    if (!process.env['CI']) {
      console.warn('ci.unit.test: not in CI, the installed-font check only reports');
      return;
    }
    expect(cjkFontAvailable()).toBe(true);
  });
});
