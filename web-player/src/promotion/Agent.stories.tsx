/**
 * Stories of the agent's screen `/agent` (spec §6 agent role "own statistics, invited users, salary";
 * decision 0082): the figures of 30 days, and the weekly salaries — paid with its bill, due, and a week
 * the players won (nothing) — and an agent with no salary yet. Data as the server answers it (TZS).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentFiguresView, AgentSalariesView } from './agent.tsx';
import type { AgentFigures, AgentSalaryItem } from './documents.ts';

/** Three weeks, newest first: due, nothing (players won), paid with bill 4812. */
const SALARIES: readonly AgentSalaryItem[] = [
  {
    period: '2026-11-16',
    returnScale: 10,
    net: 84_500,
    amount: 8_450,
    status: 'DUE',
    paidAt: null,
    billId: null,
  },
  {
    period: '2026-11-09',
    returnScale: 10,
    net: -12_000,
    amount: 0,
    status: 'NOTHING',
    paidAt: null,
    billId: null,
  },
  {
    period: '2026-11-02',
    returnScale: 10,
    net: 150_009,
    amount: 15_000,
    status: 'PAID',
    paidAt: '2026-11-10T07:30:00.000Z',
    billId: '4812',
  },
];

const FIGURES: AgentFigures = {
  from: '2026-10-28',
  to: '2026-11-26',
  invitedPlayers: 7,
  totalDeposit: 420_000,
  totalWithdraw: 95_000,
  bettors: 5,
  betAmount: 310_500,
  playerProfitLoss: -120_250,
};

function AgentScreen({ salaries }: { readonly salaries: readonly AgentSalaryItem[] }) {
  return (
    <section className="page promo-page">
      <AgentFiguresView figures={FIGURES} />
      <AgentSalariesView salaries={salaries} />
    </section>
  );
}

const meta = { title: 'Promotion/Agent', component: AgentScreen } satisfies Meta<typeof AgentScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Figures and three salaries. */
export const WithSalaries: Story = { args: { salaries: SALARIES } };
/** A player who invited nobody yet. */
export const NoSalary: Story = { args: { salaries: [] } };
