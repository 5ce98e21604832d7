/**
 * GraphQL over HTTP for the chaos suite: one answer classified as answered (data, or a business refusal
 * with a code) or failed (no answer, 5xx, timeout), so a failed request can be re-sent with its request
 * id after the server comes back.
 */

/** What one request got. `failed`: no usable answer (none, a 5xx, or INTERNAL): re-send it. */
export interface Answer<T = Record<string, unknown>> {
  readonly failed: boolean;
  readonly status: number | null;
  readonly data?: T;
  /** The first error's code (`extensions.code`) when the server refused. */
  readonly code?: string;
  readonly ms: number;
  readonly bytes: number;
}

/** Counts kept across the run (the suite's JSON line). */
export interface Tally {
  requests: number;
  failures: number;
  status5xx: number;
}

export const newTally = (): Tally => ({ requests: 0, failures: 0, status5xx: 0 });

/**
 * POSTs `query` to `${base}/graphql` as `ip` (X-Forwarded-For: the server trusts 127.0.0.1 as its proxy
 * in the suite, so each client has its own address for the rate limits) with an optional bearer token.
 */
export const gql = async <T = Record<string, unknown>>(
  base: string,
  query: string,
  variables: Record<string, unknown>,
  options: { ip: string; token?: string; timeoutMs?: number; tally?: Tally },
): Promise<Answer<T>> => {
  const started = performance.now();
  const tally = options.tally;
  if (tally) tally.requests++;
  try {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': options.ip,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status >= 500) {
      if (tally) {
        tally.failures++;
        tally.status5xx++;
      }
      return { failed: true, status: res.status, ms, bytes: text.length, code: codeOf(text) };
    }
    let body: { data?: T; errors?: { extensions?: { code?: string } }[] } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // not JSON: a refusal by a plugin (rate limit, size)
    }
    const code = body.errors?.[0]?.extensions?.code ?? (res.status >= 400 ? `HTTP_${res.status}` : undefined);
    // INTERNAL: the server failed inside (a dropped database connection): the outcome is unknown, so
    // the request is re-sent with its request id like one that got no answer.
    const internal = code === 'INTERNAL';
    if (internal && tally) tally.failures++;
    return {
      failed: internal,
      status: res.status,
      ...(body.data ? { data: body.data } : {}),
      ...(code ? { code } : {}),
      ms,
      bytes: text.length,
    };
  } catch {
    if (tally) tally.failures++;
    return { failed: true, status: null, ms: performance.now() - started, bytes: 0 };
  }
};

const codeOf = (text: string): string | undefined => {
  try {
    return (JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions
      ?.code;
  } catch {
    return undefined;
  }
};
