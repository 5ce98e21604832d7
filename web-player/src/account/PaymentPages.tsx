/**
 * `/pay_recharge` and `/user_withdraw` (spec §2; §3 Recharge, Withdraw; §5 "Recharge: amount required
 * and between min and max; login required"; §9 deposit min 100, withdrawal 1,000 … 3,000,000;
 * docs/payments.md). The network is the player's (from the phone prefix or as confirmed). A deposit
 * sends a USSD push to the phone: the request's status shows (polled every 3 s) until it is confirmed,
 * failed or expired, then the balance refreshes. The client-made `requestId` is kept for retries of
 * the same request after a network failure, so money never moves twice.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import './account.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import {
  AccountDepositDocument,
  AccountMyPaymentsDocument,
  AccountPaymentOptionsDocument,
  AccountPaymentStatusDocument,
  AccountProfileDocument,
  AccountWithdrawDocument,
  type AccountPaymentFragment,
  type PaymentKind,
} from '../graphql/generated.ts';
import { formatMoney, formatTzs } from '@bashiri/web-shared';
import {
  Field,
  formatEat,
  NETWORK_NAMES,
  newRequestId,
  Notice,
  refusalOf,
  useCodeText,
  usePageTitle,
  type Refusal,
} from './common.tsx';
import { PayFrom } from './PaymentPhones.tsx';

/**
 * The limits the form checks before `paymentOptions` (the pay config in force) has answered: the pay
 * config defaults of docs/payments.md (deposit 100 … 3,000,000, withdrawal 1,000 … 3,000,000). The
 * server stays the judge: its AMOUNT_BELOW_MINIMUM / AMOUNT_ABOVE_MAXIMUM carry the range in force.
 */
export const PAYMENT_LIMITS: Readonly<Record<PaymentKind, { min: number; max: number }>> = {
  DEPOSIT: { min: 100, max: 3_000_000 },
  WITHDRAWAL: { min: 1_000, max: 3_000_000 },
};

/** Quick amounts offered under the amount field (TZS). */
export const QUICK_AMOUNTS: Readonly<Record<PaymentKind, readonly number[]>> = {
  DEPOSIT: [1_000, 5_000, 10_000, 50_000],
  WITHDRAWAL: [5_000, 10_000, 50_000, 100_000],
};

/** Statuses after which a payment no longer changes by itself (docs/payments.md). */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['confirmed', 'failed', 'expired', 'refunded']);

/** What the amount field holds, as whole TZS, or the code of why not. */
export const checkAmount = (
  text: string,
  kind: PaymentKind,
  balance?: number,
  limits: { readonly min: number; readonly max: number } = PAYMENT_LIMITS[kind],
): { amount: number } | { code: string; details?: Record<string, unknown> } => {
  const cleaned = text.replace(/[\s,]/g, '');
  if (!cleaned) return { code: kind === 'DEPOSIT' ? 'RECHARGE_AMOUNT_REQUIRED' : 'INVALID_AMOUNT' };
  const amount = Number(cleaned);
  if (!Number.isInteger(amount) || amount <= 0) return { code: 'INVALID_AMOUNT' };
  const { min, max } = limits;
  if (amount < min) return { code: 'AMOUNT_BELOW_MINIMUM', details: { minimum: min, maximum: max } };
  if (amount > max) return { code: 'AMOUNT_ABOVE_MAXIMUM', details: { minimum: min, maximum: max } };
  if (kind === 'WITHDRAWAL' && balance !== undefined && amount > balance)
    return { code: 'INSUFFICIENT_FUNDS' };
  return { amount };
};

/** The status line of a payment: text key and tone. */
export const paymentStatusOf = (payment: AccountPaymentFragment): { key: string; tone: string } => {
  if (payment.review || payment.status === 'ambiguous')
    return { key: 'messages.providerDelays', tone: 'pending' };
  if (payment.kind === 'WITHDRAWAL' && payment.approval === 'WAITING')
    return { key: 'account.pay.status.waitingApproval', tone: 'pending' };
  if (payment.kind === 'WITHDRAWAL' && payment.approval === 'REJECTED')
    return { key: 'account.pay.status.rejected', tone: 'lost' };
  switch (payment.status) {
    case 'confirmed':
      return { key: 'account.pay.status.confirmed', tone: 'won' };
    case 'failed':
      return { key: 'account.pay.status.failed', tone: 'lost' };
    case 'expired':
      return { key: 'account.pay.status.expired', tone: 'lost' };
    case 'refunded':
      return { key: 'account.pay.status.refunded', tone: 'void' };
    default:
      return payment.kind === 'DEPOSIT'
        ? { key: 'account.pay.status.confirmOnPhone', tone: 'pending' }
        : { key: 'account.pay.status.sending', tone: 'pending' };
  }
};

