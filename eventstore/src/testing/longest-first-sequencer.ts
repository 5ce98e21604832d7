/**
 * vitest's file order for the integration projects: the longest files first (decision 0203).
 *
 * The int and int-memory files run in two workers (decision 0192); each worker takes the next file of the
 * sorted list when it finishes one. vitest's own order is by the durations in its results cache
 * (`node_modules/.vite/vitest`), which a CI run on a clean clone does not have, so there it falls back to
 * the files' sizes: a long file of middling size (fuzz, the concurrency property) could start late and
 * leave one worker running it alone at the end. This sequencer orders the integration files by the
 * durations recorded in `int-durations.json` (seconds per `project:path`, from a full run; refreshed
 * with `node eventstore/src/testing/int-durations.ts`), longest first, so that the last files to start
 * are short ones and the two workers end close together (longest processing time first). Files not in
 * the table (new ones) go first, as vitest itself runs unknown files first. Other projects' files in the
 * same group (the unit files, which run beside the integration files: decision 0210) come after all the
 * integration files, in vitest's order, so that they fill the workers as the integration files run out
 * and a worker's non-isolated unit process takes them one after another. The e2e files, which run in two
 * workers in CI too (decision 0212), are ordered the same way within their group, by their `e2e:path`
 * durations in the same table.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** The projects ordered by the table: the integration tiers and the browser tier (0212). */
const ORDERED_PROJECTS = new Set(['int', 'int-memory', 'e2e']);

/** `project:path` → seconds, from `int-durations.json` beside this file (empty when unreadable). */
export const loadDurations = (
  file = new URL('./int-durations.json', import.meta.url),
): Map<string, number> => {
  try {
    const table = JSON.parse(readFileSync(file, 'utf8')) as { durations?: Record<string, number> };
    return new Map(Object.entries(table.durations ?? {}));
  } catch {
    return new Map();
  }
};

/**
 * Sorts `files` in place of vitest's order: integration and e2e files by `durations` (seconds, keyed
 * `project:path` relative to `root`), longest first, files without a duration before all others; files
 * of other projects (unit) after the ordered files of their group, in their relative order. Groups
 * (`sequence.groupOrder`) stay in order.
 */
export const longestFirst = <
  T extends Pick<TestSpecification, 'moduleId'> & {
    project: { name: string; config: { sequence: { groupOrder: number } } };
  },
>(
  files: readonly T[],
  durations: ReadonlyMap<string, number>,
  root: string,
): T[] => {
  const seconds = (file: T) =>
    durations.get(`${file.project.name}:${relative(root, file.moduleId).split('\\').join('/')}`) ??
    Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => {
    const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
    if (group !== 0) return group;
    const [oa, ob] = [ORDERED_PROJECTS.has(a.project.name), ORDERED_PROJECTS.has(b.project.name)];
    if (oa !== ob) return oa ? -1 : 1;
    if (!oa) return 0;
    const [sa, sb] = [seconds(a), seconds(b)];
    return sa === sb ? 0 : sa > sb ? -1 : 1;
  });
};

/** vitest `sequence.sequencer` (vitest.config.ts): vitest's order, then {@link longestFirst}. */
export class LongestFirstSequencer extends BaseSequencer {
  private readonly durations = loadDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(await super.sort(files), this.durations, this.ctx.config.root);
  }
}
