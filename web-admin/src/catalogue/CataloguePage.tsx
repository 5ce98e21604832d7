/**
 * The catalogue (issue 8 "matches, leagues, countries, bookmakers, market types"; spec §5 validation):
 * every match with its flags, result entry, correction and cancel (MatchesTab.tsx); countries and their
 * competitions (sequence 0–100, popular and today-popular flags, hot-league sorting, roll-bet 1/2);
 * bookmakers (sequence); market types (bet status 1/2, live delay, margin).
 */
import { Form, InputNumber, Input, Radio, Switch, Table, Tabs, Tag } from 'antd';
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
import {
  delaySchema,
  marginSchema,
  oneOrTwoSchema,
  optionalSequenceSchema,
  sequenceSchema,
} from './rules.ts';

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
