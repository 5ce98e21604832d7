/** A V8 CPU profile of one phase of a bench (the settling, not the setup), for Chrome's or speedscope's viewer. */
import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';

/**
 * Runs `work`; when `file` is set (a bench's BENCH_CPU_PROF), profiles this process meanwhile and
 * writes the profile (`.cpuprofile` JSON) there.
 */
export const profileWhile = async <T>(file: string | undefined, work: () => Promise<T>): Promise<T> => {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
  }
};
