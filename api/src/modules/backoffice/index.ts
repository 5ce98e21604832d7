/**
 * The back-office module (issue 8): staff orders (list, detail, cancel, admin bets, random betting),
 * bills, SMS, audit log, users with balances, CSV exports and the replayable audit history. Every
 * resolver checks its permission first (spec §6); every mutation writes `staff_audit_log`.
 * Operations: schema.graphql; docs/back-office.md.
 */
import type { OrderResolvers, QueryResolvers, MutationResolvers } from '../../graphql/generated.ts';
import { readFileSync } from 'node:fs';
import { enforceRates, RATE_LIMITS } from '../../auth/limiter.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { ApiModule } from '../module.ts';
import { requireStaff } from '../../auth/guard.ts';
import { paging } from './common.ts';
import {
  EXPORT_PERMISSION,
  exportRecord,
  listExports,
  registerExportRoutes,
  resumeExports,
  startExport,
} from './exports.ts';
import type { ExportFilter, ExportKind } from './exports.ts';
import { streamHistory, stateAt, verifyReadModel } from './history.ts';

/** The read-model check of the back office, for tools outside the server (the chaos suite). */
export { verifyReadModel } from './history.ts';
import type { HistoryKind } from './history.ts';
import {
  appendSystemLog,
  listAuditLog,
  listBills,
  listCashOuts,
  listSms,
  listSystemLog,
  listUsers,
} from './lists.ts';
import type { CashOutRecordFilter } from './lists.ts';
import type { AuditLogFilter, BillFilter, SmsFilter, SystemLogFilter, UserFilter } from './lists.ts';
import {
  adminPlaceBet,
  cancelOrder,
  earlySettlementOdds,
  listOrders,
  staffOrder,
  warningAmountInForce,
} from './orders.ts';
import type { AdminPlaceBetInput, OrderFilter } from './orders.ts';
import { listSetups, runSetup, saveSetup } from './random.ts';
import type { RandomBetSetupInput } from './random.ts';

type Ctx = GraphQLContext;
interface PageArgs {
  page?: number | null;
  pageSize?: number | null;
}
interface StreamArgs {
  stream: { kind: HistoryKind; id: string };
}

const client = (ctx: Ctx) => ({ ip: ctx.ip ?? null, requestId: ctx.requestId ?? null });

const backofficeOrder: OrderResolvers = {
  userId: (order: { userId?: string | null }) => order.userId ?? null,
  userPhone: (order: { userPhone?: string | null }) => order.userPhone ?? null,
  earlySettlementOdds: (order: {
    status?: unknown;
    credited?: unknown;
    stake?: unknown;
    earlySettlementOdds?: unknown;
  }) => earlySettlementOdds(order),
  placedBy: (order: { placedBy?: string | null }) => order.placedBy ?? null,
  largeBet: (order: { largeBet?: boolean | null }) => order.largeBet ?? null,
};

const backofficeQuery: QueryResolvers = {
  streamHistory: async (
    _root: unknown,
    args: StreamArgs & { fromPosition?: number | null; maxCount?: number | null },
    ctx: Ctx,
  ) => {
    requireStaff(ctx, 'audit.view');
    return streamHistory(ctx.services, args.stream.kind, args.stream.id, args);
  },
  stateAt: async (_root: unknown, { stream, at }: StreamArgs & { at: string }, ctx: Ctx) => {
    requireStaff(ctx, 'audit.view');
    return stateAt(ctx.services, stream.kind, stream.id, at);
  },
  verifyReadModel: async (_root: unknown, { stream }: StreamArgs, ctx: Ctx) => {
    requireStaff(ctx, 'audit.view');
    return verifyReadModel(ctx.services, stream.kind, stream.id);
  },
};

const backofficeMutation: MutationResolvers = {
  reportClientLog: async (_root: unknown, args: { type: number; content: string }, ctx: Ctx) => {
    const viewer = ctx.viewer;
    // Anyone may report (issue 15 item 6): per-IP limit; the text is capped by appendSystemLog.
    await enforceRates(
      ctx.services.sql,
      [[`client-log:ip:${ctx.ip}`, RATE_LIMITS.clientLogPerIp]],
      ctx.services.now(),
    );
    await appendSystemLog(ctx.services.sql, {
      type: args.type,
      content: args.content,
      source: viewer?.kind === 'staff' ? 'admin' : 'player',
      userAgent: (ctx.request?.headers['user-agent'] as string | undefined) ?? null,
      userId: viewer
        ? viewer.kind === 'staff'
          ? `staff:${viewer.staffId}`
          : `player:${viewer.userId}`
        : null,
      ip: ctx.ip ?? null,
      at: ctx.services.now(),
    });
    return true;
  },
};

