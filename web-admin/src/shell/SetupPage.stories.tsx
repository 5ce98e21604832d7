/**
 * Stories of the staff setup page (issue 15 item 5): a reset password to change first, then Google
 * Authenticator to bind (answered as `beginTotpBinding` would), in Swahili, English and Chinese.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { StoryAnswer } from '../testing/StoryFrame.tsx';
import { SetupPage } from './SetupPage.tsx';

const answer: StoryAnswer = (name) =>
  name === 'ShellBeginTotp'
    ? {
        beginTotpBinding: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Bashiri:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Bashiri',
        },
      }
    : null;

const meta: Meta<typeof SetupPage> = {
  title: 'Shell/SetupPage',
  component: SetupPage,
  parameters: { answer, setupRequired: ['CHANGE_PASSWORD', 'BIND_TOTP'] },
};
export default meta;

export const ChangePasswordSwahili: StoryObj<typeof SetupPage> = { parameters: { language: 'sw' } };
export const ChangePasswordEnglish: StoryObj<typeof SetupPage> = {};
export const BindAuthenticatorChinese: StoryObj<typeof SetupPage> = {
  parameters: { language: 'zh-CN', setupRequired: ['BIND_TOTP'] },
};
