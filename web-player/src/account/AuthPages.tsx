/**
 * Registration, login and password recovery (spec §2 /register /login /min_retrieve_password
 * /reset_password; §4 Session; §5 Registration and Login; §9 password at least 4 characters, +255).
 * Checks the form first (errors under the fields), then the server; a refusal shows its translated
 * `extensions.code` under the field it names. Buttons are disabled while a request is in flight and
 * nothing changes locally unless the server said yes.
 */
import { useState, type FormEvent } from 'react';
import './account.css';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { useServices } from '../app/services.tsx';
import {
  AccountLoginDocument,
  AccountRegisterDocument,
  AccountRequestSmsCodeDocument,
  AccountResetPasswordDocument,
  type SmsCodePurpose,
} from '../graphql/generated.ts';
import { deviceId } from '../promotion/device.ts';
import { REPORT_DEVICE } from '../promotion/documents.ts';
import { Field, Notice, refusalOf, useCodeText, usePageTitle, type Refusal } from './common.tsx';
import { NetworkLine, PhoneInput, phoneOf, SMS_RESEND_SECONDS, useCountdown } from './phone.tsx';
import { DEFAULT_AREA_CODE, PhoneRegionSelect, usePhoneRegions } from './region.tsx';

/** Spec §9: passwords have at least 4 characters. */
export const PASSWORD_MIN_LENGTH = 4;

/** Field → error code. */
type FieldErrors = Partial<Record<string, string>>;

/** The client-side checks of spec §5 Registration (same codes as the server's refusals). */
export const checkRegistration = (
  form: {
    phone: string;
    password: string;
    confirmPassword: string;
    code: string;
    adult: boolean;
    acceptTerms: boolean;
  },
  region: string = DEFAULT_AREA_CODE,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (!form.phone.trim()) errors.phone = 'PHONE_REQUIRED';
  // Tanzanian numbers are checked here; another region's number is the server's to judge.
  else if (region === DEFAULT_AREA_CODE && !phoneOf(form.phone)) errors.phone = 'INVALID_PHONE';
  if (!form.password) errors.password = 'PASSWORD_REQUIRED';
  else if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = 'PASSWORD_TOO_SHORT';
  if (form.password && form.confirmPassword !== form.password) errors.confirmPassword = 'PASSWORD_MISMATCH';
  if (!form.code.trim()) errors.code = 'SMS_CODE_REQUIRED';
  if (!form.adult) errors.adult = 'ADULT_REQUIRED';
  if (!form.acceptTerms) errors.acceptTerms = 'TERMS_REQUIRED';
  return errors;
};

/** Turns a refusal into field errors when it names a field of this form, else a form-level error. */
const splitRefusal = (
  refusal: Refusal | null,
  fields: readonly string[],
): { fields: FieldErrors; general: Refusal | null } =>
  refusal && refusal.field && fields.includes(refusal.field)
    ? { fields: { [refusal.field]: refusal.code }, general: null }
    : { fields: {}, general: refusal };

/**
 * The SMS code field: its input, the "send code" button with the resend countdown (requestSmsCode)
 * and, once a code is sent, the notice saying so. A refusal to send is reported for the phone field.
 */
