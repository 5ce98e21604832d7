/**
 * The sandbox provider's side of the seamless-wallet protocol (issue 22 §4; docs/casino.md "Protocol"):
 * it calls our wallet over HTTP exactly as a real provider would, signing each body with its secret
 * (`signCasinoRequest`). Fault switches make it misbehave on purpose (duplicated calls, a bad
 * signature, a bet that times out and is rolled back, a win sent before its bet, a rollback after a
 * win) so that our answers to them can be seen and tested.
 */
import { randomBytes } from 'node:crypto';
import { CASINO_CURRENCY, CASINO_HEADERS, signCasinoRequest } from '@bashiri/domain';
import type { CasinoAnswer } from '@bashiri/domain';

/** Who the sandbox is to our wallet: its provider id and HMAC secret (seeded by the casino module). */
export const SANDBOX_PROVIDER = {
  id: 'sandbox',
  name: 'Bashiri Sandbox Games',
  /** Development only; production refuses the sandbox (the casino module seeds it only outside production). */
  secret: 'sandbox-secret-do-not-use',
  launchUrl: '/casino-sandbox/play/{gameId}?token={token}&lang={lang}&mode={mode}',
} as const;

/** The injectable faults (all off by default). */
export interface SandboxFaults {
  /** Every call is sent twice; the second answer must equal the first. */
  duplicate: boolean;
  /** Signatures are corrupted: every call is refused `RS_ERROR_INVALID_SIGNATURE`. */
  badSignature: boolean;
  /** The bet's answer is never waited for (a timeout): the sandbox rolls the bet back. */
  betTimeout: boolean;
  /** A round's win is sent before its bet first (answered `RS_ERROR_TRANSACTION_DOES_NOT_EXIST`). */
  winBeforeBet: boolean;
  /** After a win, a rollback of its bet is sent too (answered `RS_ERROR_TRANSACTION_SETTLED`). */
  rollbackAfterWin: boolean;
}

export const noFaults = (): SandboxFaults => ({
  duplicate: false,
  badSignature: false,
  betTimeout: false,
  winBeforeBet: false,
  rollbackAfterWin: false,
});

/** One call the sandbox made and what our wallet answered (the faults page shows the last ones). */
export interface WalletLogLine {
  readonly method: string;
  readonly transactionId?: string;
  readonly status: string;
  readonly balance?: number;
  readonly note?: string;
}

/** The sandbox's wallet client: `walletUrl()` gives our API's base URL at call time. */
export interface WalletClient {
  readonly faults: SandboxFaults;
  readonly log: WalletLogLine[];
  call(method: string, body: Record<string, unknown>, note?: string): Promise<CasinoAnswer>;
}

const LOG_SIZE = 50;

/** A fresh provider-side id (`<prefix>-<16 hex>`). */
export const providerId = (prefix: string): string => `${prefix}-${randomBytes(8).toString('hex')}`;

export const walletClient = (walletUrl: () => string, now: () => number = Date.now): WalletClient => {
  const faults = noFaults();
  const log: WalletLogLine[] = [];
  const send = async (method: string, text: string, signal?: AbortSignal): Promise<CasinoAnswer> => {
    const headers = signCasinoRequest(SANDBOX_PROVIDER.id, SANDBOX_PROVIDER.secret, text, now());
    if (faults.badSignature) headers[CASINO_HEADERS.signature] = '0'.repeat(64);
    const response = await fetch(`${walletUrl()}/casino/wallet/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
      ...(signal ? { signal } : {}),
    });
    return (await response.json()) as CasinoAnswer;
  };
  const record = (method: string, body: Record<string, unknown>, answer: CasinoAnswer, note?: string) => {
    log.push({
      method,
      ...(typeof body.transactionId === 'string' ? { transactionId: body.transactionId } : {}),
      status: answer.status,
      ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
      ...(note ? { note } : {}),
    });
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
  };
  return {
    faults,
    log,
    call: async (method, body, note) => {
      const text = JSON.stringify({ currency: CASINO_CURRENCY, ...body });
      const answer = await send(method, text);
      record(method, body, answer, note);
      if (faults.duplicate) {
        const again = await send(method, text);
        record(method, body, again, 'duplicate');
      }
      return answer;
    },
  };
};
