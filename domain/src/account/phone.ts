/**
 * Tanzanian mobile numbers and money networks (spec §3 "Mobile-money providers", §9 "+255";
 * mobile-money.md §1). Pure text checks, no lookups.
 */

/** Mobile-money network by the spec's provider id: 3 Tigo (Mixx by Yas), 4 Airtel, 6 Vodacom (M-Pesa), 7 Halotel. */
export type MobileNetwork = 3 | 4 | 6 | 7;

export const MOBILE_NETWORKS: Readonly<Record<MobileNetwork, string>> = {
  3: 'Tigo',
  4: 'Airtel',
  6: 'Vodacom',
  7: 'Halotel',
};

export const isMobileNetwork = (value: unknown): value is MobileNetwork =>
  value === 3 || value === 4 || value === 6 || value === 7;

/**
 * Prefix (two digits after 255) → network: the spec's list (Tigo 71 65 67, Airtel 78 68 69, Vodacom 74
 * 75 76, Halotel 61 62) plus mobile-money.md §1 corrections (Tigo 70 77, Airtel 66, Vodacom 72 79,
 * Halotel 63). A default only: numbers are ported, so the player confirms the network.
 */
const PREFIXES: Readonly<Record<string, MobileNetwork>> = {
  '65': 3,
  '67': 3,
  '70': 3,
  '71': 3,
  '77': 3,
  '66': 4,
  '68': 4,
  '69': 4,
  '78': 4,
  '72': 6,
  '74': 6,
  '75': 6,
  '76': 6,
  '79': 6,
  '61': 7,
  '62': 7,
  '63': 7,
};

/**
 * Normalises a Tanzanian mobile number to `+255` and 9 digits starting with 6 or 7. Accepts
 * `+255712345678`, `255712345678`, `0712345678` and `712345678`, with spaces or dashes. `undefined` if
 * it is not one.
 */
export const normalizeTzPhone = (input: string): string | undefined => {
  const digits = input.replace(/[\s-]/g, '');
  const match = /^(?:\+?255|0)?([67]\d{8})$/.exec(digits);
  return match ? `+255${match[1]}` : undefined;
};

/** The network a normalised `+255…` number belongs to by its prefix, or `undefined` (e.g. 73 TTCL). */
export const networkOfPhone = (phone: string): MobileNetwork | undefined => PREFIXES[phone.slice(4, 6)];
