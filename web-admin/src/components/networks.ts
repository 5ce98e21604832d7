/** Mobile-money networks by id (spec §3 "Mobile-money providers"); brand names, the same in every language. */
export const NETWORKS: Readonly<Record<number, string>> = {
  3: 'Tigo',
  4: 'Airtel',
  6: 'Vodacom',
  7: 'Halotel',
};

/** The network's name, or its id. */
export const networkName = (id: number): string => NETWORKS[id] ?? String(id);
