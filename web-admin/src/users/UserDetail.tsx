/**
 * One player in a drawer (spec §3 User; §6 admin actions): the account, the wallet, and every action:
 * disable, no-bet and no-withdraw toggles, the withdrawal whitelist (`updatePlayer` with a reason,
 * permission users.edit); note, reported flag (1/2), return scale (digits), invitation code (not empty),
 * superior (`updatePlayer`); balance, credit money and racing coin with a reason (`adjustWallet`, bill
 * type 2, permission users.adjust_money; the request id makes a double click move money once); reset
 * password (`resetPlayerPassword`; blank = a generated default password shown to the staff member,
 * spec §5 "the default reset password applies if blank").
 */
import { useLabels } from '../components/labels.ts';
import { REPORTED } from '@bashiri/domain';
import {
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import type { CombinedError } from '@urql/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { historyPath } from '../audit/links.ts';
import {
  UsersAdjustWalletDocument,
  UsersResetPasswordDocument,
  UsersUpdateDocument,
  UsersWalletDocument,
  type PlayerPatch,
  type UsersUserFieldsFragment,
  type WalletPocket,
} from '../graphql/generated.ts';
import { useCan } from '../app/staff.tsx';
import { ActionModal } from '../components/ActionModal.tsx';
import { formatEat, formatTzs } from '../components/format.ts';
import { schemas, zodRule } from '../components/forms.ts';
import { networkName } from '../components/networks.ts';
import { z } from 'zod';

/** A random default password (10 letters and digits) for a blank admin reset. */
export const generatePassword = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
};

function Flags({ player }: { readonly player: UsersUserFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {player.disabled ? (
        <Tag color="red">{t('users.disabled')}</Tag>
      ) : (
        <Tag color="green">{t('users.enabled')}</Tag>
      )}
      {player.noBet && <Tag color="orange">{t('users.noBet')}</Tag>}
      {player.noWithdraw && <Tag color="orange">{t('users.noWithdraw')}</Tag>}
      {player.reported === REPORTED.YES && <Tag color="volcano">{t('users.reported')}</Tag>}
      {player.withdrawalWhitelist && <Tag color="blue">{t('users.whitelist')}</Tag>}
    </Space>
  );
}

export { Flags as PlayerFlags };

