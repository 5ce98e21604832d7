/**
 * Personal centre (spec §2 admin "personal center and change password; Google authenticator binding"):
 * the staff member's account, role and permissions; change password (ends the session: log in again);
 * bind Google Authenticator (`beginTotpBinding` → QR code of the otpauth URI with antd's QRCode, and the
 * secret for manual entry → `confirmTotpBinding(code)`); unbind with a current code.
 */
import { App, Button, Card, Col, Descriptions, Form, Input, QRCode, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import {
  ShellBeginTotpDocument,
  ShellChangePasswordDocument,
  ShellConfirmTotpDocument,
  ShellUnbindTotpDocument,
} from '../graphql/generated.ts';
import { useServices } from '../app/services.tsx';
import { useStaff } from '../app/staff.tsx';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';

/** Change one's own password (ends the session: log in again with the new one). */
export function ChangePassword() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { session } = useServices();
  const errorText = useErrorText();
  const [{ fetching }, change] = useMutation(ShellChangePasswordDocument);
  return (
    <Card title={t('shell.me.changePassword')}>
      <Form
        layout="vertical"
        onFinish={async (values: { oldPassword: string; newPassword: string; confirmPassword: string }) => {
          const result = await change(values);
          if (result.error) return void message.error(errorText(result.error));
          void message.success(t('shell.me.passwordChanged'));
          session.clear();
        }}
      >
        <Form.Item
          name="oldPassword"
          label={t('shell.me.oldPassword')}
          rules={[zodRule(schemas.required, t)]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('shell.me.newPassword')}
          rules={[zodRule(schemas.staffPassword, t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('shell.me.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value !== getFieldValue('newPassword')) throw new Error(t('validation.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={fetching}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** Bind (QR code and secret, then a current code) or unbind Google Authenticator. */
export function Authenticator() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const staff = useStaff();
  const errorText = useErrorText();
  const [binding, setBinding] = useState<{ secret: string; uri: string } | null>(null);
  const [, begin] = useMutation(ShellBeginTotpDocument);
  const [, confirm] = useMutation(ShellConfirmTotpDocument);
  const [, unbind] = useMutation(ShellUnbindTotpDocument);
  const [form] = Form.useForm<{ code: string }>();

  const start = async () => {
    const result = await begin({});
    if (result.data) setBinding(result.data.beginTotpBinding);
    else void message.error(errorText(result.error));
  };
  const submit = async ({ code }: { code: string }) => {
    const result = staff.totpBound ? await unbind({ code }) : await confirm({ code });
    if (result.error) return void message.error(errorText(result.error));
    void message.success(t(staff.totpBound ? 'shell.me.unbound' : 'shell.me.bound'));
    setBinding(null);
    form.resetFields();
    staff.reload();
  };

  return (
    <Card
      title={t('shell.me.totp')}
      extra={
        staff.totpBound ? (
          <Tag color="green">{t('shell.me.totpBound')}</Tag>
        ) : (
          <Tag>{t('shell.me.totpUnbound')}</Tag>
        )
      }
    >
      {!staff.totpBound && !binding && (
        <Button type="primary" onClick={start}>
          {t('shell.me.bind')}
        </Button>
      )}
      {binding && (
        <Space orientation="vertical" style={{ marginBottom: 16 }}>
          <Typography.Paragraph>{t('shell.me.scan')}</Typography.Paragraph>
          <QRCode value={binding.uri} size={180} data-testid="totp-qr" />
          <Typography.Text>
            {t('shell.me.secret')}:{' '}
            <Typography.Text code copyable data-testid="totp-secret">
              {binding.secret}
            </Typography.Text>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {binding.uri}
          </Typography.Text>
        </Space>
      )}
      {(binding || staff.totpBound) && (
        <Form form={form} layout="inline" onFinish={submit}>
          <Form.Item name="code" label={t('shell.me.code')} rules={[zodRule(schemas.totp, t)]}>
            <Input inputMode="numeric" maxLength={6} style={{ width: 120 }} autoComplete="one-time-code" />
          </Form.Item>
          <Button type="primary" danger={staff.totpBound} htmlType="submit">
            {staff.totpBound ? t('shell.me.unbind') : t('common.confirm')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** The personal centre screen. */
export function PersonalCentre() {
  const { t } = useTranslation();
  const staff = useStaff();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('shell.me.title')}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('shell.me.account')}>{staff.account}</Descriptions.Item>
          <Descriptions.Item label={t('shell.me.name')}>{staff.name}</Descriptions.Item>
          <Descriptions.Item label={t('shell.me.role')}>{staff.roleName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('shell.me.permissions')}>
            <Space wrap size={4}>
              {[...staff.permissions].sort().map((code) => (
                <Tag key={code}>{code}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <ChangePassword />
        </Col>
        <Col xs={24} lg={12}>
          <Authenticator />
        </Col>
      </Row>
    </Space>
  );
}