function SmsCodeField({
  id,
  value,
  onChange,
  error,
  phone,
  purpose,
  onPhoneError,
}: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | null;
  readonly phone: string;
  readonly purpose: SmsCodePurpose;
  readonly onPhoneError: (code: string | null) => void;
}) {
  const { t } = useTranslation();
  const [{ fetching }, request] = useMutation(AccountRequestSmsCodeDocument);
  const { left, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const send = async () => {
    const normalized = phoneOf(phone);
    if (!normalized) return onPhoneError(phone.trim() ? 'INVALID_PHONE' : 'PHONE_REQUIRED');
    onPhoneError(null);
    const result = await request({ phone: normalized, purpose });
    const refusal = refusalOf(result.error);
    if (refusal) return onPhoneError(refusal.code);
    setSent(true);
    start(SMS_RESEND_SECONDS);
  };
  return (
    <>
      <Field id={id} label={t('account.sms.code')} error={error}>
        <div className="acc-inline">
          <input
            id={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value}
            aria-invalid={!!error || undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="acc-button acc-button--secondary"
            disabled={fetching || left > 0}
            onClick={() => void send()}
          >
            {left > 0
              ? t('account.sms.resendIn', { seconds: left })
              : sent
                ? t('account.sms.resend')
                : t('account.sms.send')}
          </button>
        </div>
      </Field>
      {sent ? <Notice kind="info">{t('account.sms.sent')}</Notice> : null}
    </>
  );
}

/** `/register` (title Join Now), with `?v=` prefilling the invitation code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.register');
  const codeText = useCodeText();
  const { session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState({
    phone: '',
    password: '',
    confirmPassword: '',
    code: '',
    adult: false,
    acceptTerms: false,
    invitationCode: params.get('v') ?? '',
  });
  const regions = usePhoneRegions();
  const [region, setRegion] = useState(DEFAULT_AREA_CODE);
  const [network, setNetwork] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<Refusal | null>(null);
  const [{ fetching }, register] = useMutation(AccountRegisterDocument);
  const [, reportDevice] = useMutation<{ reportDevice: boolean }, { fingerprint: string }>(REPORT_DEVICE);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkRegistration(form, region);
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    const result = await register({
      input: {
        phone:
          region === DEFAULT_AREA_CODE
            ? (phoneOf(form.phone) ?? form.phone)
            : `${region}${form.phone.replace(/\D/g, '')}`,
        password: form.password,
        confirmPassword: form.confirmPassword,
        code: form.code.trim(),
        adult: form.adult,
        acceptTerms: form.acceptTerms,
        ...(form.invitationCode.trim() ? { invitationCode: form.invitationCode.trim() } : {}),
        ...(network !== null ? { network } : {}),
      },
    });
    const data = result.data?.register;
    if (!data) {
      const split = splitRefusal(refusalOf(result.error), [
        'phone',
        'password',
        'confirmPassword',
        'code',
        'adult',
        'acceptTerms',
        'invitationCode',
        'network',
      ]);
      setErrors(split.fields);
      setGeneral(split.general);
      return;
    }
    session.start({ token: data.token, expiresAt: data.expiresAt });
    // The self-referral check compares devices (issue 21); a failure here changes nothing for the player.
    void reportDevice({ fingerprint: deviceId() });
    await navigate('/home', { replace: true });
  };
  const err = (field: string) => (errors[field] ? codeText(errors[field]) : null);

  return (
    <section className="acc-page acc-page--narrow">
      <h1>{title}</h1>
      <form className="acc-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field id="reg-region" label={t('sitePages.region')}>
          <PhoneRegionSelect id="reg-region" value={region} regions={regions} onChange={setRegion} />
        </Field>
        <Field
          id="reg-phone"
          label={t('account.phone')}
          error={err('phone') ?? err('network')}
          hint={<NetworkLine phone={form.phone} chosen={network} onChoose={setNetwork} />}
        >
          <PhoneInput
            id="reg-phone"
            value={form.phone}
            onChange={(v) => set('phone', v)}
            invalid={!!errors.phone}
            areaCode={region}
          />
        </Field>
        <Field id="reg-password" label={t('account.password')} error={err('password')}>
          <input
            id="reg-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            aria-invalid={!!errors.password || undefined}
            onChange={(e) => set('password', e.target.value)}
          />
        </Field>
        <Field id="reg-confirm" label={t('account.confirmPassword')} error={err('confirmPassword')}>
          <input
            id="reg-confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            aria-invalid={!!errors.confirmPassword || undefined}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </Field>
        <SmsCodeField
          id="reg-code"
          value={form.code}
          onChange={(v) => set('code', v)}
          error={err('code')}
          phone={form.phone}
          purpose="REGISTER"
          onPhoneError={(code) => setErrors((e) => ({ ...e, phone: code ?? undefined }))}
        />
        <Field id="reg-invite" label={t('account.invitationCode')} error={err('invitationCode')}>
          <input
            id="reg-invite"
            value={form.invitationCode}
            onChange={(e) => set('invitationCode', e.target.value)}
            placeholder={t('account.optional')}
          />
        </Field>
        <Field id="reg-adult" label="" error={err('adult')}>
          <label className="acc-check">
            <input
              id="reg-adult"
              type="checkbox"
              checked={form.adult}
              onChange={(e) => set('adult', e.target.checked)}
            />
            {t('account.adult')}
          </label>
        </Field>
        <Field id="reg-terms" label="" error={err('acceptTerms')}>
          <label className="acc-check">
            <input
              id="reg-terms"
              type="checkbox"
              checked={form.acceptTerms}
              onChange={(e) => set('acceptTerms', e.target.checked)}
            />
            <span>
              {t('account.acceptTerms')} <Link to="/rich_text?slug=terms">{t('account.terms')}</Link>
            </span>
          </label>
        </Field>
        {general ? <Notice kind="error">{codeText(general.code, general.details)}</Notice> : null}
        <button type="submit" className="acc-button" disabled={fetching}>
          {fetching ? t('account.sending') : t('account.register.submit')}
        </button>
        <p className="acc-alt">
          {t('account.register.haveAccount')} <Link to="/login">{t('account.login.submit')}</Link>
        </p>
      </form>
    </section>
  );
}

/** `/login` (title Login Now): phone and password (spec §5 Login). */
export function LoginPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.login');
  const codeText = useCodeText();
  const { session } = useServices();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<Refusal | null>(null);
  const [{ fetching }, login] = useMutation(AccountLoginDocument);
  const [, reportDevice] = useMutation<{ reportDevice: boolean }, { fingerprint: string }>(REPORT_DEVICE);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!phone.trim()) found.phone = 'PHONE_REQUIRED';
    else if (!phoneOf(phone)) found.phone = 'INVALID_PHONE';
    if (!password) found.password = 'PASSWORD_REQUIRED';
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    const result = await login({ phone: phoneOf(phone) ?? phone, password });
    const data = result.data?.login;
    if (!data?.token) {
      setGeneral(refusalOf(result.error) ?? { code: 'LOGIN_FAILED', field: null, details: {} });
      return;
    }
    session.start({ token: data.token, expiresAt: data.expiresAt });
    // The self-referral check compares devices (issue 21); a failure here changes nothing for the player.
    void reportDevice({ fingerprint: deviceId() });
    await navigate('/home', { replace: true });
  };

  return (
    <section className="acc-page acc-page--narrow">
      <h1>{title}</h1>
      <form className="acc-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          id="login-phone"
          label={t('account.phone')}
          error={errors.phone ? codeText(errors.phone) : null}
        >
          <PhoneInput id="login-phone" value={phone} onChange={setPhone} invalid={!!errors.phone} />
        </Field>
        <Field
          id="login-password"
          label={t('account.password')}
          error={errors.password ? codeText(errors.password) : null}
        >
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={!!errors.password || undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {general ? <Notice kind="error">{codeText(general.code, general.details)}</Notice> : null}
        <button type="submit" className="acc-button" disabled={fetching}>
          {fetching ? t('account.sending') : t('account.login.submit')}
        </button>
        <p className="acc-alt">
          <Link to="/min_retrieve_password">{t('account.login.forgot')}</Link>
          {' · '}
          <Link to="/register">{t('account.register.submit')}</Link>
        </p>
      </form>
    </section>
  );
}