function WalletCard({ userId }: { readonly userId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const [{ data }] = useQuery({
    query: UsersWalletDocument,
    variables: { userId },
    pause: !can('users.view'),
  });
  const wallet = data?.wallet;
  return (
    <Card
      size="small"
      title={t('users.wallet')}
      extra={
        can('audit.view') && (
          <Space size="middle" wrap>
            {(['WALLET', 'ACCOUNT'] as const).map((kind) => (
              <Link key={kind} to={historyPath(kind, userId)} data-testid={`audit-link-${kind}`}>
                {t(`users.auditLink.${kind}`)}
              </Link>
            ))}
          </Space>
        )
      }
    >
      <Space size="large" wrap>
        <Statistic
          title={t('users.balance')}
          value={wallet ? formatTzs(wallet.balance) : '—'}
          data-testid="wallet-balance"
        />
        <Statistic title={t('users.creditMoney')} value={wallet ? formatTzs(wallet.creditMoney) : '—'} />
        <Statistic title={t('users.racingCoin')} value={wallet ? formatTzs(wallet.racingCoin) : '—'} />
        <Statistic title={t('users.debt')} value={wallet ? formatTzs(wallet.debt) : '—'} />
      </Space>
    </Card>
  );
}

/** The actions on one player. */
function Actions({ player }: { readonly player: UsersUserFieldsFragment }) {
  const { t } = useTranslation();
  const [, update] = useMutation(UsersUpdateDocument);
  const [, adjust] = useMutation(UsersAdjustWalletDocument);
  const [, reset] = useMutation(UsersResetPasswordDocument);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [generated, setGenerated] = useState<string | null>(null);
  const patch = async (change: PlayerPatch, reason: string): Promise<CombinedError | undefined> =>
    (await update({ userId: player.id, patch: change, reason })).error;
  const toggle = (label: string, change: PlayerPatch, danger = false, testId?: string) => (
    <ActionModal<object>
      label={label}
      permission="users.edit"
      button={{ danger }}
      testId={testId}
      onSubmit={({ reason }) => patch(change, reason)}
    />
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {player.disabled
          ? toggle(t('users.actions.enable'), { disabled: false })
          : toggle(t('users.actions.disable'), { disabled: true }, true, 'action-disable')}
        {player.noBet
          ? toggle(t('users.actions.noBetOff'), { noBet: false })
          : toggle(t('users.actions.noBetOn'), { noBet: true }, true)}
        {player.noWithdraw
          ? toggle(t('users.actions.noWithdrawOff'), { noWithdraw: false })
          : toggle(t('users.actions.noWithdrawOn'), { noWithdraw: true }, true)}
        {player.withdrawalWhitelist
          ? toggle(t('users.actions.whitelistOff'), { withdrawalWhitelist: false })
          : toggle(t('users.actions.whitelistOn'), { withdrawalWhitelist: true })}
      </Space>
      <Space wrap>
        <ActionModal<{
          note: string;
          reported: number;
          returnScale: string;
          invitationCode: string;
          superiorId: string;
        }>
          label={t('users.actions.edit')}
          permission="users.edit"
          testId="action-edit"
          initialValues={{
            note: player.note,
            reported: player.reported,
            returnScale: player.returnScale,
            invitationCode: player.invitationCode,
            superiorId: player.superiorId ?? '',
          }}
          onSubmit={({ reason, ...values }) =>
            patch(
              {
                note: values.note ?? '',
                reported: values.reported,
                returnScale: values.returnScale,
                invitationCode: values.invitationCode.trim(),
                superiorId: (values.superiorId ?? '').trim(),
              },
              reason,
            )
          }
        >
          <Form.Item name="note" label={t('users.note')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="reported" label={t('users.reported')}>
            <Radio.Group
              options={[
                { value: 1, label: t('users.reportedValues.one') },
                { value: 2, label: t('users.reportedValues.two') },
              ]}
            />
          </Form.Item>
          <Form.Item name="returnScale" label={t('users.returnScale')} rules={[zodRule(schemas.digits, t)]}>
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="invitationCode"
            label={t('users.invitationCode')}
            rules={[zodRule(schemas.required, t)]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="superiorId" label={t('users.superior')} extra={t('users.superiorHint')}>
            <Input />
          </Form.Item>
        </ActionModal>
        <ActionModal<{ pocket: WalletPocket; amount: number }>
          label={t('users.actions.adjust')}
          permission="users.adjust_money"
          testId="action-adjust"
          button={{ type: 'primary' }}
          initialValues={{ pocket: 'BALANCE' }}
          onSubmit={async ({ reason, pocket, amount }) => {
            const result = await adjust({ input: { userId: player.id, pocket, amount, reason, requestId } });
            if (!result.error) setRequestId(crypto.randomUUID());
            return result.error;
          }}
        >
          <Form.Item name="pocket" label={t('users.actions.pocket')}>
            <Select
              options={[
                { value: 'BALANCE', label: t('users.balance') },
                { value: 'CREDIT_MONEY', label: t('users.creditMoney') },
                { value: 'RACING_COIN', label: t('users.racingCoin') },
              ]}
            />
          </Form.Item>
          <Form.Item name="amount" label={t('users.actions.amount')} rules={[zodRule(schemas.signedTzs, t)]}>
            <InputNumber style={{ width: '100%' }} step={100} precision={0} data-testid="adjust-amount" />
          </Form.Item>
        </ActionModal>
        <ActionModal<{ password?: string; confirmPassword?: string }>
          label={t('users.actions.resetPassword')}
          permission="users.edit"
          onSubmit={async ({ reason, password, confirmPassword }) => {
            const blank = !password && !confirmPassword;
            const value = blank ? generatePassword() : (password ?? '');
            setGenerated(blank ? value : null);
            const result = await reset({
              userId: player.id,
              password: value,
              confirmPassword: blank ? value : (confirmPassword ?? ''),
              reason,
            });
            return result.error;
          }}
        >
          <Typography.Paragraph type="secondary">{t('users.actions.passwordBlank')}</Typography.Paragraph>
          <Form.Item
            name="password"
            label={t('users.actions.password')}
            rules={[zodRule(z.union([z.literal(''), z.undefined(), schemas.password]), t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('users.actions.confirmPassword')}
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  if ((value ?? '') !== (getFieldValue('password') ?? ''))
                    throw new Error(t('validation.mismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </ActionModal>
      </Space>
      {generated && (
        <Typography.Text copyable={{ text: generated }}>
          {t('users.actions.defaultPassword', { password: generated })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('users.noTotp')}</Typography.Text>
    </Space>
  );
}

/** The drawer of one player; `extra` adds sections (bills, invited users…). */
export function UserDetail({
  player,
  onClose,
  extra,
}: {
  readonly player: UsersUserFieldsFragment | null;
  readonly onClose: () => void;
  readonly extra?: (player: UsersUserFieldsFragment) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <Drawer
      rootClassName="user-drawer"
      open={player !== null}
      onClose={onClose}
      size={760}
      title={player ? t('users.detail', { phone: player.phone }) : ''}
    >
      {player && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('users.id')}>
              <Typography.Text copyable>{player.id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.phone')}>{player.phone}</Descriptions.Item>
            <Descriptions.Item label={t('users.network')}>{networkName(player.network)}</Descriptions.Item>
            <Descriptions.Item label={t('users.invitationCode')}>{player.invitationCode}</Descriptions.Item>
            <Descriptions.Item label={t('users.superior')}>
              {player.superiorPhone ?? player.superiorId ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.status')}>
              <Flags player={player} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.reported')}>
              {labels.reported(player.reported)}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.returnScale')}>{player.returnScale}</Descriptions.Item>
            <Descriptions.Item label={t('users.invited')}>{player.invitedCount}</Descriptions.Item>
            <Descriptions.Item label={t('users.createdAt')}>{formatEat(player.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('users.lastLogin')}>
              {formatEat(player.lastLoginAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.lastLoginIp')}>{player.lastLoginIp ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.note')} span={2}>
              {player.note || '—'}
            </Descriptions.Item>
          </Descriptions>
          <WalletCard userId={player.id} />
          <Actions player={player} />
          {extra?.(player)}
        </Space>
      )}
    </Drawer>
  );
}
