/**
 * "Pay from": the phone a deposit prompts (issue 15 item 6; docs/payments.md "Paying from another
 * phone"). The player's own number, or another phone verified by SMS first: the player types it, we
 * send a code to it (`requestPaymentPhoneCode`), its owner reads the code out, and `verifyPaymentPhone`
 * adds it. The server refuses any other phone (`PHONE_NOT_VERIFIED`).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  AccountPaymentPhonesDocument,
  AccountRemovePaymentPhoneDocument,
  AccountRequestPaymentPhoneCodeDocument,
  AccountVerifyPaymentPhoneDocument,
} from '../graphql/generated.ts';
import { Field, Notice, refusalOf, useCodeText, type Refusal } from './common.tsx';
import { PhoneInput, phoneOf } from './phone.tsx';

/** The choice of phone for a deposit; `value` null = the player's own number. */
export function PayFrom({
  own,
  value,
  onChange,
}: {
  /** The player's registered number, `+255…`. */
  readonly own: string;
  readonly value: string | null;
  readonly onChange: (phone: string | null) => void;
}) {
  const { t } = useTranslation();
  const codeText = useCodeText();
  const [{ data }, refetch] = useQuery({ query: AccountPaymentPhonesDocument });
  const [, remove] = useMutation(AccountRemovePaymentPhoneDocument);
  const [, request] = useMutation(AccountRequestPaymentPhoneCodeDocument);
  const [{ fetching: verifying }, verify] = useMutation(AccountVerifyPaymentPhoneDocument);
  const phones = data?.paymentPhones ?? [];
  const [adding, setAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [added, setAdded] = useState(false);

  const send = async () => {
    setRefusal(null);
    const phone = phoneOf(typed);
    if (!phone) return setRefusal({ code: 'INVALID_PHONE', field: 'phone', details: {} });
    const result = await request({ phone });
    if (result.error) return setRefusal(refusalOf(result.error));
    setSentTo(phone);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setRefusal(null);
    const result = await verify({ phone: sentTo, code: code.trim() });
    if (result.error) return setRefusal(refusalOf(result.error));
    refetch({ requestPolicy: 'network-only' });
    onChange(sentTo);
    setAdded(true);
    setAdding(false);
    setTyped('');
    setCode('');
    setSentTo(null);
  };

  return (
    <fieldset className="acc-card acc-payfrom" data-testid="pay-from">
      <legend>{t('account.payFrom.label')}</legend>
      {[null, ...phones].map((phone) => (
        <label key={phone ?? 'own'} className="acc-payfrom__option">
          <input type="radio" name="pay-from" checked={value === phone} onChange={() => onChange(phone)} />
          <span>{phone ?? `${own} · ${t('account.payFrom.own')}`}</span>
          {phone ? (
            <button
              type="button"
              className="acc-link"
              onClick={() =>
                void remove({ phone }).then(() => {
                  if (value === phone) onChange(null);
                  refetch({ requestPolicy: 'network-only' });
                })
              }
            >
              {t('account.payFrom.remove')}
            </button>
          ) : null}
        </label>
      ))}
      {added ? <Notice kind="success">{t('account.payFrom.added')}</Notice> : null}
      {adding ? (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <p className="acc-muted">{t('account.payFrom.hint')}</p>
          <Field
            id="payfrom-phone"
            label={t('account.phone')}
            error={refusal && refusal.field !== 'code' ? codeText(refusal.code, refusal.details) : null}
          >
            <PhoneInput id="payfrom-phone" value={typed} onChange={setTyped} invalid={!!refusal} />
          </Field>
          <button type="button" className="acc-chip" onClick={() => void send()}>
            {t('account.payFrom.send')}
          </button>
          {sentTo ? (
            <Field
              id="payfrom-code"
              label={t('account.sms.code')}
              error={refusal?.field === 'code' ? codeText(refusal.code, refusal.details) : null}
            >
              <input
                id="payfrom-code"
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </Field>
          ) : null}
          {sentTo ? (
            <button type="submit" className="acc-button" disabled={verifying || code.trim().length === 0}>
              {t('account.payFrom.verify')}
            </button>
          ) : null}
        </form>
      ) : (
        <button type="button" className="acc-link" onClick={() => setAdding(true)} data-testid="pay-from-add">
          {t('account.payFrom.add')}
        </button>
      )}
    </fieldset>
  );
}
