/**
 * Staff login (spec §5 "Admin login: account and password required; the Google code is optional if
 * unbound; login without permission is refused"). `staffLogin` answers TOTP_REQUIRED when the account has
 * an authenticator bound: the form then asks for the six-digit code and sends again.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Layout, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { ShellStaffLoginDocument } from '../graphql/generated.ts';
import { useServices } from '../app/services.tsx';
import { schemas, useErrorText, zodRule } from '../components/forms.ts';
import { errorCodeOf } from '../shared.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

interface LoginValues {
  account: string;
  password: string;
  totpCode?: string;
}

/** The login screen. */
export function LoginPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const errorText = useErrorText();
  const [needTotp, setNeedTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [{ fetching }, login] = useMutation(ShellStaffLoginDocument);

  const submit = async (values: LoginValues) => {
    setError(null);
    const result = await login({
      account: values.account.trim(),
      password: values.password,
      totpCode: needTotp ? (values.totpCode ?? null) : null,
    });
    const session_ = result.data?.staffLogin;
    if (session_) return session.start({ token: session_.token, expiresAt: session_.expiresAt });
    const code = errorCodeOf(result.error);
    if (code === 'TOTP_REQUIRED') {
      setNeedTotp(true);
      return;
    }
    setError(errorText(result.error));
  };

  return (
    <Layout
      style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}
    >
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSwitch />
      </div>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ color: '#0b6e4f' }}>
          Bashiri
        </Typography.Title>
        <Typography.Title level={5}>{t('shell.login.title')}</Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form<LoginValues> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="account" label={t('shell.login.account')} rules={[zodRule(schemas.required, t)]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('shell.login.password')} rules={[zodRule(schemas.required, t)]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {needTotp && (
            <>
              <Alert type="info" showIcon title={t('shell.login.totpHint')} style={{ marginBottom: 12 }} />
              <Form.Item name="totpCode" label={t('shell.login.totp')} rules={[zodRule(schemas.totp, t)]}>
                <Input
                  prefix={<SafetyOutlined />}
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="one-time-code"
                  autoFocus
                />
              </Form.Item>
            </>
          )}
          <Button type="primary" htmlType="submit" block loading={fetching}>
            {t('shell.login.submit')}
          </Button>
        </Form>
      </Card>
    </Layout>
  );
}
