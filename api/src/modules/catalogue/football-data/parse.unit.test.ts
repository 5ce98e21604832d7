import { describe, expect, it } from 'vitest';
import { checkOdds, parseFootballData, seasonOf, ukKickoff } from './parse.ts';

const HEADER =
  'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,AvgCH,AvgCD,AvgCA,AvgC>2.5,AvgC<2.5,AHCh,AvgCAHH,AvgCAHA';
const ROW = 'E0,16/08/2024,20:00,Man United,Fulham,1,0,H,0,0,D,1.66,4.20,5.02,1.61,2.37,-0.75,1.82,2.05';
const file = (rows: string[], eol = '\n', bom = false) =>
  `${bom ? '\uFEFF' : ''}${[HEADER, ...rows].join(eol)}${eol}`;

describe('football-data parsing', () => {
  it('reads a row: UK summer time becomes the instant, prices by header name, result', () => {
    const parsed = parseFootballData(file([ROW]));
    expect(parsed.problems).toEqual([]);
    expect(parsed.season).toBe('2024-25');
    const [f] = parsed.fixtures;
    expect(new Date(f!.kickoff).toISOString()).toBe('2024-08-16T19:00:00.000Z'); // 22:00 in Dar es Salaam
    expect(f).toMatchObject({
      line: 2,
      div: 'E0',
      homeTeam: 'Man United',
      awayTeam: 'Fulham',
      timeKnown: true,
      result: { fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 }, awarded: false },
      prices: {
        matchOdds: { home: '1.66', draw: '4.20', away: '5.02' },
        overUnder25: { over: '1.61', under: '2.37' },
        asianHandicap: { line: '-0.75', home: '1.82', away: '2.05' },
      },
    });
  });

  it('strips a UTF-8 BOM and accepts CRLF as LF', () => {
    const lf = parseFootballData(file([ROW]));
    const crlfBom = parseFootballData(file([ROW], '\r\n', true));
    expect(crlfBom.fixtures).toEqual(lf.fixtures);
    expect(crlfBom.problems).toEqual([]);
  });

  it('maps columns by name whatever their order', () => {
    const cols = HEADER.split(',');
    const vals = ROW.split(',');
    const order = cols.map((_, i) => i).reverse();
    const text = [order.map((i) => cols[i]).join(','), order.map((i) => vals[i]).join(',')].join('\n');
    expect(parseFootballData(text).fixtures).toEqual(parseFootballData(file([ROW])).fixtures);
  });

  it('reads dd/mm/yy dates and GMT in winter', () => {
    expect(ukKickoff('26/12/98', '15:00')).toMatchObject({
      ok: true,
      ukDate: '1998-12-26',
      instant: Date.UTC(1998, 11, 26, 15),
    });
    expect(ukKickoff('01/02/03', '15:00')).toMatchObject({ ok: true, ukDate: '2003-02-01' });
    expect(ukKickoff('31/03/2024', '14:00')).toMatchObject({ ok: true, instant: Date.UTC(2024, 2, 31, 13) });
    expect(ukKickoff('31/02/2024', '14:00')).toMatchObject({ ok: false });
    expect(ukKickoff('2024-02-01', '14:00')).toMatchObject({ ok: false });
  });

  it('takes 15:00 UK when the Time column is missing, once noted for the file', () => {
    const text = 'Div,Date,HomeTeam,AwayTeam,FTHG,FTAG\r\nE0,14/08/99,Arsenal,Leicester,2,1\r\n';
    const parsed = parseFootballData(text);
    expect(new Date(parsed.fixtures[0]!.kickoff).toISOString()).toBe('1999-08-14T14:00:00.000Z');
    expect(parsed.fixtures[0]!.timeKnown).toBe(false);
    expect(parsed.problems).toContainEqual({
      line: null,
      level: 'warning',
      reason: 'no Time column: kick-off taken as 15:00 UK',
    });
    expect(parsed.season).toBe('1999-00');
  });

  it('refuses empty, zero and impossible prices with a reason, keeping the other markets', () => {
    const emptyHome = ROW.replace(',1.66,', ',,');
    const zeroOver = ROW.replace(',1.61,', ',0,');
    const impossible = ROW.replace(',1.61,', ',0.42,');
    const parsed = parseFootballData(file([emptyHome, zeroOver, impossible]));
    expect(parsed.problems).toEqual([
      { line: 2, level: 'warning', reason: '1X2 refused: AvgCH no price (empty)' },
      { line: 3, level: 'warning', reason: 'over/under 2.5 refused: AvgC>2.5 no price (0)' },
      {
        line: 4,
        level: 'warning',
        reason: 'over/under 2.5 refused: AvgC>2.5 impossible price 0.42 (below 1.01)',
      },
    ]);
    expect(parsed.fixtures[0]!.prices.matchOdds).toBeUndefined();
    expect(parsed.fixtures[0]!.prices.overUnder25).toBeDefined();
    expect(parsed.fixtures[1]!.prices.overUnder25).toBeUndefined();
    expect(parsed.fixtures[1]!.prices.matchOdds).toBeDefined();
    expect(checkOdds('1.01')).toEqual({ ok: true, odds: '1.01' });
    expect(checkOdds('8')).toEqual({ ok: true, odds: '8.00' });
    expect(checkOdds('1.005')).toMatchObject({ ok: false });
    expect(checkOdds('abc')).toMatchObject({ ok: false });
  });

  it('keeps an awarded result (full time, empty half time) and says so', () => {
    const awarded = 'D1,14/12/2024,14:30,Union Berlin,Bochum,0,2,A,,,,1.6,3.9,5.4,1.9,1.9,-0.75,1.8,2.0';
    const parsed = parseFootballData(file([awarded]));
    expect(parsed.fixtures[0]!.result).toEqual({
      fullTime: { home: 0, away: 2 },
      halfTime: null,
      awarded: true,
    });
    expect(parsed.problems[0]).toMatchObject({
      line: 2,
      level: 'warning',
      reason: expect.stringContaining('awarded'),
    });
  });

  it('reports bad rows with their line and goes on', () => {
    const rows = [
      ROW,
      'E0,16/13/2024,20:00,A,B,1,0,H,0,0,D,2,3,4,2,2,0,2,2',
      'E0,17/08/2024,20:00,A,B,1,0,A,0,0,D,2,3,4,2,2,0,2,2',
      'E0,17/08/2024,20:00,,B,1,0,H,0,0,D,2,3,4,2,2,0,2,2',
      'E0,17/08/2024,20:00,C,D,x,0,H,0,0,D,2,3,4,2,2,0,2,2',
      'E0,17/08/2024,20:00,C,D,1,0,H,2,0,H,2,3,4,2,2,0,2,2',
      'E0,17/08/2024,20:00,E,F,,,,,,,2,3,4,2,2,0.3,2,2',
    ];
    const parsed = parseFootballData(file(rows));
    expect(parsed.fixtures.map((f) => f.line)).toEqual([2, 8]);
    expect(parsed.problems.map((p) => [p.line, p.level])).toEqual([
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'warning'],
    ]);
    expect(parsed.problems[1]!.reason).toMatch(/FTR A disagrees/);
    expect(parsed.problems[5]!.reason).toMatch(/not a quarter line/);
    expect(parsed.fixtures[1]!.result).toBeNull();
    expect(parsed.rows).toBe(7);
  });

  it('reads another bookmaker and the opening prices', () => {
    const text =
      'Div,Date,Time,HomeTeam,AwayTeam,PSH,PSD,PSA,P>2.5,P<2.5,AHh,PAHH,PAHA\nSP1,15/08/2024,18:00,Ath Bilbao,Getafe,1.5,4,7,2.1,1.8,-1,1.9,2\n';
    const [f] = parseFootballData(text, { bookmaker: 'PS', prices: 'opening' }).fixtures;
    expect(f!.prices).toEqual({
      matchOdds: { home: '1.50', draw: '4.00', away: '7.00' },
      overUnder25: { over: '2.10', under: '1.80' },
      asianHandicap: { line: '-1', home: '1.90', away: '2.00' },
    });
    expect(new Date(f!.kickoff).toISOString()).toBe('2024-08-15T17:00:00.000Z');
  });

  it('names seasons from July', () => {
    expect(seasonOf('2020-07-26')).toBe('2020-21');
    expect(seasonOf('2020-06-30')).toBe('2019-20');
  });
});
