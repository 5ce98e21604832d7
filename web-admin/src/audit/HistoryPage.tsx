/**
 * The replayable audit history of one aggregate (issue 8 item 3): a search form (kind + id, kept in the
 * URL so other screens link here), the stream's events in the {@link AuditTimeline} with time, actor,
 * reason, correlation and the balance before and after of wallet events; "state at" a chosen EAT instant
 * (`stateAt`, or "state at this event"); and "verify" (`verifyReadModel`) showing that the read-model
 * rows rebuilt from the events equal the stored ones, or the differences.
 */
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { AuditTimeline } from '../components/AuditTimeline.tsx';
import { useErrorText } from '../components/forms.ts';
import { formatEat } from '../components/format.ts';
import {
  AuditStateAtDocument,
  AuditStreamHistoryDocument,
  AuditVerifyDocument,
  type HistoryKind,
} from '../graphql/generated.ts';
import { eatInstant, HISTORY_KINDS, historyKindOf } from './links.ts';

/** Events shown per page of the timeline. */
const PAGE = 200;

const pretty = (json: string): string => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

function StateAt({ kind, id, at }: { readonly kind: HistoryKind; readonly id: string; readonly at: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [result] = useQuery({ query: AuditStateAtDocument, variables: { stream: { kind, id }, at } });
  if (result.error) return <Alert type="error" showIcon title={errorText(result.error)} />;
  const snapshot = result.data?.stateAt;
  if (!snapshot) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="state-at">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('history.at')}>{formatEat(snapshot.at)}</Descriptions.Item>
        <Descriptions.Item label={t('history.version')}>{snapshot.version}</Descriptions.Item>
        <Descriptions.Item label={t('history.lastEventAt')}>
          {formatEat(snapshot.lastEventAt)}
        </Descriptions.Item>
      </Descriptions>
      <pre style={{ margin: 0, maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {pretty(snapshot.state)}
      </pre>
    </Space>
  );
}

function Verify({ kind, id }: { readonly kind: HistoryKind; readonly id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [asked, setAsked] = useState(0);
  const [result, run] = useQuery({
    query: AuditVerifyDocument,
    variables: { stream: { kind, id } },
    pause: asked === 0,
    requestPolicy: 'network-only',
  });
  const verification = result.data?.verifyReadModel;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button
        type="primary"
        loading={result.fetching}
        data-testid="verify"
        onClick={() => {
          setAsked((n) => n + 1);
          if (asked > 0) run({ requestPolicy: 'network-only' });
        }}
      >
        {t('history.verify')}
      </Button>
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      {verification && (
        <div data-testid="verify-result">
          <Result
            status={verification.equal ? 'success' : 'warning'}
            title={
              verification.equal
                ? t('history.equal')
                : t('history.different', { count: verification.differences.length })
            }
            subTitle={t('history.verifySummary', {
              events: verification.eventsReplayed,
              rows: verification.rowsCompared,
              tables: verification.tables.join(', ') || '—',
              pending: verification.pendingEvents,
            })}
          />
          {verification.differences.length > 0 && (
            <Table
              size="small"
              rowKey={(d) => `${d.table}|${d.key}|${d.column}`}
              dataSource={[...verification.differences]}
              pagination={false}
              columns={[
                { key: 'table', title: t('history.table'), dataIndex: 'table' },
                { key: 'key', title: t('history.key'), dataIndex: 'key' },
                { key: 'column', title: t('history.column'), dataIndex: 'column' },
                { key: 'expected', title: t('history.expected'), render: (_, d) => d.expected ?? '∅' },
                { key: 'actual', title: t('history.actual'), render: (_, d) => d.actual ?? '∅' },
              ]}
            />
          )}
        </div>
      )}
    </Space>
  );
}

function Stream({ kind, id }: { readonly kind: HistoryKind; readonly id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [from, setFrom] = useState(1);
  const [at, setAt] = useState<string | null>(null);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const [result, reexecute] = useQuery({
    query: AuditStreamHistoryDocument,
    variables: { stream: { kind, id }, fromPosition: from, maxCount: PAGE },
  });
  const history = result.data?.streamHistory;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 16 }}>
        <Card
          title={
            <Space wrap>
              <span>{t('history.events')}</span>
              {history && <Typography.Text code>{history.streamName}</Typography.Text>}
              {history && (
                <Typography.Text type="secondary">
                  {t('history.eventCount', { count: history.version })}
                </Typography.Text>
              )}
            </Space>
          }
          extra={
            <Button size="small" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {t('common.refresh')}
            </Button>
          }
          loading={result.fetching && !history}
        >
          {history && (
            <>
              <AuditTimeline
                events={history.events}
                selected={selected}
                onSelect={(event) => {
                  setSelected(event.position);
                  setPicked(null);
                  setAt(event.recordedAt);
                }}
              />
              {history.version > PAGE && (
                <Space>
                  <Button disabled={from === 1} onClick={() => setFrom(Math.max(1, from - PAGE))}>
                    {t('history.previous')}
                  </Button>
                  <Button disabled={from + PAGE > history.version} onClick={() => setFrom(from + PAGE)}>
                    {t('history.next')}
                  </Button>
                </Space>
              )}
            </>
          )}
        </Card>
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Card title={t('history.verifyTitle')}>
            <Verify kind={kind} id={id} />
          </Card>
          <Card title={t('history.stateAt')}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <DatePicker
                showTime
                value={picked}
                placeholder={t('history.pickInstant')}
                data-testid="state-at-picker"
                onChange={(value) => {
                  setPicked(value);
                  setSelected(undefined);
                  setAt(value ? eatInstant(value.format('YYYY-MM-DDTHH:mm:ss')) : null);
                }}
              />
              <Typography.Text type="secondary">{t('history.eatHint')}</Typography.Text>
              {at && <StateAt kind={kind} id={id} at={at} />}
            </Space>
          </Card>
        </Space>
      </div>
    </Space>
  );
}

/** The history screen (`#/audit/history?kind=WALLET&id=<user id>`). */
export function HistoryPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const kind = historyKindOf(search.get('kind'));
  const id = search.get('id')?.trim() ?? '';
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Form
        layout="inline"
        role="search"
        key={`${kind}|${id}`}
        initialValues={{ kind: kind ?? 'WALLET', id }}
        onFinish={(values: { kind: HistoryKind; id: string }) =>
          setSearch({ kind: values.kind, id: values.id.trim() })
        }
        style={{ rowGap: 8 }}
      >
        <Form.Item name="kind" label={t('history.kind')}>
          <Select
            style={{ width: 160 }}
            options={HISTORY_KINDS.map((value) => ({ value, label: t(`history.kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="id"
          label={t('history.id')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input style={{ width: 340 }} placeholder={t('history.idHint')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
      {kind && id ? <Stream key={`${kind}|${id}`} kind={kind} id={id} /> : null}
    </Space>
  );
}
