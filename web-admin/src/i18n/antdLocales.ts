/**
 * Ant Design's own texts (pagination, pickers, empty states, confirm buttons) per language. antd ships
 * en_US and zh_CN; it has no Swahili locale, so `sw` is en_US with the texts the back office shows
 * translated here.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '../shared.ts';

const sw: Locale = {
  ...enUS,
  locale: 'sw',
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ ukurasa',
    jump_to: 'Nenda',
    page: 'Ukurasa',
    prev_page: 'Ukurasa uliopita',
    next_page: 'Ukurasa unaofuata',
  },
  Table: {
    ...enUS.Table,
    filterConfirm: 'Sawa',
    filterReset: 'Futa',
    emptyText: 'Hakuna data',
    triggerDesc: 'Panga kushuka',
    triggerAsc: 'Panga kupanda',
    cancelSort: 'Acha kupanga',
  },
  Modal: { okText: 'Sawa', cancelText: 'Ghairi', justOkText: 'Sawa' },
  Popconfirm: { okText: 'Sawa', cancelText: 'Ghairi' },
  Empty: { description: 'Hakuna data' },
};

/** antd's locale for a language. */
export const ANTD_LOCALES: Readonly<Record<Language, Locale>> = { sw, 'en-US': enUS, 'zh-CN': zhCN };
