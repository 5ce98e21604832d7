/**
 * Sandbox RSA keys (mobile-money.md §2 "Disbursement" PIN, §3 "Authentication"): one TEST key pair per
 * process (shared by its sandbox starts), never a real provider key. The adapters get the public half (`SandboxHandle.keys`,
 * `GET /_sandbox/keys`), as they would get the provider's published key in production.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export interface SandboxKeyPair {
  readonly privateKey: KeyObject;
  /** Base64 DER (SubjectPublicKeyInfo), the form the M-Pesa portal and Airtel publish. */
  readonly publicKeyBase64: string;
}

/** A fresh 2048-bit RSA pair (50–500 ms of CPU: the search for primes varies). */
export const generateSandboxKeys = (): SandboxKeyPair => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKeyBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
};

let keysOfProcess: SandboxKeyPair | null = null;

/**
 * The TEST key pair of this process ({@link generateSandboxKeys} on first use, then the same pair): every
 * sandbox start in one process shares it, so that a process starting the sandboxes again and again (each
 * end-to-end file's server, decision 0202) pays the key generation once. The adapters still get the
 * public half from the running sandboxes, never a fixed key.
 */
export const sandboxKeysOfProcess = (): SandboxKeyPair => (keysOfProcess ??= generateSandboxKeys());

/**
 * Decrypts base64 ciphertext made with any padding the sources disagree on (§2 [X]): OAEP-SHA256,
 * OAEP-SHA1, or PKCS#1 v1.5. Node 20 refuses PKCS#1 v1.5 private decryption (CVE-2023-46809), so the
 * sandbox decrypts raw and strips the v1.5 block itself: acceptable for a simulator, never for a server
 * holding real secrets. Returns `null` when nothing decrypts.
 */
export const decryptAnyPadding = (keys: SandboxKeyPair, base64: string): string | null => {
  const data = Buffer.from(base64, 'base64');
  for (const oaepHash of ['sha256', 'sha1']) {
    try {
      return privateDecrypt(
        { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash },
        data,
      ).toString('utf8');
    } catch {
      // try the next padding
    }
  }
  try {
    const raw = privateDecrypt({ key: keys.privateKey, padding: constants.RSA_NO_PADDING }, data);
    if (raw[0] !== 0 || raw[1] !== 2) return null;
    const end = raw.indexOf(0, 2);
    return end < 10 ? null : raw.subarray(end + 1).toString('utf8');
  } catch {
    return null;
  }
};
