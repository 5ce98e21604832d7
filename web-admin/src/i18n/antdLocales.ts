/**
 * Ant Design's own texts (pagination, pickers, empty states, confirm buttons) per language. antd ships
 * en_US and zh_CN; it has no Swahili locale, so `sw` is en_US with the texts the back office shows
 * translated here.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '../shared.ts';

/** The date picker's texts in Swahili (placeholders, panel buttons, navigation). */
const swDateLang = {
  placeholder: 'Chagua tarehe',
  yearPlaceholder: 'Chagua mwaka',
  quarterPlaceholder: 'Chagua robo mwaka',
  monthPlaceholder: 'Chagua mwezi',
  weekPlaceholder: 'Chagua wiki',
  rangePlaceholder: ['Tarehe ya kuanza', 'Tarehe ya mwisho'] as [string, string],
  rangeYearPlaceholder: ['Mwaka wa kuanza', 'Mwaka wa mwisho'] as [string, string],
  rangeQuarterPlaceholder: ['Robo ya kuanza', 'Robo ya mwisho'] as [string, string],
  rangeMonthPlaceholder: ['Mwezi wa kuanza', 'Mwezi wa mwisho'] as [string, string],
  rangeWeekPlaceholder: ['Wiki ya kuanza', 'Wiki ya mwisho'] as [string, string],
  today: 'Leo',
  now: 'Sasa',
  backToToday: 'Rudi leo',
  ok: 'Sawa',
  clear: 'Futa',
  week: 'Wiki',
  month: 'Mwezi',
  year: 'Mwaka',
  timeSelect: 'chagua muda',
  dateSelect: 'chagua tarehe',
  weekSelect: 'Chagua wiki',
  monthSelect: 'Chagua mwezi',
  yearSelect: 'Chagua mwaka',
  decadeSelect: 'Chagua muongo',
  previousMonth: 'Mwezi uliopita',
  nextMonth: 'Mwezi ujao',
  previousYear: 'Mwaka uliopita',
  nextYear: 'Mwaka ujao',
  previousDecade: 'Muongo uliopita',
  nextDecade: 'Muongo ujao',
  previousCentury: 'Karne iliyopita',
  nextCentury: 'Karne ijayo',
};
const swTimePicker = {
  placeholder: 'Chagua muda',
  rangePlaceholder: ['Muda wa kuanza', 'Muda wa mwisho'] as [string, string],
};
const swDatePicker = {
  ...enUS.DatePicker!,
  lang: { ...enUS.DatePicker!.lang, ...swDateLang },
  timePickerLocale: { ...enUS.DatePicker!.timePickerLocale, ...swTimePicker },
};

const sw: Locale = {
  ...enUS,
  locale: 'sw',
  global: { ...enUS.global, placeholder: 'Tafadhali chagua', close: 'Funga', show: 'Onyesha', hide: 'Ficha' },
  Pagination: {
    ...enUS.Pagination,
    items_per_page: '/ ukurasa',
    jump_to: 'Nenda',
    jump_to_confirm: 'thibitisha',
    page: 'Ukurasa',
    prev_page: 'Ukurasa uliopita',
    next_page: 'Ukurasa unaofuata',
    prev_5: 'Kurasa 5 zilizopita',
    next_5: 'Kurasa 5 zinazofuata',
    prev_3: 'Kurasa 3 zilizopita',
    next_3: 'Kurasa 3 zinazofuata',
  },
  DatePicker: swDatePicker,
  TimePicker: swTimePicker,
  Calendar: swDatePicker,
  Table: {
    ...enUS.Table,
    filterTitle: 'Chuja',
    filterConfirm: 'Sawa',
    filterReset: 'Futa',
    filterEmptyText: 'Hakuna vichujio',
    filterCheckAll: 'Chagua vyote',
    filterSearchPlaceholder: 'Tafuta katika vichujio',
    emptyText: 'Hakuna data',
    selectAll: 'Chagua ukurasa huu',
    selectInvert: 'Geuza uteuzi wa ukurasa huu',
    selectNone: 'Futa uteuzi wote',
    selectionAll: 'Chagua data yote',
    sortTitle: 'Panga',
    expand: 'Panua safu',
    collapse: 'Kunja safu',
    triggerDesc: 'Panga kushuka',
    triggerAsc: 'Panga kupanda',
    cancelSort: 'Acha kupanga',
  },
  Modal: { okText: 'Sawa', cancelText: 'Ghairi', justOkText: 'Sawa' },
  Popconfirm: { okText: 'Sawa', cancelText: 'Ghairi' },
  Transfer: {
    ...enUS.Transfer,
    searchPlaceholder: 'Tafuta hapa',
    itemUnit: 'kipengele',
    itemsUnit: 'vipengele',
    remove: 'Ondoa',
    selectAll: 'Chagua vyote',
    deselectAll: 'Acha kuchagua vyote',
    removeAll: 'Ondoa vyote',
  },
  Upload: {
    uploading: 'Inapakia...',
    removeFile: 'Ondoa faili',
    uploadError: 'Kosa la kupakia',
    previewFile: 'Hakiki faili',
    downloadFile: 'Pakua faili',
  },
  Empty: { description: 'Hakuna data' },
  Text: { edit: 'Hariri', copy: 'Nakili', copied: 'Imenakiliwa', expand: 'Panua', collapse: 'Kunja' },
  QRCode: { expired: 'Msimbo wa QR umeisha muda', refresh: 'Onyesha upya', scanned: 'Umechanganuliwa' },
  Form: {
    optional: '(si lazima)',
    defaultValidateMessages: {
      default: 'Kosa la uthibitisho wa ${label}',
      required: 'Tafadhali jaza ${label}',
      enum: '${label} liwe moja ya [${enum}]',
      whitespace: '${label} haliwezi kuwa nafasi tupu',
      date: {
        format: 'Muundo wa tarehe ya ${label} si sahihi',
        parse: '${label} haiwezi kusomwa kama tarehe',
        invalid: '${label} si tarehe sahihi',
      },
      string: {
        len: '${label} liwe na herufi ${len}',
        min: '${label} liwe na angalau herufi ${min}',
        max: '${label} lisizidi herufi ${max}',
        range: '${label} liwe na herufi ${min}–${max}',
      },
      number: {
        len: '${label} liwe sawa na ${len}',
        min: '${label} lisipungue ${min}',
        max: '${label} lisizidi ${max}',
        range: '${label} liwe kati ya ${min} na ${max}',
      },
      array: {
        len: 'Yawe ${len} ${label}',
        min: 'Angalau ${min} ${label}',
        max: 'Zisizidi ${max} ${label}',
        range: 'Idadi ya ${label} iwe kati ya ${min} na ${max}',
      },
      pattern: { mismatch: '${label} haliendani na muundo ${pattern}' },
    },
  },
};

/** antd's locale for a language. */
export const ANTD_LOCALES: Readonly<Record<Language, Locale>> = { sw, 'en-US': enUS, 'zh-CN': zhCN };
