/** Texts of the shared components (namespace `audit` for the audit timeline). */
import { defineTexts } from '../shared.ts';

export const auditTexts = defineTexts('audit', {
  'en-US': {
    stateHere: 'State at this event',
    correlation: 'Correlation id',
    causation: 'Causation id',
    data: 'Event data',
    pockets: { balance: 'balance', creditMoney: 'credit money', racingCoin: 'racing coin', debt: 'debt' },
  },
  sw: {
    stateHere: 'Hali katika tukio hili',
    correlation: 'Kitambulisho cha uhusiano',
    causation: 'Kitambulisho cha chanzo',
    data: 'Data ya tukio',
    pockets: { balance: 'salio', creditMoney: 'pesa ya bonasi', racingCoin: 'sarafu za mbio', debt: 'deni' },
  },
  'zh-CN': {
    stateHere: '此事件时的状态',
    correlation: '关联 ID',
    causation: '起因 ID',
    data: '事件数据',
    pockets: { balance: '余额', creditMoney: '彩金', racingCoin: '赛车币', debt: '欠款' },
  },
});
