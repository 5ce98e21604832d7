/**
 * The installable app (spec §2 /app_download.html; issue 16 point 3): keeps the browser's install offer
 * (`beforeinstallprompt`, Chromium browsers) from the first load on, so the app page's button can show
 * it later. The service worker and manifest come from vite-plugin-pwa (vite.config.ts).
 */

/** The event Chromium fires when the site can be installed (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    for (const listener of listeners) listener();
  });
}

/** The kept install offer, or null (not offered, already used, or another browser). */
export const installPrompt = (): InstallPromptEvent | null => deferred;

/** Calls `listener` when the offer comes or goes; returns the unsubscribe. */
export const onInstallPromptChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Uses the offer once; true when the player accepted. */
export const promptInstall = async (): Promise<boolean> => {
  const offer = deferred;
  if (!offer) return false;
  deferred = null;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  for (const listener of listeners) listener();
  return outcome === 'accepted';
};

/** True when the site runs as the installed app (standalone display). */
export const runningInstalled = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(display-mode: standalone)').matches;
