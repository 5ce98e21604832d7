/**
 * Random betting setups (spec §3 "Random betting setup"; §7 order_list/random_betting): list, create,
 * edit, delete, and run a setup once for chosen players, showing what it placed and what was refused;
 * and an admin bet for a chosen player (spec §7 order_list/add, order type admin).
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { ActionModal } from '../components/ActionModal.tsx';
import { useErrorText, zodRule } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import { useCan } from '../app/staff.tsx';
import {
  OrdersAdminPlaceBetDocument,
  OrdersCreateRandomSetupDocument,
  OrdersDeleteRandomSetupDocument,
  OrdersRandomSetupsDocument,
  OrdersRunRandomSetupDocument,
  OrdersUpdateRandomSetupDocument,
  type OrdersRandomSetupFieldsFragment,
  type PayType,
  type RandomBetSetupInput,
} from '../graphql/generated.ts';
import { minOddsSchema, orderCountSchema, stakeStepSchema, startRangeSchema, userIdsOf } from './rules.ts';

function SetupFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="orderCount"
        label={t('orders.random.orderCount')}
        rules={[zodRule(orderCountSchema, t)]}
      >
        <InputNumber min={1} max={1000} style={{ width: 160 }} />
      </Form.Item>
      <Space wrap>
        <Form.Item
          name="minBetAmount"
          label={t('orders.random.minBet')}
          rules={[zodRule(stakeStepSchema, t)]}
        >
          <InputNumber min={100} step={100} style={{ width: 160 }} suffix="TZS" />
        </Form.Item>
        <Form.Item
          name="maxBetAmount"
          label={t('orders.random.maxBet')}
          dependencies={['minBetAmount']}
          rules={[
            zodRule(stakeStepSchema, t),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number) => {
                if (typeof value === 'number' && value < Number(getFieldValue('minBetAmount') ?? 0))
                  throw new Error(t('orders.rules.maxBelowMin'));
              },
            }),
          ]}
        >
          <InputNumber min={100} step={100} style={{ width: 160 }} suffix="TZS" />
        </Form.Item>
      </Space>
      <Form.Item
        name="startRangeDays"
        label={t('orders.random.startRange')}
        rules={[zodRule(startRangeSchema, t)]}
      >
        <InputNumber min={0} max={30} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="minOdds" label={t('orders.random.minOdds')} rules={[zodRule(minOddsSchema, t)]}>
        <Input style={{ width: 160 }} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="liveOnly" label={t('orders.random.liveOnly')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="includeStringBets" label={t('orders.random.stringBets')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="note" label={t('orders.random.note')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}

const NEW_SETUP: RandomBetSetupInput = {
  orderCount: 10,
  minBetAmount: 1000,
  maxBetAmount: 5000,
  startRangeDays: 1,
  liveOnly: false,
  includeStringBets: false,
  minOdds: '0.00',
  note: '',
};

const inputOf = (values: RandomBetSetupInput): RandomBetSetupInput => ({
  orderCount: values.orderCount,
  minBetAmount: values.minBetAmount,
  maxBetAmount: values.maxBetAmount,
  startRangeDays: values.startRangeDays,
  liveOnly: Boolean(values.liveOnly),
  includeStringBets: Boolean(values.includeStringBets),
  minOdds: values.minOdds,
  note: values.note ?? '',
});

function RunSetup({ setup }: { readonly setup: OrdersRandomSetupFieldsFragment }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [, run] = useMutation(OrdersRunRandomSetupDocument);
  return (
    <ActionModal<{ userIds: string }>
      label={t('orders.random.run')}
      permission="orders.random"
      noReason
      button={{ type: 'primary' }}
      testId={`random-run-${setup.id}`}
      onSubmit={async ({ userIds }) => {
        const answer = await run({
          id: setup.id,
          userIds: userIdsOf(userIds),
          requestId: crypto.randomUUID(),
        });
        const result = answer.data?.runRandomBetSetup;
        if (result)
          modal.info({
            title: t('orders.random.runDone'),
            content: (
              <Space orientation="vertical">
                <span>{t('orders.random.placed', { count: result.placed.length })}</span>
                <span>{t('orders.random.candidates', { count: result.candidateSelections })}</span>
                {result.refused.map((refusal, index) => (
                  <span key={`${refusal.userId}-${index}`}>
                    <Tag color="red">{refusal.code}</Tag> {refusal.userId}
                  </span>
                ))}
              </Space>
            ),
          });
        return answer.error;
      }}
    >
      <Form.Item
        name="userIds"
        label={t('orders.random.userIds')}
        extra={t('orders.random.userIdsHint')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (userIdsOf(value ?? '').length === 0) throw new Error(t('validation.required'));
            },
          },
        ]}
      >
        <Input.TextArea rows={4} />
      </Form.Item>
    </ActionModal>
  );
}

/** An admin bet for a chosen player: the player, the selections with the odds seen, stake and pay type. */
export function AdminBetButton() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [, place] = useMutation(OrdersAdminPlaceBetDocument);
  return (
    <ActionModal<{
      userId: string;
      payType: PayType;
      amount: number;
      selections: { selectionId: string; odds: string }[];
    }>
      label={t('orders.adminBet.button')}
      permission="orders.place"
      button={{ size: 'middle' }}
      testId="admin-bet"
      initialValues={{ payType: 'BALANCE', selections: [{ selectionId: '', odds: '' }] }}
      onSubmit={async ({ userId, payType, amount, selections, reason }) => {
        const answer = await place({
          userId: userId.trim(),
          input: {
            requestId: crypto.randomUUID(),
            payType,
            amount,
            selections: selections.map((s) => ({ selectionId: s.selectionId.trim(), odds: s.odds.trim() })),
            oddsChange: 'ACCEPT_ANY',
            reason,
          },
        });
        const result = answer.data?.adminPlaceBet;
        if (result)
          modal.info({
            title: t('orders.adminBet.result'),
            content: result.order
              ? t('orders.adminBet.placed', { serial: result.order.serial })
              : `${result.status} ${result.code ?? ''} ${result.message ?? ''}`,
          });
        return answer.error;
      }}
    >
      <Form.Item
        name="userId"
        label={t('orders.userId')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="payType" label={t('orders.payType')}>
        <Radio.Group
          options={[
            { value: 'BALANCE', label: t('orders.pockets.balance') },
            { value: 'CREDIT', label: t('orders.pockets.creditMoney') },
          ]}
        />
      </Form.Item>
      <Form.Item name="amount" label={t('orders.stake')} rules={[zodRule(stakeStepSchema, t)]}>
        <InputNumber min={100} step={100} style={{ width: 180 }} suffix="TZS" />
      </Form.Item>
      <Form.List name="selections">
        {(fields, { add, remove }) => (
          <Form.Item label={t('orders.lines')}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'selectionId']}
                  rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
                >
                  <Input placeholder={t('orders.adminBet.selectionId')} style={{ width: 260 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'odds']} rules={[zodRule(minOddsSchema, t)]}>
                  <Input placeholder={t('orders.odds')} style={{ width: 100 }} />
                </Form.Item>
                {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(field.name)} />}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ selectionId: '', odds: '' })}>
              {t('common.add')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </ActionModal>
  );
}

