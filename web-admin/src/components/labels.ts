/**
 * Labels of the codes the back office shows (issue 16 item 10): every code shown to a person goes
 * through its label in sw, en-US and zh-CN — spec §4 match status, order status, outcome, reported
 * flag, the catalogue's English market and selection names, and actors ('staff:<id>' as the staff
 * member's account name). Namespace `labels`.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { LabelsStaffNamesDocument } from '../graphql/generated.ts';
import { defineTexts } from '../shared.ts';

export const labelsTexts = defineTexts('labels', {
  'en-US': {
    matchStatus: {
      s1: 'not started',
      s2: 'in progress',
      s3: 'ended',
      s4: 'paused',
      s5: 'cancelled',
      s6: 'cancelled before start',
      s7: 'cancelled after start',
      s8: 'abandoned after start',
    },
    outcome: {
      o0: 'pending',
      o1: 'abnormal',
      o2: 'refunded',
      o3: 'lost',
      o4: 'won',
      o5: 'half won',
      o6: 'half lost',
    },
    reported: { r1: 'not reported', r2: 'reported' },
    market: {
      matchOdds: 'Home Draw Away',
      doubleChance: 'Double Chance',
      btts: 'Both Teams To Score',
      overUnder: 'Over/Under',
      asianHandicap: 'Asian Handicap',
      correctScore: 'Correct Score',
      drawNoBet: 'Draw No Bet',
      halfTimeMatchOdds: 'Half Time Home Draw Away',
    },
    pick: { home: 'Home', away: 'Away', draw: 'Draw', yes: 'Yes', no: 'No', over: 'Over', under: 'Under' },
    actor: { player: 'player {{id}}', system: 'system ({{id}})', staff: 'staff member' },
  },
  sw: {
    matchStatus: {
      s1: 'haijaanza',
      s2: 'inaendelea',
      s3: 'imekwisha',
      s4: 'imesimamishwa',
      s5: 'imefutwa',
      s6: 'imefutwa kabla ya kuanza',
      s7: 'imefutwa baada ya kuanza',
      s8: 'imeachwa baada ya kuanza',
    },
    outcome: {
      o0: 'inasubiri',
      o1: 'isiyo ya kawaida',
      o2: 'dau limerudishwa',
      o3: 'imeshindwa',
      o4: 'imeshinda',
      o5: 'imeshinda nusu',
      o6: 'imeshindwa nusu',
    },
    reported: { r1: 'hajaripotiwa', r2: 'ameripotiwa' },
    market: {
      matchOdds: 'Nyumbani Sare Ugenini',
      doubleChance: 'Nafasi mbili',
      btts: 'Timu zote kufunga',
      overUnder: 'Juu/Chini ya magoli',
      asianHandicap: 'Handikapu ya Asia',
      correctScore: 'Matokeo sahihi',
      drawNoBet: 'Sare dau linarudi',
      halfTimeMatchOdds: 'Kipindi cha kwanza: Nyumbani Sare Ugenini',
    },
    pick: {
      home: 'Nyumbani',
      away: 'Ugenini',
      draw: 'Sare',
      yes: 'Ndiyo',
      no: 'Hapana',
      over: 'Juu',
      under: 'Chini',
    },
    actor: { player: 'mchezaji {{id}}', system: 'mfumo ({{id}})', staff: 'mfanyakazi' },
  },
  'zh-CN': {
    matchStatus: {
      s1: '未开始',
      s2: '进行中',
      s3: '已结束',
      s4: '暂停',
      s5: '已取消',
      s6: '开赛前取消',
      s7: '开赛后取消',
      s8: '开赛后中止',
    },
    outcome: { o0: '待定', o1: '异常', o2: '退款', o3: '输', o4: '赢', o5: '赢一半', o6: '输一半' },
    reported: { r1: '未举报', r2: '已举报' },
    market: {
      matchOdds: '胜平负',
      doubleChance: '双重机会',
      btts: '双方进球',
      overUnder: '大小球',
      asianHandicap: '亚洲让球',
      correctScore: '正确比分',
      drawNoBet: '平局退款',
      halfTimeMatchOdds: '半场胜平负',
    },
    pick: { home: '主胜', away: '客胜', draw: '平局', yes: '是', no: '否', over: '大', under: '小' },
    actor: { player: '玩家 {{id}}', system: '系统（{{id}}）', staff: '员工' },
  },
});

/** The catalogue's English betting-type names (api catalogue seed-data.ts) and their label keys. */
const MARKET_KEYS: Readonly<Record<string, string>> = {
  'Home Draw Away': 'labels.market.matchOdds',
  '1X2': 'labels.market.matchOdds',
  'Full time 1X2': 'labels.market.matchOdds',
  'Double Chance': 'labels.market.doubleChance',
  'Both Teams To Score': 'labels.market.btts',
  'Over/Under': 'labels.market.overUnder',
  'Asian Handicap': 'labels.market.asianHandicap',
  'Correct Score': 'labels.market.correctScore',
  'Draw No Bet': 'labels.market.drawNoBet',
  'Half Time Home Draw Away': 'labels.market.halfTimeMatchOdds',
};
const PICK_KEYS: Readonly<Record<string, string>> = {
  Home: 'labels.pick.home',
  Away: 'labels.pick.away',
  Draw: 'labels.pick.draw',
  Yes: 'labels.pick.yes',
  No: 'labels.pick.no',
};

