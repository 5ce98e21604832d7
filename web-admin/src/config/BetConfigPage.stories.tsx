/**
 * Stories of the bet configuration screen (spec §3 "Bet config", §9 "Admin-configurable"): the version in
 * force with its stakes, tax, caps and rolling-bet delays (mobile 3 s, desktop 7 s), the order warning amount
 * (500,000 TZS; none in the older version), the stakes per channel (mobile 1,000 – 20,000, desktop up to
 * 2,000,000 TZS; none in the older version), and the stored versions, answered as `betConfig` /
 * `betConfigVersions` would.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ConfigBetQuery } from '../graphql/generated.ts';
import { refusal, type StoryAnswer } from '../testing/StoryFrame.tsx';
import { BetConfigPage } from './BetConfigPage.tsx';

type Config = ConfigBetQuery['betConfig'];

const config = (version: string, patch: Partial<Config> = {}): Config => ({
  minimumBetAmount: 100,
  minimumBetAmountVirtual: 100,
  maxBetAmount: 3_000_000,
  minStringRewardOdds: '1.20',
  taxRatePercent: 10,
  singleGameHighestProfit: null,
  multipleGameHighestProfit: 50_000_000,
  customerService: 'Piga +255 700 000 101',
  liveBetDelaySecondsMobile: 3,
  liveBetDelaySecondsDesktop: 7,
  minimumBetAmountMobile: 1_000,
  maximumBetAmountMobile: 20_000,
  minimumBetAmountDesktop: null,
  maximumBetAmountDesktop: 2_000_000,
  version,
  stringRewards: [{ strings: 3, cashBackPercent: 5 }],
  ...patch,
});

const IN_FORCE = config('2026-11-20T09:00:00.000Z');

const answer: StoryAnswer = (name) =>
  name === 'ConfigBet'
    ? {
        betConfig: IN_FORCE,
        betConfigVersions: [
          {
            effectiveFrom: IN_FORCE.version,
            createdBy: 'staff:1',
            createdAt: '2026-11-20T08:59:00.000Z',
            inForce: true,
            orderWarningAmount: 500_000,
            config: IN_FORCE,
          },
          {
            effectiveFrom: '2018-01-01T00:00:00.000Z',
            createdBy: 'system:seed',
            createdAt: '2026-01-01T00:00:00.000Z',
            inForce: false,
            orderWarningAmount: null,
            config: config('2018-01-01T00:00:00.000Z', {
              liveBetDelaySecondsMobile: 5,
              liveBetDelaySecondsDesktop: 5,
              minimumBetAmountMobile: null,
              maximumBetAmountMobile: null,
              maximumBetAmountDesktop: null,
              stringRewards: [],
            }),
          },
        ],
      }
    : null;

const meta: Meta<typeof BetConfigPage> = {
  title: 'Config/BetConfigPage',
  component: BetConfigPage,
  parameters: { answer, permissions: ['config.edit'] },
};
export default meta;

export const English: StoryObj<typeof BetConfigPage> = {};
export const Swahili: StoryObj<typeof BetConfigPage> = { parameters: { language: 'sw' } };
export const Chinese: StoryObj<typeof BetConfigPage> = { parameters: { language: 'zh-CN' } };
export const Refused: StoryObj<typeof BetConfigPage> = {
  parameters: { answer: () => refusal('FORBIDDEN'), language: 'sw' },
};
