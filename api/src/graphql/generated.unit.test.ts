import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_APPS,
  clientGeneratedFile,
  clientGeneratedTargets,
  GENERATED_FILE,
  generateClientTypes,
  generateTypes,
} from '../../scripts/codegen.ts';

// Codegen builds the schema and runs prettier: seconds on a busy 2-core machine.
describe('generated resolver types', { timeout: 60_000 }, () => {
  it('match the schema (run `npm run codegen` after changing any .graphql)', async () => {
    const onDisk = await readFile(GENERATED_FILE, 'utf8');
    const fresh = await generateTypes();
    if (onDisk !== fresh)
      expect.fail('api/src/graphql/generated.ts is stale: run `npm run codegen` and commit the result');
  });

  it.each(CLIENT_APPS.flatMap((app) => clientGeneratedTargets(app).map((folder) => [app, folder] as const)))(
    '%s client types match its operation documents (%s; run `npm run codegen`)',
    async (app, folder) => {
      const onDisk = await readFile(clientGeneratedFile(app, folder), 'utf8');
      const fresh = await generateClientTypes(app, undefined, folder);
      if (onDisk !== fresh)
        expect.fail(
          `${app}/src/${folder ?? 'graphql'}/generated.ts is stale: run \`npm run codegen\` and commit it`,
        );
    },
  );
});
