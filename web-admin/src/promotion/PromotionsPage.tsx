/**
 * Promotions in the back office (issue 21 item 4; spec §1 promotions, §4 bill types 8, 10, 12, 17):
 *
 * - Promotions: every promotion with its period, budget and what it granted; create or edit (a new
 *   version of parameters and texts in sw, en, zh and banner), pause, resume, set the budget
 *   (`promotionsAdmin`, `savePromotion`, `changePromotion`; config.edit).
 * - Configuration: the referral programme and credit-money expiry, saved as a new version
 *   (`promotionConfig`, `setPromotionConfig`; config.edit).
 * - Activity awards: grant one (bill 17, once per player and campaign) and the rewards paid
 *   (`grantActivityAward`, users.adjust_money; `promotionRewards`, users.view), CSV.
 * - Referrals: relations with their progress and self-referral flags (`referralRelations`), CSV.
 */
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, useQuery } from 'urql';
import { useCan } from '../app/staff.tsx';
import { useErrorText } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import {
  PromotionAdminAwardDocument,
  PromotionAdminChangeDocument,
  PromotionAdminConfigDocument,
  PromotionAdminListDocument,
  PromotionAdminReferralsDocument,
  PromotionAdminRewardsDocument,
  PromotionAdminSaveDocument,
  PromotionAdminSetConfigDocument,
  type PromotionAdminFieldsFragment,
  type PromotionAdminReferralsQuery,
  type PromotionKind,
  type ReferralStatus,
} from '../graphql/generated.ts';
import { CostTab } from './CostTab.tsx';
import { SalaryTab } from './SalaryTab.tsx';
import { downloadCsv, toCsv } from '../components/csv.ts';

type Row = PromotionAdminFieldsFragment;
type Relation = PromotionAdminReferralsQuery['referralRelations']['items'][number];

/** `2026-12-01 09:00` (EAT) → ISO instant; an ISO text passes through. */
const eatToIso = (text: string): string =>
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/.test(text.trim())
    ? new Date(`${text.trim().replace(' ', 'T')}:00+03:00`).toISOString()
    : new Date(text).toISOString();

interface FormValues {
  id: string;
  kind: PromotionKind;
  name: string;
  startsAt: string;
  endsAt: string;
  budget?: number | null;
  amount?: number | null;
  minStake?: number | null;
  minOdds?: string;
  banner?: string;
  titleSw: string;
  titleEn: string;
  titleZh: string;
}

