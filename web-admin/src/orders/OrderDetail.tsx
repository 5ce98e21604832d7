/**
 * One order with every field of spec §3 "Order" and its lines (spec §2 order detail), the cancel action
 * with a reason (spec §7 order_list/cancel_order) and links to the bet's and the wallet's audit history.
 */
import { Alert, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { historyPath } from '../audit/links.ts';
import { ActionModal } from '../components/ActionModal.tsx';
import { useErrorText } from '../components/forms.ts';
import { formatEat, formatTzs } from '../components/format.ts';
import { useActorName, useLabels } from '../components/labels.ts';
import { OrdersCancelDocument, OrdersDetailDocument } from '../graphql/generated.ts';

const money = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '—' : formatTzs(amount);

/** Whether spec §7 allows cancelling an order in this state. */
const cancellable = (status: string): boolean => !['rejected', 'cancelled', 'cashedOut'].includes(status);

export function OrderDetail({ id, onClose }: { readonly id: string | null; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const labels = useLabels();
  const actorName = useActorName();
  const [result] = useQuery({ query: OrdersDetailDocument, variables: { id: id ?? '' }, pause: !id });
  const [, cancel] = useMutation(OrdersCancelDocument);
  const order = result.data?.order;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      rootClassName="order-drawer"
      title={order ? t('orders.detail', { serial: order.serial }) : t('orders.detailTitle')}
      loading={result.fetching && !order}
    >
      {result.error && <Alert type="error" showIcon title={errorText(result.error)} />}
      {order && (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <Link to={historyPath('BET', order.id)} data-testid="order-history">
              {t('orders.betHistory')}
            </Link>
            {order.userId && (
              <Link to={historyPath('WALLET', order.userId)}>{t('orders.walletHistory')}</Link>
            )}
            {cancellable(order.status) && (
              <ActionModal<Record<string, never>>
                label={t('orders.cancel')}
                permission="orders.cancel"
                testId="order-cancel"
                button={{ danger: true }}
                onSubmit={async ({ reason }) => (await cancel({ id: order.id, reason })).error}
              />
            )}
          </Space>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('orders.serial')}>{order.serial}</Descriptions.Item>
            <Descriptions.Item label={t('orders.id')}>{order.id}</Descriptions.Item>
            <Descriptions.Item label={t('orders.status')}>
              <Tag>{t(`orders.statuses.${order.status}`, { defaultValue: order.status })}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.type')}>
              {t(`orders.types.${order.orderType}`, { defaultValue: order.orderType })}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.phone')}>{order.userPhone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.userId')}>{order.userId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.placedBy')}>{actorName(order.placedBy)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.payType')}>{order.payType}</Descriptions.Item>
            <Descriptions.Item label={t('orders.stake')}>
              {money(order.stake)} {order.largeBet && <Tag color="red">{t('orders.largeBet')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.payPayable')}>{money(order.payPayable)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.virtualPay')}>
              {money(order.virtualPayAmount)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.totalOdds')}>{order.totalOdds}</Descriptions.Item>
            <Descriptions.Item label={t('orders.matchCount')}>{order.matchCount ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.taxRate')}>{order.taxRate}%</Descriptions.Item>
            <Descriptions.Item label={t('orders.potentialProfit')}>
              {money(order.potentialProfit)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.potentialReward')}>
              {money(order.potentialReward)} ({order.rewardPercent}%)
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.potentialTax')}>
              {money(order.potentialTax)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.potentialReturn')}>
              {money(order.potentialReturn)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.payout')}>{money(order.payout)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.reward')}>{money(order.reward)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.tax')}>{money(order.tax)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.credited')}>{money(order.credited)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.earlyOdds')}>
              {order.earlySettlementOdds ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.rejectCode')}>{order.rejectCode ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('orders.abnormalInfo')}>
              {order.abnormalInfo ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.cancelReason')}>
              {order.cancelReason ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.placedAt')}>{formatEat(order.placedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.liveHold')}>
              <span data-testid="order-live-hold">
                {order.liveHoldSeconds == null
                  ? t('orders.liveHoldNone')
                  : t('orders.liveHoldSeconds', { seconds: order.liveHoldSeconds })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.settledAt')}>{formatEat(order.settledAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('orders.lines')}</Typography.Title>
          <Table
            size="small"
            rowKey={(line) => String(line.legIndex)}
            dataSource={[...order.lines]}
            pagination={false}
            scroll={{ x: 900 }}
            columns={[
              { key: 'leg', title: '#', render: (_, l) => l.legIndex + 1 },
              { key: 'match', title: t('orders.match'), render: (_, l) => `${l.home} – ${l.away}` },
              { key: 'start', title: t('orders.startTime'), render: (_, l) => formatEat(l.startTime) },
              { key: 'market', title: t('orders.market'), render: (_, l) => labels.market(l.marketName) },
              {
                key: 'selection',
                title: t('orders.selection'),
                render: (_, l) => labels.selection(l.selectionName),
              },
              { key: 'odds', title: t('orders.odds'), dataIndex: 'odds' },
              {
                key: 'eventStatus',
                title: t('orders.eventStatus'),
                render: (_, l) => labels.matchStatus(l.eventStatus),
              },
              { key: 'outcome', title: t('orders.outcome'), render: (_, l) => labels.outcome(l.outcome) },
              { key: 'void', title: t('orders.voidFactor'), render: (_, l) => l.voidFactor ?? '—' },
              // The settlement rule is the server's English audit text: English readers see it; the
              // others read the outcome and match status labels (issue 16 item 10).
              ...(i18n.language.startsWith('en')
                ? [
                    {
                      key: 'rule',
                      title: t('orders.rule'),
                      render: (_: unknown, l: { rule?: string | null }) => l.rule ?? '—',
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
