/** Texts of the layout's extra pieces (notice bar, contacts, social links, floats, support chat, app page), namespace `site`. */
import { defineTexts } from '@bashiri/web-shared';
import { siteSw } from './texts.sw.ts';

export const siteTexts = defineTexts('site', {
  'en-US': {
    notice: 'Notice',
    contacts: 'Contact us',
    call: 'Call {{number}}',
    social: 'Follow us',
    appLink: 'Get the app',
    buildTime: 'Build of {{time}} (EAT)',
    float: {
      app: 'App',
      appLabel: 'Download the Bashiri app',
      chat: 'Chat',
      chatLabel: 'Chat with customer service',
      unread: '{{count}} unread',
    },
  },
  sw: siteSw,
  'zh-CN': {
    notice: '公告',
    contacts: '联系我们',
    call: '拨打 {{number}}',
    social: '关注我们',
    appLink: '下载应用',
    buildTime: '版本构建于 {{time}}（东非时间）',
    float: {
      app: '应用',
      appLabel: '下载 Bashiri 应用',
      chat: '客服',
      chatLabel: '联系在线客服',
      unread: '{{count}} 条未读',
    },
  },
});
