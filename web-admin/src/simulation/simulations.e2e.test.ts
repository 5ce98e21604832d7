/**
 * The Simulations screen end to end (issue 17 item 7; docs/simulations.md "Starting a run from the back
 * office"; decision 0092) in real Chromium against the real server: a staff member whose role holds
 * only the analysts' permissions (`simulations.view`, `simulations.run`) logs in at 1280×800 in English,
 * picks a stored scenario (a tiny one: one league, three matchdays, 30 bettors, offered through
 * `SIMULATION_SCENARIOS_DIR`), starts the run, watches its matchdays advance until it is done (the
 * server's child process replays the season and the server writes its events), and opens the kept
 * report. Then the same screen at 360×740 in Swahili: its labels, the finished run and its report.
 * Needs the football-data files (`FOOTBALL_DATA_DIR`, else `../shared/data/football-data` beside the
 * repository): skipped without them. Screenshots: artifacts/screenshots/simulations-*.png.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors, staffStorage } from '../../../api/src/testing/e2e.ts';

const e2e = e2eSuite();
const REPO_ROOT = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const DATA_DIR = process.env['FOOTBALL_DATA_DIR']
  ? resolve(process.env['FOOTBALL_DATA_DIR'])
  : resolve(REPO_ROOT, '../shared/data/football-data');
const hasData = existsSync(join(DATA_DIR, 'E0-2023-24.csv'));
if (!hasData) console.warn(`skipping the Simulations browser test: no data at ${DATA_DIR}`);

const PASSWORD = 'analyst-pass-1';
const MATCHDAYS = 3;
/** The stored scenario the analyst starts: small enough to run in seconds. */
const TINY = `# A tiny run for the browser test: one league, ${MATCHDAYS} matchdays, 30 bettors.
name: e2e-tiny
leagues: [E0]
seasons: ['2023-24']
maxMatchdays: ${MATCHDAYS}
seed: 17
bettors:
  count: 30
  mix: { favourite: 0.35, longshot_acca: 0.25, value: 0.1, casual: 0.3 }
  activity: 0.5
`;

const TREE = `{ permissionTree { id code } }`;
const CREATE_ROLE = `mutation ($input: RoleInput!) { createRole(input: $input) { id } }`;
const CREATE = `mutation ($input: ManagerInput!) { createManager(input: $input) { id } }`;
const LOGIN = `mutation ($account: String!, $password: String!) {
  staffLogin(account: $account, password: $password) { token permissions } }`;

