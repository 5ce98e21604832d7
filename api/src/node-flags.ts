/**
 * The Node.js flags the server runs with (issue 19 "Speed"; docs/running.md "The server's Node.js
 * flags"; decision 0207): `npm start` passes them (package.json's `start` script, checked against this
 * list by `node-flags.unit.test.ts`), and the benches' forked servers and the chaos suite's server
 * pass the same list, so that a bench measures the server as it runs.
 *
 * `--max-semi-space-size=64` (MB): V8's young generation may grow to 64 MB semi-spaces (the default
 * stops at 16 MB). Settling a racing round allocates a great deal that dies young (rows parsed, events
 * built, statements' parameters); with small semi-spaces the scavenger ran several times a second and
 * promoted batches still in use. Measured on `npm run bench:racing` (costliest draw): garbage collection
 * 21 % → 12 % of the server's busy time while settling, the server's CPU −10 to −20 % (docs/benchmarks.md
 * "#19 settle (helper, session 16)"). Costs at most
 * 3 × 64 MB of address space (two semi-spaces and the new large-object space), reserved as used.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
