/**
 * The sandbox's TEST credentials (never real ones). Adapters in tests and `npm start` against the
 * sandboxes use these; docs/mobile-money-sandboxes.md lists them.
 */
export const SANDBOX_CREDENTIALS = {
  airtel: {
    clientId: 'sandbox-airtel-client',
    clientSecret: 'sandbox-airtel-secret',
    /** Merchant wallet PIN checked on disbursements (sent RSA-encrypted, §2). */
    pin: '1234',
    /** Key of the optional callback `hash` (HMAC-SHA256, base64, over JSON of `transaction`, §2 [I]). */
    callbackHashKey: 'sandbox-airtel-callback-key',
  },
  vodacom: {
    apiKey: 'sandbox-mpesa-api-key',
    serviceProviderCode: '000000',
  },
  tigo: {
    username: 'sandbox-tigo-user',
    password: 'sandbox-tigo-pass',
    billerMsisdn: '255650000000',
    /** REQMFCI disbursement account and PIN (§4). */
    disburseMsisdn: '255650000001',
    disbursePin: '4321',
    brandId: '2011',
  },
  halotel: {
    vendor: 'SANDBOXVENDOR',
    apiKey: 'sandbox-selcom-key',
    apiSecret: 'sandbox-selcom-secret',
    /** Vendor PIN of `walletcashin/process` (§6). */
    pin: '9876',
  },
} as const;
