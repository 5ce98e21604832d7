/**
 * The phone input of the account forms (spec §9 country code +255): the player types the national
 * number; the detected mobile-money network shows under it (domain `networkOfPhone`, a default only:
 * ported numbers let the player choose), and the SMS code button with its resend countdown.
 */
import { isMobileNetwork, networkOfPhone, normalizeTzPhone, type MobileNetwork } from '@bashiri/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAMES } from './common.tsx';

/** The normalised `+255…` number of what the player typed, or undefined. */
export const phoneOf = (input: string): string | undefined => {
  const trimmed = input.trim();
  if (!trimmed) return undefined;
  return normalizeTzPhone(/^[67]\d{8}$/.test(trimmed.replace(/[\s-]/g, '')) ? `0${trimmed}` : trimmed);
};

/** The network detected from a typed number, or undefined (unknown prefix such as 73 TTCL). */
export const detectedNetwork = (input: string): MobileNetwork | undefined => {
  const phone = phoneOf(input);
  return phone ? networkOfPhone(phone) : undefined;
};

/** `+255` then the number field. */
export function PhoneInput({
  id,
  value,
  onChange,
  invalid,
  disabled,
  areaCode = '+255',
}: {
  /** The region's code shown before the number (registration's region choice; default +255). */
  readonly areaCode?: string;
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly invalid?: boolean;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="acc-phone">
      <span className="acc-phone__code">{areaCode}</span>
      <input
        id={id}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('account.phonePlaceholder')}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/**
 * The network line: the detected network, or a choice when the prefix does not tell (registration
 * sends the choice as `network`).
 */
export function NetworkLine({
  phone,
  chosen,
  onChoose,
}: {
  readonly phone: string;
  readonly chosen: number | null;
  readonly onChoose: (network: MobileNetwork | null) => void;
}) {
  const { t } = useTranslation();
  const detected = detectedNetwork(phone);
  if (!phoneOf(phone)) return null;
  if (detected && chosen === null)
    return (
      <span className="acc-network">
        {t('account.network.detected', { name: NETWORK_NAMES[detected] })}{' '}
        <button type="button" className="acc-link" onClick={() => onChoose(detected)}>
          {t('account.network.change')}
        </button>
      </span>
    );
  return (
    <label className="acc-network">
      {t('account.network.choose')}{' '}
      <select
        value={chosen ?? ''}
        onChange={(event) => {
          const value = Number(event.target.value);
          onChoose(isMobileNetwork(value) ? value : null);
        }}
      >
        <option value="">—</option>
        {[3, 4, 6, 7].map((network) => (
          <option key={network} value={network}>
            {NETWORK_NAMES[network]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Seconds left before another SMS code may be asked for (the server allows one a minute). */
export const useCountdown = (): { readonly left: number; readonly start: (seconds: number) => void } => {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until, now]);
  return {
    left: Math.max(0, Math.ceil((until - now) / 1_000)),
    start: (seconds) => {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1_000);
    },
  };
};

/** Seconds between two SMS codes (identity limiter: one code per phone and minute). */
export const SMS_RESEND_SECONDS = 60;
