/**
 * `npm run sandboxes`: the four mobile-money sandboxes on their own (docs/mobile-money-sandboxes.md).
 * Environment: SANDBOX_CALLBACK_BASE_URL (default `http://127.0.0.1:3000/payments/callback`; callbacks go
 * to `<base>/<airtel|vodacom|tigo|halotel>`), SANDBOX_PORT_AIRTEL / _VODACOM / _TIGO / _HALOTEL
 * (defaults 4101–4104), SANDBOX_PIN_DELAY_MS, SANDBOX_PROMPT_TIMEOUT_MS, SANDBOX_CALLBACK_DELAY_MS.
 */
import { z } from 'zod';
import { DEFAULT_PORTS, SANDBOX_CREDENTIALS, startSandboxes } from './index.ts';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);
const env = z
  .object({
    SANDBOX_CALLBACK_BASE_URL: z.string().url().default('http://127.0.0.1:3000/payments/callback'),
    SANDBOX_PORT_AIRTEL: port(DEFAULT_PORTS.airtel),
    SANDBOX_PORT_VODACOM: port(DEFAULT_PORTS.vodacom),
    SANDBOX_PORT_TIGO: port(DEFAULT_PORTS.tigo),
    SANDBOX_PORT_HALOTEL: port(DEFAULT_PORTS.halotel),
    SANDBOX_PIN_DELAY_MS: z.coerce.number().int().min(0).optional(),
    SANDBOX_PROMPT_TIMEOUT_MS: z.coerce.number().int().min(0).optional(),
    SANDBOX_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).optional(),
  })
  .parse(process.env);

const sandboxes = await startSandboxes({
  callbackBaseUrl: env.SANDBOX_CALLBACK_BASE_URL,
  ports: {
    airtel: env.SANDBOX_PORT_AIRTEL,
    vodacom: env.SANDBOX_PORT_VODACOM,
    tigo: env.SANDBOX_PORT_TIGO,
    halotel: env.SANDBOX_PORT_HALOTEL,
  },
  defaults: {
    ...(env.SANDBOX_PIN_DELAY_MS === undefined ? {} : { pinDelayMs: env.SANDBOX_PIN_DELAY_MS }),
    ...(env.SANDBOX_PROMPT_TIMEOUT_MS === undefined
      ? {}
      : { promptTimeoutMs: env.SANDBOX_PROMPT_TIMEOUT_MS }),
    ...(env.SANDBOX_CALLBACK_DELAY_MS === undefined
      ? {}
      : { callbackDelayMs: env.SANDBOX_CALLBACK_DELAY_MS }),
  },
});

console.log('Mobile-money sandboxes (TEST credentials only):');
for (const [network, url] of Object.entries(sandboxes.urls)) console.log(`  ${network.padEnd(8)} ${url}`);
console.log(`callbacks → ${env.SANDBOX_CALLBACK_BASE_URL}/<network>`);
console.log(`credentials: ${JSON.stringify(SANDBOX_CREDENTIALS)}`);
console.log(`RSA public key (base64 DER, also GET /_sandbox/keys): ${sandboxes.publicKeyBase64}`);

const shutdown = () => {
  void sandboxes.stop().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
