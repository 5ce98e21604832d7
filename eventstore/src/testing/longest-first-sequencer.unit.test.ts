import { describe, expect, it } from 'vitest';
import { loadDurations, longestFirst } from './longest-first-sequencer.ts';

const ROOT = '/repo';
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

  it('given unit and e2e files, then their groups keep their place and their own order', () => {
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

  it('given the table checked in, then it names integration files that exist', () => {
    const table = loadDurations();
    expect(table.size).toBeGreaterThan(50);
    for (const key of table.keys()) expect(key).toMatch(/^int(-memory)?:.+\.int\.test\.ts$/);
  });
});
