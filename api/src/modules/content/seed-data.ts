/**
 * Default content of a fresh database (issue 7 "a real-looking site"; docs/content.md "Seeded content"),
 * in Swahili, English and Chinese. Staff edit or delete any of it in the back office. Figures that staff
 * configure (limits, tiers) are not repeated here: the pages send players to where the site shows them.
 * The licence number is the operator's to publish, so the texts say so rather than invent one.
 * Phone numbers are placeholders in Tanzania's format for the operator to replace.
 */
import type { Locale } from '../../graphql/context.ts';

type ByLanguage<T> = Record<Locale, T>;

/** A rich-text page in each language: slug, spec /rich_text type, title and Markdown body. */
export interface SeedPage {
  readonly slug: string;
  readonly type: number | null;
  readonly text: ByLanguage<{ title: string; body: string }>;
}

const LICENCE: ByLanguage<string> = {
  sw: 'Bashiri imepewa leseni na inasimamiwa na Bodi ya Michezo ya Kubahatisha Tanzania (Gaming Board of Tanzania); namba ya leseni inaonyeshwa na mwendeshaji.',
  'en-US':
    'Bashiri is licensed and regulated by the Gaming Board of Tanzania; the licence number is shown by the operator.',
  'zh-CN': 'Bashiri 由坦桑尼亚博彩委员会（Gaming Board of Tanzania）颁发牌照并监管，牌照号码由运营方公布。',
};

