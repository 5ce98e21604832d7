/** Texts of the header, menus, footer and drawers (spec §2 layout), namespace `layout`. */
import { defineTexts } from '../i18n/features.ts';

export const layoutTexts = defineTexts('layout', {
  'en-US': { loading: 'Loading…' },
  sw: { loading: 'Inapakia…' },
  'zh-CN': { loading: '加载中…' },
});
