/**
 * Agent salary in real Chromium (issue 21 item 4 "commission runs: review, pay"; decision 0065): staff
 * open Promotions → Agent salary, see last week's salary of an agent (return scale 10 %) and pay it once;
 * the agent's balance gets exactly one bill 2 of that amount. The settled bets of the agent's player
 * are written into the salary read model (`promo_agent_bets`) of last week directly — real bets of a
 * past week cannot be placed against the server's clock; salary.int.test.ts covers them from real bets.
 * 1280×800, English. Screenshot: artifacts/screenshots/promotion-salary-desktop-en.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSuite, pageErrors } from '../../../api/src/testing/e2e.ts';
import { staffStorage } from '../testing/staff-session.ts';
import { lastClosedWeek } from './salary.ts';

const e2e = e2eSuite();

describe.skipIf(!e2e.available)('back office: agent salary, reviewed and paid once (issue 21)', () => {
  beforeAll(() => e2e.start(), 600_000);
  afterAll(() => e2e.stop());

  it('shows last week’s salary and pays it once (en)', async () => {
    const agent = await e2e.server.createPlayer({ balance: 0 });
    const staff = await e2e.server.staffLogin();
    await e2e.server.gqlOk(
      'mutation ($u: ID!, $p: PlayerPatch!, $r: String!) { updatePlayer(userId: $u, patch: $p, reason: $r) { id } }',
      { u: agent.userId, p: { returnScale: '10' }, r: 'agent contract' },
      staff.token,
    );
    const week = lastClosedWeek(Date.now());
    const monday = new Date(`${week}T00:00:00+03:00`);
    // Net loss of the agent's players that week: 120,000 staked, 37,500 returned → salary 8,250.
    await e2e.server.server.services.sql.query(
      `INSERT INTO promo_agent_bets (bet_id, user_id, agent_id, stake, returns, settled_at)
       VALUES ($1 || '-a', 'e2e-friend', $1, 100000, 37500, $2), ($1 || '-b', 'e2e-friend', $1, 20000, 0, $2)`,
      [agent.userId, new Date(monday.getTime() + 30 * 3_600_000).toISOString()],
    );

    const page = await e2e.page('desktop', { storage: staffStorage(staff.token, 'en') });
    page.setDefaultTimeout(90_000);
    await page.goto(e2e.url('/admin/#/promotions'));
    await page.getByRole('tab', { name: 'Agent salary' }).click();
    const row = page.locator('.ant-table-row', { hasText: agent.userId });
    await row.waitFor();
    expect(await row.textContent()).toContain('8,250');
    await row.getByRole('button', { name: 'Pay' }).click();
    await row.getByText('Paid').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await e2e.server.server.services.sql.query<{ amount: string }>(
              'SELECT amount::text FROM bills WHERE user_id = $1 AND bill_type = 2 AND reference LIKE $2',
              [agent.userId, 'agent-salary:%'],
            )
          ).rows.map((r) => Number(r.amount)),
        { timeout: 30_000 },
      )
      .toEqual([8_250]);
    // A repeated pay moves nothing.
    const again = await e2e.server.gqlOk<{ payAgentSalary: { status: string } }>(
      'mutation ($a: ID!, $p: String!) { payAgentSalary(agentId: $a, period: $p) { status } }',
      { a: agent.userId, p: week },
      staff.token,
    );
    expect(again.payAgentSalary.status).toBe('ALREADY');
    await e2e.screenshot(page, 'promotion-salary-desktop-en');
    expect(pageErrors(page).filter((e) => !e.includes('net::ERR_ABORTED'))).toEqual([]);
  }, 300_000);
});