export const SEED_PAGES: readonly SeedPage[] = [
  {
    slug: 'privacy-policy',
    type: null,
    text: {
      sw: {
        title: 'Sera ya Faragha',
        body: `Sera hii inaeleza taarifa gani tunakusanya unapotumia Bashiri, kwa nini tunazikusanya na jinsi tunavyozilinda. Tunazingatia Sheria ya Ulinzi wa Taarifa Binafsi ya Tanzania ya mwaka 2022.

## Taarifa tunazokusanya
- Namba yako ya simu na nenosiri lako (tunahifadhi nenosiri likiwa limesimbwa tu, kamwe si kama lilivyo).
- Miamala yako: amana, utoaji wa fedha, dau na matokeo yake.
- Taarifa za kifaa na muunganisho: anwani ya IP, aina ya kivinjari na muda wa kuingia.
- Ujumbe unaotutumia kupitia huduma kwa wateja.

## Kwa nini tunazitumia
- Kufungua na kulinda akaunti yako, na kuthibitisha kuwa una umri wa miaka 18 au zaidi.
- Kupokea na kutuma malipo kupitia kampuni za simu (M-Pesa, Tigo Pesa, Airtel Money, HaloPesa).
- Kutimiza wajibu wa kisheria: kodi kwa mujibu wa sheria za Tanzania, udhibiti wa Bodi ya Michezo ya Kubahatisha, na kuzuia utakatishaji wa fedha na udanganyifu.
- Kukutumia ujumbe kuhusu akaunti yako. Hatukutumii matangazo ukikataa.

## Tunaowashirikisha
Tunashirikisha taarifa zinazohitajika tu na kampuni za malipo kwa simu, mamlaka za serikali zinazozihitaji kisheria, na watoa huduma wetu wa kiufundi wanaofungwa na mikataba ya usiri. Hatuuzi taarifa zako.

## Muda wa kuhifadhi
Tunahifadhi rekodi za akaunti na miamala kwa muda ambao sheria inataka, hata baada ya akaunti kufungwa. Taarifa nyingine hufutwa zisipohitajika tena.

## Haki zako
Unaweza kuomba kuona taarifa zako, kuzisahihisha au kufunga akaunti yako kwa kuwasiliana na huduma kwa wateja.

${LICENCE.sw}`,
      },
      'en-US': {
        title: 'Privacy Policy',
        body: `This policy explains what information we collect when you use Bashiri, why we collect it and how we protect it. We follow Tanzania's Personal Data Protection Act, 2022.

## What we collect
- Your phone number and your password (stored only as a one-way hash, never as typed).
- Your transactions: deposits, withdrawals, bets and their results.
- Device and connection details: IP address, browser type and login times.
- Messages you send to customer service.

## Why we use it
- To open and protect your account and to confirm that you are 18 or older.
- To receive and send payments through the mobile network operators (M-Pesa, Tigo Pesa, Airtel Money, HaloPesa).
- To meet our legal duties: tax under Tanzanian law, regulation by the Gaming Board of Tanzania, and the prevention of money laundering and fraud.
- To send you messages about your account. We do not send you promotions if you opt out.

## Who we share it with
Only what is needed, with the mobile-money operators, with public authorities that require it by law, and with our technical service providers bound by confidentiality agreements. We never sell your information.

## How long we keep it
Account and transaction records are kept for as long as the law requires, also after an account is closed. Other information is deleted when it is no longer needed.

## Your rights
You may ask to see your information, to correct it or to close your account by contacting customer service.

${LICENCE['en-US']}`,
      },
      'zh-CN': {
        title: '隐私政策',
        body: `本政策说明您使用 Bashiri 时我们收集哪些信息、为何收集以及如何保护这些信息。我们遵守坦桑尼亚《2022 年个人数据保护法》。

## 我们收集的信息
- 您的手机号码和密码（密码仅以单向加密形式保存，绝不保存原文）。
- 您的交易记录：充值、提现、投注及其结果。
- 设备与连接信息：IP 地址、浏览器类型和登录时间。
- 您发给客服的消息。

## 使用目的
- 开设并保护您的账户，确认您已年满 18 周岁。
- 通过移动运营商（M-Pesa、Tigo Pesa、Airtel Money、HaloPesa）收付款项。
- 履行法律义务：依坦桑尼亚法律纳税、接受博彩委员会监管、防范洗钱和欺诈。
- 向您发送与账户有关的消息。如您选择退订，我们不会向您发送推广信息。

## 信息共享
我们只向移动支付运营商、依法要求提供信息的政府机关以及签署保密协议的技术服务商提供必要的信息。我们绝不出售您的信息。

## 保存期限
账户和交易记录按法律要求的期限保存，账户关闭后亦然。其他信息在不再需要时删除。

## 您的权利
您可以联系客服查看、更正您的信息或关闭账户。

${LICENCE['zh-CN']}`,
      },
    },
  },
  {
    slug: 'help',
    type: null,
    text: {
      sw: {
        title: 'Msaada na Maswali',
        body: `## Ninafunguaje akaunti?
Bonyeza **Jiunge**, weka namba yako ya simu, chagua nenosiri (angalau herufi 4) na uweke namba ya uthibitisho tuliyokutumia kwa SMS. Lazima uwe na umri wa miaka 18 au zaidi.

## Ninawekaje pesa?
Nenda kwenye **Weka Pesa**, chagua mtandao wako, weka kiasi na uthibitishe ombi linalokuja kwenye simu yako kwa namba yako ya siri. Kiasi cha chini na cha juu kinaonyeshwa kwenye ukurasa huo.

## Ninabetije?
Chagua odds kwenye mechi moja au zaidi; zitaingia kwenye tiketi yako. Weka kiasi na bonyeza **Weka Dau**. Unaweza kuchagua matokeo moja tu kwa kila mechi, na hadi mechi 60 kwenye tiketi moja.

## Kodi inakatwaje?
Kodi ya zuio kwenye ushindi inakatwa kwa mujibu wa sheria za Tanzania. Tiketi yako inaonyesha kodi na kiasi utakachopokea kabla hujaweka dau.

## Ninatoaje pesa?
Nenda kwenye **Toa Pesa**, weka kiasi na uthibitishe. Pesa zinatumwa kwenye namba ya simu uliyosajili.

## Nimesahau nenosiri
Bonyeza **Umesahau nenosiri?** kwenye ukurasa wa kuingia na ufuate maelekezo ya SMS.

## Bado unahitaji msaada?
Wasiliana na huduma kwa wateja kwa namba zilizo kwenye orodha ya mawasiliano.`,
      },
      'en-US': {
        title: 'Help & FAQ',
        body: `## How do I open an account?
Tap **Join Now**, enter your phone number, choose a password (at least 4 characters) and enter the code we send you by SMS. You must be 18 or older.

## How do I deposit?
Go to **Deposit**, choose your network, enter the amount and confirm the prompt on your phone with your PIN. The minimum and maximum amounts are shown on that page.

## How do I place a bet?
Tap the odds of one or more matches; they are added to your betslip. Enter your stake and tap **Place Bet**. You can pick one outcome per match, and up to 60 matches on one slip.

## How is tax deducted?
Withholding tax on winnings is deducted as Tanzanian law requires. Your betslip shows the tax and the amount you will receive before you place the bet.

## How do I withdraw?
Go to **Withdraw**, enter the amount and confirm. The money is sent to the phone number you registered with.

## I forgot my password
Tap **Forgot password?** on the login page and follow the SMS instructions.

## Still need help?
Contact customer service on the numbers in the contact list.`,
      },
      'zh-CN': {
        title: '帮助与常见问题',
        body: `## 如何注册账户？
点击 **立即加入**，输入手机号码，设置密码（至少 4 个字符），并输入我们通过短信发送的验证码。您必须年满 18 周岁。

## 如何充值？
进入 **充值** 页面，选择您的运营商，输入金额，并在手机上用 PIN 码确认支付请求。最低和最高金额显示在该页面上。

## 如何投注？
点击一场或多场比赛的赔率，它们会加入您的投注单。输入投注金额并点击 **投注**。每场比赛只能选择一个结果，一张投注单最多 60 场比赛。

## 如何扣税？
奖金按坦桑尼亚法律扣缴预提税。投注前，投注单会显示税额和您将获得的金额。

## 如何提现？
进入 **提现** 页面，输入金额并确认。款项将发送到您注册时使用的手机号码。

## 忘记密码
在登录页面点击 **忘记密码？**，然后按照短信提示操作。

## 仍需帮助？
请拨打联系列表中的客服电话。`,
      },
    },
  },
  {
    slug: 'terms',
    type: null,
    text: {
      sw: {
        title: 'Vigezo na Masharti',
        body: `1. Huduma hii ni kwa watu wenye umri wa miaka 18 au zaidi walioko Tanzania tu.
2. Kila mtu anaruhusiwa akaunti moja tu; taarifa za usajili lazima ziwe za kweli.
3. Dau likishakubaliwa haliwezi kubadilishwa wala kufutwa na mchezaji.
4. Mechi ikiahirishwa au kusitishwa, chaguo lake hulipwa kwa odds 1.00 kwa mujibu wa sheria za kubeti.
5. Ushindi unalipwa baada ya kukatwa kodi kama sheria inavyotaka.
6. Tunaweza kusitisha akaunti inayotumika kwa udanganyifu, utakatishaji wa fedha au kubeti kwa mpangilio usio halali.
7. Tunaweza kubadilisha masharti haya; toleo jipya linaanza kutumika likichapishwa hapa.

${LICENCE.sw}`,
      },
      'en-US': {
        title: 'Terms and Conditions',
        body: `1. This service is only for people aged 18 or older in Tanzania.
2. One account per person; your registration details must be true.
3. Once a bet is accepted, the player cannot change or cancel it.
4. When a match is postponed or abandoned, its selection is settled at odds 1.00 as the betting rules say.
5. Winnings are paid after the tax the law requires.
6. We may suspend an account used for fraud, money laundering or match-fixing.
7. We may change these terms; a new version applies once published here.

${LICENCE['en-US']}`,
      },
      'zh-CN': {
        title: '条款与条件',
        body: `1. 本服务仅面向坦桑尼亚境内年满 18 周岁的人士。
2. 每人仅限一个账户，注册信息必须真实。
3. 投注一经受理，玩家不得更改或取消。
4. 比赛延期或中止时，该选项按投注规则以赔率 1.00 结算。
5. 奖金按法律要求扣税后派发。
6. 对用于欺诈、洗钱或操纵比赛的账户，我们可暂停其使用。
7. 我们可能修改本条款，新版本在此发布后生效。

${LICENCE['zh-CN']}`,
      },
    },
  },
  {
    slug: 'responsible-gambling',
    type: 33,
    text: {
      sw: {
        title: 'Kubeti kwa Uwajibikaji',
        body: `Kubeti kunapaswa kuwa burudani, si njia ya kupata kipato. **18+ tu.**

## Vidokezo
- Bet kwa pesa unayoweza kumudu kuipoteza tu, kamwe si pesa ya chakula, kodi ya nyumba au ada ya shule.
- Weka kikomo cha muda na cha pesa kabla ya kuanza.
- Usijaribu kurudisha hasara kwa kubeti zaidi.
- Pumzika mara kwa mara, na usibeti ukiwa na hasira, huzuni au umelewa.

## Dalili za tatizo
Kama unakopa ili kubeti, unaficha kubeti kwako kwa familia, au unashindwa kuacha hata ukitaka, ni wakati wa kutafuta msaada.

## Tunavyoweza kusaidia
Wasiliana na huduma kwa wateja ili kusitisha akaunti yako kwa muda au kuifunga kabisa. Tutaheshimu ombi lako mara moja.

${LICENCE.sw}`,
      },
      'en-US': {
        title: 'Responsible Gambling',
        body: `Betting should be entertainment, not a way to earn a living. **18+ only.**

## Tips
- Only bet money you can afford to lose, never money for food, rent or school fees.
- Set a time and money limit before you start.
- Never chase your losses by betting more.
- Take regular breaks, and do not bet when angry, sad or drunk.

## Warning signs
If you borrow to bet, hide your betting from your family, or cannot stop even when you want to, it is time to seek help.

## How we can help
Contact customer service to pause your account for a while or close it for good. We act on your request at once.

${LICENCE['en-US']}`,
      },
      'zh-CN': {
        title: '理性投注',
        body: `投注应当是娱乐，而不是谋生手段。**仅限 18 岁以上。**

## 建议
- 只用您输得起的钱投注，切勿动用伙食费、房租或学费。
- 开始前设定时间和金额上限。
- 切勿为了翻本而加大投注。
- 定时休息，生气、难过或饮酒后不要投注。

## 警示信号
如果您借钱投注、向家人隐瞒投注，或想停却停不下来，就该寻求帮助了。

## 我们能提供的帮助
联系客服即可暂时冻结或永久关闭您的账户，我们会立即处理。

${LICENCE['zh-CN']}`,
      },
    },
  },
  {
    slug: 'string-rewards',
    type: 8,
    text: {
      sw: {
        title: 'Bonasi ya Mkeka',
        body: `Weka mechi kadhaa kwenye tiketi moja (mkeka) na upate bonasi juu ya faida yako ikishinda.

- Kila chaguo lenye odds sawa au zaidi ya kiwango cha chini kinahesabiwa.
- Asilimia ya bonasi inategemea idadi ya machaguo yanayohesabiwa; tiketi yako inaonyesha bonasi kabla ya kuweka dau.
- Bonasi hulipwa pamoja na ushindi, na kodi hukatwa kwa mujibu wa sheria.`,
      },
      'en-US': {
        title: 'Accumulator Bonus',
        body: `Put several matches on one slip (an accumulator) and earn a bonus on top of your profit when it wins.

- Every selection at or above the minimum odds counts.
- The bonus percent depends on how many selections count; your betslip shows the bonus before you place the bet.
- The bonus is paid with the winnings, and tax is deducted as the law requires.`,
      },
      'zh-CN': {
        title: '串关奖励',
        body: `把多场比赛放在同一张投注单（串关）上，中奖后可在利润之外获得额外奖励。

- 赔率不低于最低赔率的选项均计入。
- 奖励比例取决于计入的选项数量，投注前投注单会显示奖励金额。
- 奖励随奖金一起派发，并依法扣税。`,
      },
    },
  },
];

