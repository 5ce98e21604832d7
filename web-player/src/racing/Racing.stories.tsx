/**
 * Stories of the virtual racing components (issue 19 item 3; spec §2 `racing_car/racing`): the racing
 * slip (champion, big/small with an option picked, Luck Racing at its fixed price, betting closed, a
 * placed order, a refused one), the CSS race of a drawn order, and a Results row with its seed to verify.
 * The slip's `place` is a story function (no server); the round is the test vector of docs/racing.md.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { Client, Provider } from 'urql';
import type { RacingPeriodFieldsFragment } from './generated.ts';
import { Race, ResultRow } from './pages.tsx';
import { RacingSlip, type RacingConfigView } from './RacingSlip.tsx';
import type { PlaceRequest } from './machine.ts';
import './racing.css';
import '../account/account.css';

const CONFIG: RacingConfigView = {
  champion: '9.69',
  championAndRunnerUp: '28',
  championAndRunnerUpAndThird: '56',
  singleOrDouble: '1.97',
  bigOrSmall: '1.97',
  jackpotBetAmount: 300,
  prizePool: 1_000_000,
  noBet: 0,
  taxRate: '10',
  convertTaxRate: '10',
  minimumBetAmount: 100,
  maxBetAmount: 3_000_000,
  maxClockSkewSeconds: 60,
  rtp: [],
};

/** docs/racing.md test vector: seed 64 × `a`, round `r1`. */
const DRAWN: RacingPeriodFieldsFragment = {
  id: 'r1',
  startingBetTime: '2026-11-25T09:00:00.000Z',
  endBetTime: '2026-11-25T09:02:40.000Z',
  drawTime: '2026-11-25T09:03:00.000Z',
  status: 3,
  seedHash: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
  seed: 'a'.repeat(64),
  lotteryCombination: '4,5,8,1,3,2,7,6,10,9',
  settled: true,
  voided: false,
};

const codeText = (code: string) => code;
const placed = async (r: PlaceRequest) => ({ tickets: 1, amount: r.singleAmount });
const refused = async () => {
  throw { code: 'INSUFFICIENT_RACING_COIN' };
};

/** The slip in a narrow column, with a client that never sends (the story's `place` answers). */
function Slip({
  roundId,
  place,
  clicks = [],
}: {
  readonly roundId: string | null;
  readonly place?: (r: PlaceRequest) => Promise<{ tickets: number; amount: number }>;
  /** Labels of buttons and checkboxes to tap once mounted (the slip's state for the story). */
  readonly clicks?: readonly string[];
}) {
  const client = useMemo(() => new Client({ url: '/graphql', exchanges: [] }), []);
  return (
    <Provider value={client}>
      <div
        style={{ maxWidth: 360, background: '#fff', padding: 8 }}
        ref={(el) => {
          if (!el || el.dataset['tapped']) return;
          el.dataset['tapped'] = '1';
          // After the actor started (effects run after this ref), tap in order.
          setTimeout(() => {
            for (const label of clicks) {
              const target = [...el.querySelectorAll<HTMLElement>('button, label')].find(
                (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
              );
              target?.click();
            }
          }, 0);
        }}
      >
        <RacingSlip
          config={CONFIG}
          roundId={roundId}
          loggedIn
          codeText={codeText}
          {...(place ? { place } : {})}
        />
      </div>
    </Provider>
  );
}

const meta = { title: 'Racing/Slip', component: Slip } satisfies Meta<typeof Slip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Champion: Story = { args: { roundId: '20261125-241', clicks: ['1 Gari 3', '1 Gari 5'] } };
export const BigSmall: Story = { args: { roundId: '20261125-241', clicks: ['Juu/Chini', 'Juu (6–10)'] } };
export const LuckRacing: Story = { args: { roundId: '20261125-241', clicks: ['Bahati ya mbio'] } };
export const BettingClosed: Story = { args: { roundId: null, clicks: ['1 Gari 7'] } };
export const Placed: Story = {
  args: { roundId: '20261125-241', place: placed, clicks: ['1 Gari 1', 'Weka dau'] },
};
export const Refused: Story = {
  args: { roundId: '20261125-241', place: refused, clicks: ['1 Gari 1', 'Weka dau'] },
};

/** The CSS race of the test vector's order. */
export const DrawnRace: StoryObj = { render: () => <Race period={DRAWN} /> };

/** A Results row: seed, hash and the Verify button (the domain's check in the browser). */
export const ResultToVerify: StoryObj = {
  render: () => (
    <ul className="racing-results">
      <ResultRow period={DRAWN} />
    </ul>
  ),
};
