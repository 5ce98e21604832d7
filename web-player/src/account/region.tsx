/**
 * The phone-region choice of the registration form (spec §5 "The phone region must be chosen"; §3
 * Phone area code; §9 default +255; issue 16 point 3): the area codes the site configuration shows
 * (`siteConfig.areaCodes`, back office), +255 first and chosen by default, so a region is always chosen.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AccountAreaCodesDocument } from '../graphql/generated.ts';

/** Tanzania, the default region (spec §9). */
export const DEFAULT_AREA_CODE = '+255';

/** One choice: the `+` code and its country. */
export interface PhoneRegion {
  readonly areaCode: string;
  readonly country: string;
}

/**
 * The regions a player may choose: the shown ones, each code once, the default first (added when the
 * configuration lacks it, so the form works before it loads).
 */
export const regionsOf = (
  codes: readonly { areaCode: string; country: string; shown: boolean }[] | undefined,
): PhoneRegion[] => {
  const shown = (codes ?? []).filter((c) => c.shown);
  const seen = new Set<string>();
  const out: PhoneRegion[] = [];
  const tz = shown.find((c) => c.areaCode === DEFAULT_AREA_CODE);
  for (const c of [tz ?? { areaCode: DEFAULT_AREA_CODE, country: 'Tanzania' }, ...shown]) {
    if (seen.has(c.areaCode)) continue;
    seen.add(c.areaCode);
    out.push({ areaCode: c.areaCode, country: c.country });
  }
  return out;
};

/** ISO 3166 regions of common area codes, to name the country in the site's language. */
const REGION_OF: Readonly<Record<string, string>> = {
  '+255': 'TZ',
  '+254': 'KE',
  '+256': 'UG',
  '+250': 'RW',
  '+257': 'BI',
  '+243': 'CD',
  '+258': 'MZ',
  '+260': 'ZM',
  '+265': 'MW',
  '+86': 'CN',
  '+44': 'GB',
  '+1': 'US',
};

/** The country of `region` in `language` (Intl.DisplayNames), else the configured name. */
export const regionName = (region: PhoneRegion, language: string): string => {
  const iso = REGION_OF[region.areaCode];
  try {
    return (iso && new Intl.DisplayNames([language], { type: 'region' }).of(iso)) || region.country;
  } catch {
    return region.country;
  }
};

/** The region `<select>` over loaded regions. */
export function PhoneRegionSelect({
  id,
  value,
  regions,
  onChange,
}: {
  readonly id: string;
  readonly value: string;
  readonly regions: readonly PhoneRegion[];
  readonly onChange: (areaCode: string) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <select id={id} className="acc-region" required value={value} onChange={(e) => onChange(e.target.value)}>
      {regions.map((r) => (
        <option key={r.areaCode} value={r.areaCode}>
          {r.areaCode} {regionName(r, i18n.language)}
        </option>
      ))}
    </select>
  );
}

/** The shown regions from the site configuration (the default alone until it loads). */
export const usePhoneRegions = (): PhoneRegion[] => {
  const [result] = useQuery({ query: AccountAreaCodesDocument });
  return regionsOf(result.data?.siteConfig.areaCodes);
};
