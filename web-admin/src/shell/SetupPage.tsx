/**
 * Staff setup before the back office opens (issue 15 item 5; docs/auth.md "Staff setup"): while
 * `staffMe.setupRequired` is not empty the server refuses every permission (STAFF_SETUP_REQUIRED), so
 * the back office shows only this page — first changing a password someone else chose (the session
 * then ends: log in with the new one), then binding Google Authenticator where staff TOTP is required.
 */
import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Layout, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services.tsx';
import { useStaff } from '../app/staff.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Authenticator, ChangePassword } from './PersonalCentre.tsx';

/** The setup page for the logged-in staff member's remaining steps. */
export function SetupPage() {
  const { t } = useTranslation();
  const { session } = useServices();
  const staff = useStaff();
  const [step] = staff.setupRequired;
  return (
    <Layout style={{ minHeight: '100vh', alignItems: 'center', background: '#f0f2f5', padding: 16 }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 560 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ color: '#0b6e4f', margin: 0 }}>
            Bashiri
          </Typography.Title>
          <Space>
            <LanguageSwitch />
            <Button icon={<LogoutOutlined />} onClick={() => session.clear()}>
              {t('shell.header.logout')}
            </Button>
          </Space>
        </Space>
        <Typography.Title level={4} data-testid="staff-setup">
          {t('shell.setup.title')}
        </Typography.Title>
        <Steps
          size="small"
          current={0}
          items={staff.setupRequired.map((s) => ({
            title: s === 'CHANGE_PASSWORD' ? t('shell.me.changePassword') : t('shell.me.totp'),
          }))}
        />
        {step === 'CHANGE_PASSWORD' ? (
          <>
            <Alert type="warning" showIcon title={t('shell.setup.changePassword')} />
            <ChangePassword />
          </>
        ) : (
          <>
            <Alert type="warning" showIcon title={t('shell.setup.bindTotp')} />
            <Authenticator />
          </>
        )}
      </Space>
    </Layout>
  );
}
