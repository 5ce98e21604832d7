/**
 * The catalogue (issue 8 "matches, leagues, countries, bookmakers, market types"; spec §5 validation):
 * every match with its flags, result entry, correction and cancel (MatchesTab.tsx); countries and their
 * competitions (sequence 0–100, popular and today-popular flags, hot-league sorting, roll-bet 1/2);
 * bookmakers (sequence); market types (bet status 1/2, live delay, margin).
 */
import { BET_STATUS, ROLL_BET } from '@bashiri/domain';
import { Form, InputNumber, Input, Radio, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { zodRule } from '../components/forms.ts';
import {
  CatalogueBettingTypeDocument,
  CatalogueBettingTypesDocument,
  CatalogueBookmakerSequenceDocument,
  CatalogueBookmakersDocument,
  CatalogueCompetitionDocument,
  CatalogueCountrySequenceDocument,
  CatalogueLeaguesDocument,
  type CompetitionInput,
} from '../graphql/generated.ts';
import { MatchesTab } from './MatchesTab.tsx';
import { SequenceField } from './SequenceField.tsx';
import { delaySchema, marginSchema, oneOrTwoSchema } from './rules.ts';

/** Countries and every league of each (staffCountries), with their current settings, edited in place. */
function LeaguesTab() {
  const { t } = useTranslation();
  const [result, reload] = useQuery({ query: CatalogueLeaguesDocument });
  const [, competition] = useMutation(CatalogueCompetitionDocument);
  const [, country] = useMutation(CatalogueCountrySequenceDocument);
  const done = <T,>(answer: { error?: T }) => {
    if (!answer.error) reload({ requestPolicy: 'network-only' });
    return answer.error;
  };
  const counts = (c: { matchCount: number; listedCount: number }) => `${c.listedCount} / ${c.matchCount}`;
  return (
    <Table
      size="small"
      loading={result.fetching}
      rowKey={(c) => c.settings.id}
      dataSource={[...(result.data?.staffCountries ?? [])]}
      expandable={{
        expandedRowRender: (c) => (
          <Table
            size="small"
            rowKey={(l) => l.settings.id}
            pagination={false}
            dataSource={[...c.competitions]}
            columns={[
              { key: 'name', title: t('catalogue.league'), render: (_, l) => l.settings.name },
              { key: 'sequence', title: t('catalogue.sequence'), render: (_, l) => l.settings.sequence },
              {
                key: 'flags',
                title: t('catalogue.flags'),
                render: (_, l) => (
                  <Space wrap size={4}>
                    {l.settings.popular && (
                      <Tag color="gold">{`${t('catalogue.flag.popular')} ${l.settings.popularSorting}`}</Tag>
                    )}
                    {l.settings.todayPopular && <Tag color="volcano">{t('catalogue.flag.todayPopular')}</Tag>}
                    {l.settings.rollBet === ROLL_BET.NOT_ALLOWED && (
                      <Tag>{`${t('catalogue.rollBet')}: ${t('catalogue.notAllowed')}`}</Tag>
                    )}
                  </Space>
                ),
              },
              { key: 'count', title: t('catalogue.listedOfAll'), render: (_, l) => counts(l) },
              {
                key: 'edit',
                title: t('common.actions'),
                render: (_, l) => (
                  <ActionModal<CompetitionInput>
                    label={t('common.edit')}
                    title={l.settings.name}
                    permission="matches.edit"
                    noReason
                    initialValues={{
                      sequence: l.settings.sequence,
                      popular: l.settings.popular,
                      popularSorting: l.settings.popularSorting,
                      todayPopular: l.settings.todayPopular,
                      rollBet: l.settings.rollBet,
                    }}
                    onSubmit={async ({ reason: _reason, ...input }) =>
                      done(await competition({ competitionId: l.settings.id, input }))
                    }
                  >
                    <SequenceField optional />
                    <Form.Item name="popular" label={t('catalogue.flag.popular')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <SequenceField name="popularSorting" label="catalogue.popularSorting" optional />
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
        { key: 'name', title: t('catalogue.country'), render: (_, c) => c.settings.name },
        { key: 'code', title: t('catalogue.code'), render: (_, c) => c.settings.code },
        { key: 'sequence', title: t('catalogue.sequence'), render: (_, c) => c.settings.sequence },
        { key: 'leagues', title: t('catalogue.leagueCount'), render: (_, c) => c.competitions.length },
        { key: 'count', title: t('catalogue.listedOfAll'), render: (_, c) => counts(c) },
        {
          key: 'edit',
          title: t('common.actions'),
          render: (_, c) => (
            <ActionModal<{ sequence: number }>
              label={t('catalogue.sequence')}
              title={c.settings.name}
              permission="matches.edit"
              noReason
              initialValues={{ sequence: c.settings.sequence }}
              onSubmit={async ({ sequence }) => done(await country({ countryId: c.settings.id, sequence }))}
            >
              <SequenceField />
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
              <SequenceField />
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
            b.betStatus === BET_STATUS.OPEN ? (
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