/** `/min_retrieve_password` and `/reset_password`: a new password with an SMS code (valid 6 h). */
export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.retrieve_password');
  const codeText = useCodeText();
  const navigate = useNavigate();
  const [form, setForm] = useState({ phone: '', code: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<Refusal | null>(null);
  const [done, setDone] = useState(false);
  const [{ fetching }, reset] = useMutation(AccountResetPasswordDocument);
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!form.phone.trim()) found.phone = 'PHONE_REQUIRED';
    else if (!phoneOf(form.phone)) found.phone = 'INVALID_PHONE';
    if (!form.code.trim()) found.code = 'SMS_CODE_REQUIRED';
    if (!form.newPassword) found.newPassword = 'PASSWORD_REQUIRED';
    else if (form.newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = 'PASSWORD_TOO_SHORT';
    if (form.newPassword && form.confirmPassword !== form.newPassword)
      found.confirmPassword = 'PASSWORD_MISMATCH';
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    const result = await reset({
      phone: phoneOf(form.phone) ?? form.phone,
      code: form.code.trim(),
      newPassword: form.newPassword,
      confirmPassword: form.confirmPassword,
    });
    if (!result.data?.resetPassword) {
      const refusal = refusalOf(result.error);
      // the server names `password` for the new password
      const mapped = refusal?.field === 'password' ? { ...refusal, field: 'newPassword' } : refusal;
      const split = splitRefusal(mapped, ['phone', 'code', 'newPassword', 'confirmPassword']);
      setErrors(split.fields);
      setGeneral(split.general);
      return;
    }
    setDone(true);
  };
  const err = (field: string) => (errors[field] ? codeText(errors[field]) : null);

  if (done)
    return (
      <section className="acc-page acc-page--narrow">
        <h1>{title}</h1>
        <Notice kind="success">{t('account.retrieve.done')}</Notice>
        <button type="button" className="acc-button" onClick={() => void navigate('/login')}>
          {t('account.login.submit')}
        </button>
      </section>
    );
  return (
    <section className="acc-page acc-page--narrow">
      <h1>{title}</h1>
      <form className="acc-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field id="rp-phone" label={t('account.phone')} error={err('phone')}>
          <PhoneInput
            id="rp-phone"
            value={form.phone}
            onChange={(v) => set('phone', v)}
            invalid={!!errors.phone}
          />
        </Field>
        <SmsCodeField
          id="rp-code"
          value={form.code}
          onChange={(v) => set('code', v)}
          error={err('code')}
          phone={form.phone}
          purpose="RESET_PASSWORD"
          onPhoneError={(code) => setErrors((e) => ({ ...e, phone: code ?? undefined }))}
        />
        <Field id="rp-new" label={t('account.newPassword')} error={err('newPassword')}>
          <input
            id="rp-new"
            type="password"
            autoComplete="new-password"
            value={form.newPassword}
            aria-invalid={!!errors.newPassword || undefined}
            onChange={(e) => set('newPassword', e.target.value)}
          />
        </Field>
        <Field id="rp-confirm" label={t('account.confirmPassword')} error={err('confirmPassword')}>
          <input
            id="rp-confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            aria-invalid={!!errors.confirmPassword || undefined}
            onChange={(e) => set('confirmPassword', e.target.value)}
          />
        </Field>
        {general ? <Notice kind="error">{codeText(general.code, general.details)}</Notice> : null}
        <button type="submit" className="acc-button" disabled={fetching}>
          {fetching ? t('account.sending') : t('account.retrieve.submit')}
        </button>
        <p className="acc-alt">
          <Link to="/login">{t('account.login.submit')}</Link>
        </p>
      </form>
    </section>
  );
}
