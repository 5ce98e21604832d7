/**
 * `/user_info` (spec §2 Profile): the account, its balances, the default stake of the betslip, change
 * of password (spec §5: old and new required, the repeat equals the new one; §4: a password change
 * ends the session, so the player goes to /login), and sign out.
 */
import { useEffect, useState, type FormEvent } from 'react';
import './account.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { useServices } from '../app/services.tsx';
import {
  AccountChangePasswordDocument,
  AccountProfileDocument,
  AccountSetDefaultBetAmountDocument,
} from '../graphql/generated.ts';
import { formatMoney } from '@bashiri/web-shared';
import { PASSWORD_MIN_LENGTH } from './AuthPages.tsx';
import {
  Field,
  formatEat,
  NETWORK_NAMES,
  Notice,
  refusalOf,
  useCodeText,
  useLogout,
  usePageTitle,
  type Refusal,
} from './common.tsx';

/** Spec §5 amount input: stakes in steps of 100. */
export const STAKE_STEP = 100;

/** The default-stake form: a positive multiple of 100, or empty to clear. */
function DefaultStakeForm({ current }: { readonly current: number | null | undefined }) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [value, setValue] = useState(current ? String(current) : '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [{ fetching }, save] = useMutation(AccountSetDefaultBetAmountDocument);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const trimmed = value.trim().replace(/,/g, '');
    const amount = trimmed === '' ? null : Number(trimmed);
    if (amount !== null && (!Number.isInteger(amount) || amount <= 0 || amount % STAKE_STEP !== 0)) {
      setError(codeText('STAKE_NOT_MULTIPLE_OF_STEP'));
      return;
    }
    setError(null);
    const result = await save({ amount });
    const refusal = refusalOf(result.error);
    if (refusal) return setError(codeText(refusal.code, refusal.details));
    setSaved(true);
  };
  return (
    <form className="acc-form acc-card" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('account.profile.defaultStake')}</h2>
      <Field id="pf-stake" label={t('account.profile.defaultStakeLabel')} error={error}>
        <input
          id="pf-stake"
          inputMode="numeric"
          value={value}
          step={STAKE_STEP}
          placeholder={t('account.optional')}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      {saved ? <Notice kind="success">{t('messages.operationSuccessful')}</Notice> : null}
      <button type="submit" className="acc-button" disabled={fetching}>
        {fetching ? t('account.sending') : t('account.save')}
      </button>
    </form>
  );
}

/** Change of password; success ends every session (server) and the local one, then /login. */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const { session } = useServices();
  const navigate = useNavigate();
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [general, setGeneral] = useState<Refusal | null>(null);
  const [{ fetching }, change] = useMutation(AccountChangePasswordDocument);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!form.oldPassword) found.oldPassword = 'OLD_PASSWORD_REQUIRED';
    if (!form.newPassword) found.newPassword = 'NEW_PASSWORD_REQUIRED';
    else if (form.newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = 'PASSWORD_TOO_SHORT';
    if (form.newPassword && form.confirmPassword !== form.newPassword)
      found.confirmPassword = 'REPEAT_DIFFERS';
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    const result = await change(form);
    if (!result.data?.changePassword) {
      const refusal = refusalOf(result.error);
      const field = refusal?.field === 'password' ? 'newPassword' : refusal?.field;
      if (refusal && field && field in form) setErrors({ [field]: refusal.code });
      else setGeneral(refusal ?? { code: 'INTERNAL', field: null, details: {} });
      return;
    }
    session.clear();
    await navigate('/login', { replace: true });
  };
  const err = (field: string) => (errors[field] ? codeText(errors[field]) : null);
  return (
    <form className="acc-form acc-card" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('account.profile.changePassword')}</h2>
      <Field id="cp-old" label={t('account.oldPassword')} error={err('oldPassword')}>
        <input
          id="cp-old"
          type="password"
          autoComplete="current-password"
          value={form.oldPassword}
          onChange={(e) => set('oldPassword', e.target.value)}
        />
      </Field>
      <Field id="cp-new" label={t('account.newPassword')} error={err('newPassword')}>
        <input
          id="cp-new"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
        />
      </Field>
      <Field id="cp-confirm" label={t('account.confirmPassword')} error={err('confirmPassword')}>
        <input
          id="cp-confirm"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword', e.target.value)}
        />
      </Field>
      {general ? <Notice kind="error">{codeText(general.code, general.details)}</Notice> : null}
      <p className="acc-muted">{t('account.profile.changePasswordNote')}</p>
      <button type="submit" className="acc-button" disabled={fetching}>
        {fetching ? t('account.sending') : t('account.profile.changePassword')}
      </button>
    </form>
  );
}

/** `/user_info`. */
export function ProfilePage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.user_info');
  const codeText = useCodeText();
  const { session } = useServices();
  const { logout, pending } = useLogout();
  const [{ data, error, fetching }] = useQuery({
    query: AccountProfileDocument,
    requestPolicy: 'cache-and-network',
  });
  const me = data?.me;
  const refusal = refusalOf(error);
  // spec §4: when the user info fetch fails as unauthenticated or returns nothing, clear the session
  const expired = refusal?.code === 'UNAUTHENTICATED' || (data !== undefined && !me);
  useEffect(() => {
    if (expired) session.clear();
  }, [expired, session]);
  return (
    <section className="acc-page">
      <h1>{title}</h1>
      {refusal && !data ? <Notice kind="error">{codeText(refusal.code)}</Notice> : null}
      {!me && fetching ? <p className="acc-muted">{t('account.loading')}</p> : null}
      {me ? (
        <>
          <section className="acc-card">
            <dl className="acc-dl">
              <dt>{t('account.phone')}</dt>
              <dd>{me.phone}</dd>
              <dt>{t('account.network.label')}</dt>
              <dd>{NETWORK_NAMES[me.network] ?? me.network}</dd>
              <dt>{t('account.profile.balance')}</dt>
              <dd className="acc-money">{formatMoney(data.myWallet.balance)}</dd>
              <dt>{t('account.profile.credit')}</dt>
              <dd className="acc-money">{formatMoney(data.myWallet.creditMoney)}</dd>
              <dt>{t('account.profile.invitationCode')}</dt>
              <dd>{me.invitationCode}</dd>
              <dt>{t('account.profile.since')}</dt>
              <dd>{formatEat(me.createdAt)}</dd>
              {me.lastLoginAt ? (
                <>
                  <dt>{t('account.profile.lastLogin')}</dt>
                  <dd>{formatEat(me.lastLoginAt)}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <p className="acc-card">
            <Link to="/responsible_gambling">{t('protection.link')}</Link>
          </p>
          <DefaultStakeForm key={me.defaultBetAmount ?? 'none'} current={me.defaultBetAmount} />
          <ChangePasswordForm />
          <button
            type="button"
            className="acc-button acc-button--secondary"
            disabled={pending}
            onClick={() => void logout()}
          >
            {t('account.logout')}
          </button>
        </>
      ) : null}
    </section>
  );
}
