/**
 * Staff escalation probes of the chaos suite (issue 15 "Abuse: staff escalation attempts", item 4;
 * docs/reliability.md "Staff escalation probes"), sent only to the server under test on 127.0.0.1.
 *
 * The first administrator (known password in the suite's own server) creates a customer-service
 * account (built-in role: views users, orders, bills, payments; no money actions), which changes the
 * password it was given (a manager-chosen password must be changed before any permission works) and
 * logs in again. Then every probe is one request with the stable error code it must meet:
 * - the customer-service session on admin-only mutations: create staff, promote itself, edit or create a
 *   role, reset the administrator's password, adjust a wallet, void a bet, cancel a pool issue → FORBIDDEN;
 * - a staff session after `logout` → UNAUTHENTICATED;
 * - a player's token, and no token, on staff queries and mutations → UNAUTHENTICATED;
 * - the administrator's own session on a staff query → answered (the control: the probes can fail).
 * Results have the shape of the abuse probes (abuse.ts) and are counted with them in the JSON line.
 */
import { randomUUID } from 'node:crypto';
import { summarise, type AbuseExpectation, type ProbeResult } from './abuse.ts';
import { gql, type Answer } from './client.ts';

/** What each staff probe must answer (every answer's code one of `expect`; no 5xx). */
export const STAFF_PROBE_EXPECTATIONS: Readonly<Record<string, AbuseExpectation>> = {
  csCreateStaff: { expect: ['FORBIDDEN'], max5xx: 0 },
  csPromoteSelf: { expect: ['FORBIDDEN'], max5xx: 0 },
  csEditRoles: { expect: ['FORBIDDEN'], max5xx: 0 },
  csResetAdminPassword: { expect: ['FORBIDDEN'], max5xx: 0 },
  csAdjustBalance: { expect: ['FORBIDDEN'], max5xx: 0 },
  csVoidBet: { expect: ['FORBIDDEN'], max5xx: 0 },
  csCancelPoolIssue: { expect: ['FORBIDDEN'], max5xx: 0 },
  staffSessionAfterLogout: { expect: ['UNAUTHENTICATED'], max5xx: 0 },
  playerOnStaffOperations: { expect: ['UNAUTHENTICATED'], max5xx: 0 },
  anonymousOnStaffOperations: { expect: ['UNAUTHENTICATED'], max5xx: 0 },
  adminControl: { expect: ['OK'], max5xx: 0 },
};

/** The server, the administrator's credentials and the victims the probes aim at. */
export interface StaffTarget {
  readonly url: string;
  readonly adminAccount: string;
  readonly adminPassword: string;
  /** A player (token and id): the wallet to adjust, and the token that must not reach staff operations. */
  readonly player: { readonly userId: string; readonly token: string };
  /** An order (bet id) to void, if the load placed one. */
  readonly orderId: string | null;
  /** An open pool issue to cancel, if any. */
  readonly poolIssueId: string | null;
}

const LOGIN = `mutation ($a: String!, $p: String!) {
  staffLogin(account: $a, password: $p) { token setupRequired staff { id } } }`;
const CHANGE = `mutation ($o: String!, $n: String!) {
  staffChangePassword(oldPassword: $o, newPassword: $n, confirmPassword: $n) }`;
const ROLES = '{ staffRoles { id name isSuper } }';
const MANAGERS = '{ managers { id account } }';
const CREATE_MANAGER = 'mutation ($i: ManagerInput!) { createManager(input: $i) { id } }';
const UPDATE_MANAGER = 'mutation ($id: ID!, $i: ManagerInput!) { updateManager(id: $id, input: $i) { id } }';
const UPDATE_ROLE = 'mutation ($id: ID!, $i: RoleInput!) { updateRole(id: $id, input: $i) { id } }';
const CREATE_ROLE = 'mutation ($i: RoleInput!) { createRole(input: $i) { id } }';
const RESET = `mutation ($id: ID!, $p: String!) { resetManagerPassword(id: $id, password: $p, confirmPassword: $p) }`;
const ADJUST = 'mutation ($i: AdjustWalletInput!) { adjustWallet(input: $i) { balance } }';
const CANCEL_ORDER = 'mutation ($id: ID!) { cancelOrder(id: $id, reason: "chaos escalation probe") { id } }';
const CANCEL_ISSUE =
  'mutation ($id: ID!) { cancelPoolIssue(issueId: $id, reason: "chaos escalation probe") { issueId } }';
const WALLET_OF = 'query ($u: ID!) { wallet(userId: $u) { balance } }';
const LOGOUT = 'mutation { logout }';

/** A password the staff policy accepts (12+ characters, not common). */
const strongPassword = () => `Chaos-${randomUUID()}`;

/**
 * Sets up the customer-service account and runs every staff probe once. Throws when the setup itself
 * fails (the administrator cannot log in, the role is missing): the suite counts that as a mismatch.
 */
