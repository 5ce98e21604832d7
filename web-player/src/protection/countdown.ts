/**
 * The waiting time of a pending limit raise on the server's clock (issue 23; docs/responsible-gambling.md
 * "Limits"): a raise becomes confirmable at `confirmableFrom`, an instant the server decides. The page
 * counts down against the server's clock, not the phone's (a phone's clock may be hours wrong): the
 * offset between the two is read from the view's `at` (the server's instant it was read at) when it
 * arrives.
 */

/** The server's clock minus the browser's (ms) from an instant the server stamped (`at`, ISO-8601). */
export const clockSkew = (serverAt: string, browserNow: number): number => {
  const at = Date.parse(serverAt);
  return Number.isFinite(at) ? at - browserNow : 0;
};

/** `h:mm:ss` until `iso` at `now` (epoch ms on the server's clock), or null once it has passed. */
export const countdown = (iso: string, now: number): string | null => {
  const ms = Date.parse(iso) - now;
  if (!(ms > 0)) return null;
  const s = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};