/** Betting rules (spec §2 /artcol type 14), one document per language. */
export const SEED_RULES: ByLanguage<{ title: string; body: string }> = {
  sw: {
    title: 'Sheria za Kubeti Mpira wa Miguu',
    body: `## Muda wa kawaida
Masoko yote yanahesabiwa kwa dakika 90 pamoja na muda wa nyongeza wa mwamuzi, bila muda wa ziada wala penati, isipokuwa soko linaposema vinginevyo.

## Mechi zilizoahirishwa
Mechi isipoanza ndani ya saa 24 baada ya muda uliopangwa, machaguo yake hulipwa kwa odds 1.00.

## Mechi zilizositishwa
Masoko ambayo tayari yameamuliwa hulipwa; mengine hulipwa kwa odds 1.00.

## Makosa ya wazi
Odds zilizowekwa kimakosa dhahiri zinaweza kurekebishwa kwa odds sahihi za wakati huo.`,
  },
  'en-US': {
    title: 'Football Betting Rules',
    body: `## Regular time
All markets are settled on 90 minutes plus the referee's added time, without extra time or penalties, unless the market says otherwise.

## Postponed matches
When a match does not start within 24 hours of its scheduled time, its selections are settled at odds 1.00.

## Abandoned matches
Markets already decided are settled; the others are settled at odds 1.00.

## Obvious errors
Odds offered in obvious error may be corrected to the true odds at the time.`,
  },
  'zh-CN': {
    title: '足球投注规则',
    body: `## 常规时间
除盘口另有说明外，所有盘口均按 90 分钟加裁判补时结算，不含加时赛和点球大战。

## 延期比赛
比赛未在预定时间后 24 小时内开赛，其选项按赔率 1.00 结算。

## 中止比赛
已有结果的盘口照常结算，其余按赔率 1.00 结算。

## 明显错误
明显错误的赔率可更正为当时的正确赔率。`,
  },
};

