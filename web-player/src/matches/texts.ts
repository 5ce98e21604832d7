/** Texts of match lists, match page and markets (spec §2, §4), namespace `matches`. */
import { defineTexts } from '../i18n/features.ts';

export const matchesTexts = defineTexts('matches', {
  'en-US': { loading: 'Loading…' },
  sw: { loading: 'Inapakia…' },
  'zh-CN': { loading: '加载中…' },
});