/**
 * `{ matchStatus, outcome, reported, market, selection }`: each code or English catalogue name as the
 * reader's label; a code outside the spec's list shows as itself.
 */
export const useLabels = () => {
  const { t } = useTranslation();
  const matchStatus = useCallback(
    (code: number) => t(`labels.matchStatus.s${code}`, { defaultValue: String(code) }),
    [t],
  );
  const outcome = useCallback(
    (code: number) => t(`labels.outcome.o${code}`, { defaultValue: String(code) }),
    [t],
  );
  const reported = useCallback(
    (code: number) => t(`labels.reported.r${code}`, { defaultValue: String(code) }),
    [t],
  );
  const market = useCallback(
    (name: string): string => {
      const whole = MARKET_KEYS[name];
      if (whole) return t(whole);
      const prefix = Object.keys(MARKET_KEYS).find((k) => name.startsWith(`${k} `));
      return prefix ? `${t(MARKET_KEYS[prefix] ?? '')}${name.slice(prefix.length)}` : name;
    },
    [t],
  );
  const selection = useCallback(
    (name: string): string => {
      const whole = PICK_KEYS[name];
      if (whole) return t(whole);
      const line = /^(Over|Under) (\S+)$/.exec(name);
      return line ? `${t(`labels.pick.${line[1]!.toLowerCase()}`)} ${line[2]}` : name;
    },
    [t],
  );
  return { matchStatus, outcome, reported, market, selection };
};

/**
 * An actor ('staff:<id>', 'player:<id>', 'system:<name>') as a person reads it: a staff member by their
 * account name (and name), looked up in the managers list; without permission to read it, "staff
 * member" and the id's first characters, never a bare UUID.
 */
export const useActorName = (): ((actor: string | null | undefined) => string) => {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: LabelsStaffNamesDocument });
  return useCallback(
    (actor) => {
      if (!actor) return '—';
      const [kind, ...rest] = actor.split(':');
      const id = rest.join(':');
      if (kind === 'staff') {
        const member = data?.managers.find((m) => m.id === id);
        if (member) return member.name ? `${member.account} (${member.name})` : member.account;
        return `${t('labels.actor.staff')} ${id.slice(0, 8)}`;
      }
      if (kind === 'player') return t('labels.actor.player', { id });
      if (kind === 'system') return t('labels.actor.system', { id });
      return actor;
    },
    [data, t],
  );
};
