import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDurations, longestFirst } from './longest-first-sequencer.ts';

const ROOT = '/repo';
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const file = (project: string, path: string, groupOrder: number) => ({
  moduleId: `${ROOT}/${path}`,
  project: { name: project, config: { sequence: { groupOrder } } },
});
const names = (files: ReturnType<typeof file>[]) =>
  files.map((f) => `${f.project.name}:${f.moduleId.slice(6)}`);

describe('integration files longest first (decision 0203)', () => {
  it('given recorded durations, then the int and int-memory files run longest first, unknown ones before them', () => {
    const durations = new Map([
      ['int:a.int.test.ts', 5],
      ['int:b.int.test.ts', 150],
      ['int-memory:a.int.test.ts', 20],
      ['int:c.int.test.ts', 60],
    ]);
    const files = [
      file('int', 'a.int.test.ts', 1),
      file('int', 'b.int.test.ts', 1),
      file('int', 'new.int.test.ts', 1),
      file('int', 'c.int.test.ts', 1),
      file('int-memory', 'a.int.test.ts', 1),
    ];
    expect(names(longestFirst(files, durations, ROOT))).toEqual([
      'int:new.int.test.ts',
      'int:b.int.test.ts',
      'int:c.int.test.ts',
      'int-memory:a.int.test.ts',
      'int:a.int.test.ts',
    ]);
  });

  it('given unit and e2e files without durations, then their groups keep their place and their own order', () => {
    const durations = new Map([['int:z.int.test.ts', 100]]);
    const files = [
      file('unit', 'u2.unit.test.ts', 0),
      file('e2e', 'e1.e2e.test.ts', 2),
      file('int', 'y.int.test.ts', 1),
      file('unit', 'u1.unit.test.ts', 0),
      file('int', 'z.int.test.ts', 1),
      file('e2e', 'e0.e2e.test.ts', 2),
    ];
    expect(names(longestFirst(files, durations, ROOT))).toEqual([
      'unit:u2.unit.test.ts',
      'unit:u1.unit.test.ts',
      'int:y.int.test.ts',
      'int:z.int.test.ts',
      'e2e:e1.e2e.test.ts',
      'e2e:e0.e2e.test.ts',
    ]);
  });

  it('given unit files in the integration group, then they run after every integration file, in their own order (0210)', () => {
    const durations = new Map([
      ['int:z.int.test.ts', 100],
      ['int:y.int.test.ts', 5],
    ]);
    const files = [
      file('unit', 'u2.unit.test.ts', 1),
      file('int', 'y.int.test.ts', 1),
      file('unit', 'u1.unit.test.ts', 1),
      file('int-memory', 'new.int.test.ts', 1),
      file('int', 'z.int.test.ts', 1),
      file('unit', 'u3.unit.test.ts', 1),
      file('e2e', 'e0.e2e.test.ts', 2),
    ];
    expect(names(longestFirst(files, durations, ROOT))).toEqual([
      'int-memory:new.int.test.ts',
      'int:z.int.test.ts',
      'int:y.int.test.ts',
      'unit:u2.unit.test.ts',
      'unit:u1.unit.test.ts',
      'unit:u3.unit.test.ts',
      'e2e:e0.e2e.test.ts',
    ]);
  });

  it('given e2e durations, then the e2e files run longest first within their own group (0212)', () => {
    const durations = new Map([
      ['e2e:short.e2e.test.ts', 10],
      ['e2e:long.e2e.test.ts', 90],
      ['int:z.int.test.ts', 100],
    ]);
    const files = [
      file('e2e', 'short.e2e.test.ts', 2),
      file('e2e', 'new.e2e.test.ts', 2),
      file('e2e', 'long.e2e.test.ts', 2),
      file('int', 'z.int.test.ts', 1),
    ];
    expect(names(longestFirst(files, durations, ROOT))).toEqual([
      'int:z.int.test.ts',
      'e2e:new.e2e.test.ts',
      'e2e:long.e2e.test.ts',
      'e2e:short.e2e.test.ts',
    ]);
  });

  it('given the table checked in, then it names integration and e2e files that exist', () => {
    const table = loadDurations();
    expect(table.size).toBeGreaterThan(50);
    for (const key of table.keys())
      expect(key).toMatch(/^(int(-memory)?:.+\.int\.test\.ts|e2e:.+\.e2e\.test\.ts)$/);
    for (const key of table.keys())
      expect(existsSync(resolve(REPO_ROOT, key.replace(/^[^:]+:/, '')))).toBe(true);
  });
});
