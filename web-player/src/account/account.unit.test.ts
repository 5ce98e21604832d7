// @vitest-environment happy-dom
/**
 * The account pages against a fake API (testing.tsx): registration with the SMS code, login, the
 * login guard, my bets with a live settlement, bills, the profile's password change, deposit with its
 * status until confirmed. A .ts file (the unit tier matches `*.unit.test.ts`).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAmount, paymentStatusOf } from './PaymentPages.tsx';
import { checkRegistration } from './AuthPages.tsx';
import { formatEat } from './common.tsx';
import { detectedNetwork, phoneOf } from './phone.tsx';
import { ACCOUNT_ROUTES_EAGER as ACCOUNT_ROUTES } from './eager-routes.tsx';
import { fakeApi, routeTree, type FakeAnswer, type RouteOptions } from './testing.tsx';
import { orderFixture, multipleFixture, paymentFixture } from './fixtures.ts';

afterEach(cleanup);

const show = (path: string, options: RouteOptions = {}) => {
  const tree = routeTree(ACCOUNT_ROUTES, path, options);
  render(tree.element);
  return tree;
};
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const SESSION = {
  token: 'tok-1',
  expiresAt: '2030-01-01T00:00:00.000Z',
  player: { id: 'u1', phone: '+255712345678', network: 6 },
};

describe('phone and form checks (spec §5, §9)', () => {
  it('normalises Tanzanian numbers and detects the network by prefix', () => {
    expect(phoneOf('712 345 678')).toBe('+255712345678');
    expect(phoneOf('0682345678')).toBe('+255682345678');
    expect(phoneOf('+255 622 345 678')).toBe('+255622345678');
    expect(phoneOf('12345')).toBeUndefined();
    expect(detectedNetwork('754000000')).toBe(6);
    expect(detectedNetwork('0682345678')).toBe(4);
    expect(detectedNetwork('732345678')).toBeUndefined();
  });

  it('checks registration fields with the server codes', () => {
    const ok = {
      phone: '712345678',
      password: 'abcd',
      confirmPassword: 'abcd',
      code: '123456',
      adult: true,
      acceptTerms: true,
    };
    expect(checkRegistration(ok)).toEqual({});
    expect(
      checkRegistration({
        ...ok,
        phone: '',
        password: 'abc',
        confirmPassword: 'abd',
        code: '',
        adult: false,
        acceptTerms: false,
      }),
    ).toEqual({
      phone: 'PHONE_REQUIRED',
      password: 'PASSWORD_TOO_SHORT',
      confirmPassword: 'PASSWORD_MISMATCH',
      code: 'SMS_CODE_REQUIRED',
      adult: 'ADULT_REQUIRED',
      acceptTerms: 'TERMS_REQUIRED',
    });
  });

  it('checks payment amounts against the limits of spec §9 and the balance', () => {
    expect(checkAmount('5,000', 'DEPOSIT')).toEqual({ amount: 5000 });
    expect(checkAmount('', 'DEPOSIT')).toEqual({ code: 'RECHARGE_AMOUNT_REQUIRED' });
    expect(checkAmount('50', 'DEPOSIT')).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM' });
    expect(checkAmount('3000001', 'DEPOSIT')).toMatchObject({ code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(checkAmount('12.5', 'DEPOSIT')).toEqual({ code: 'INVALID_AMOUNT' });
    expect(checkAmount('500', 'WITHDRAWAL', 10_000)).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM' });
    expect(checkAmount('20000', 'WITHDRAWAL', 10_000)).toEqual({ code: 'INSUFFICIENT_FUNDS' });
    expect(checkAmount('10000', 'WITHDRAWAL', 10_000)).toEqual({ amount: 10_000 });
    // the limits in force (paymentOptions) replace the defaults
    const inForce = { min: 2_000, max: 20_000 };
    expect(checkAmount('1500', 'DEPOSIT', undefined, inForce)).toMatchObject({
      code: 'AMOUNT_BELOW_MINIMUM',
      details: { minimum: 2_000, maximum: 20_000 },
    });
    expect(checkAmount('25000', 'DEPOSIT', undefined, inForce)).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
    });
    expect(checkAmount('5000', 'DEPOSIT', undefined, inForce)).toEqual({ amount: 5_000 });
  });

  it('names payment states, the provider-delay notice for ambiguous ones', () => {
    expect(paymentStatusOf(paymentFixture({ status: 'pushed' })).key).toBe(
      'account.pay.status.confirmOnPhone',
    );
    expect(paymentStatusOf(paymentFixture({ status: 'ambiguous' })).key).toBe('messages.providerDelays');
    expect(paymentStatusOf(paymentFixture({ status: 'confirmed' })).tone).toBe('won');
    expect(
      paymentStatusOf(paymentFixture({ kind: 'WITHDRAWAL', status: 'requested', approval: 'WAITING' })).key,
    ).toBe('account.pay.status.waitingApproval');
  });

  it('shows instants in East Africa Time', () => {
    expect(formatEat('2026-11-21T21:30:00.000Z')).toBe('2026-11-22 00:30');
  });
});

describe('/register', () => {
  it('asks for the SMS code, counts down, registers with the invitation code of ?v= and starts the session', async () => {
    let resolveRegister: (answer: FakeAnswer) => void = () => undefined;
    const { api, session } = show('/register?v=INV42', {
      handlers: {
        AccountRequestSmsCode: () => ({ data: { requestSmsCode: true } }),
        AccountRegister: () => new Promise<FakeAnswer>((resolve) => (resolveRegister = resolve)),
      },
    });
    expect(document.title).toBe('Join Now | Bashiri');
    expect((screen.getByLabelText('Invitation code') as HTMLInputElement).value).toBe('INV42');
    type('Phone number', '754 123 456');
    expect(screen.getByText('Network: M-Pesa (Vodacom)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /Again in 60 s/ });
    expect(api.calls.find((c) => c.name === 'AccountRequestSmsCode')?.variables).toEqual({
      phone: '+255754123456',
      purpose: 'REGISTER',
    });
    expect((screen.getByRole('button', { name: /Again in/ }) as HTMLButtonElement).disabled).toBe(true);

    type('Password', 'siri1234');
    type('Confirm password', 'siri1234');
    type('SMS code', '123456');
    fireEvent.click(screen.getByLabelText('I am 18 years old or over'));
    fireEvent.click(screen.getByLabelText(/I accept the/));
    fireEvent.click(screen.getByRole('button', { name: 'Join now' }));
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.find((c) => c.name === 'AccountRegister')?.variables).toEqual({
      input: {
        phone: '+255754123456',
        password: 'siri1234',
        confirmPassword: 'siri1234',
        code: '123456',
        adult: true,
        acceptTerms: true,
        invitationCode: 'INV42',
      },
    });
    expect(session.token()).toBeNull();
    await act(async () => resolveRegister({ data: { register: SESSION } }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(session.token()).toBe('tok-1');
  });

  it('shows form errors under their fields and sends nothing', () => {
    const { api } = show('/register');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Join now' }));
    expect(screen.getByText('Enter your phone number')).toBeTruthy();
    expect(screen.getByText('The password needs at least 4 characters')).toBeTruthy();
    expect(screen.getByText('You must be 18 or over to play')).toBeTruthy();
    // Only the phone regions were read (region.tsx); nothing was sent.
    expect(new Set(api.calls.map((c) => c.name))).toEqual(new Set(['AccountAreaCodes']));
  });

  it('shows a server refusal translated under the field it names, in Swahili, and keeps the visitor out', async () => {
    const { session } = show('/register', {
      language: 'sw',
      handlers: { AccountRegister: () => ({ error: { code: 'SMS_CODE_INVALID', field: 'code' } }) },
    });
    type('Namba ya simu', '712345678');
    type('Nenosiri', 'siri1234');
    type('Thibitisha nenosiri', 'siri1234');
    type('Msimbo wa SMS', '000000');
    fireEvent.click(screen.getByLabelText('Nina umri wa miaka 18 au zaidi'));
    fireEvent.click(screen.getByLabelText(/Ninakubali/));
    fireEvent.click(screen.getByRole('button', { name: 'Jisajili sasa' }));
    const error = await screen.findByText('Msimbo wa SMS si sahihi');
    expect(error.id).toBe('reg-code-error');
    expect(session.token()).toBeNull();
  });

  it('sends a logged-in player to /home', () => {
    show('/register', { token: 't' });
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });
});

describe('/login and the guard', () => {
  it('logs in and goes home; a wrong password shows LOGIN_FAILED', async () => {
    let attempt = 0;
    const { session } = show('/login', {
      handlers: {
        AccountLogin: () =>
          ++attempt === 1 ? { error: { code: 'LOGIN_FAILED' } } : { data: { login: SESSION } },
      },
    });
    expect(document.title).toBe('Login Now | Bashiri');
    type('Phone number', '0712345678');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Wrong phone number or password');
    expect(session.token()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/home'));
    expect(session.token()).toBe('tok-1');
  });

  it.each(['/order', '/user_bill', '/pay_recharge', '/user_withdraw', '/user_info'])(
    'sends a visitor from %s to /register',
    async (path) => {
      show(path);
      expect(await screen.findByRole('heading', { name: 'Join Now' })).toBeTruthy();
    },
  );
});

describe('/order', () => {
  it('lists open bets, opens a bet with its legs and rule, and refreshes when a bet settles live', async () => {
    let settled = false;
    const open = orderFixture();
    const done = orderFixture({
      status: 'settled',
      statusCode: 4,
      credited: 38_700,
      payout: 43_000,
      tax: 4_300,
    });
    const { api } = show('/order', {
      token: 't',
      handlers: {
        AccountMyBets: (v) => ({
          data: {
            myBets: {
              items: v.tab === 'OPEN' ? (settled ? [] : [open]) : settled ? [done] : [],
              page: 1,
              pageSize: 10,
              total: 1,
            },
          },
        }),
        AccountMyBet: () => ({ data: { myBet: settled ? done : open } }),
      },
    });
    expect(await screen.findByText('Simba SC – Young Africans')).toBeTruthy();
    expect(screen.getByText('Awaiting result')).toBeTruthy();
    expect(api.calls.find((c) => c.name === 'AccountMyBets')?.variables).toEqual({
      tab: 'OPEN',
      archive: 'RECENT',
      page: 1,
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    await screen.findByText('No bets here yet.');
    settled = true;
    await act(async () =>
      api.push('AccountSettledBets', { mySettledBets: { betId: open.id, status: 'settled' } }),
    );
    expect(await screen.findByText(/Won/)).toBeTruthy();

    fireEvent.click(screen.getByText('Simba SC – Young Africans'));
    expect(await screen.findByText('Paid to your balance')).toBeTruthy();
    expect(screen.getByText('TZS 38,700')).toBeTruthy();
    expect(screen.getByText('Full time 1X2: the home team wins.')).toBeTruthy();
    expect(screen.getByText('Result 2-1 (half time 1-0)')).toBeTruthy();
    expect(screen.getAllByText('Won').length).toBeGreaterThan(0);
  });

  it('explains each settled leg in Swahili from the match facts (the English rule text is not shown)', async () => {
    const base = multipleFixture();
    // The catalogue's English betting-type name, as a real bet stores it: shown in Swahili.
    const multiple = {
      ...base,
      lines: [{ ...base.lines[0]!, marketName: 'Home Draw Away' }, ...base.lines.slice(1)],
    };
    show(`/order?id=${multiple.id}`, {
      token: 't',
      language: 'sw',
      handlers: {
        AccountMyBets: () => ({ data: { myBets: { items: [multiple], page: 1, pageSize: 10, total: 1 } } }),
        AccountMyBet: () => ({ data: { myBet: multiple } }),
      },
    });
    expect(await screen.findByText('Matokeo 2-1 (mapumziko 1-0)')).toBeTruthy();
    expect(screen.getByText(/Nyumbani Sare Ugenini:/)).toBeTruthy();
    expect(screen.getByText('Matokeo 1-1 (mapumziko 0-1)')).toBeTruthy();
    expect(screen.getByText('Mechi ilisimamishwa dakika ya 30 ikiwa 0-0')).toBeTruthy();
    expect(screen.queryByText(/Full time 1X2: the home team wins/)).toBeNull();
  });

  it('shows the score of every bet line in my bets, live and final (issue 16 item 1)', async () => {
    const open = orderFixture();
    const base = multipleFixture();
    const multiple = {
      ...base,
      lines: [
        base.lines[0]!,
        {
          ...base.lines[1]!,
          match: {
            statusId: 2,
            matchMinute: 'HT',
            homeScore: 0,
            awayScore: 1,
            htHomeScore: 0,
            htAwayScore: 1,
          },
        },
        { ...base.lines[2]!, match: null },
      ],
    };
    show('/order', {
      token: 't',
      language: 'sw',
      handlers: {
        AccountMyBets: () => ({
          data: { myBets: { items: [open, multiple], page: 1, pageSize: 10, total: 2 } },
        }),
      },
    });
    // The open single: its match is live at 67' with 1-0.
    expect(await screen.findByText('Mubashara 67′ · 1 - 0')).toBeTruthy();
    // The multiple: each line with its teams and score.
    expect(screen.getByText('Mechi imekwisha 2 - 1 (mapumziko 1 - 0)')).toBeTruthy();
    expect(screen.getByText('Azam FC – Coastal Union')).toBeTruthy();
    expect(screen.getByText('Mapumziko · 0 - 1')).toBeTruthy();
    expect(screen.getByText('KMC – Namungo')).toBeTruthy();
  });
});

describe('/user_bill', () => {
  it('lists balance bills and switches to the credit tab', async () => {
    const { api } = show('/user_bill', {
      token: 't',
      handlers: {
        AccountMyBills: (v) => ({
          data: {
            myBills: {
              items:
                v.pocket === 'BALANCE'
                  ? [
                      {
                        id: 'b1',
                        billType: 6,
                        amount: 10_000,
                        balanceBefore: 0,
                        balanceAfter: 10_000,
                        remark: '',
                        reference: 'D1',
                        at: '2026-11-22T07:00:00Z',
                      },
                      {
                        id: 'b2',
                        billType: 3,
                        amount: -2_000,
                        balanceBefore: 10_000,
                        balanceAfter: 8_000,
                        remark: 'S1',
                        reference: 'o1',
                        at: '2026-11-22T08:00:00Z',
                      },
                    ]
                  : [],
              page: 1,
              pageSize: 10,
              total: 2,
            },
          },
        }),
      },
    });
    expect(await screen.findByText('Deposit')).toBeTruthy();
    expect(screen.getByText('+10,000')).toBeTruthy();
    expect(screen.getByText('-2,000')).toBeTruthy();
    expect(screen.getByText('Balance 8,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Bonus money' }));
    await screen.findByText('No movements yet.');
    const pockets = api.calls.filter((c) => c.name === 'AccountMyBills').map((c) => c.variables.pocket);
    expect([...new Set(pockets)]).toEqual(['BALANCE', 'CREDIT']);
  });
});

const PROFILE = {
  me: {
    id: 'u1',
    phone: '+255754123456',
    network: 6,
    invitationCode: 'ABC123',
    defaultBetAmount: null,
    noBet: false,
    noWithdraw: false,
    createdAt: '2026-11-01T10:00:00Z',
    lastLoginAt: null,
  },
  myWallet: { balance: 25_000, creditMoney: 0 },
};

describe('/user_info', () => {
  it('changes the password, ends the session and goes to /login; a wrong old password stays', async () => {
    let attempt = 0;
    const { session } = show('/user_info', {
      token: 't',
      handlers: {
        AccountProfile: () => ({ data: PROFILE }),
        AccountChangePassword: () =>
          ++attempt === 1
            ? { error: { code: 'WRONG_PASSWORD', field: 'oldPassword' } }
            : { data: { changePassword: true } },
      },
    });
    expect(await screen.findByText('+255754123456')).toBeTruthy();
    expect(screen.getByText('TZS 25,000')).toBeTruthy();
    type('Old password', 'old1');
    type('New password', 'new12');
    type('Confirm password', 'new12');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    expect(session.token()).toBe('t');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Login Now' })).toBeTruthy();
    expect(session.token()).toBeNull();
  });

  it('logs out whatever the server answers', async () => {
    const { session } = show('/user_info', {
      token: 't',
      handlers: {
        AccountProfile: () => ({ data: PROFILE }),
        AccountLogout: () => ({ error: { code: 'NETWORK' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login Now' })).toBeTruthy();
    expect(session.token()).toBeNull();
  });
});

describe('/pay_recharge', () => {
  it('deposits, shows the status until confirmed and refreshes the balance', async () => {
    let paid = false;
    let profileCalls = 0;
    const pending = paymentFixture({ status: 'pushed', amount: 5_000 });
    const { api } = show('/pay_recharge', {
      token: 't',
      handlers: {
        AccountProfile: () => {
          profileCalls += 1;
          return { data: { ...PROFILE, myWallet: { balance: paid ? 30_000 : 25_000, creditMoney: 0 } } };
        },
        AccountMyPayments: () => ({ data: { myPayments: { items: [], page: 1, pageSize: 10, total: 0 } } }),
        AccountDeposit: () => ({ data: { deposit: pending } }),
        AccountPaymentStatus: () => ({
          data: { payment: paid ? { ...pending, status: 'confirmed', payStatus: 2 } : pending },
        }),
      },
    });
    expect(await screen.findByText('TZS 25,000')).toBeTruthy();
    expect(screen.getByText('M-Pesa (Vodacom) · +255754123456')).toBeTruthy();
    type('Amount (TZS)', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByText('Enter an amount between 100 and 3,000,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '5,000' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Confirm the payment on your phone with your PIN…')).toBeTruthy();
    const request = api.calls.find((c) => c.name === 'AccountDeposit')?.variables as {
      input: { amount: number; requestId: string };
    };
    expect(request.input.amount).toBe(5_000);
    expect(request.input.requestId).toMatch(/.{8,}/);
    paid = true;
    expect(
      await screen.findByText('Done. Your balance has been updated.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('TZS 30,000')).toBeTruthy());
    expect(profileCalls).toBeGreaterThan(1);
  });

  it('keeps the request id after a network failure so a retry cannot pay twice', async () => {
    let attempt = 0;
    const { api } = show('/pay_recharge', {
      token: 't',
      handlers: {
        AccountProfile: () => ({ data: PROFILE }),
        AccountDeposit: () =>
          ++attempt === 1 ? { error: { code: 'NETWORK' } } : { error: { code: 'CHANNEL_DISABLED' } },
      },
    });
    await screen.findByText('TZS 25,000');
    type('Amount (TZS)', '1000');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByText('Network error. Check your connection and refresh.');
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByText('Withdraw and recharge are temporarily unavailable because of a system upgrade');
    const ids = api.calls
      .filter((c) => c.name === 'AccountDeposit')
      .map((c) => (c.variables.input as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('shows the range the server enforces', async () => {
    show('/user_withdraw', {
      token: 't',
      handlers: {
        AccountProfile: () => ({ data: PROFILE }),
        AccountWithdraw: () => ({
          error: { code: 'AMOUNT_BELOW_MINIMUM', details: { minimum: 2_000, maximum: 1_000_000 } },
        }),
      },
    });
    await screen.findByText('TZS 25,000');
    type('Amount (TZS)', '1500');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Enter an amount between 2,000 and 1,000,000')).toBeTruthy();
  });
});

it('fakeApi never answers an operation without a handler', () => {
  const api = fakeApi({});
  expect(api.calls).toEqual([]);
});

describe('ACCOUNT_ROUTES (lazy)', () => {
  it('has the paths of the eager table and every page loads to an element', async () => {
    const { ACCOUNT_ROUTES: lazyRoutes } = await import('./routes.tsx');
    expect(lazyRoutes.map((r) => r.path)).toEqual(ACCOUNT_ROUTES.map((r) => r.path));
    for (const route of lazyRoutes) {
      const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
      expect(loaded, route.path).toHaveProperty('element');
    }
  });
});

it('gives every route its page title key (the layout sets document.title from handle.titleKey)', async () => {
  const { ACCOUNT_ROUTES: lazyRoutes } = await import('./routes.tsx');
  for (const routes of [lazyRoutes, ACCOUNT_ROUTES])
    for (const route of routes)
      expect((route.handle as { titleKey?: string } | undefined)?.titleKey, route.path).toMatch(
        /^(titles|content|sitePages|protection|promotion|casino|racing|pool)\./,
      );
});