/** Graphic text: one article per language on mobile-money deposits. */
export const SEED_ARTICLE: ByLanguage<{ title: string; subtitle: string; intro: string; body: string }> = {
  sw: {
    title: 'Weka pesa kwa simu yako kwa sekunde chache',
    subtitle: 'M-Pesa, Tigo Pesa, Airtel Money na HaloPesa',
    intro: 'Hatua tatu rahisi za kuweka pesa kwenye akaunti yako ya Bashiri.',
    body: `1. Fungua **Weka Pesa** na uchague mtandao wako.
2. Weka kiasi unachotaka.
3. Thibitisha ombi linalokuja kwenye simu yako kwa namba yako ya siri.

Salio lako linaongezeka mara tu malipo yanapothibitishwa.`,
  },
  'en-US': {
    title: 'Deposit from your phone in seconds',
    subtitle: 'M-Pesa, Tigo Pesa, Airtel Money and HaloPesa',
    intro: 'Three simple steps to fund your Bashiri account.',
    body: `1. Open **Deposit** and choose your network.
2. Enter the amount you want.
3. Confirm the prompt on your phone with your PIN.

Your balance grows as soon as the payment is confirmed.`,
  },
  'zh-CN': {
    title: '用手机几秒钟完成充值',
    subtitle: 'M-Pesa、Tigo Pesa、Airtel Money 和 HaloPesa',
    intro: '三个简单步骤为您的 Bashiri 账户充值。',
    body: `1. 打开 **充值** 并选择您的运营商。
2. 输入充值金额。
3. 在手机上用 PIN 码确认支付请求。

支付确认后余额立即到账。`,
  },
};

