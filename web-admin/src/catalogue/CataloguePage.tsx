/**
 * The catalogue (issue 8 "matches, leagues, countries, bookmakers, market types"; spec §5 validation):
 * matches of the coming days with their flags, result entry, correction and cancel; countries and their
 * competitions (sequence 0–100, popular and today-popular flags, hot-league sorting, roll-bet 1/2);
 * bookmakers (sequence); market types (bet status 1/2, live delay, margin).
 */
import {
  Form,
  InputNumber,
  Input,
  Radio,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { zodRule } from '../components/forms.ts';
import { eatDate, eatDaysBefore, formatEat } from '../components/format.ts';
import {
  CatalogueBettingTypeDocument,
  CatalogueBettingTypesDocument,
  CatalogueBookmakerSequenceDocument,
  CatalogueBookmakersDocument,
  CatalogueCancelMatchDocument,
  CatalogueCompetitionDocument,
  CatalogueCorrectResultDocument,
  CatalogueCountrySequenceDocument,
  CatalogueLeaguesDocument,
  CatalogueMatchFlagsDocument,
  CatalogueLeagueMatchesDocument,
  CatalogueLiveMatchesDocument,
  CatalogueMatchesDocument,
  CatalogueSearchMatchesDocument,
  CatalogueRecordResultDocument,
  type CompetitionInput,
  type MatchFlagsInput,
} from '../graphql/generated.ts';
import {
  delaySchema,
  goalsSchema,
  marginSchema,
  oneOrTwoSchema,
  optionalSequenceSchema,
  sequenceSchema,
} from './rules.ts';

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

/** Which public match list the matches tab shows (the catalogue queries; finished matches have none). */
export const MATCH_LISTS = ['upcoming', 'live', 'league', 'search'] as const;
type MatchListKind = (typeof MATCH_LISTS)[number];

/** The EAT dates an upcoming list can be asked for: today to today + 6 (spec §9 date selection). */
const upcomingDates = (): string[] => Array.from({ length: 7 }, (_, i) => eatDaysBefore(eatDate(), -i));

/** Match status label key of spec §4 (1 not started, 2 in progress, …). */
const statusKey = (statusId: number): string =>
  statusId >= 1 && statusId <= 8 ? `catalogue.status.s${statusId}` : 'catalogue.status.other';

function MatchesTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const list: MatchListKind = MATCH_LISTS.find((k) => k === search.get('list')) ?? 'upcoming';
  const date = search.get('date');
  const competitionId = search.get('league');
  const keyword = search.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const set = (changes: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes))
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const [upcoming, reloadUpcoming] = useQuery({
    query: CatalogueMatchesDocument,
    variables: { date, page },
    pause: list !== 'upcoming',
  });
  const [live, reloadLive] = useQuery({
    query: CatalogueLiveMatchesDocument,
    variables: { page },
    pause: list !== 'live',
  });
  const [league, reloadLeague] = useQuery({
    query: CatalogueLeagueMatchesDocument,
    variables: { competitionId: competitionId ?? '', page },
    pause: list !== 'league' || !competitionId,
  });
  const [found, reloadFound] = useQuery({
    query: CatalogueSearchMatchesDocument,
    variables: { keyword, page },
    pause: list !== 'search' || keyword === '',
  });
  const [leagues] = useQuery({ query: CatalogueLeaguesDocument, pause: list !== 'league' });
  const [, flags] = useMutation(CatalogueMatchFlagsDocument);
  const [, record] = useMutation(CatalogueRecordResultDocument);
  const [, correct] = useMutation(CatalogueCorrectResultDocument);
  const [, cancel] = useMutation(CatalogueCancelMatchDocument);
  const result = { upcoming, live, league, search: found }[list];
  const data =
    list === 'upcoming'
      ? upcoming.data?.upcomingMatches
      : list === 'live'
        ? live.data?.liveMatches
        : list === 'league'
          ? competitionId
            ? league.data?.leagueMatches
            : undefined
          : keyword
            ? found.data?.searchMatches
            : undefined;
  const reload = { upcoming: reloadUpcoming, live: reloadLive, league: reloadLeague, search: reloadFound }[
    list
  ];
  const done = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
    return answer.error;
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<MatchListKind>
          value={list}
          onChange={(value) => set({ list: value })}
          options={MATCH_LISTS.map((value) => ({ value, label: t(`catalogue.lists.${value}`) }))}
          data-testid="match-list"
        />
        {list === 'upcoming' && (
          <Select
            style={{ width: 180 }}
            value={date ?? 'all'}
            onChange={(value) => set({ date: value === 'all' ? null : value })}
            options={[
              { value: 'all', label: t('catalogue.allDays') },
              ...upcomingDates().map((value) => ({ value, label: value })),
            ]}
          />
        )}
        {list === 'league' && (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 320 }}
            placeholder={t('catalogue.chooseLeague')}
            value={competitionId ?? undefined}
            loading={leagues.fetching}
            onChange={(value: string) => set({ league: value })}
            options={(leagues.data?.countryMenu ?? []).map((country) => ({
              label: country.name,
              title: country.name,
              options: country.competitions.map((c) => ({
                value: c.id,
                label: `${country.name} · ${c.name} (${c.matchCount})`,
              })),
            }))}
          />
        )}
        {list === 'search' && (
          <Input.Search
            style={{ width: 320 }}
            allowClear
            defaultValue={keyword}
            placeholder={t('catalogue.searchHint')}
            onSearch={(value) => set({ q: value.trim() })}
            data-testid="match-search"
          />
        )}
      </Space>
      {list === 'live' || list === 'upcoming' || data ? null : (
        <Typography.Text type="secondary">
          {list === 'league' ? t('catalogue.chooseLeague') : t('catalogue.searchHint')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('catalogue.listedOnly')}</Typography.Text>
      <Table
        size="small"
        loading={result.fetching}
        rowKey={(m) => m.id}
        dataSource={[...(data?.content ?? [])]}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: data?.pageSize ?? 20,
          total: data?.count ?? 0,
          onChange: (next) => set({ page: String(next) }),
          showSizeChanger: false,
        }}
        columns={[
          { key: 'start', title: t('catalogue.start'), render: (_, m) => formatEat(m.startTime) },
          {
            key: 'status',
            title: t('catalogue.statusColumn'),
            render: (_, m) =>
              m.statusId === 2 ? (
                <Tag color="red">
                  {t(statusKey(m.statusId))} {m.matchMinute ? `${m.matchMinute}'` : ''}
                </Tag>
              ) : (
                <Tag>{t(statusKey(m.statusId))}</Tag>
              ),
          },
          { key: 'league', title: t('catalogue.league'), dataIndex: 'league' },
          { key: 'match', title: t('catalogue.match'), render: (_, m) => `${m.teamHome} – ${m.teamAway}` },
          {
            key: 'score',
            title: t('catalogue.score'),
            render: (_, m) =>
              m.homeScore === null || m.homeScore === undefined ? '—' : `${m.homeScore}:${m.awayScore}`,
          },
          {
            key: 'flags',
            title: t('catalogue.flags'),
            render: (_, m) => (
              <Space wrap>
                {m.popular && <Tag color="gold">{t('catalogue.flag.popular')}</Tag>}
                {m.todayPopular && <Tag color="volcano">{t('catalogue.flag.todayPopular')}</Tag>}
                {m.oddsBoost && <Tag color="green">{t('catalogue.flag.oddsBoost')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, m) => (
              <Space wrap>
                <ActionModal<MatchFlagsInput>
                  label={t('catalogue.editFlags')}
                  permission="matches.edit"
                  noReason
                  initialValues={{ popular: m.popular, todayPopular: m.todayPopular, oddsBoost: m.oddsBoost }}
                  onSubmit={async ({ reason: _reason, ...input }) =>
                    done(await flags({ matchId: m.id, input }))
                  }
                >
                  {FLAGS.map((flag) => (
                    <Form.Item
                      key={flag}
                      name={flag}
                      label={t(`catalogue.flag.${flag}`)}
                      valuePropName="checked"
                    >
                      <Switch />
                    </Form.Item>
                  ))}
                  <Form.Item
                    name="sequence"
                    label={t('catalogue.sequence')}
                    rules={[zodRule(optionalSequenceSchema, t)]}
                  >
                    <InputNumber min={0} max={100} />
                  </Form.Item>
                </ActionModal>
                <ActionModal<ScoreValues>
                  label={t('catalogue.recordResult')}
                  permission="results.enter"
                  noReason
                  onSubmit={async (v) => done(await record({ matchId: m.id, ...scores(v) }))}
                >
                  <ScoreFields />
                </ActionModal>
                <ActionModal<ScoreValues>
                  label={t('catalogue.correctResult')}
                  permission="results.enter"
                  onSubmit={async (v) =>
                    done(await correct({ matchId: m.id, ...scores(v), reason: v.reason }))
                  }
                >
                  <ScoreFields />
                </ActionModal>
                <ActionModal<Record<string, never>>
                  label={t('catalogue.cancelMatch')}
                  permission="results.enter"
                  button={{ danger: true }}
                  onSubmit={async ({ reason }) => done(await cancel({ matchId: m.id, reason }))}
                />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

function LeaguesTab() {
  const { t } = useTranslation();
  const [result, reload] = useQuery({ query: CatalogueLeaguesDocument });
  const [, competition] = useMutation(CatalogueCompetitionDocument);
  const [, country] = useMutation(CatalogueCountrySequenceDocument);
  const done = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
    return answer.error;
  };
  return (
    <Table
      size="small"
      loading={result.fetching}
      rowKey={(c) => c.id}
      dataSource={[...(result.data?.countryMenu ?? [])]}
      expandable={{
        expandedRowRender: (c) => (
          <Table
            size="small"
            rowKey={(l) => l.id}
            pagination={false}
            dataSource={[...c.competitions]}
            columns={[
              { key: 'name', title: t('catalogue.league'), dataIndex: 'name' },
              { key: 'count', title: t('catalogue.matchCount'), dataIndex: 'matchCount' },
              {
                key: 'edit',
                title: t('common.actions'),
                render: (_, l) => (
                  <ActionModal<CompetitionInput>
                    label={t('common.edit')}
                    title={l.name}
                    permission="matches.edit"
                    noReason
                    onSubmit={async ({ reason: _reason, ...input }) =>
                      done(await competition({ competitionId: l.id, input }))
                    }
                  >
                    <Form.Item
                      name="sequence"
                      label={t('catalogue.sequence')}
                      extra={t('catalogue.unchangedHint')}
                      rules={[zodRule(optionalSequenceSchema, t)]}
                    >
                      <InputNumber min={0} max={100} />
                    </Form.Item>
                    <Form.Item name="popular" label={t('catalogue.flag.popular')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Form.Item
                      name="popularSorting"
                      label={t('catalogue.popularSorting')}
                      rules={[zodRule(optionalSequenceSchema, t)]}
                    >
                      <InputNumber min={0} max={100} />
                    </Form.Item>
                    <Form.Item
                      name="todayPopular"
                      label={t('catalogue.flag.todayPopular')}
                      valuePropName="checked"
                    >
                      <Switch />
                    </Form.Item>
                    <Form.Item
                      name="rollBet"
                      label={t('catalogue.rollBet')}
                      rules={[zodRule(oneOrTwoSchema.optional(), t)]}
                    >
                      <Radio.Group
                        options={[
                          { value: 1, label: t('catalogue.allowed') },
                          { value: 2, label: t('catalogue.notAllowed') },
                        ]}
                      />
                    </Form.Item>
                  </ActionModal>
                ),
              },
            ]}
          />
        ),
      }}
      columns={[
        { key: 'flag', title: '', render: (_, c) => c.flag ?? '' },
        { key: 'name', title: t('catalogue.country'), dataIndex: 'name' },
        { key: 'code', title: t('catalogue.code'), dataIndex: 'code' },
        { key: 'count', title: t('catalogue.matchCount'), dataIndex: 'matchCount' },
        {
          key: 'edit',
          title: t('common.actions'),
          render: (_, c) => (
            <ActionModal<{ sequence: number }>
              label={t('catalogue.sequence')}
              title={c.name}
              permission="matches.edit"
              noReason
              onSubmit={async ({ sequence }) => done(await country({ countryId: c.id, sequence }))}
            >
              <Form.Item name="sequence" label={t('catalogue.sequence')} rules={[zodRule(sequenceSchema, t)]}>
                <InputNumber min={0} max={100} />
              </Form.Item>
            </ActionModal>
          ),
        },
      ]}
    />
  );
}

function BookmakersTab() {
  const { t } = useTranslation();
  const [result, reload] = useQuery({ query: CatalogueBookmakersDocument });
  const [, save] = useMutation(CatalogueBookmakerSequenceDocument);
  return (
    <Table
      size="small"
      loading={result.fetching}
      rowKey={(b) => b.id}
      dataSource={[...(result.data?.bookmakers ?? [])]}
      columns={[
        { key: 'name', title: t('catalogue.name'), dataIndex: 'name' },
        { key: 'code', title: t('catalogue.code'), render: (_, b) => b.code ?? '—' },
        { key: 'sequence', title: t('catalogue.sequence'), dataIndex: 'sequence' },
        {
          key: 'edit',
          title: t('common.actions'),
          render: (_, b) => (
            <ActionModal<{ sequence: number }>
              label={t('common.edit')}
              title={b.name}
              permission="matches.edit"
              noReason
              initialValues={{ sequence: b.sequence }}
              onSubmit={async ({ sequence }) => {
                const answer = await save({ bookmakerId: b.id, sequence });
                if (!answer.error) reload({ requestPolicy: 'network-only' });
                return answer.error;
              }}
            >
              <Form.Item name="sequence" label={t('catalogue.sequence')} rules={[zodRule(sequenceSchema, t)]}>
                <InputNumber min={0} max={100} />
              </Form.Item>
            </ActionModal>
          ),
        },
      ]}
    />
  );
}

function BettingTypesTab() {
  const { t } = useTranslation();
  const [result, reload] = useQuery({ query: CatalogueBettingTypesDocument });
  const [, save] = useMutation(CatalogueBettingTypeDocument);
  return (
    <Table
      size="small"
      loading={result.fetching}
      rowKey={(b) => String(b.id)}
      dataSource={[...(result.data?.bettingTypes ?? [])]}
      columns={[
        { key: 'id', title: 'ID', dataIndex: 'id' },
        { key: 'name', title: t('catalogue.name'), dataIndex: 'name' },
        { key: 'sport', title: t('catalogue.sport'), dataIndex: 'sport' },
        {
          key: 'betStatus',
          title: t('catalogue.betStatus'),
          render: (_, b) =>
            b.betStatus === 1 ? (
              <Tag color="green">1 {t('catalogue.allowed')}</Tag>
            ) : (
              <Tag>2 {t('catalogue.notAllowed')}</Tag>
            ),
        },
        { key: 'delay', title: t('catalogue.liveDelay'), dataIndex: 'liveDelaySeconds' },
        { key: 'margin', title: t('catalogue.margin'), render: (_, b) => `${b.marginPercent}%` },
        {
          key: 'edit',
          title: t('common.actions'),
          render: (_, b) => (
            <ActionModal<{ betStatus: number; liveDelaySeconds: number; marginPercent: string }>
              label={t('common.edit')}
              title={b.name}
              permission="odds.edit"
              noReason
              initialValues={{
                betStatus: b.betStatus,
                liveDelaySeconds: b.liveDelaySeconds,
                marginPercent: b.marginPercent,
              }}
              onSubmit={async ({ reason: _reason, ...input }) => {
                const answer = await save({ bettingTypeId: b.id, input });
                if (!answer.error) reload({ requestPolicy: 'network-only' });
                return answer.error;
              }}
            >
              <Form.Item
                name="betStatus"
                label={t('catalogue.betStatus')}
                rules={[zodRule(oneOrTwoSchema, t)]}
              >
                <Radio.Group
                  options={[
                    { value: 1, label: `1 ${t('catalogue.allowed')}` },
                    { value: 2, label: `2 ${t('catalogue.notAllowed')}` },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name="liveDelaySeconds"
                label={t('catalogue.liveDelay')}
                rules={[zodRule(delaySchema, t)]}
              >
                <InputNumber min={0} max={300} />
              </Form.Item>
              <Form.Item
                name="marginPercent"
                label={t('catalogue.margin')}
                rules={[zodRule(marginSchema, t)]}
              >
                <Input style={{ width: 120 }} suffix="%" />
              </Form.Item>
            </ActionModal>
          ),
        },
      ]}
    />
  );
}

export function CataloguePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'matches', label: t('catalogue.matches'), children: <MatchesTab /> },
        { key: 'leagues', label: t('catalogue.leagues'), children: <LeaguesTab /> },
        { key: 'bookmakers', label: t('catalogue.bookmakers'), children: <BookmakersTab /> },
        { key: 'types', label: t('catalogue.bettingTypes'), children: <BettingTypesTab /> },
      ]}
    />
  );
}
