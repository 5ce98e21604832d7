/**
 * The catalogue's match list (issue 8 "matches"; spec §6 back office, §4 match statuses and abnormal
 * bets): every match through the staff query `staffMatches`, hidden, suspended, finished and cancelled
 * ones too, filtered by keyword, statuses, visibility, "awaiting result" (kick-off over 120 minutes ago
 * without a result) and kick-off days (East Africa Time); latest kick-off first, or earliest first by the
 * kick-off column. Per row: flags, result entry or correction, cancel. Each action answers the match's
 * `MatchState`, which the list's rows hold, so the list refetches after it.
 */
import { MATCH_STATUS } from '@bashiri/domain';
import { Form, InputNumber, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { FilterBar, type FilterField } from '../components/FilterBar.tsx';
import { zodRule } from '../components/forms.ts';
import {
  CatalogueCancelMatchDocument,
  CatalogueCorrectResultDocument,
  CatalogueLeaguesDocument,
  CatalogueMatchFlagsDocument,
  CatalogueRecordResultDocument,
  CatalogueStaffMatchesDocument,
  type CatalogueStaffMatchesQuery,
  type MatchFlagsInput,
} from '../graphql/generated.ts';
import { SequenceField } from './SequenceField.tsx';
import { MATCH_STATUSES, UNDECIDED, staffMatchVariables, statusKey } from './matchList.ts';
import { goalsSchema } from './rules.ts';

type StaffMatch = CatalogueStaffMatchesQuery['staffMatches']['content'][number];

interface ScoreValues {
  htHome: number;
  htAway: number;
  ftHome: number;
  ftAway: number;
}

function ScoreFields() {
  const { t } = useTranslation();
  const goals = <InputNumber min={0} max={99} style={{ width: 80 }} />;
  return (
    <>
      <Space>
        <Form.Item name="htHome" label={t('catalogue.htHome')} rules={[zodRule(goalsSchema, t)]}>
          {goals}
        </Form.Item>
        <Form.Item name="htAway" label={t('catalogue.htAway')} rules={[zodRule(goalsSchema, t)]}>
          {goals}
        </Form.Item>
      </Space>
      <Space>
        <Form.Item name="ftHome" label={t('catalogue.ftHome')} rules={[zodRule(goalsSchema, t)]}>
          {goals}
        </Form.Item>
        <Form.Item name="ftAway" label={t('catalogue.ftAway')} rules={[zodRule(goalsSchema, t)]}>
          {goals}
        </Form.Item>
      </Space>
    </>
  );
}

const scores = (v: ScoreValues) => ({
  halfTime: { home: v.htHome, away: v.htAway },
  fullTime: { home: v.ftHome, away: v.ftAway },
});

const FLAGS = ['visible', 'suspended', 'popular', 'todayPopular', 'oddsBoost', 'maintenance'] as const;
const FLAG_COLORS: Record<(typeof FLAGS)[number], string> = {
  visible: 'default',
  suspended: 'orange',
  popular: 'gold',
  todayPopular: 'volcano',
  oddsBoost: 'green',
  maintenance: 'purple',
};

const score = (home: number | null | undefined, away: number | null | undefined) =>
  home === null || home === undefined ? null : `${home}:${away ?? '—'}`;

/** The match list of the catalogue screen (the first tab). */
export function MatchesTab() {
  const { t } = useTranslation();
  const [, flags] = useMutation(CatalogueMatchFlagsDocument);
  const [, record] = useMutation(CatalogueRecordResultDocument);
  const [, correct] = useMutation(CatalogueCorrectResultDocument);
  const [, cancel] = useMutation(CatalogueCancelMatchDocument);
  const [leagues] = useQuery({ query: CatalogueLeaguesDocument });

  const fields: FilterField[] = [
    { name: 'q', label: t('catalogue.keyword'), kind: 'text', placeholder: t('catalogue.searchHint') },
    {
      name: 'status',
      label: t('catalogue.statusColumn'),
      kind: 'multiSelect',
      options: MATCH_STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s)) })),
    },
    {
      name: 'league',
      label: t('catalogue.league'),
      kind: 'select',
      width: 240,
      options: (leagues.data?.staffCountries ?? []).flatMap((c) =>
        c.competitions.map((l) => ({
          value: l.settings.id,
          label: `${c.settings.name} · ${l.settings.name}`,
        })),
      ),
    },
    { name: 'visible', label: t('catalogue.flag.visible'), kind: 'boolean' },
    { name: 'awaiting', label: t('catalogue.awaitingResult'), kind: 'switch' },
    { name: 'kickoff', label: t('catalogue.kickoffDays'), kind: 'dateRange' },
  ];

  const columns: ColumnsType<StaffMatch> = [
    { key: 'start', title: t('catalogue.start'), sorter: true, render: (_, m) => m.matchTime },
    {
      key: 'status',
      title: t('catalogue.statusColumn'),
      render: (_, m) => (
        <Space wrap size={4}>
          <Tag
            color={
              m.state.statusId === MATCH_STATUS.IN_PROGRESS
                ? 'red'
                : m.state.statusId === MATCH_STATUS.ENDED
                  ? 'blue'
                  : undefined
            }
          >
            {t(statusKey(m.state.statusId))}
            {m.state.statusId === MATCH_STATUS.IN_PROGRESS && m.state.matchMinute
              ? ` ${m.state.matchMinute}'`
              : ''}
          </Tag>
          {m.awaitingResult && (
            <Tag color={m.abnormalInfo === '5h' || m.abnormalInfo === '24h' ? 'red' : 'magenta'}>
              {m.abnormalInfo
                ? t('catalogue.noResultFor', { level: t(`catalogue.abnormal.l${m.abnormalInfo}`) })
                : t('catalogue.awaitingResult')}
            </Tag>
          )}
          {m.state.cancelReason && (
            <Tooltip title={m.state.cancelReason}>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 140 }}>
                {m.state.cancelReason}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'league',
      title: t('catalogue.league'),
      render: (_, m) => (m.categoryName ? `${m.categoryName} · ${m.league}` : m.league),
    },
    { key: 'match', title: t('catalogue.match'), render: (_, m) => `${m.teamHome} – ${m.teamAway}` },
    {
      key: 'score',
      title: t('catalogue.score'),
      render: (_, m) => {
        const ft = score(m.state.homeScore, m.state.awayScore);
        const ht = score(m.state.htHomeScore, m.state.htAwayScore);
        return ft ? `${ft}${ht ? ` (${t('catalogue.halfTimeShort')} ${ht})` : ''}` : '—';
      },
    },
    {
      key: 'flags',
      title: t('catalogue.flags'),
      render: (_, m) => (
        <Space wrap size={4}>
          {!m.state.visible && <Tag color="default">{t('catalogue.hidden')}</Tag>}
          {FLAGS.filter((flag) => flag !== 'visible' && m.state[flag]).map((flag) => (
            <Tag key={flag} color={FLAG_COLORS[flag]}>
              {t(`catalogue.flag.${flag}`)}
            </Tag>
          ))}
          {m.state.sequence > 0 && <Tag>{`${t('catalogue.sequence')} ${m.state.sequence}`}</Tag>}
        </Space>
      ),
    },
    { key: 'markets', title: t('catalogue.marketCount'), dataIndex: 'marketCount' },
    {
      key: 'actions',
      title: t('common.actions'),
      // Kept in view on narrower screens while the other columns scroll.
      fixed: 'right',
      width: 230,
      render: (_, m) => (
        <Space wrap>
          <ActionModal<MatchFlagsInput>
            label={t('catalogue.editFlags')}
            title={`${m.teamHome} – ${m.teamAway}`}
            permission="matches.edit"
            noReason
            initialValues={{
              visible: m.state.visible,
              suspended: m.state.suspended,
              popular: m.state.popular,
              todayPopular: m.state.todayPopular,
              oddsBoost: m.state.oddsBoost,
              maintenance: m.state.maintenance,
              sequence: m.state.sequence,
            }}
            onSubmit={async ({ reason: _reason, ...input }) => (await flags({ matchId: m.id, input })).error}
          >
            {FLAGS.map((flag) => (
              <Form.Item key={flag} name={flag} label={t(`catalogue.flag.${flag}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            ))}
            <SequenceField optional />
          </ActionModal>
          {!m.resultRecorded && UNDECIDED.includes(m.state.statusId) && (
            <ActionModal<ScoreValues>
              label={t('catalogue.recordResult')}
              title={`${m.teamHome} – ${m.teamAway}`}
              permission="results.enter"
              noReason
              onSubmit={async (v) => (await record({ matchId: m.id, ...scores(v) })).error}
            >
              <ScoreFields />
            </ActionModal>
          )}
          {m.resultRecorded && (
            <ActionModal<ScoreValues>
              label={t('catalogue.correctResult')}
              title={`${m.teamHome} – ${m.teamAway}`}
              permission="results.enter"
              initialValues={{
                htHome: m.state.htHomeScore ?? undefined,
                htAway: m.state.htAwayScore ?? undefined,
                ftHome: m.state.homeScore ?? undefined,
                ftAway: m.state.awayScore ?? undefined,
              }}
              onSubmit={async (v) => (await correct({ matchId: m.id, ...scores(v), reason: v.reason })).error}
            >
              <ScoreFields />
            </ActionModal>
          )}
          {UNDECIDED.includes(m.state.statusId) && (
            <ActionModal<Record<string, never>>
              label={t('catalogue.cancelMatch')}
              title={`${m.teamHome} – ${m.teamAway}`}
              permission="results.enter"
              button={{ danger: true }}
              onSubmit={async ({ reason }) => (await cancel({ matchId: m.id, reason })).error}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FilterBar fields={fields} />
      <DataTable
        query={CatalogueStaffMatchesDocument}
        variables={staffMatchVariables}
        select={(d) => ({ items: d.staffMatches.content, total: d.staffMatches.count })}
        columns={columns}
        rowKey={(m) => m.id}
        additionalTypenames={['MatchState']}
        scrollX={1300}
      />
    </Space>
  );
}
