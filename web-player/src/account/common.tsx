/**
 * Shared pieces of the account pages (spec §2 page titles, §4 session, §8 messages, §9 formats):
 * page title, translated error texts by `extensions.code`, form fields with their error underneath,
 * login guards, logout, East Africa Time dates and a pager.
 */
import { eatText } from '@bashiri/domain';
import type { CombinedError } from '@urql/core';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { useServices, useSessionToken } from '../app/services.tsx';
import { errorCodeOf, errorFieldOf } from '@bashiri/web-shared';
import { AccountLogoutDocument } from '../graphql/generated.ts';
import { formatTzs } from '@bashiri/web-shared';

/** Sets `document.title` to `<page> | Bashiri` for the page's `titles.*` key (spec §2). */
export const usePageTitle = (titleKey: string): string => {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} | Bashiri`;
  }, [title]);
  return title;
};

/** A refusal as the pages see it: its stable code, the field it names, and details (min/max…). */
export interface Refusal {
  readonly code: string;
  readonly field: string | null;
  readonly details: Readonly<Record<string, unknown>>;
}

/** The refusal of a failed operation (spec §8), or null. */
export const refusalOf = (error: CombinedError | null | undefined): Refusal | null => {
  const code = errorCodeOf(error);
  if (!code) return null;
  const details = error?.graphQLErrors[0]?.extensions?.details;
  return {
    code,
    field: errorFieldOf(error),
    details: details && typeof details === 'object' ? (details as Record<string, unknown>) : {},
  };
};

/**
 * The translation of an error code (`codes.<CODE>`); amount-range codes carry the range of the pay
 * config in force. An unknown code shows the generic server-error text (spec §8: the placeholder
 * phrase of an unknown error is not shown).
 */
export const useCodeText = (): ((code: string, details?: Readonly<Record<string, unknown>>) => string) => {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code, details = {}) => {
      const min = typeof details.minimum === 'number' ? formatTzs(details.minimum) : '';
      const max = typeof details.maximum === 'number' ? formatTzs(details.maximum) : '';
      if ((code === 'AMOUNT_BELOW_MINIMUM' || code === 'AMOUNT_ABOVE_MAXIMUM') && min && max)
        return t('messages.amountRange', { min, max });
      // Codes only the account pages meet live in their own (on-demand) texts, off the first load.
      const key = i18n.exists(`account.codes.${code}`) ? `account.codes.${code}` : `codes.${code}`;
      const text = i18n.exists(key) ? t(key) : t('messages.serverError');
      // A refusal by a player's own limit says what is left in the period (issue 23).
      return code.startsWith('LIMIT_') && code !== 'LIMIT_SESSION' && typeof details.left === 'number'
        ? `${text}. ${t('messages.limitLeft', { amount: formatTzs(details.left) })}`
        : text;
    },
    [t, i18n],
  );
};

/** A labelled form field with its error text underneath (linked by aria-describedby). */
export function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  readonly id: string;
  readonly label: string;
  readonly error?: string | null | undefined;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <div className={`acc-field${error ? ' acc-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <div className="acc-field__hint">{hint}</div> : null}
      {error ? (
        <div className="acc-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A message box above a form's button: a refusal (red) or a success (green), spec §8. */
export function Notice({
  kind,
  children,
}: {
  readonly kind: 'error' | 'success' | 'info';
  readonly children: ReactNode;
}) {
  return (
    <div className={`acc-notice acc-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/**
 * Shows the page only to a logged-in player; a visitor goes to `/register` (spec §2 /order), a player
 * whose session ends on the page (sign out, password change, expiry) goes to `/login` (spec §4).
 */
export function RequireLogin({ children }: { readonly children: ReactNode }) {
  const token = useSessionToken();
  const location = useLocation();
  const hadToken = useRef(token !== null);
  if (!token)
    return (
      <Navigate to={hadToken.current ? '/login' : '/register'} replace state={{ from: location.pathname }} />
    );
  return <>{children}</>;
}

/** A logged-in player on register, login or password recovery goes to /home (spec §4 Session). */
export function VisitorOnly({ children }: { readonly children: ReactNode }) {
  const token = useSessionToken();
  if (token) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

/**
 * Signs out (spec §4 "Sign out clears them and goes to /login"): asks the server to end the session,
 * then clears the local session whatever the answer (an unreachable server must not keep a player
 * logged in on a shared phone), then goes to /login. For the header's user menu.
 */
export const useLogout = (): { readonly logout: () => Promise<void>; readonly pending: boolean } => {
  const { session } = useServices();
  const navigate = useNavigate();
  const [{ fetching }, logout] = useMutation(AccountLogoutDocument);
  const run = useCallback(async () => {
    await logout({}).catch(() => undefined);
    session.clear();
    await navigate('/login');
  }, [logout, session, navigate]);
  return { logout: run, pending: fetching };
};

/** An instant in East Africa Time as `YYYY-MM-DD HH:mm` (spec §9 clock zone; the domain's EAT module). */
export const formatEat = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return eatText(date);
};

/** A client id for idempotent money requests (placeBet/deposit/withdraw `requestId`). */
export const newRequestId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Previous / next page buttons with "page of pages" (page size 10, spec §9). */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="acc-pager" aria-label={t('account.pager.label')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('account.pager.previous')}
      </button>
      <span>{t('account.pager.of', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('account.pager.next')}
      </button>
    </nav>
  );
}

/** The mobile-money network names (spec §3 providers: 3 Tigo, 4 Airtel, 6 Vodacom, 7 Halotel). */
export const NETWORK_NAMES: Readonly<Record<number, string>> = {
  3: 'Mixx by Yas (Tigo)',
  4: 'Airtel Money',
  6: 'M-Pesa (Vodacom)',
  7: 'HaloPesa',
};
