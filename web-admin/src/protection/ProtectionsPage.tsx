/**
 * `#/protections` (issue 23 item 4): a player's protections — limits in force with their usage, waiting
 * raises, cool-off and self-exclusion — and their history (every change with its time in East Africa
 * Time and who made it, as CSV too); the lists of players cooling off and self-excluded; the attempts
 * refused by protections. Staff may record a cool-off or self-exclusion on the player's request (with a
 * reason) but never lift or shorten one: there is no such action, and the server refuses a shorter one.
 */
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Table, Tabs } from 'antd';
import type { CombinedError } from '@urql/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { eatDate, eatDaysBefore, eatMidnight, formatEat, formatTzs } from '../components/format.ts';
import { downloadCsv, toCsv } from '../components/csv.ts';
import { useErrorText } from '../components/forms.ts';
import {
  ProtectionPlayerDocument,
  ProtectionProtectedPlayersDocument,
  ProtectionRefusalStatsDocument,
  ProtectionStaffCoolOffDocument,
  ProtectionStaffExcludeDocument,
  type ProtectionPlayerQuery,
} from '../graphql/generated.ts';
import { errorCodeOf } from '../shared.ts';

type Change = ProtectionPlayerQuery['playerProtectionHistory'][number];

const COOL_OFF = ['HOURS_24', 'DAYS_7', 'DAYS_30', 'WEEKS_6'] as const;
const EXCLUSION = ['MONTHS_6', 'YEAR_1', 'YEARS_5', 'PERMANENT'] as const;

/** How a change's details are worded: codes and English in the CSV, the staff's language on screen. */
interface DetailWords {
  readonly kind: (kind: string) => string;
  readonly period: (period: string) => string;
  readonly amount: (value: number) => string;
  readonly none: string;
  readonly was: (value: string) => string;
  readonly until: (time: string) => string;
  readonly permanent: string;
  readonly confirmableFrom: (time: string) => string;
  readonly reopens: (time: string) => string;
  readonly reason: (reason: string) => string;
}

/** The CSV's wording: the limit kind and length as codes, English words, plain numbers. */
const CSV_WORDS: DetailWords = {
  kind: (kind) => kind,
  period: (period) => period,
  amount: String,
  none: 'none',
  was: (value) => `was ${value}`,
  until: (time) => `until ${time}`,
  permanent: 'permanent',
  confirmableFrom: (time) => `confirmable from ${time}`,
  reopens: (time) => `re-opens ${time}`,
  reason: (reason) => `reason: ${reason}`,
};

/**
 * A change's details in one line: the limit and its value (TZS, or minutes), the value before, the
 * cool-off or exclusion length and end (EAT), when a raise may be confirmed, re-opening, staff's reason.
 */
const detailsOf = (c: Change, words: DetailWords = CSV_WORDS): string =>
  [
    c.kind ? words.kind(c.kind) : null,
    c.value !== null && c.value !== undefined
      ? `= ${words.amount(c.value)}`
      : c.type.startsWith('Limit')
        ? `= ${words.none}`
        : null,
    c.previous !== null && c.previous !== undefined ? `(${words.was(words.amount(c.previous))})` : null,
    c.period ? words.period(c.period) : null,
    c.until ? words.until(formatEat(c.until)) : c.period === 'permanent' ? words.permanent : null,
    c.confirmableFrom ? words.confirmableFrom(formatEat(c.confirmableFrom)) : null,
    c.reopensAt ? words.reopens(formatEat(c.reopensAt)) : null,
    c.reason ? words.reason(c.reason) : null,
  ]
    .filter(Boolean)
    .join(' ');

/** Cool-off and exclusion lengths as the history names them (`ProtectionChange.period`) → length codes. */
const PERIOD_LENGTH: Readonly<Record<string, string>> = {
  '24h': 'HOURS_24',
  '7d': 'DAYS_7',
  '30d': 'DAYS_30',
  '6w': 'WEEKS_6',
  '6m': 'MONTHS_6',
  '1y': 'YEAR_1',
  '5y': 'YEARS_5',
  permanent: 'PERMANENT',
};

/** The refusal code that names a limit kind (texts `protection.refusalCodes`). */
const kindCode = (kind: string) => (kind === 'SESSION_MINUTES' ? 'LIMIT_SESSION' : `LIMIT_${kind}`);

/** {@link detailsOf} in the staff's language (the screen; the CSV keeps {@link CSV_WORDS}). */
const useDetailsText = () => {
  const { t, i18n } = useTranslation();
  const known = (key: string, fallback: string) =>
    i18n.exists(`protection.${key}`) ? t(`protection.${key}`) : fallback;
  const words: DetailWords = {
    kind: (kind) => known(`refusalCodes.${kindCode(kind)}`, kind),
    period: (period) => known(`lengths.${PERIOD_LENGTH[period] ?? ''}`, period),
    amount: (value) => value.toLocaleString('en-US'),
    none: t('protection.detail.none'),
    was: (value) => t('protection.detail.was', { value }),
    until: (time) => t('protection.detail.until', { time }),
    permanent: t('protection.detail.permanent'),
    confirmableFrom: (time) => t('protection.detail.confirmableFrom', { time }),
    reopens: (time) => t('protection.detail.reopens', { time }),
    reason: (reason) => t('protection.detail.reason', { reason }),
  };
  return (c: Change) => detailsOf(c, words);
};

