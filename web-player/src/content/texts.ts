/** Texts of messages and content pages (spec §2), namespace `content`. */
import { defineTexts } from '@bashiri/web-shared';

export const contentTexts = defineTexts('content', {
  'en-US': {
    loading: 'Loading…',
    messages: { unread: '{{count}} unread', markAll: 'Mark all as read', new: 'New' },
    documents: { open: 'Open the document' },
    help: { contact: 'Customer service' },
    sms: {
      title: 'Write to us',
      intro: 'Send a message to customer service. We answer by phone or in your messages.',
      name: 'Your name',
      phone: 'Phone number',
      content: 'Message',
      send: 'Send',
      sent: 'Thank you. Customer service has received your message.',
    },
  },
  sw: {
    loading: 'Inapakia…',
    messages: { unread: 'Ujumbe {{count}} haujasomwa', markAll: 'Weka zote zimesomwa', new: 'Mpya' },
    documents: { open: 'Fungua waraka' },
    help: { contact: 'Huduma kwa wateja' },
    sms: {
      title: 'Tuandikie',
      intro: 'Tuma ujumbe kwa huduma kwa wateja. Tunajibu kwa simu au kwenye jumbe zako.',
      name: 'Jina lako',
      phone: 'Namba ya simu',
      content: 'Ujumbe',
      send: 'Tuma',
      sent: 'Asante. Huduma kwa wateja imepokea ujumbe wako.',
    },
  },
  'zh-CN': {
    loading: '加载中…',
    messages: { unread: '{{count}} 条未读', markAll: '全部标为已读', new: '新' },
    documents: { open: '打开文档' },
    help: { contact: '客服' },
    sms: {
      title: '联系我们',
      intro: '给客服留言，我们会通过电话或站内信回复您。',
      name: '您的姓名',
      phone: '手机号码',
      content: '留言内容',
      send: '发送',
      sent: '谢谢，客服已收到您的留言。',
    },
  },
});
