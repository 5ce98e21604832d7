import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError, loadSeason, parseSeasonCsv, ukToUtc } from './data.ts';
import { DEFAULT_JACKPOT_TERMS, DEFAULT_LUCKY_SIX_TERMS, DEFAULT_RACING_CONFIG } from '@bashiri/domain';
import { loadScenario, parseScenario, poolTermsOf, racingConfigOf, ScenarioError } from './scenario.ts';

const valid = {
  leagues: ['E0'],
  seasons: ['2023-24'],
  seed: 1,
  bettors: { count: 10, mix: { favourite: 1 } },
};
const HEADER = 'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,AvgCH,AvgCD,AvgCA';

describe('scenario schema', () => {
  it('accepts a minimal scenario and fills the defaults', () => {
    const s = parseScenario(valid);
    expect(s.marginPercent).toEqual({ default: 6 });
    expect(s.bettors.activity).toBe(0.25);
    expect(s.ggrTaxPercent).toBe(25);
  });
  it.each([
    [{ ...valid, seasons: ['2023'] }, 'scenario: seasons[0]: must be a season like "2023-24"'],
    [{ ...valid, seed: -1 }, 'scenario: seed:'],
    [{ ...valid, marginPercent: { corners: 5 } }, 'scenario: marginPercent.corners: unknown market type'],
    [{ ...valid, config: { taxRatePercent: 150 } }, 'scenario: config.taxRatePercent:'],
    [{ ...valid, bettors: { count: 10, mix: { whale: 1 } } }, 'scenario: bettors.mix'],
    [{ ...valid, typo: 1 }, 'scenario: '],
    [{ leagues: ['E0'], seasons: ['2023-24'], bettors: valid.bettors }, 'scenario: seed: required'],
    [{ ...valid, pools: { jackpot: { betAmount: 0 } } }, 'scenario: pools.jackpot.betAmount:'],
    [{ ...valid, pools: { jackpot: { colour: 'red' } } }, 'scenario: pools.jackpot:'],
    [
      { ...valid, pools: { jackpot: { increment: '1.5' } } },
      'scenario: pools.jackpot.increment: not a valid pool type',
    ],
    [
      {
        ...valid,
        pools: { luckySix: { tiers: [{ hits: 5, rewardType: 'poolPercent', proportion: '50' }] } },
      },
      'scenario: pools.luckySix.tiers: not a valid pool type',
    ],
    [{ ...valid, racing: { roundsPerDay: 101 } }, 'scenario: racing.roundsPerDay:'],
    [{ ...valid, racing: { roundsPerDay: 2.5 } }, 'scenario: racing.roundsPerDay:'],
    [
      { ...valid, racing: { odds: { champion: '1.00' } } },
      'scenario: racing.odds.champion: must be decimal odds ≥ 1.01 with at most 2 decimals',
    ],
    [
      { ...valid, racing: { odds: { oddEven: 1.955 } } },
      'scenario: racing.odds.oddEven: must be decimal odds ≥ 1.01 with at most 2 decimals',
    ],
    [{ ...valid, racing: { odds: { luckRacing: '2' } } }, 'scenario: racing.odds:'],
    [{ ...valid, racing: { taxRatePercent: 101 } }, 'scenario: racing.taxRatePercent: must be a percentage'],
    [
      { ...valid, racing: { convertTaxRatePercent: 10.125 } },
      'scenario: racing.convertTaxRatePercent: at most 2 decimals',
    ],
    [
      { ...valid, racing: { luckRacingStake: 250 } },
      'scenario: racing.luckRacingStake: must be a multiple of 100 TZS',
    ],
    [
      { ...valid, racing: { betTypeMix: { champion: 0 } } },
      'scenario: racing.betTypeMix: at least one bet type',
    ],
    [{ ...valid, racing: { betTypeMix: { exacta: 1 } } }, 'scenario: racing.betTypeMix'],
  ])('names the field of a bad scenario %#', (raw, message) => {
    expect(() => parseScenario(raw)).toThrow(ScenarioError);
    expect(() => parseScenario(raw)).toThrow(message);
  });
  it("runs the spec's racing configuration unless the scenario changes it", () => {
    const s = parseScenario(valid);
    expect(s.racing).toEqual({
      roundsPerDay: 10,
      odds: {},
      taxRatePercent: '10',
      convertTaxRatePercent: '10',
      luckRacingStake: 300,
      prizePool: 1_000_000,
      betTypeMix: {},
    });
    expect(racingConfigOf(s)).toEqual(DEFAULT_RACING_CONFIG);
    const changed = parseScenario({
      ...valid,
      racing: { odds: { topThree: 691.2 }, convertTaxRatePercent: 0 },
    });
    expect(racingConfigOf(changed)).toEqual({
      ...DEFAULT_RACING_CONFIG,
      championAndRunnerUpAndThird: '691.2',
      convertTaxRate: '0',
    });
  });
  it('runs the seeded pool types unless the scenario changes their terms', () => {
    expect(poolTermsOf(parseScenario(valid))).toEqual({
      jackpot: DEFAULT_JACKPOT_TERMS,
      luckysix: DEFAULT_LUCKY_SIX_TERMS,
    });
    const changed = poolTermsOf(parseScenario({ ...valid, pools: { jackpot: { increment: '0.2' } } }));
    expect(changed.jackpot).toEqual({ ...DEFAULT_JACKPOT_TERMS, increment: '0.2' });
    expect(changed.luckysix).toEqual(DEFAULT_LUCKY_SIX_TERMS);
  });
  it('reads JSON scenarios too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const file = join(dir, 's.json');
    writeFileSync(file, JSON.stringify({ ...valid, marginPercent: { default: 5, correct_score: 15 } }));
    expect(loadScenario(file).marginPercent).toEqual({ default: 5, correct_score: 15 });
  });
  it('names the file of unreadable YAML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const file = join(dir, 's.yaml');
    writeFileSync(file, 'leagues: [E0\n');
    expect(() => loadScenario(file)).toThrow(`${file}: not valid YAML`);
  });
});