/** The history as CSV (times in EAT and as instants), downloaded by the browser. */
const exportHistory = (userId: string, rows: readonly Change[]) =>
  downloadCsv(
    `protections-${userId}.csv`,
    toCsv(
      ['position', 'time_eat', 'instant', 'change', 'by', 'details'],
      rows.map((c) => [c.position, formatEat(c.at), c.at, c.type, c.actor, detailsOf(c)]),
    ),
  );

function PlayerProtection({ userId }: { readonly userId: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const detailsText = useDetailsText();
  const [{ data, error, fetching }, refetch] = useQuery({
    query: ProtectionPlayerDocument,
    variables: { userId },
    requestPolicy: 'network-only',
  });
  const [, coolOff] = useMutation(ProtectionStaffCoolOffDocument);
  const [, exclude] = useMutation(ProtectionStaffExcludeDocument);
  const own = (e: CombinedError | undefined) => {
    const code = errorCodeOf(e);
    return code && i18n.exists(`protection.codes.${code}`) ? t(`protection.codes.${code}`) : errorText(e);
  };
  const after = (e: CombinedError | undefined) => {
    if (!e) refetch({ requestPolicy: 'network-only' });
    // ActionModal shows the error it gets translated; ours are translated here.
    return e
      ? ({ ...e, graphQLErrors: [{ ...e.graphQLErrors[0], message: own(e) }] } as CombinedError)
      : null;
  };
  if (error) return <Alert type="error" title={errorText(error)} />;
  const p = data?.playerProtection;
  const history = data?.playerProtectionHistory ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="protection-player">
      <Card loading={fetching && !p} title={`${t('protection.status')} — ${userId}`}>
        {p ? (
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('protection.canPlay')}>
              {p.canPlay ? t('protection.yes') : t('protection.blocked')}
            </Descriptions.Item>
            <Descriptions.Item label={t('protection.marketing')}>
              {p.marketingAllowed ? t('protection.yes') : t('protection.no')}
            </Descriptions.Item>
            {p.coolingOffUntil ? (
              <Descriptions.Item label={t('protection.coolingUntil')}>
                {formatEat(p.coolingOffUntil)}
              </Descriptions.Item>
            ) : null}
            {p.selfExclusion ? (
              <Descriptions.Item label={t('protection.excludedUntil')}>
                {p.selfExclusion.permanent ? t('protection.permanent') : formatEat(p.selfExclusion.until)}
                {p.selfExclusion.reopensAt
                  ? ` · ${t('protection.reopensAt')} ${formatEat(p.selfExclusion.reopensAt)}`
                  : ''}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('protection.realityCheck')}>
              {p.realityCheckMinutes}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        <Alert type="info" title={t('protection.noLift')} style={{ marginTop: 12 }} />
        <Space wrap style={{ marginTop: 12 }}>
          <ActionModal<{ length: string }>
            label={t('protection.coolOff')}
            permission="users.edit"
            initialValues={{ length: 'HOURS_24' }}
            onSubmit={async ({ length, reason }) =>
              after((await coolOff({ userId, length: length as (typeof COOL_OFF)[number], reason })).error)
            }
          >
            <Form.Item name="length" label={t('protection.length')}>
              <Select options={COOL_OFF.map((l) => ({ value: l, label: t(`protection.lengths.${l}`) }))} />
            </Form.Item>
          </ActionModal>
          <ActionModal<{ length: string }>
            label={t('protection.exclude')}
            permission="users.edit"
            initialValues={{ length: 'MONTHS_6' }}
            onSubmit={async ({ length, reason }) =>
              after((await exclude({ userId, length: length as (typeof EXCLUSION)[number], reason })).error)
            }
          >
            <Form.Item name="length" label={t('protection.length')}>
              <Select options={EXCLUSION.map((l) => ({ value: l, label: t(`protection.lengths.${l}`) }))} />
            </Form.Item>
          </ActionModal>
        </Space>
      </Card>
      <Card title={t('protection.limits')}>
        <Table
          size="small"
          rowKey="kind"
          pagination={false}
          dataSource={p?.limits ?? []}
          columns={[
            { title: t('protection.kind'), dataIndex: 'kind' },
            { title: t('protection.limit'), dataIndex: 'limit', render: (v: number) => formatTzs(v) },
            { title: t('protection.used'), dataIndex: 'used', render: (v: number) => formatTzs(v) },
            { title: t('protection.left'), dataIndex: 'left', render: (v: number) => formatTzs(v) },
            {
              title: t('protection.resetsAt'),
              dataIndex: 'resetsAt',
              render: (v: string | null) => formatEat(v),
            },
          ]}
        />
        {p && p.pending.length > 0 ? (
          <Table
            size="small"
            rowKey="kind"
            pagination={false}
            title={() => t('protection.pending')}
            dataSource={p.pending}
            columns={[
              { title: t('protection.kind'), dataIndex: 'kind' },
              {
                title: t('protection.value'),
                dataIndex: 'value',
                render: (v: number | null) => (v === null ? '—' : formatTzs(v)),
              },
              {
                title: t('protection.confirmableFrom'),
                dataIndex: 'confirmableFrom',
                render: (v: string) => formatEat(v),
              },
            ]}
          />
        ) : null}
      </Card>
      <Card
        title={t('protection.history')}
        extra={
          <Button onClick={() => exportHistory(userId, history)} disabled={history.length === 0}>
            {t('protection.csv')}
          </Button>
        }
      >
        <Table
          size="small"
          rowKey="position"
          dataSource={history}
          pagination={{ pageSize: 50 }}
          columns={[
            { title: '#', dataIndex: 'position', width: 50 },
            { title: t('protection.at'), dataIndex: 'at', render: (v: string) => formatEat(v) },
            { title: t('protection.type'), dataIndex: 'type' },
            { title: t('protection.actor'), dataIndex: 'actor' },
            {
              title: t('protection.details'),
              key: 'details',
              render: (_: unknown, c: Change) => detailsText(c),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function ProtectedList({
  status,
  onPick,
}: {
  readonly status: 'COOLING_OFF' | 'EXCLUDED';
  readonly onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [{ data, fetching }] = useQuery({
    query: ProtectionProtectedPlayersDocument,
    variables: { status },
    requestPolicy: 'network-only',
  });
  return (
    <Table
      size="small"
      rowKey="userId"
      loading={fetching}
      dataSource={data?.protectedPlayers ?? []}
      columns={[
        {
          title: t('protection.player'),
          dataIndex: 'userId',
          render: (id: string) => (
            <Button type="link" onClick={() => onPick(id)}>
              {id}
            </Button>
          ),
        },
        { title: t('protection.phone'), dataIndex: 'phone' },
        status === 'COOLING_OFF'
          ? {
              title: t('protection.coolingUntil'),
              dataIndex: 'coolingOffUntil',
              render: (v: string | null) => formatEat(v),
            }
          : {
              title: t('protection.excludedUntil'),
              dataIndex: 'excludedUntil',
              render: (v: string | null) => (v ? formatEat(v) : t('protection.permanent')),
            },
      ]}
    />
  );
}

/**
 * A refusal code or movement kind in the staff's language, the code itself when the screen has no text
 * for it (a code added on the server later).
 */
const useLabel = () => {
  const { t, i18n } = useTranslation();
  return (group: 'refusalCodes' | 'movements', key: string) =>
    i18n.exists(`protection.${group}.${key}`) ? t(`protection.${group}.${key}`) : key;
};

function Refusals() {
  const { t } = useTranslation();
  const label = useLabel();
  const today = eatDate();
  const variables = useMemo(
    () => ({
      from: eatMidnight(eatDaysBefore(today, 30)),
      to: new Date(Date.parse(eatMidnight(today)) + 86_400_000).toISOString(),
    }),
    [today],
  );
  const [{ data, fetching }] = useQuery({
    query: ProtectionRefusalStatsDocument,
    variables,
    requestPolicy: 'network-only',
  });
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.code}|${r.kind}`}
      loading={fetching}
      pagination={false}
      dataSource={data?.protectionRefusals ?? []}
      columns={[
        {
          title: t('protection.code'),
          dataIndex: 'code',
          // The code stays visible next to its text: it is what the player's error and the logs name.
          render: (code: string) => `${label('refusalCodes', code)} (${code})`,
        },
        {
          title: t('protection.movement'),
          dataIndex: 'kind',
          render: (kind: string) => label('movements', kind),
        },
        { title: t('protection.count'), dataIndex: 'count' },
        { title: t('protection.amount'), dataIndex: 'amount', render: (v: number) => formatTzs(v) },
        { title: t('protection.players'), dataIndex: 'players' },
      ]}
    />
  );
}

/** The screen. */
export function ProtectionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const userId = params.get('user') ?? '';
  const [typed, setTyped] = useState(userId);
  const pick = (id: string) => {
    setTyped(id);
    setParams({ user: id });
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact>
        <Input
          aria-label={t('protection.player')}
          placeholder={t('protection.player')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => pick(typed.trim())}
        />
        <Button type="primary" onClick={() => pick(typed.trim())}>
          {t('protection.show')}
        </Button>
      </Space.Compact>
      {userId ? <PlayerProtection key={userId} userId={userId} /> : null}
      <Card title={t('protection.lists')}>
        <Tabs
          items={[
            {
              key: 'cool',
              label: t('protection.coolingOff'),
              children: <ProtectedList status="COOLING_OFF" onPick={pick} />,
            },
            {
              key: 'excluded',
              label: t('protection.excluded'),
              children: <ProtectedList status="EXCLUDED" onPick={pick} />,
            },
          ]}
        />
      </Card>
      <Card title={t('protection.refusals')}>
        <Refusals />
      </Card>
    </Space>
  );
}