/** Follows one payment until it is final (poll `payment(id)` every 3 s), then calls `onFinal`. */
function PaymentProgress({
  initial,
  onFinal,
}: {
  readonly initial: AccountPaymentFragment;
  readonly onFinal: () => void;
}) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({
    query: AccountPaymentStatusDocument,
    variables: { id: initial.id },
    requestPolicy: 'network-only',
  });
  const payment = data?.payment ?? initial;
  const final = FINAL_STATUSES.has(payment.status) || payment.review;
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;
  useEffect(() => {
    if (final) {
      onFinalRef.current();
      return;
    }
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), 3_000);
    return () => clearInterval(timer);
  }, [final, refetch]);
  const status = paymentStatusOf(payment);
  return (
    <div className={`acc-card acc-progress acc-progress--${status.tone}`} role="status" aria-live="polite">
      <div className="acc-progress__amount">
        {formatMoney(payment.amount)} · {NETWORK_NAMES[payment.network] ?? payment.network} · {payment.phone}
      </div>
      <div className="acc-progress__status">
        {final ? null : <span className="acc-spinner" aria-hidden="true" />}
        {t(status.key)}
      </div>
      <div className="acc-muted">{t('account.pay.reference', { id: payment.id })}</div>
    </div>
  );
}

/** The player's recent payments of a kind. */
function RecentPayments({ kind, version }: { readonly kind: PaymentKind; readonly version: number }) {
  const { t } = useTranslation();
  const [{ data }, refetch] = useQuery({
    query: AccountMyPaymentsDocument,
    variables: { kind, page: 1 },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);
  const items = data?.myPayments.items ?? [];
  if (items.length === 0) return null;
  return (
    <section>
      <h2>{t(kind === 'DEPOSIT' ? 'account.pay.recentDeposits' : 'account.pay.recentWithdrawals')}</h2>
      <ul className="acc-list">
        {items.map((payment) => {
          const status = paymentStatusOf(payment);
          return (
            <li key={payment.id} className="acc-row">
              <div className="acc-row__main">
                <div className="acc-row__title">{formatMoney(payment.amount)}</div>
                <div className="acc-row__sub">
                  {formatEat(payment.createdAt)} · {NETWORK_NAMES[payment.network] ?? payment.network}
                </div>
              </div>
              <div className="acc-row__side">
                <span className={`acc-tag acc-tag--${status.tone}`}>
                  {t(`account.pay.short.${status.tone}`)}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The deposit or withdrawal form with the request's progress. */
function PaymentForm({ kind }: { readonly kind: PaymentKind }) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [{ data: profile }, refetchProfile] = useQuery({
    query: AccountProfileDocument,
    requestPolicy: 'cache-and-network',
  });
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<Refusal | null>(null);
  const [general, setGeneral] = useState<Refusal | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [current, setCurrent] = useState<AccountPaymentFragment | null>(null);
  const [version, setVersion] = useState(0);
  /** The other phone a deposit prompts (verified by SMS), or null for the player's own number. */
  const [payFrom, setPayFrom] = useState<string | null>(null);
  const [{ fetching: depositing }, deposit] = useMutation(AccountDepositDocument);
  const [{ fetching: withdrawing }, withdraw] = useMutation(AccountWithdrawDocument);
  const sending = depositing || withdrawing;
  const me = profile?.me;
  const balance = profile?.myWallet.balance;
  const [{ data: optionsData }] = useQuery({ query: AccountPaymentOptionsDocument });
  const options = optionsData?.paymentOptions;
  const limits = options
    ? kind === 'DEPOSIT'
      ? { min: options.minimumRecharge, max: options.maxRecharge }
      : { min: options.minimumWithdraw, max: options.maxWithdraw }
    : PAYMENT_LIMITS[kind];
  const channel = options?.channels.find((c) => c.network === me?.network);
  // Why this player cannot pay this way now, before they try (the server checks again).
  const closedCode =
    kind === 'WITHDRAWAL' && me?.noWithdraw === true
      ? 'WITHDRAWAL_NOT_ALLOWED'
      : kind === 'WITHDRAWAL' && options?.withdrawalsProhibited
        ? 'WITHDRAWAL_PROHIBITED'
        : channel && !(kind === 'DEPOSIT' ? channel.rechargeEnabled : channel.withdrawEnabled)
          ? 'CHANNEL_DISABLED'
          : null;
  const blocked = closedCode !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const checked = checkAmount(amount, kind, balance, limits);
    if ('code' in checked) {
      setError({ code: checked.code, field: 'amount', details: checked.details ?? {} });
      return;
    }
    setError(null);
    const result =
      kind === 'DEPOSIT'
        ? await deposit({
            input: { requestId, amount: checked.amount, ...(payFrom ? { phone: payFrom } : {}) },
          }).then((r) => ({
            payment: r.data?.deposit,
            error: r.error,
          }))
        : await withdraw({ input: { requestId, amount: checked.amount } }).then((r) => ({
            payment: r.data?.withdraw,
            error: r.error,
          }));
    if (!result.payment) {
      const refusal = refusalOf(result.error) ?? { code: 'INTERNAL', field: null, details: {} };
      // a network failure keeps the requestId: trying again cannot make a second payment
      if (refusal.code !== 'NETWORK') setRequestId(newRequestId());
      if (refusal.field === 'amount' || refusal.code.startsWith('AMOUNT_')) setError(refusal);
      else setGeneral(refusal);
      return;
    }
    setRequestId(newRequestId());
    setCurrent(result.payment);
    setAmount('');
    setVersion((v) => v + 1);
  };

  const onFinal = () => {
    refetchProfile({ requestPolicy: 'network-only' });
    setVersion((v) => v + 1);
  };

  return (
    <>
      <section className="acc-card acc-balance">
        <div>
          <div className="acc-muted">{t('account.profile.balance')}</div>
          <div className="acc-balance__value">{balance === undefined ? '…' : formatMoney(balance)}</div>
        </div>
        {me ? (
          <div className="acc-balance__side">
            <div className="acc-muted">{t('account.network.label')}</div>
            <div>
              {NETWORK_NAMES[me.network] ?? me.network} · {me.phone}
            </div>
          </div>
        ) : null}
      </section>
      {current ? <PaymentProgress key={current.id} initial={current} onFinal={onFinal} /> : null}
      {closedCode ? <Notice kind="error">{codeText(closedCode)}</Notice> : null}
      {kind === 'DEPOSIT' && me && !blocked ? (
        <PayFrom own={me.phone} value={payFrom} onChange={setPayFrom} />
      ) : null}
      <form className="acc-form acc-card" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          id="pay-amount"
          label={t('account.pay.amount')}
          error={error ? codeText(error.code, error.details) : null}
          hint={t('account.pay.limits', { min: formatTzs(limits.min), max: formatTzs(limits.max) })}
        >
          <input
            id="pay-amount"
            inputMode="numeric"
            value={amount}
            aria-invalid={!!error || undefined}
            disabled={blocked}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <div className="acc-chips">
          {QUICK_AMOUNTS[kind].map((value) => (
            <button
              key={value}
              type="button"
              className="acc-chip"
              disabled={blocked}
              onClick={() => setAmount(String(value))}
            >
              {formatTzs(value)}
            </button>
          ))}
        </div>
        {general ? <Notice kind="error">{codeText(general.code, general.details)}</Notice> : null}
        <p className="acc-muted">
          {t(kind === 'DEPOSIT' ? 'account.pay.depositNote' : 'account.pay.withdrawNote')}
        </p>
        <button type="submit" className="acc-button" disabled={sending || blocked || !me}>
          {sending
            ? t('account.sending')
            : t(kind === 'DEPOSIT' ? 'account.pay.deposit' : 'account.pay.withdraw')}
        </button>
      </form>
      <RecentPayments kind={kind} version={version} />
      <p className="acc-alt">
        <Link to="/user_bill">{t('titles.user_bill')}</Link>
      </p>
    </>
  );
}

/** `/pay_recharge`. */
export function DepositPage() {
  const title = usePageTitle('titles.pay_recharge');
  return (
    <section className="acc-page acc-page--narrow">
      <h1>{title}</h1>
      <PaymentForm kind="DEPOSIT" />
    </section>
  );
}

/** `/user_withdraw`. */
export function WithdrawPage() {
  const title = usePageTitle('titles.user_withdraw');
  return (
    <section className="acc-page acc-page--narrow">
      <h1>{title}</h1>
      <PaymentForm kind="WITHDRAWAL" />
    </section>
  );
}
