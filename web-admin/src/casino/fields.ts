/** Pure helpers of the casino back-office forms (docs/casino.md "Back office"). */
import type { CasinoGameInput } from '../graphql/generated.ts';

/**
 * The form field of a server error's `field` on a game: the domain names the names `names.sw|en|zh` and
 * the new flag `new`; an import prefixes the row (`[3].minStake`). Null when there is no field.
 */
export const gameFieldOf = (field: string | undefined): keyof CasinoGameInput | null => {
  if (!field) return null;
  const bare = field.replace(/^\[\d+\]\./, '');
  const names: Record<string, keyof CasinoGameInput> = {
    'names.sw': 'nameSw',
    'names.en': 'nameEn',
    'names.zh': 'nameZh',
    new: 'isNew',
  };
  return names[bare] ?? (bare as keyof CasinoGameInput);
};