export const runStaffProbes = async (target: StaffTarget): Promise<Record<string, ProbeResult>> => {
  const { url } = target;
  let n = 0;
  const ip = () => `10.251.0.${(n++ % 250) + 1}`;
  const call = (query: string, variables: Record<string, unknown>, token?: string) =>
    gql(url, query, variables, { ip: ip(), ...(token ? { token } : {}), timeoutMs: 30_000 });
  const login = async (account: string, password: string) => {
    const a = await call(LOGIN, { a: account, p: password });
    const session = (
      a.data as { staffLogin?: { token: string; setupRequired: string[]; staff: { id: string } } }
    )?.staffLogin;
    if (!session) throw new Error(`staffLogin(${account}) answered ${a.code ?? a.status}`);
    return session;
  };

  const admin = await login(target.adminAccount, target.adminPassword);
  const roles = (
    (await call(ROLES, {}, admin.token)).data as {
      staffRoles?: { id: string; name: string; isSuper: boolean }[];
    }
  )?.staffRoles;
  const csRole = roles?.find((r) => r.name === 'customer service');
  const superRole = roles?.find((r) => r.isSuper);
  if (!csRole || !superRole)
    throw new Error('the built-in customer-service or super-administrator role is missing');
  const account = `chaos-cs-${randomUUID().slice(0, 8)}`;
  const given = strongPassword();
  const created = await call(
    CREATE_MANAGER,
    { i: { account, name: 'Chaos customer service', password: given, roleId: csRole.id } },
    admin.token,
  );
  const csId = (created.data as { createManager?: { id: string } })?.createManager?.id;
  if (!csId) throw new Error(`createManager answered ${created.code ?? created.status}`);
  // A password chosen by a manager must be changed before any permission works (STAFF_SETUP_REQUIRED).
  const first = await login(account, given);
  const own = strongPassword();
  const changed = await call(CHANGE, { o: given, n: own }, first.token);
  if (changed.code) throw new Error(`staffChangePassword answered ${changed.code}`);
  const cs = await login(account, own);
  if (cs.setupRequired.length > 0)
    throw new Error(`customer service still needs ${cs.setupRequired.join(', ')}`);

  const results: Record<string, ProbeResult> = {};
  const probe = async (name: string, requests: (() => Promise<Answer>)[]) => {
    const answers: Answer[] = [];
    for (const r of requests) answers.push(await r());
    results[name] = summarise(answers, null, STAFF_PROBE_EXPECTATIONS[name]!);
  };
  const adjust = (token?: string) => () =>
    call(
      ADJUST,
      {
        i: {
          userId: target.player.userId,
          pocket: 'BALANCE',
          amount: 1_000_000,
          reason: 'chaos escalation probe',
          requestId: `chaos-escalation-${randomUUID()}`,
        },
      },
      token,
    );
  const staffOperations = (token?: string) => [
    () => call(MANAGERS, {}, token),
    () => call(ROLES, {}, token),
    () => call(WALLET_OF, { u: target.player.userId }, token),
    () =>
      call(
        CREATE_MANAGER,
        { i: { account: `evil-${n}`, name: 'x', password: strongPassword(), roleId: superRole.id } },
        token,
      ),
    adjust(token),
  ];

  await probe('csCreateStaff', [
    () =>
      call(
        CREATE_MANAGER,
        {
          i: {
            account: `chaos-evil-${n}`,
            name: 'Escalated',
            password: strongPassword(),
            roleId: superRole.id,
          },
        },
        cs.token,
      ),
    () =>
      call(
        CREATE_MANAGER,
        { i: { account: `chaos-peer-${n}`, name: 'Peer', password: strongPassword(), roleId: csRole.id } },
        cs.token,
      ),
  ]);
  await probe('csPromoteSelf', [
    () => call(UPDATE_MANAGER, { id: csId, i: { roleId: superRole.id } }, cs.token),
  ]);
  await probe('csEditRoles', [
    () => call(UPDATE_ROLE, { id: csRole.id, i: { name: csRole.name, nodeIds: [] } }, cs.token),
    () => call(CREATE_ROLE, { i: { name: `chaos-role-${n}`, nodeIds: [] } }, cs.token),
  ]);
  await probe('csResetAdminPassword', [
    () => call(RESET, { id: admin.staff.id, p: strongPassword() }, cs.token),
  ]);
  await probe('csAdjustBalance', [adjust(cs.token)]);
  await probe(
    'csVoidBet',
    target.orderId ? [() => call(CANCEL_ORDER, { id: target.orderId }, cs.token)] : [],
  );
  await probe(
    'csCancelPoolIssue',
    target.poolIssueId ? [() => call(CANCEL_ISSUE, { id: target.poolIssueId }, cs.token)] : [],
  );
  // A second administrator session, ended by logout: its token must not work again.
  const ended = await login(target.adminAccount, target.adminPassword);
  const out = await call(LOGOUT, {}, ended.token);
  if ((out.data as { logout?: boolean })?.logout !== true)
    throw new Error(`logout answered ${out.code ?? 'false'}`);
  await probe('staffSessionAfterLogout', staffOperations(ended.token));
  await probe('playerOnStaffOperations', staffOperations(target.player.token));
  await probe('anonymousOnStaffOperations', staffOperations());
  await probe('adminControl', [() => call(MANAGERS, {}, admin.token)]);
  return results;
};
