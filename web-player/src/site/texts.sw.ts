/**
 * The Swahili texts of namespace `site` (site/texts.ts): bundled with the first load like the layout's
 * (the notice bar, contacts and footer pieces show on the first screen).
 */
export const siteSw = {
  notice: 'Tangazo',
  contacts: 'Wasiliana nasi',
  call: 'Piga simu {{number}}',
  social: 'Tufuate',
  appLink: 'Pakua programu',
  buildTime: 'Toleo la {{time}} (EAT)',
  float: {
    app: 'Programu',
    appLabel: 'Pakua programu ya Bashiri',
    chat: 'Gumzo',
    chatLabel: 'Ongea na huduma kwa wateja',
    unread: '{{count}} hazijasomwa',
  },
};