describe.skipIf(!e2e.available || !hasData)('Simulations screen (issue 17 item 7)', () => {
  let scenariosDir = '';
  let previousDir: string | undefined;
  let runId = '';

  beforeAll(async () => {
    scenariosDir = mkdtempSync(join(tmpdir(), 'bashiri-e2e-scenarios-'));
    writeFileSync(join(scenariosDir, 'tiny.yaml'), TINY);
    previousDir = process.env['SIMULATION_SCENARIOS_DIR'];
    process.env['SIMULATION_SCENARIOS_DIR'] = scenariosDir;
    await e2e.start();
    // an analyst: a role holding the simulations area and its two permissions, nothing else
    const admin = await e2e.server.staffLogin();
    const { permissionTree } = await e2e.server.gqlOk<{
      permissionTree: { id: string; code: string | null }[];
    }>(TREE, {}, admin.token);
    const nodeIds = permissionTree
      .filter(
        (n) => n.code === 'simulations' || n.code === 'simulations.view' || n.code === 'simulations.run',
      )
      .map((n) => n.id);
    expect(nodeIds).toHaveLength(3);
    const { createRole } = await e2e.server.gqlOk<{ createRole: { id: string } }>(
      CREATE_ROLE,
      { input: { name: 'analyst', remarks: 'Season simulations', nodeIds } },
      admin.token,
    );
    await e2e.server.gqlOk(
      CREATE,
      { input: { account: 'analyst1', name: 'Analyst', password: PASSWORD, roleId: createRole.id } },
      admin.token,
    );
    // a loaded machine: starting the server and building the web apps take minutes
  }, 420_000);
  afterAll(async () => {
    await e2e.stop();
    if (previousDir === undefined) delete process.env['SIMULATION_SCENARIOS_DIR'];
    else process.env['SIMULATION_SCENARIOS_DIR'] = previousDir;
    rmSync(scenariosDir, { recursive: true, force: true });
  });

  it('an analyst starts a stored scenario, watches it to done and opens the kept report (1280×800, English)', async () => {
    const page = await e2e.page('desktop', { storage: { 'admin.bashiri.lang': 'en-US' } });
    await page.goto(e2e.url('/admin/'));
    await page.getByLabel('Account').fill('analyst1');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Account').waitFor({ state: 'detached' });
    await page.goto(e2e.url('/admin/#/simulations'));
    await page.getByText('Start a run on the server').waitFor();
    await page.getByText('No simulation is kept in this store', { exact: false }).waitFor();

    // pick the stored scenario: its text fills the editor
    await page.getByTestId('launch-stored').click();
    await page.locator('.ant-select-item-option', { hasText: 'tiny.yaml' }).click();
    await expect.poll(() => page.getByTestId('launch-scenario').inputValue()).toContain('name: e2e-tiny');
    await e2e.screenshot(page, 'simulations-desktop-en-1-scenario');
    await page.getByTestId('launch-start').click();

    // follow the run: the matchdays shown only go up, and end at the total with the run done
    const status = page.locator('[data-testid^="launch-status-"]');
    await status.first().waitFor({ timeout: 120_000 });
    runId = ((await status.first().getAttribute('data-testid')) ?? '').replace('launch-status-', '');
    expect(runId).not.toBe('');
    const row = page.locator('tr', { has: page.getByTestId(`launch-status-${runId}`) });
    const seen: number[] = [];
    let shot = false;
    await expect
      .poll(
        async () => {
          const text = (await row.innerText()).match(/(\d+)\/(\d+|…)/);
          if (text) seen.push(Number(text[1]));
          if (!shot && (await status.first().getAttribute('data-status')) === 'RUNNING') {
            shot = true;
            await e2e.screenshot(page, 'simulations-desktop-en-2-running');
          }
          return status.first().getAttribute('data-status');
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe('DONE');
    await expect.poll(() => row.innerText()).toContain(`${MATCHDAYS}/${MATCHDAYS}`);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await row.innerText()).toContain('Done');
    // the kept run is listed too
    await page.getByTestId(`simulation-${runId}`).waitFor({ timeout: 30_000 });
    await e2e.screenshot(page, 'simulations-desktop-en-3-done');

    // open the kept report: its totals, the matchdays replayed, the scenario as run
    await page.getByTestId(`launch-report-${runId}`).click();
    const report = page.getByTestId('simulation-report');
    await report.waitFor();
    const totals = page.getByTestId('simulation-totals');
    await expect.poll(() => totals.innerText()).toContain(`${MATCHDAYS} / ${MATCHDAYS}`);
    expect(await totals.innerText()).toContain('Handle');
    expect(await page.getByTestId('simulation-rtp').innerText()).toMatch(/^\d+\.\d\d%$/);
    await report.getByText('Scenario as run').waitFor();
    await e2e.screenshot(page, 'simulations-desktop-en-4-report');
    expect(pageErrors(page)).toEqual([]);
  }, 240_000);

  it('the same screen in Swahili at 360×740: labels, the finished run and its report', async () => {
    expect(runId).not.toBe('');
    const { staffLogin } = await e2e.server.gqlOk<{ staffLogin: { token: string; permissions: string[] } }>(
      LOGIN,
      { account: 'analyst1', password: PASSWORD },
    );
    expect([...staffLogin.permissions].sort()).toEqual([
      'simulations',
      'simulations.run',
      'simulations.view',
    ]);
    const page = await e2e.page('phone', { storage: staffStorage(staffLogin.token, 'sw') });
    await page.goto(e2e.url('/admin/#/simulations'));
    await page.getByText('Anzisha jaribio kwenye seva').waitFor();
    await page.getByText('Majaribio yaliyoanzishwa hapa').waitFor();
    await page.getByRole('button', { name: 'Anzisha jaribio' }).waitFor();
    expect(await page.getByTestId('launch-scenario').getAttribute('placeholder')).toBe(
      'Mpango (YAML au JSON, sehemu za docs/simulations.md)',
    );
    // On a phone the side menu starts folded and the scenario takes the screen's width (open at 220 px it
    // left the card about 60 px, the scenario wrapping one letter per line).
    const scenarioBox = await page.getByTestId('launch-scenario').boundingBox();
    expect(scenarioBox?.width ?? 0).toBeGreaterThan(280);
    expect((await page.getByTestId('admin-sider').boundingBox())?.width ?? 0).toBe(0);
    const row = page.locator('tr', { has: page.getByTestId(`launch-status-${runId}`) });
    expect(await row.innerText()).toContain('Limekamilika');
    expect(await row.innerText()).toContain(`${MATCHDAYS}/${MATCHDAYS}`);
    await e2e.screenshot(page, 'simulations-phone-sw-1-runs');
    // the report link (the table scrolls sideways on a phone: open its address)
    expect(await page.getByTestId(`launch-report-${runId}`).innerText()).toBe('Fungua ripoti');
    await page.goto(e2e.url(`/admin/#/simulations/${encodeURIComponent(runId)}`));
    await page.getByTestId('simulation-report').waitFor();
    await page.getByText('Mpango kama ulivyoendeshwa').waitFor();
    expect(await page.getByTestId('simulation-totals').innerText()).toContain('Jumla ya madau');
    await e2e.screenshot(page, 'simulations-phone-sw-2-report');
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