/** The welcome message every new player receives. */
export const SEED_WELCOME: { title: ByLanguage<string>; body: ByLanguage<string> } = {
  title: {
    sw: 'Karibu Bashiri!',
    'en-US': 'Welcome to Bashiri!',
    'zh-CN': '欢迎来到 Bashiri！',
  },
  body: {
    sw: 'Asante kwa kujiunga. Weka pesa kwa M-Pesa, Tigo Pesa, Airtel Money au HaloPesa, chagua mechi zako na ufurahie mchezo. Bet kwa uwajibikaji: 18+ tu. Ukihitaji msaada, wasiliana na huduma kwa wateja wakati wowote.',
    'en-US':
      'Thank you for joining. Deposit with M-Pesa, Tigo Pesa, Airtel Money or HaloPesa, pick your matches and enjoy the game. Bet responsibly: 18+ only. If you need help, contact customer service at any time.',
    'zh-CN':
      '感谢您的加入。使用 M-Pesa、Tigo Pesa、Airtel Money 或 HaloPesa 充值，挑选比赛，享受比赛乐趣。请理性投注：仅限 18 岁以上。如需帮助，请随时联系客服。',
  },
};

/** Notice-bar text (rotation type 18), one per language. */
export const SEED_NOTICE: ByLanguage<string> = {
  sw: 'Karibu Bashiri! Weka pesa kwa M-Pesa, Tigo Pesa, Airtel Money na HaloPesa. Kubeti ni kwa wenye umri wa miaka 18+ tu. Bet kwa uwajibikaji.',
  'en-US':
    'Welcome to Bashiri! Deposit with M-Pesa, Tigo Pesa, Airtel Money and HaloPesa. Betting is for people aged 18+ only. Bet responsibly.',
  'zh-CN':
    '欢迎来到 Bashiri！支持 M-Pesa、Tigo Pesa、Airtel Money 和 HaloPesa 充值。投注仅限 18 岁以上，请理性投注。',
};