export function RandomBetsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [result, reload] = useQuery({ query: OrdersRandomSetupsDocument });
  const [, create] = useMutation(OrdersCreateRandomSetupDocument);
  const [, update] = useMutation(OrdersUpdateRandomSetupDocument);
  const [deleted, remove] = useMutation(OrdersDeleteRandomSetupDocument);
  const [key, setKey] = useState(0);
  const refresh = () => {
    setKey((n) => n + 1);
    reload({ requestPolicy: 'network-only' });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} key={key}>
      <Space wrap>
        <ActionModal<RandomBetSetupInput>
          label={t('orders.random.create')}
          permission="orders.random"
          noReason
          button={{ type: 'primary', size: 'middle' }}
          testId="random-create"
          initialValues={NEW_SETUP}
          onSubmit={async (values) => {
            const answer = await create({ input: inputOf(values) });
            if (!answer.error) refresh();
            return answer.error;
          }}
        >
          <SetupFields />
        </ActionModal>
        <AdminBetButton />
      </Space>
      {(result.error ?? deleted.error) && (
        <Alert type="error" showIcon title={errorText(result.error ?? deleted.error)} />
      )}
      <Table
        size="small"
        loading={result.fetching}
        rowKey={(row) => row.id}
        dataSource={[...(result.data?.randomBetSetups ?? [])]}
        scroll={{ x: 1200 }}
        columns={[
          { key: 'orderCount', title: t('orders.random.orderCount'), dataIndex: 'orderCount' },
          {
            key: 'range',
            title: t('orders.random.stakeRange'),
            render: (_, r) => `${formatTzs(r.minBetAmount)} – ${formatTzs(r.maxBetAmount)}`,
          },
          { key: 'days', title: t('orders.random.startRange'), dataIndex: 'startRangeDays' },
          { key: 'minOdds', title: t('orders.random.minOdds'), dataIndex: 'minOdds' },
          {
            key: 'flags',
            title: t('orders.random.flags'),
            render: (_, r) => (
              <Space>
                {r.liveOnly && <Tag color="red">{t('orders.random.liveOnly')}</Tag>}
                {r.includeStringBets && <Tag color="blue">{t('orders.random.stringBets')}</Tag>}
              </Space>
            ),
          },
          { key: 'note', title: t('orders.random.note'), dataIndex: 'note' },
          { key: 'createdBy', title: t('orders.placedBy'), dataIndex: 'createdBy' },
          { key: 'updatedAt', title: t('common.time'), render: (_, r) => formatEat(r.updatedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, r) => (
              <Space wrap>
                <RunSetup setup={r} />
                <ActionModal<RandomBetSetupInput>
                  label={t('common.edit')}
                  permission="orders.random"
                  noReason
                  initialValues={r}
                  onSubmit={async (values) => {
                    const answer = await update({ id: r.id, input: inputOf(values) });
                    if (!answer.error) refresh();
                    return answer.error;
                  }}
                >
                  <SetupFields />
                </ActionModal>
                {can('orders.random') && (
                  <Popconfirm
                    title={t('common.areYouSure')}
                    onConfirm={async () => {
                      const answer = await remove({ id: r.id });
                      if (!answer.error) {
                        void message.success(t('common.saved'));
                        refresh();
                      }
                    }}
                  >
                    <Button size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
