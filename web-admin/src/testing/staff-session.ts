/**
 * Browser storage that starts a back-office page already logged in (for the end-to-end tests): the
 * session store's `bashiri.session` and the language `bashiri.lang`, under the back office's `admin.`
 * prefix (shared.ts `prefixedStorage`). `token` is a staff bearer token (e2e `server.staffLogin()`).
 */
export const staffStorage = (token: string, language: string): Record<string, string> => ({
  'admin.bashiri.session': JSON.stringify({
    token,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  }),
  'admin.bashiri.lang': language,
});
