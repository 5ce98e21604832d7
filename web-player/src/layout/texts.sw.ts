/**
 * The Swahili texts of namespace `layout` (layout/texts.ts), in a module of their own: the site bundles
 * them with its first load, while the other languages come on demand (issue 7 item 8, i18n/site.ts).
 */
export const layoutSw = {
  loading: 'Inapakia…',
  brand: 'Bashiri',
  phone: 'Namba ya simu',
  password: 'Nenosiri',
  login: 'Ingia',
  register: 'Jisajili',
  forgotPassword: 'Umesahau nenosiri?',
  language: 'Lugha',
  search: 'Tafuta timu au ligi',
  balance: 'Salio',
  credit: 'Pesa ya bonasi',
  creditShort: 'bonasi',
  reserved: 'Inasubiri kutolewa (imeshatolewa kwenye salio)',
  recharge: 'Weka pesa',
  withdraw: 'Toa pesa',
  bills: 'Miamala',
  myBets: 'Beti zangu',
  profile: 'Wasifu',
  logout: 'Toka',
  /** Bottom bar label (66 px wide on a 360 px phone beside the floats): one short word. */
  account: 'Akaunti',
  messages: 'Ujumbe',
  betslip: 'Tiketi',
  menu: 'Menyu',
  close: 'Funga',
  clock: 'Saa za Afrika Mashariki',
  nav: {
    home: 'Mwanzo',
    upcoming: 'Zijazo',
    live: 'Mubashara',
    results: 'Matokeo',
    sports: 'Michezo',
    racing: 'Mbio',
    casino: 'Kasino',
  },
  left: {
    upcoming: 'Mechi zijazo',
    live: 'Mubashara sasa',
    results: 'Matokeo ya mechi',
    hotLeagues: 'Ligi maarufu',
    countries: 'Nchi',
    all: 'Zote',
    casino: 'Michezo ya kasino',
  },
  footer: {
    licence:
      'Bashiri ina leseni na inasimamiwa na Bodi ya Michezo ya Kubahatisha Tanzania. Dau zinapokelewa kutoka kwa wachezaji walioko Tanzania pekee.',
    adults: 'Miaka 18+ pekee. Kubashiri kunaweza kuwa uraibu: cheza kwa uwajibikaji.',
    responsible: 'Kubashiri kwa uwajibikaji',
    privacy: 'Sera ya faragha',
    help: 'Msaada',
    rules: 'Kanuni',
  },
  paused: {
    title: 'Kubashiri kumesitishwa',
    fallback: 'Kubashiri kumesitishwa kwa muda mfupi. Tafadhali rudi baadaye kidogo.',
  },
  loginFailed: 'Namba ya simu au nenosiri si sahihi',
};
