/**
 * The import-boundary check of `npm run lint` (eslint-plugin-boundaries, docs/decisions/0011-import-boundaries.md)
 * run through ESLint's Node API on snippets placed, virtually, in each part of the repository: every
 * forbidden import is reported, and its allowed counterpart is not.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file `path` (relative to the root). */
const boundaryErrors = async (path: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport const probe = [x];\n`, {
    filePath: `${root}${path}`,
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
};

const cases: readonly { what: string; file: string; forbidden: string; allowed: string }[] = [
  {
    what: 'domain imports nothing of ours',
    file: 'domain/src/bet/probe.ts',
    forbidden: "import { x } from '@bashiri/eventstore';",
    allowed: "import { x } from '../money/index.ts';",
  },
  {
    what: 'eventstore imports nothing of ours',
    file: 'eventstore/src/probe.ts',
    forbidden: "import { x } from '../../domain/src/index.ts';",
    allowed: "import { x } from './index.ts';",
  },
  {
    what: 'the projection runner imports only eventstore and domain',
    file: 'projection-runner/src/probe.ts',
    forbidden: "import { x } from '@bashiri/api';",
    allowed: "import { x } from '@bashiri/eventstore';",
  },
  {
    what: "an API module uses another only through that module's index.ts",
    file: 'api/src/modules/backoffice/probe.ts',
    forbidden: "import { x } from '../betting/placement.ts';",
    allowed: "import { x } from '../betting/index.ts';",
  },
  {
    what: 'an API module uses its own files freely',
    file: 'api/src/modules/betting/probe.ts',
    forbidden: "import { x } from '../wallet/service.ts';",
    allowed: "import { x } from './placement.ts';",
  },
  {
    what: "a module's projector never reaches the server's code (decision 0076)",
    file: 'api/src/modules/betting/projection.ts',
    forbidden: "import { x } from '../../services.ts';",
    allowed: "import { x } from '@bashiri/projection-runner';",
  },
  {
    what: "a module's projector never reaches another module, not even its index.ts",
    file: 'api/src/modules/racing/projection.ts',
    forbidden: "import { x } from '../wallet/index.ts';",
    allowed: "import { x } from './config.ts';",
  },
  {
    what: "a module's trigger projector reaches the process-manager helper, never another module",
    file: 'api/src/modules/betting/settlement-projection.ts',
    forbidden: "import { x } from '../wallet/index.ts';",
    allowed: "import { x } from '../../process-manager.ts';",
  },
  {
    what: 'simulations use the API only through its package exports',
    file: 'simulations/src/bench/probe.ts',
    forbidden: "import { x } from '../../../api/src/modules/betting/settlement.ts';",
    allowed: "import { x } from '@bashiri/api';",
  },
  {
    what: 'the back office never imports the player site',
    file: 'web-admin/src/probe.ts',
    forbidden: "import { x } from '../../web-player/src/i18n/site.ts';",
    allowed: "import { x } from '@bashiri/web-shared';",
  },
  {
    what: 'the player site reaches the server only through GraphQL (the domain package is the exception)',
    file: 'web-player/src/probe.ts',
    forbidden: "import { x } from '../../api/src/config.ts';",
    allowed: "import { x } from '@bashiri/domain';",
  },
];

describe('import boundaries (npm run lint)', () => {
  it.each(cases)('$what', async ({ file, forbidden, allowed }) => {
    expect(await boundaryErrors(file, forbidden)).toHaveLength(1);
    expect(await boundaryErrors(file, allowed)).toEqual([]);
  });

  it('reaches another package through a relative path only as a violation', async () => {
    const [message] = await boundaryErrors(
      'web-player/src/probe.ts',
      "import { x } from '../../web-admin/src/shared.ts';",
    );
    expect(message).toMatch(/web-admin/);
  });
});