function PromotionForm({ initial, onClose }: { readonly initial: Row | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm<FormValues>();
  const [{ fetching }, save] = useMutation(PromotionAdminSaveDocument);
  const [error, setError] = useState('');
  const kind = Form.useWatch('kind', form);
  const submit = async (v: FormValues) => {
    const result = await save({
      input: {
        id: v.id,
        kind: v.kind,
        name: v.name,
        startsAt: eatToIso(v.startsAt),
        endsAt: eatToIso(v.endsAt),
        budget: v.budget ?? null,
        amount: v.amount ?? null,
        minStake: v.minStake ?? null,
        minOdds: v.minOdds ?? null,
        banner: v.banner ?? '',
        titleSw: v.titleSw,
        titleEn: v.titleEn,
        titleZh: v.titleZh,
      },
    });
    if (result.error) setError(errorText(result.error));
    else onClose();
  };
  return (
    <Modal
      open
      title={initial ? t('promotion.edit') : t('promotion.create')}
      onCancel={onClose}
      footer={null}
    >
      {error && <Alert type="error" title={error} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={
          initial
            ? {
                ...initial,
                startsAt: String(initial.startsAt),
                endsAt: String(initial.endsAt),
                minOdds: initial.minOdds ?? undefined,
              }
            : { kind: 'ACTIVITY' }
        }
      >
        <Form.Item name="id" label={t('promotion.id')} rules={[{ required: true }]}>
          <Input disabled={Boolean(initial)} />
        </Form.Item>
        <Form.Item name="kind" label={t('promotion.kind')} rules={[{ required: true }]}>
          <Select
            disabled={Boolean(initial)}
            options={(['WELCOME', 'REFERRAL', 'ORDER', 'ACTIVITY'] as const).map((k) => ({
              value: k,
              label: t(`promotion.kinds.${k}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('promotion.name')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="startsAt" label={t('promotion.startsAt')} rules={[{ required: true }]}>
            <Input placeholder="2026-12-01 00:00" />
          </Form.Item>
          <Form.Item name="endsAt" label={t('promotion.endsAt')} rules={[{ required: true }]}>
            <Input placeholder="2026-12-31 23:59" />
          </Form.Item>
        </Space>
        {!initial && (
          <Form.Item name="budget" label={t('promotion.budget')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind !== 'REFERRAL' && (
          <Form.Item name="amount" label={t('promotion.amount')} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {kind === 'ORDER' && (
          <Space>
            <Form.Item name="minStake" label={t('promotion.minStake')} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} />
            </Form.Item>
            <Form.Item name="minOdds" label={t('promotion.minOdds')} rules={[{ required: true }]}>
              <Input placeholder="1.50" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="banner" label={t('promotion.banner')}>
          <Input />
        </Form.Item>
        {(['titleSw', 'titleEn', 'titleZh'] as const).map((k) => (
          <Form.Item key={k} name={k} label={t(`promotion.${k}`)} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={fetching}>
          {t('promotion.saved')}
        </Button>
      </Form>
    </Modal>
  );
}

function PromotionsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const errorText = useErrorText();
  const [{ data, error }, refetch] = useQuery({ query: PromotionAdminListDocument });
  const [, change] = useMutation(PromotionAdminChangeDocument);
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const [actionError, setActionError] = useState('');
  const act = async (id: string, action: string, budget?: number | null) => {
    const r = await change({ input: { id, action, budget: budget ?? null } });
    setActionError(r.error ? errorText(r.error) : '');
    refetch({ requestPolicy: 'network-only' });
  };
  const columns: ColumnsType<Row> = [
    { key: 'id', title: t('promotion.id'), dataIndex: 'id' },
    { key: 'kind', title: t('promotion.kind'), render: (_, r) => t(`promotion.kinds.${r.kind}`) },
    { key: 'name', title: t('promotion.name'), render: (_, r) => r.titleEn || r.name },
    {
      key: 'period',
      title: t('promotion.period'),
      render: (_, r) => `${formatEat(String(r.startsAt))} – ${formatEat(String(r.endsAt))}`,
    },
    { key: 'spent', title: t('promotion.spent'), align: 'right', render: (_, r) => formatTzs(r.spent) },
    {
      key: 'budget',
      title: t('promotion.budget'),
      align: 'right',
      render: (_, r) => (r.budget === null || r.budget === undefined ? '—' : formatTzs(r.budget)),
    },
    { key: 'count', title: t('promotion.count'), align: 'right', dataIndex: 'grantedCount' },
    {
      key: 'state',
      title: t('promotion.state'),
      render: (_, r) =>
        r.paused ? (
          <Tag color="orange">{t('promotion.paused')}</Tag>
        ) : (
          <Tag color="green">{t('promotion.running')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, r) =>
        can('config.edit') && (
          <Space>
            <Button size="small" onClick={() => setEditing(r)}>
              {t('promotion.edit')}
            </Button>
            <Button size="small" onClick={() => void act(r.id, r.paused ? 'RESUME' : 'PAUSE')}>
              {r.paused ? t('promotion.resume') : t('promotion.pause')}
            </Button>
            <InputNumber
              size="small"
              min={0}
              precision={0}
              placeholder={t('promotion.setBudget')}
              onPressEnter={(e) => {
                const value = Number((e.target as HTMLInputElement).value.replace(/\D/g, ''));
                void act(r.id, 'BUDGET', Number.isFinite(value) && value > 0 ? value : null);
              }}
            />
          </Space>
        ),
    },
  ];
  return (
    <>
      {error && <Alert type="error" title={errorText(error)} />}
      {actionError && <Alert type="error" title={actionError} />}
      {can('config.edit') && (
        <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }}>
          {t('promotion.create')}
        </Button>
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={data?.promotionsAdmin ?? []}
        pagination={false}
        scroll={{ x: true }}
      />
      {editing && (
        <PromotionForm
          initial={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      )}
    </>
  );
}

const CONFIG_FIELDS = [
  'qualifyingStakes',
  'reward',
  'invitationBonusPercent',
  'invitationBonusCap',
  'selfReferralIpWindowHours',
  'creditExpiryDays',
  'purseTarget',
  'purseBonus',
] as const;

function ConfigTab() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [{ data }, refetch] = useQuery({ query: PromotionAdminConfigDocument });
  const [{ fetching }, save] = useMutation(PromotionAdminSetConfigDocument);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const config = data?.promotionConfig;
  if (!config) return null;
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={config}
      onFinish={(v: Record<(typeof CONFIG_FIELDS)[number], number>) =>
        void save({ input: v }).then((r) => {
          setMessage(
            r.error ? { ok: false, text: errorText(r.error) } : { ok: true, text: t('promotion.saved') },
          );
          refetch({ requestPolicy: 'network-only' });
        })
      }
    >
      <p>{t('promotion.config.version', { version: config.version })}</p>
      {message && <Alert type={message.ok ? 'success' : 'error'} title={message.text} />}
      {CONFIG_FIELDS.map((k) => (
        <Form.Item key={k} name={k} label={t(`promotion.config.${k}`)} rules={[{ required: true }]}>
          <InputNumber min={0} precision={k === 'invitationBonusPercent' ? 2 : 0} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={fetching}>
        {t('promotion.config.save')}
      </Button>
    </Form>
  );
}

function AwardsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useClient();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [{ data }, refetch] = useQuery({
    query: PromotionAdminRewardsDocument,
    variables: { page, pageSize: 20 },
  });
  const [{ fetching }, award] = useMutation(PromotionAdminAwardDocument);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const exportCsv = async () => {
    const rows: unknown[][] = [];
    for (let p = 1; p <= 50; p++) {
      const r = await client.query(PromotionAdminRewardsDocument, { page: p, pageSize: 100 }).toPromise();
      const items = r.data?.promotionRewards.items ?? [];
      rows.push(
        ...items.map((i) => [i.movementId, i.promotionId, i.userId, i.trigger, i.amount, String(i.at)]),
      );
      if (items.length < 100) break;
    }
    downloadCsv(
      'promotion-rewards.csv',
      toCsv(['movement', 'promotion', 'user', 'trigger', 'amount_tzs', 'at'], rows),
    );
  };
  return (
    <>
      {can('users.adjust_money') && (
        <Form
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={(v: { promotionId: string; userId: string; amount: number; reason: string }) =>
            void award({ input: v }).then((r) => {
              const g = r.data?.grantActivityAward;
              setMessage(
                r.error
                  ? { ok: false, text: errorText(r.error) }
                  : g
                    ? {
                        ok: g.status === 'PAID',
                        text: `${t(`promotion.award.${g.status}`)}${g.code ? `: ${g.code}` : ''}`,
                      }
                    : null,
              );
              refetch({ requestPolicy: 'network-only' });
            })
          }
        >
          <Form.Item name="promotionId" rules={[{ required: true }]}>
            <Input placeholder={t('promotion.award.promotionId')} />
          </Form.Item>
          <Form.Item name="userId" rules={[{ required: true }]}>
            <Input placeholder={t('promotion.award.userId')} />
          </Form.Item>
          <Form.Item name="amount" rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} placeholder="TZS" />
          </Form.Item>
          <Form.Item name="reason" rules={[{ required: true }]}>
            <Input placeholder={t('common.reason')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={fetching}>
            {t('promotion.award.submit')}
          </Button>
        </Form>
      )}
      {message && (
        <Alert type={message.ok ? 'success' : 'warning'} title={message.text} style={{ marginBottom: 12 }} />
      )}
      <Button onClick={() => void exportCsv()} style={{ marginBottom: 12 }}>
        {t('promotion.csv')}
      </Button>
      <Table
        rowKey="movementId"
        dataSource={data?.promotionRewards.items ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.promotionRewards.total ?? 0,
          onChange: setPage,
        }}
        scroll={{ x: true }}
        columns={[
          { key: 'm', title: t('promotion.rewards.movement'), dataIndex: 'movementId' },
          { key: 'p', title: t('promotion.id'), dataIndex: 'promotionId' },
          { key: 'u', title: t('promotion.award.userId'), dataIndex: 'userId' },
          { key: 't', title: t('promotion.rewards.trigger'), dataIndex: 'trigger' },
          { key: 'a', title: 'TZS', align: 'right', render: (_, r) => formatTzs(r.amount) },
          { key: 'at', title: t('promotion.rewards.at'), render: (_, r) => formatEat(String(r.at)) },
        ]}
      />
    </>
  );
}

function ReferralsTab() {
  const { t } = useTranslation();
  const client = useClient();
  const [status, setStatus] = useState<ReferralStatus | null>(null);
  const [page, setPage] = useState(1);
  const [{ data }] = useQuery({
    query: PromotionAdminReferralsDocument,
    variables: { status, page, pageSize: 20 },
  });
  const exportCsv = async () => {
    const rows: unknown[][] = [];
    for (let p = 1; p <= 50; p++) {
      const r = await client
        .query(PromotionAdminReferralsDocument, { status, page: p, pageSize: 100 })
        .toPromise();
      const items = r.data?.referralRelations.items ?? [];
      rows.push(
        ...items.map((i) => [
          i.friendId,
          i.friendPhone,
          i.inviterId,
          i.inviterPhone,
          String(i.registeredAt),
          i.settledStakes,
          i.firstDeposit ?? '',
          i.invitationBonus,
          i.reward,
          i.status,
          i.refusalReason ?? '',
        ]),
      );
      if (items.length < 100) break;
    }
    downloadCsv(
      'referrals.csv',
      toCsv(
        [
          'friend',
          'friend_phone',
          'inviter',
          'inviter_phone',
          'registered_at',
          'settled_stakes',
          'first_deposit',
          'invitation_bonus',
          'reward',
          'status',
          'self_referral',
        ],
        rows,
      ),
    );
  };
  const columns: ColumnsType<Relation> = [
    { key: 'friend', title: t('promotion.referral.friend'), render: (_, r) => r.friendPhone || r.friendId },
    {
      key: 'inviter',
      title: t('promotion.referral.inviter'),
      render: (_, r) => r.inviterPhone || r.inviterId,
    },
    {
      key: 'reg',
      title: t('promotion.referral.registeredAt'),
      render: (_, r) => formatEat(String(r.registeredAt)),
    },
    {
      key: 'stakes',
      title: t('promotion.referral.settledStakes'),
      align: 'right',
      render: (_, r) => formatTzs(r.settledStakes),
    },
    {
      key: 'dep',
      title: t('promotion.referral.firstDeposit'),
      align: 'right',
      render: (_, r) => (r.firstDeposit == null ? '—' : formatTzs(r.firstDeposit)),
    },
    {
      key: 'bonus',
      title: t('promotion.referral.invitationBonus'),
      align: 'right',
      render: (_, r) => formatTzs(r.invitationBonus),
    },
    {
      key: 'reward',
      title: t('promotion.referral.reward'),
      align: 'right',
      render: (_, r) => formatTzs(r.reward),
    },
    {
      key: 'status',
      title: t('promotion.referral.status'),
      render: (_, r) => (
        <Tag color={r.status === 'REFUSED' ? 'red' : r.status === 'REWARDED' ? 'green' : 'blue'}>
          {t(`promotion.referral.statuses.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: 'reason',
      title: t('promotion.referral.reason'),
      render: (_, r) => (r.refusalReason ? t(`promotion.referral.reasons.${r.refusalReason}`) : ''),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={status ?? 'ALL'}
          onChange={(v) => {
            setStatus(v === 'ALL' ? null : (v as ReferralStatus));
            setPage(1);
          }}
          options={[
            { value: 'ALL', label: t('promotion.referral.all') },
            ...(['PENDING', 'REWARDED', 'REFUSED'] as const).map((s) => ({
              value: s,
              label: t(`promotion.referral.statuses.${s}`),
            })),
          ]}
        />
        <Button onClick={() => void exportCsv()}>{t('promotion.csv')}</Button>
      </Space>
      <Table
        rowKey="friendId"
        columns={columns}
        dataSource={data?.referralRelations.items ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.referralRelations.total ?? 0,
          onChange: setPage,
        }}
        scroll={{ x: true }}
      />
    </>
  );
}

/** The promotions screen. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <Tabs
      items={[
        ...(can('config.edit')
          ? [
              { key: 'promotions', label: t('promotion.tabs.promotions'), children: <PromotionsTab /> },
              { key: 'config', label: t('promotion.tabs.config'), children: <ConfigTab /> },
            ]
          : []),
        { key: 'awards', label: t('promotion.tabs.awards'), children: <AwardsTab /> },
        { key: 'referrals', label: t('promotion.tabs.referrals'), children: <ReferralsTab /> },
        ...(can('stats.view')
          ? [{ key: 'cost', label: t('promotion.tabs.cost'), children: <CostTab /> }]
          : []),
        ...(can('agents.view')
          ? [{ key: 'salary', label: t('promotion.tabs.salary'), children: <SalaryTab /> }]
          : []),
      ]}
    />
  );
}
