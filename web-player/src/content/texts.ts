/** Texts of messages and content pages (spec §2), namespace `content`. */
import { defineTexts } from '../i18n/features.ts';

export const contentTexts = defineTexts('content', {
  'en-US': { loading: 'Loading…' },
  sw: { loading: 'Inapakia…' },
  'zh-CN': { loading: '加载中…' },
});
