/**
 * Texts of the layout extras' pages, namespace `sitePages`: the app-download and support-chat pages and
 * the registration's phone region. Loaded with the account and content pages (registry-later.ts), not
 * with the first screen.
 */
import { defineTexts } from '@bashiri/web-shared';

export const sitePagesTexts = defineTexts('sitePages', {
  'en-US': {
    region: 'Phone region',
    titles: { app: 'Download the app', chat: 'Customer service' },
    chat: {
      title: 'Customer service',
      intro: 'Write to us here; customer service answers arrive in your messages.',
      empty: 'No conversation yet. Write your question below.',
      you: 'You',
      support: 'Customer service',
      placeholder: 'Write a message…',
      send: 'Send',
      sending: 'Sending…',
      failed: 'The message was not sent. Please try again.',
      tooMany: 'You have sent many messages. Please try again later.',
    },
    app: {
      title: 'Bashiri on your phone',
      intro: 'Put Bashiri on your home screen: it opens like an app, with no app store and no big download.',
      install: 'Install the app',
      installed: 'Bashiri is already installed on this device.',
      ready: 'Installed. Open it from your home screen.',
      howTitle: 'How to install',
      android: 'Android (Chrome): tap ⋮ then “Add to Home screen”.',
      ios: 'iPhone (Safari): tap the share button then “Add to Home Screen”.',
      desktop: 'Computer (Chrome, Edge): click the install icon in the address bar.',
      offline: 'Offline, the app still opens and asks you to reconnect; bets and balance need the network.',
    },
  },
  sw: {
    region: 'Eneo la simu',
    titles: { app: 'Pakua programu', chat: 'Huduma kwa wateja' },
    chat: {
      title: 'Huduma kwa wateja',
      intro: 'Tuandikie hapa; majibu ya huduma kwa wateja yanafika kwenye ujumbe wako.',
      empty: 'Bado hakuna mazungumzo. Andika swali lako hapa chini.',
      you: 'Wewe',
      support: 'Huduma kwa wateja',
      placeholder: 'Andika ujumbe…',
      send: 'Tuma',
      sending: 'Inatuma…',
      failed: 'Ujumbe haukutumwa. Jaribu tena.',
      tooMany: 'Umetuma ujumbe mwingi. Jaribu tena baadaye.',
    },
    app: {
      title: 'Bashiri kwenye simu yako',
      intro:
        'Weka Bashiri kwenye skrini ya mwanzo ya simu yako: inafunguka kama programu, bila duka la programu na bila kupakua faili kubwa.',
      install: 'Weka programu',
      installed: 'Bashiri tayari imewekwa kwenye kifaa hiki.',
      ready: 'Imewekwa. Ifungue kutoka skrini ya mwanzo.',
      howTitle: 'Jinsi ya kuweka',
      android: 'Android (Chrome): gusa ⋮ kisha «Ongeza kwenye skrini ya mwanzo».',
      ios: 'iPhone (Safari): gusa kitufe cha kushiriki kisha «Ongeza kwenye Skrini ya Mwanzo».',
      desktop: 'Kompyuta (Chrome, Edge): bofya alama ya kuweka kwenye upau wa anwani.',
      offline:
        'Bila mtandao, programu inafunguka na kukuambia uunganishe tena; dau na salio vinahitaji mtandao.',
    },
  },
  'zh-CN': {
    region: '手机区号',
    titles: { app: '下载应用', chat: '在线客服' },
    chat: {
      title: '在线客服',
      intro: '在这里给我们留言，客服的回复会发送到您的站内信。',
      empty: '还没有对话。请在下方写下您的问题。',
      you: '我',
      support: '客服',
      placeholder: '输入消息…',
      send: '发送',
      sending: '发送中…',
      failed: '消息未发送，请重试。',
      tooMany: '您发送的消息太多，请稍后再试。',
    },
    app: {
      title: '手机上的 Bashiri',
      intro: '将 Bashiri 添加到手机主屏幕：像应用一样打开，无需应用商店，无需大文件下载。',
      install: '安装应用',
      installed: 'Bashiri 已安装在此设备上。',
      ready: '已安装，请从主屏幕打开。',
      howTitle: '安装方法',
      android: 'Android（Chrome）：点击 ⋮，然后选择“添加到主屏幕”。',
      ios: 'iPhone（Safari）：点击分享按钮，然后选择“添加到主屏幕”。',
      desktop: '电脑（Chrome、Edge）：点击地址栏中的安装图标。',
      offline: '离线时应用仍可打开并提示您重新连接；投注和余额需要网络。',
    },
  },
});
