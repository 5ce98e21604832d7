import { describe, expect, it } from 'vitest';
import { gameFieldOf } from './fields.ts';

describe('gameFieldOf', () => {
  it("maps the server's game error fields onto the form's fields", () => {
    expect(gameFieldOf('names.zh')).toBe('nameZh');
    expect(gameFieldOf('names.sw')).toBe('nameSw');
    expect(gameFieldOf('new')).toBe('isNew');
    expect(gameFieldOf('[3].minStake')).toBe('minStake');
    expect(gameFieldOf('[12].names.en')).toBe('nameEn');
    expect(gameFieldOf('rtpPercent')).toBe('rtpPercent');
    expect(gameFieldOf(undefined)).toBeNull();
  });
});
