/** Stories of the account and content pages over a fake API: registration, login, deposit, my bets, messages. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { orderFixture, paymentFixture } from './fixtures.ts';
import { MessagesPage } from '../content/pages.tsx';
import { LoginPage, RegisterPage } from './AuthPages.tsx';
import { OrdersPage } from './OrdersPage.tsx';
import { DepositPage } from './PaymentPages.tsx';
import { AccountPage } from './stories.tsx';

const meta = {
  title: 'Account/Pages',
  component: AccountPage,
} satisfies Meta<typeof AccountPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `/register?v=` with the invitation code filled in, in Swahili. */
export const Register: Story = { args: { page: RegisterPage, path: '/register?v=SIMBA7', language: 'sw' } };

/** `/login` in English. */
export const Login: Story = { args: { page: LoginPage, path: '/login' } };

const profile = {
  me: {
    id: 'u1',
    phone: '+255754123456',
    network: 6,
    invitationCode: 'ABC123',
    defaultBetAmount: 1_000,
    noBet: false,
    noWithdraw: false,
    createdAt: '2026-11-01T10:00:00Z',
    lastLoginAt: '2026-11-22T06:00:00Z',
  },
  myWallet: { balance: 25_000, creditMoney: 2_000 },
};

/** `/pay_recharge` with a recent deposit. */
export const Deposit: Story = {
  args: {
    page: DepositPage,
    path: '/pay_recharge',
    token: 'story',
    handlers: {
      AccountProfile: () => ({ data: profile }),
      AccountPaymentPhones: () => ({ data: { paymentPhones: ['+255713300002'] } }),
      AccountMyPayments: () => ({
        data: {
          myPayments: {
            items: [
              paymentFixture({ status: 'confirmed', payStatus: 2 }),
              paymentFixture({ id: 'D2', status: 'expired' }),
            ],
            page: 1,
            pageSize: 10,
            total: 2,
          },
        },
      }),
    },
  },
};

/** `/order` with an open single, in Chinese. */
export const MyBets: Story = {
  args: {
    page: OrdersPage,
    path: '/order',
    token: 'story',
    language: 'zh-CN',
    handlers: {
      AccountMyBets: () => ({
        data: { myBets: { items: [orderFixture()], page: 1, pageSize: 10, total: 1 } },
      }),
    },
  },
};

/** `/message` with an unread and a read message, in Swahili. */
export const Messages: Story = {
  args: {
    page: MessagesPage,
    path: '/message',
    token: 'story',
    language: 'sw',
    handlers: {
      ContentMessages: () => ({
        data: {
          myMessages: {
            content: [
              {
                id: 'm2',
                title: 'Bonasi yako iko tayari',
                body: 'Umepata bonasi ya TZS 1,000.',
                sentAt: '2026-11-22T07:00:00Z',
                read: false,
              },
              {
                id: 'm1',
                title: 'Karibu Bashiri!',
                body: 'Karibu.',
                sentAt: '2026-11-21T07:00:00Z',
                read: true,
              },
            ],
            page: 1,
            pageSize: 10,
            count: 2,
            unread: 1,
          },
        },
      }),
    },
  },
};
