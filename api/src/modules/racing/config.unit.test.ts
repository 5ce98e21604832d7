/**
 * The placement path's configuration read (decision 0101): placements that find it stale together share
 * one read, and a change saved on the same executor is seen by every placement that starts after it —
 * never overwritten by a read the save overtook.
 */
import { describe, expect, it } from 'vitest';
import type { SqlExecutor } from '@bashiri/eventstore';
import { racingSettingsForPlacement, saveRacingSettings } from './config.ts';

/** A racing_config row as the executor answers it, its `max_clock_skew_seconds` the value under test. */
const row = (skew: number) => ({
  config: {},
  period_seconds: 180,
  close_before_draw_seconds: 10,
  max_clock_skew_seconds: skew,
  rtp_band_min: '90',
  rtp_band_max: '98',
  updated_at: new Date('2026-11-25T09:00:00Z'),
  updated_by: 'test',
});

/**
 * An executor holding one racing_config row: counts its SELECTs, answers each only when `release()` is
 * called (so reads can be held under way; `latestFirst`: the latest statement answered first), and
 * stores the skew of an UPDATE at once.
 */
const fakeExecutor = () => {
  let skew = 30;
  const held: (() => void)[] = [];
  const executor: SqlExecutor & { selects: number; release: (latestFirst?: boolean) => void } = {
    selects: 0,
    release: (latestFirst = false) => {
      const waiting = held.splice(0);
      for (const go of latestFirst ? waiting.reverse() : waiting) go();
    },
    query: (async (text: string, params?: readonly unknown[]) => {
      if (text.trimStart().startsWith('UPDATE racing_config')) {
        skew = params![3] as number;
        return { rows: [], rowCount: 1 };
      }
      executor.selects++;
      const answer = row(skew); // what the row held when the statement ran
      await new Promise<void>((resolve) => held.push(resolve));
      return { rows: [answer], rowCount: 1 };
    }) as SqlExecutor['query'],
  };
  return executor;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('racingSettingsForPlacement', () => {
  it('placements that find the configuration stale together share one read', async () => {
    const sql = fakeExecutor();
    const asked = Array.from({ length: 32 }, () => racingSettingsForPlacement(sql));
    await settle();
    expect(sql.selects).toBe(1);
    sql.release();
    const answers = await Promise.all(asked);
    expect(answers.map((s) => s.maxClockSkewSeconds)).toEqual(Array(32).fill(30));
    // Held for the next second: no statement.
    expect((await racingSettingsForPlacement(sql)).maxClockSkewSeconds).toBe(30);
    expect(sql.selects).toBe(1);
  });

  it('a change saved while a read is under way is seen by every placement after the save', async () => {
    const sql = fakeExecutor();
    const before = racingSettingsForPlacement(sql); // reads the row as it was (skew 30)
    await settle();
    const saving = saveRacingSettings(sql, { ...row30Settings(), maxClockSkewSeconds: 5 }, 'test');
    await saving;
    const after = racingSettingsForPlacement(sql); // must not join the read the save overtook
    await settle();
    expect(sql.selects).toBe(2);
    // The read after the save answers first, the overtaken one last.
    sql.release(true);
    expect((await before).maxClockSkewSeconds).toBe(30);
    expect((await after).maxClockSkewSeconds).toBe(5);
    // The overtaken read was not kept: the next placement has the saved value too.
    const next = racingSettingsForPlacement(sql);
    await settle();
    sql.release();
    expect((await next).maxClockSkewSeconds).toBe(5);
  });
});

/** The settings of {@link row}(30), as a save takes them. */
const row30Settings = () => ({
  config: {} as never,
  schedule: { periodSeconds: 180, closeBeforeDrawSeconds: 10 },
  maxClockSkewSeconds: 30,
  rtpBand: { min: 90, max: 98 },
  updatedAt: '2026-11-25T09:00:00.000Z',
  updatedBy: 'test',
});
