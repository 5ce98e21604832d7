import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateTypes } from '../../scripts/codegen.ts';

describe('generated resolver types', () => {
  it('match the schema (run `npm run codegen` after changing any .graphql)', async () => {
    const onDisk = await readFile(GENERATED_FILE, 'utf8');
    const fresh = await generateTypes();
    if (onDisk !== fresh)
      expect.fail('api/src/graphql/generated.ts is stale: run `npm run codegen` and commit the result');
  });
});
