import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../graphql/context.ts';
import { player, staff, startBettingTestApp } from '../../testing/app.ts';
import type { TestApp } from '../../testing/app.ts';
import { insertTestMatch } from '../../testing/catalogue-fixtures.ts';
import { csvLine, runExport, settleExports } from './exports.ts';
import { creditTestPlayer, registerTestPlayer, settleOrders } from './testing.ts';

const START = `mutation ($kind: ExportKind!, $filter: ExportFilter) { startExport(kind: $kind, filter: $filter) {
  id kind status progress applicant filter downloadPath } }`;
const RECORD = `query ($id: ID!) { exportRecord(id: $id) { id kind status progress rowsWritten errorMessage completedAt byteSize downloadPath } }`;

const exporter = staff('30', ['export.run', 'orders.view', 'users.view', 'bills.view']);

describe('CSV exports: background jobs, RFC 4180 files, permission-checked download', () => {
  let t: TestApp;
  const now = Date.parse('2026-11-21T10:00:00Z');
  const orderIds: string[] = [];

  const download = (id: string, viewer: Viewer | null) =>
    t.app.inject({
      method: 'GET',
      url: `/admin/exports/${id}/file`,
      headers: viewer
        ? {
            'x-test-viewer': JSON.stringify(
              viewer.kind === 'staff' ? { ...viewer, permissions: [...viewer.permissions] } : viewer,
            ),
          }
        : {},
    });

  beforeAll(async () => {
    t = await startBettingTestApp({ now: () => now });
    const match = await insertTestMatch(t.services.sql, {
      home: 'Simba SC',
      away: 'Young Africans',
      startTime: new Date(now + 3_600_000),
    });
    for (const [userId, phone] of [
      ['x1', '+255781000301'],
      ['x2', '+255781000302'],
    ] as const) {
      await registerTestPlayer(t, userId, phone);
      await creditTestPlayer(t, userId, 10_000, `c-${userId}`);
      for (const n of [1, 2, 3]) {
        const placed = await t.gql<{ placeBet: { order: { id: string } } }>(
          `mutation ($input: PlaceBetInput!) { placeBet(input: $input) { order { id } } }`,
          {
            input: {
              requestId: `${userId}-${n}`,
              payType: 'BALANCE',
              amount: 100 * n,
              selections: [{ selectionId: match.outcomes.draw, odds: '3.40' }],
            },
          },
          player(userId),
        );
        orderIds.push(placed.data!.placeBet.order.id);
      }
    }
    await t.services.sql.query(`UPDATE player_accounts SET note = $1 WHERE user_id = 'x1'`, [
      'VIP, calls "Mama" at\r\nhome',
    ]);
    await t.services.sql.query(
      `UPDATE player_accounts SET note = '=HYPERLINK("http://x")' WHERE user_id = 'x2'`,
    );
    await settleOrders(t, orderIds);
  });
  afterAll(async () => t.close());

  it('writes fields per RFC 4180', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 12, -5, '-7', true])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,12,-5,-7,true\r\n',
    );
    expect(csvLine(['=1+1', '@cmd', '+x'])).toBe("'=1+1,'@cmd,'+x\r\n");
  });

  it('exports the filtered orders in the background and serves the CSV to staff with the permissions', async () => {
    const started = await t.gql<{
      startExport: { id: string; status: number; applicant: string; filter: string };
    }>(START, { kind: 'ORDERS', filter: { orders: { userId: 'x1' } } }, exporter);
    expect(started.errors).toBeUndefined();
    expect(started.data!.startExport).toMatchObject({ kind: 'ORDERS', applicant: 'staff:30' });
    expect(JSON.parse(started.data!.startExport.filter)).toEqual({ orders: { userId: 'x1' } });
    const id = started.data!.startExport.id;
    await settleExports(t.services);
    const record = await t.gql<{ exportRecord: Record<string, unknown> }>(RECORD, { id }, exporter);
    expect(record.data!.exportRecord).toMatchObject({
      status: 2,
      progress: 100,
      rowsWritten: 3,
      errorMessage: null,
      downloadPath: `/admin/exports/${id}/file`,
    });

    const response = await download(id, exporter);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="bashiri-orders-${id}.csv"`);
    expect(response.rawPayload.length).toBe(record.data!.exportRecord.byteSize);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.user_id)).toEqual(['x1', 'x1', 'x1']);
    expect(rows.map((r) => r.stake)).toEqual(['100', '200', '300']);
    expect(rows.map((r) => r.bet_id)).toEqual(orderIds.slice(0, 3));
    expect(rows[0]).toMatchObject({
      phone: '+255781000301',
      order_type: 'user',
      status: 'awaiting',
      total_odds: '3.40',
    });

    expect((await download(id, null)).statusCode).toBe(401);
    expect((await download(id, player('x1'))).statusCode).toBe(401);
    expect((await download(id, staff('31', ['orders.view']))).statusCode).toBe(403);
    expect((await download(id, staff('32', ['export.run', 'users.view']))).statusCode).toBe(403);
    expect((await download('999999', exporter)).statusCode).toBe(404);
  });

  it('quotes awkward text and defuses formulas in a players export; lists the export records', async () => {
    const listed = async () =>
      (
        await t.gql<{ exports: { total: number; items: { id: string; kind: string }[] } }>(
          `{ exports { total items { id kind status } } }`,
          {},
          exporter,
        )
      ).data!.exports;
    // The records before this attempt's own export (the orders export of the test above; on a retry,
    // also the first attempt's).
    const before = await listed();
    expect(before.items.map((i) => i.kind)).toContain('ORDERS');
    const started = await t.gql<{ startExport: { id: string } }>(START, { kind: 'PLAYERS' }, exporter);
    await settleExports(t.services);
    const response = await download(started.data!.startExport.id, exporter);
    expect(response.body).toContain('"VIP, calls ""Mama"" at\r\nhome"');
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    expect(byId.get('x1')).toMatchObject({ note: 'VIP, calls "Mama" at\r\nhome', balance: '9400' });
    expect(byId.get('x2')!.note).toBe(`'=HYPERLINK("http://x")`);

    // Newest first: this attempt's players export, then the records that were there before it.
    const after = await listed();
    expect(after.total).toBe(before.total + 1);
    expect(after.items.map((i) => [i.id, i.kind])).toEqual([
      [started.data!.startExport.id, 'PLAYERS'],
      ...before.items.map((i) => [i.id, i.kind]),
    ]);
  });

  it('refuses without the permissions or with a bad filter; a job that fails ends with status 3', async () => {
    const noView = await t.gql(START, { kind: 'PAYMENTS' }, exporter);
    expect(noView.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const noRun = await t.gql(START, { kind: 'ORDERS' }, staff('33', ['orders.view']));
    expect(noRun.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(`{ exports { total } }`, {}, null);
    expect(anonymous.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const badFilter = await t.gql(
      START,
      { kind: 'ORDERS', filter: { orders: { fromDate: 'soon' } } },
      exporter,
    );
    expect(badFilter.errors![0]!.extensions!.code).toBe('BAD_INPUT');

    // A job whose stored filter no longer passes (e.g. written by an older version) fails with its reason.
    const { rows } = await t.services.sql.query<{ id: string }>(
      `INSERT INTO export_jobs (kind, filter, applicant, created_at)
       VALUES ('ORDERS', '{"orders":{"statusCode":9}}', 'staff:30', now()) RETURNING id::text`,
    );
    await runExport(t.services, rows[0]!.id);
    const failed = await t.gql<{ exportRecord: Record<string, unknown> }>(
      RECORD,
      { id: rows[0]!.id },
      exporter,
    );
    expect(failed.data!.exportRecord).toMatchObject({
      status: 3,
      errorMessage: 'statusCode: 1 to 6 (spec §4)',
      downloadPath: null,
    });
    expect((await download(rows[0]!.id, exporter)).statusCode).toBe(409);
  });
});
