/**
 * Starting a season simulation on the server from the Simulations screen (issue 17 item 7;
 * docs/simulations.md "Starting a run from the back office"): pick a stored scenario (or write one),
 * edit its YAML/JSON, start it (`startSimulationRun`, permission simulations.run), and follow the runs
 * started here (`simulationLaunches`, polled every 2 s while one runs) until the kept report opens.
 * A refused scenario shows the server's message, which names the field.
 */
import { Alert, App, Button, Card, Input, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { useCan } from '../app/staff.tsx';
import { formatEat } from '../components/format.ts';
import { useErrorText } from '../components/forms.ts';
import {
  SimulationLaunchesDocument,
  SimulationScenariosDocument,
  StartSimulationRunDocument,
  type SimulationLaunchFieldsFragment,
} from '../graphql/generated.ts';
import { errorCodeOf } from '../shared.ts';

/** How often the runs are re-read while one is running (ms). */
const POLL_MS = 2_000;

const STATUS_COLOR: Record<SimulationLaunchFieldsFragment['status'], string> = {
  RUNNING: 'processing',
  DONE: 'success',
  STOPPED: 'warning',
  FAILED: 'error',
};

/** Matchdays done as a whole percentage (0 while the total is unknown). */
export const launchPercent = (l: Pick<SimulationLaunchFieldsFragment, 'matchdaysDone' | 'matchdaysTotal'>) =>
  l.matchdaysTotal > 0 ? Math.floor((100 * l.matchdaysDone) / l.matchdaysTotal) : 0;

/**
 * The start form (with simulations.run) and the runs started on this server. `onKept` is called when
 * a run has kept its report (the list of kept runs re-reads).
 */
export function SimulationLaunchPanel({
  runPath,
  onKept,
}: {
  readonly runPath: (runId: string) => string;
  readonly onKept: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const can = useCan();
  const mayRun = can('simulations.run');
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<CombinedError | null>(null);
  const [{ data: stored }] = useQuery({ query: SimulationScenariosDocument, pause: !mayRun });
  const [{ data: launches }, reread] = useQuery({
    query: SimulationLaunchesDocument,
    requestPolicy: 'network-only',
  });
  const [{ fetching: starting }, start] = useMutation(StartSimulationRunDocument);
  const runs = launches?.simulationLaunches ?? [];
  const running = runs.some((l) => l.status === 'RUNNING');
  const finished = runs.filter((l) => l.status !== 'RUNNING').length;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => reread({ requestPolicy: 'network-only' }), POLL_MS);
    return () => clearInterval(timer);
  }, [running, reread]);
  useEffect(() => {
    if (finished > 0) onKept();
  }, [finished, onKept]);

  const refusal = (error: CombinedError): string => {
    const code = errorCodeOf(error);
    const key = `simulations.launch.codes.${code}`;
    return code && t(key, { message: error.graphQLErrors[0]?.message ?? '' }) !== key
      ? t(key, { message: error.graphQLErrors[0]?.message ?? '' })
      : errorText(error);
  };

  const onStart = async () => {
    setFailure(null);
    const result = await start({ scenario: text });
    if (result.error) {
      setFailure(result.error);
      return;
    }
    message.success(t('simulations.launch.RUNNING'));
    reread({ requestPolicy: 'network-only' });
  };

  const columns: ColumnsType<SimulationLaunchFieldsFragment> = [
    { key: 'name', title: t('simulations.name'), dataIndex: 'name' },
    { key: 'seed', title: t('simulations.seed'), dataIndex: 'seed' },
    {
      key: 'what',
      title: t('simulations.leagues'),
      render: (_, l) => `${l.leagues.join(', ')} ${l.seasons.join(', ')}`,
    },
    { key: 'bettors', title: t('simulations.bettors'), dataIndex: 'bettors', align: 'right' },
    {
      key: 'status',
      title: t('simulations.launch.status'),
      render: (_, l) => (
        <span data-testid={`launch-status-${l.runId}`} data-status={l.status}>
          <Tag color={STATUS_COLOR[l.status]}>{t(`simulations.launch.${l.status}`)}</Tag>
          {l.error && <Typography.Text type="danger">{l.error}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'progress',
      title: t('simulations.launch.progress'),
      render: (_, l) => (
        <Space>
          <Progress
            percent={launchPercent(l)}
            size="small"
            style={{ width: 120 }}
            status={l.status === 'FAILED' ? 'exception' : l.status === 'RUNNING' ? 'active' : 'normal'}
          />
          <span>
            {l.matchdaysDone}/{l.matchdaysTotal || '…'}
          </span>
        </Space>
      ),
    },
    { key: 'startedAt', title: t('simulations.launch.startedAt'), render: (_, l) => formatEat(l.startedAt) },
    {
      key: 'report',
      title: t('simulations.launch.report'),
      render: (_, l) =>
        l.status === 'DONE' || l.status === 'STOPPED' ? (
          <Link to={runPath(l.runId)} data-testid={`launch-report-${l.runId}`}>
            {t('simulations.launch.openReport')}
          </Link>
        ) : null,
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {mayRun && (
        <Card size="small" title={t('simulations.launch.title')}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select
              style={{ width: '100%', maxWidth: 480 }}
              placeholder={t('simulations.launch.pickStored')}
              aria-label={t('simulations.launch.stored')}
              data-testid="launch-stored"
              options={(stored?.simulationScenarios ?? []).map((s) => ({ value: s.file, label: s.file }))}
              onChange={(file: string) =>
                setText(stored?.simulationScenarios.find((s) => s.file === file)?.text ?? '')
              }
            />
            <Input.TextArea
              aria-label={t('simulations.launch.scenario')}
              placeholder={t('simulations.launch.scenario')}
              data-testid="launch-scenario"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 6, maxRows: 24 }}
              style={{ fontFamily: 'monospace' }}
            />
            {failure && <Alert type="error" showIcon title={refusal(failure)} data-testid="launch-error" />}
            <Button
              type="primary"
              onClick={() => void onStart()}
              loading={starting}
              disabled={text.trim() === '' || running}
              data-testid="launch-start"
            >
              {t('simulations.launch.start')}
            </Button>
          </Space>
        </Card>
      )}
      {runs.length > 0 && (
        <Card size="small" title={t('simulations.launch.runs')}>
          <Table<SimulationLaunchFieldsFragment>
            scroll={{ x: 'max-content' }}
            size="small"
            rowKey="runId"
            columns={columns}
            dataSource={[...runs]}
            pagination={false}
          />
        </Card>
      )}
    </Space>
  );
}
