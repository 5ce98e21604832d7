/** Texts of accounts, bets, bills, deposits and withdrawals (spec §2, §5), namespace `account`. */
import { defineTexts } from '../i18n/features.ts';

export const accountTexts = defineTexts('account', {
  'en-US': { loading: 'Loading…' },
  sw: { loading: 'Inapakia…' },
  'zh-CN': { loading: '加载中…' },
});