describe('football-data input', () => {
  it('reads a row with UK summer time and a BOM', () => {
    const [m] = parseSeasonCsv(
      `\uFEFF${HEADER}\n E0,11/08/2023,20:00,Burnley,Man City,0,3,A,0,2,A,8.5,5.5,1.3\n`.replace(
        '\n E0',
        '\nE0',
      ),
      'f.csv',
      'E0',
      '2023-24',
    );
    expect(m!.kickoff).toBe(Date.UTC(2023, 7, 11, 19));
    expect(m!.matchday).toBe('2023-08-11');
    expect(m!.closing.oneXTwo).toEqual({ home: 8.5, draw: 5.5, away: 1.3 });
  });
  it('winter time is GMT', () => {
    expect(ukToUtc(2023, 12, 26, 15, 0)).toBe(Date.UTC(2023, 11, 26, 15));
  });
  it('zero and empty prices mean no price; an empty half time is null', () => {
    const [m] = parseSeasonCsv(
      `${HEADER}\nE0,11/08/2023,20:00,A,B,0,2,A,,,,0,,1.3\n`,
      'f.csv',
      'E0',
      '2023-24',
    );
    expect(m!.closing.oneXTwo).toBeUndefined();
    expect(m!.halfTime).toBeNull();
  });
  it.each([
    ['E0,2023-08-11,20:00,A,B,0,3,A,0,2,A,8.5,5.5,1.3', 'f.csv:3: Date: must be dd/mm/yyyy'],
    ['E0,11/08/2023,20:00,A,B,x,3,A,0,2,A,8.5,5.5,1.3', 'f.csv:3: FTHG: must be whole goals'],
    ['E0,11/08/2023,20:00,,B,0,3,A,0,2,A,8.5,5.5,1.3', 'f.csv:3: HomeTeam: required'],
    ['E0,11/08/2023,20:00,A,B,0,3', 'f.csv:3: malformed CSV'],
  ])('a malformed row names the file and line: %s', (row, message) => {
    const text = `${HEADER}\nE0,11/08/2023,20:00,C,D,1,1,D,0,0,D,2.5,3.2,2.9\n${row}\n`;
    expect(() => parseSeasonCsv(text, 'f.csv', 'E0', '2023-24')).toThrow(DataError);
    expect(() => parseSeasonCsv(text, 'f.csv', 'E0', '2023-24')).toThrow(message);
  });
  it('an unknown league or season is named', () => {
    expect(() => loadSeason(tmpdir(), 'XX', '2023-24')).toThrow('unknown league or season: XX 2023-24');
  });
});
