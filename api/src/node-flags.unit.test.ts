/**
 * `npm start` runs the server with {@link SERVER_NODE_FLAGS} (decision 0207): the `start` script names
 * exactly that list, so the benches (which pass the list to their forked servers) measure the server as
 * it runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe("the server's Node.js flags", () => {
  it('npm start passes exactly SERVER_NODE_FLAGS to node', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['start']).toBe(['tsx', ...SERVER_NODE_FLAGS, 'api/src/main.ts'].join(' '));
    expect(SERVER_NODE_FLAGS.every((flag) => flag.startsWith('--'))).toBe(true);
  });
});
