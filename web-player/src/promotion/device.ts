/**
 * This browser's device fingerprint for the self-referral check (issue 21): a random id kept in local
 * storage, reported with `reportDevice` after registration and login. Not a tracker: it never leaves
 * our server and only compares an inviter's devices with their friend's.
 */
const KEY = 'bashiri.device';

/** The id of this browser (made once). */
export const deviceId = (): string => {
  try {
    const known = localStorage.getItem(KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return 'no-storage';
  }
};