export const backofficeModule: ApiModule = {
  name: 'backoffice',
  typeDefs: readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8'),
  migrations: new URL('./migrations/', import.meta.url),
  routes: registerExportRoutes,
  start: resumeExports,
  resolvers: {
    Order: {
      ...backofficeOrder,
      matchCount: (order: { lines?: { matchId: string }[] }) =>
        order.lines ? new Set(order.lines.map((l) => l.matchId)).size : null,
    },
    Query: {
      ...backofficeQuery,
      orders: async (_root: unknown, args: PageArgs & { filter?: OrderFilter; sort?: string }, ctx: Ctx) => {
        requireStaff(ctx, 'orders.view');
        const warningAmount = await warningAmountInForce(ctx.services.sql, ctx.services.now());
        return listOrders(ctx.services.sql, args, warningAmount);
      },
      order: async (_root: unknown, { id }: { id: string }, ctx: Ctx) => {
        requireStaff(ctx, 'orders.view');
        return staffOrder(ctx.services, id);
      },
      randomBetSetups: async (_root: unknown, _args: unknown, ctx: Ctx) => {
        requireStaff(ctx, 'orders.random');
        return listSetups(ctx.services.sql);
      },
      bills: async (_root: unknown, args: PageArgs & { filter?: BillFilter }, ctx: Ctx) => {
        requireStaff(ctx, 'bills.view');
        return listBills(ctx.services.sql, args);
      },
      /** Staff cash-out list (issue 20 item 4): permission orders.view. */
      cashOutRecords: async (_root: unknown, args: PageArgs & { filter?: CashOutRecordFilter }, ctx: Ctx) => {
        requireStaff(ctx, 'orders.view');
        return listCashOuts(ctx.services.sql, args);
      },
      smsMessages: async (_root: unknown, args: PageArgs & { filter?: SmsFilter }, ctx: Ctx) => {
        const viewer = requireStaff(ctx, 'sms.view');
        return listSms(ctx.services.sql, args, { revealPhones: viewer.permissions.has('users.phone') });
      },
      staffAuditLog: async (_root: unknown, args: PageArgs & { filter?: AuditLogFilter }, ctx: Ctx) => {
        requireStaff(ctx, 'audit.view');
        return listAuditLog(ctx.services.sql, args);
      },
      systemLog: async (_root: unknown, args: PageArgs & { filter?: SystemLogFilter }, ctx: Ctx) => {
        requireStaff(ctx, 'audit.view');
        return listSystemLog(ctx.services.sql, args);
      },
      users: async (_root: unknown, args: PageArgs & { filter?: UserFilter; sort?: string }, ctx: Ctx) => {
        requireStaff(ctx, 'users.view');
        return listUsers(ctx.services.sql, args);
      },
      exports: async (_root: unknown, args: PageArgs, ctx: Ctx) => {
        requireStaff(ctx, 'export.run');
        return listExports(ctx.services.sql, paging(args.page, args.pageSize));
      },
      exportRecord: async (_root: unknown, { id }: { id: string }, ctx: Ctx) => {
        requireStaff(ctx, 'export.run');
        return exportRecord(ctx.services.sql, id);
      },
    },
    Mutation: {
      ...backofficeMutation,
      cancelOrder: async (_root: unknown, { id, reason }: { id: string; reason: string }, ctx: Ctx) => {
        const staff = requireStaff(ctx, 'orders.cancel');
        return cancelOrder(ctx.services, staff, { betId: id, reason, ...client(ctx) });
      },
      adminPlaceBet: async (
        _root: unknown,
        { userId, input }: { userId: string; input: AdminPlaceBetInput },
        ctx: Ctx,
      ) => {
        const staff = requireStaff(ctx, 'orders.place');
        return adminPlaceBet(ctx.services, staff, userId, input, client(ctx));
      },
      createRandomBetSetup: async (_root: unknown, { input }: { input: RandomBetSetupInput }, ctx: Ctx) =>
        saveSetup(ctx.services, requireStaff(ctx, 'orders.random'), null, input, client(ctx)),
      updateRandomBetSetup: async (
        _root: unknown,
        { id, input }: { id: string; input: RandomBetSetupInput },
        ctx: Ctx,
      ) => saveSetup(ctx.services, requireStaff(ctx, 'orders.random'), id, input, client(ctx)),
      deleteRandomBetSetup: async (_root: unknown, { id }: { id: string }, ctx: Ctx) =>
        saveSetup(ctx.services, requireStaff(ctx, 'orders.random'), id, null, client(ctx)),
      runRandomBetSetup: async (
        _root: unknown,
        args: { id: string; userIds: string[]; requestId: string },
        ctx: Ctx,
      ) => runSetup(ctx.services, requireStaff(ctx, 'orders.random'), args, client(ctx)),
      startExport: async (
        _root: unknown,
        { kind, filter }: { kind: ExportKind; filter?: ExportFilter | null },
        ctx: Ctx,
      ) => {
        const staff = requireStaff(ctx, 'export.run');
        requireStaff(ctx, EXPORT_PERMISSION[kind]);
        return startExport(ctx.services, staff, kind, filter, client(ctx));
      },
    },
  },
};
