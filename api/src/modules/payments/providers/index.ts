/**
 * The four adapters as a {@link ProviderRegistry} (port.ts; spec §3 ids 3 Tigo, 4 Airtel, 6 Vodacom,
 * 7 Halotel), from explicit configs, or wired to the sandboxes (docs/mobile-money-sandboxes.md
 * "Wiring"). The payments module installs the result with `setProviders(services, registry)`.
 */
import type { ProviderRegistry } from '../port.ts';
import { SANDBOX_CREDENTIALS } from '../sandboxes/credentials.ts';
import type { SandboxNetwork } from '../sandboxes/scenario.ts';
import { TIGO_PATHS } from '../sandboxes/tigo.ts';
import { AirtelProvider } from './airtel.ts';
import type { AirtelConfig } from './airtel.ts';
import { HaloPesaProvider } from './halopesa.ts';
import type { HaloPesaConfig } from './halopesa.ts';
import { MpesaProvider } from './mpesa.ts';
import type { MpesaConfig } from './mpesa.ts';
import { TigoProvider } from './tigo.ts';
import type { TigoConfig } from './tigo.ts';

export { AirtelProvider, HaloPesaProvider, MpesaProvider, TigoProvider };
export type { AirtelConfig, HaloPesaConfig, MpesaConfig, TigoConfig };
export type { EnquiryContext } from './extensions.ts';

export interface ProviderConfigs {
  readonly airtel?: AirtelConfig;
  readonly vodacom?: MpesaConfig;
  readonly tigo?: TigoConfig;
  readonly halotel?: HaloPesaConfig;
}

/** One adapter per configured network; a network without config has no adapter. */
export const createProviders = (c: ProviderConfigs): ProviderRegistry => ({
  ...(c.tigo ? { 3: new TigoProvider(c.tigo) } : {}),
  ...(c.airtel ? { 4: new AirtelProvider(c.airtel) } : {}),
  ...(c.vodacom ? { 6: new MpesaProvider(c.vodacom) } : {}),
  ...(c.halotel ? { 7: new HaloPesaProvider(c.halotel) } : {}),
});

/**
 * Configs for the sandboxes at `urls` with their TEST credentials. `callbackBaseUrl` is our callback
 * route prefix (e.g. `http://127.0.0.1:3000/payments/callback`), used as Selcom's per-order webhook.
 * `publicKeyBase64`: the sandboxes' key (`SandboxHandle.publicKeyBase64`, or `GET /_sandbox/keys`).
 */
export const sandboxProviderConfigs = (
  urls: Readonly<Record<SandboxNetwork, string>>,
  publicKeyBase64: string,
  callbackBaseUrl: string,
): Required<ProviderConfigs> => {
  const s = SANDBOX_CREDENTIALS;
  return {
    airtel: { baseUrl: urls.airtel, ...s.airtel, publicKeyBase64 },
    vodacom: {
      baseUrl: `${urls.vodacom}/ipg/v2/vodacomTZN`,
      apiKey: s.vodacom.apiKey,
      serviceProviderCode: s.vodacom.serviceProviderCode,
      publicKeyBase64,
    },
    tigo: {
      urls: {
        token: urls.tigo + TIGO_PATHS.token,
        push: urls.tigo + TIGO_PATHS.push,
        status: urls.tigo + TIGO_PATHS.status,
        disburse: urls.tigo + TIGO_PATHS.disburse,
        statement: `${urls.tigo}/_sandbox/statement`,
      },
      ...s.tigo,
    },
    halotel: {
      baseUrl: `${urls.halotel}/v1`,
      ...s.halotel,
      webhookUrl: `${callbackBaseUrl.replace(/\/$/, '')}/halotel`,
      payoutStatementUrl: `${urls.halotel}/_sandbox/statement`,
    },
  };
};

/** Registry for sandboxes already running at `urls` (e.g. `npm run sandboxes`): fetches their key first. */
export const connectSandboxProviders = async (
  urls: Readonly<Record<SandboxNetwork, string>>,
  callbackBaseUrl: string,
): Promise<ProviderRegistry> => {
  const res = await fetch(`${urls.airtel}/_sandbox/keys`, { signal: AbortSignal.timeout(5_000) });
  const { publicKey } = (await res.json()) as { publicKey: string };
  return createProviders(sandboxProviderConfigs(urls, publicKey, callbackBaseUrl));
};
