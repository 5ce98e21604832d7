/**
 * Stories of the header (issue 7 item 6; spec §2 Layout): a visitor (quick login, register, reset
 * password) and a logged-in player (balance dropdown, deposit), with the bottom bar of narrow screens.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BottomBar, Header, type HeaderProps } from './Header.tsx';

const noop = () => undefined;
/** A fixed clock: 2026-11-22 16:45:00 East Africa Time. */
const now = () => Date.parse('2026-11-22T13:45:00Z');

function HeaderWithBar(props: HeaderProps) {
  return (
    <div>
      <Header {...props} />
      <BottomBar {...props} />
    </div>
  );
}

const meta = {
  title: 'Layout/Header',
  component: HeaderWithBar,
  args: {
    loggedIn: false,
    balance: 0,
    credit: 0,
    slipCount: 0,
    onOpenMenu: noop,
    onOpenSlip: noop,
    onLogin: () => Promise.resolve('LOGIN_FAILED'),
    onLogout: noop,
    now,
  },
} satisfies Meta<typeof HeaderWithBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {};

export const Player: Story = {
  args: { loggedIn: true, balance: 1_234_567, credit: 7_000, slipCount: 3, unread: 2 },
};

/** A withdrawal of 50,000 in flight: already out of the balance, shown as reserved (issue 16 item 8). */
export const PendingWithdrawal: Story = {
  args: { loggedIn: true, balance: 150_000, credit: 0, reserved: 50_000 },
};