/** Customer-service numbers (placeholders in Tanzania's format; the operator replaces them). */
export const SEED_CONTACT_NUMBERS: readonly string[] = ['+255 700 000 101', '+255 700 000 102'];

/**
 * Social links (rotation type 20, decision 0023). **Placeholders**: each goes to the network's own
 * front page, not to an account of ours; the operator puts the real addresses in the back office.
 * `network` is the icon the site draws (web-player `site/SocialIcons.tsx`).
 */
export const SEED_SOCIAL_LINKS: readonly { network: string; title: string; link: string }[] = [
  { network: 'facebook', title: 'Facebook', link: 'https://www.facebook.com/' },
  { network: 'instagram', title: 'Instagram', link: 'https://www.instagram.com/' },
  { network: 'x', title: 'X', link: 'https://x.com/' },
  { network: 'youtube', title: 'YouTube', link: 'https://www.youtube.com/' },
  { network: 'whatsapp', title: 'WhatsApp', link: 'https://www.whatsapp.com/' },
];

/** Banner texts: the home carousel (two slides) and the promotion list, per language. */
export const SEED_BANNERS: readonly {
  key: string;
  text: ByLanguage<{ title: string; line: string }>;
  colors: readonly [string, string];
  link: string;
}[] = [
  {
    key: 'odds',
    colors: ['#0b6e4f', '#13a06f'],
    link: '/home',
    text: {
      sw: { title: 'Odds Bora za Mpira', line: 'Ligi Kuu, EPL, La Liga na zaidi' },
      'en-US': { title: 'Top Football Odds', line: 'Premier League, La Liga and more' },
      'zh-CN': { title: '足球超高赔率', line: '英超、西甲等精彩赛事' },
    },
  },
  {
    key: 'mobile-money',
    colors: ['#1d3f8f', '#2f6fd6'],
    link: '/pay_recharge',
    text: {
      sw: { title: 'Weka Pesa kwa Simu', line: 'M-Pesa · Tigo Pesa · Airtel Money · HaloPesa' },
      'en-US': { title: 'Deposit by Mobile Money', line: 'M-Pesa · Tigo Pesa · Airtel Money · HaloPesa' },
      'zh-CN': { title: '手机钱包快速充值', line: 'M-Pesa · Tigo Pesa · Airtel Money · HaloPesa' },
    },
  },
  {
    key: 'accumulator',
    colors: ['#8a2c0d', '#d9631e'],
    link: '/rich_text?type=8',
    text: {
      sw: { title: 'Bonasi ya Mkeka', line: 'Mechi nyingi, bonasi kubwa zaidi' },
      'en-US': { title: 'Accumulator Bonus', line: 'More legs, a bigger bonus' },
      'zh-CN': { title: '串关奖励', line: '串得越多，奖励越高' },
    },
  },
];
