import { describe, expect, it } from '@jest/globals';
import { formatGraceDays, parseGraceDays } from '../../src/config/grace-days.js';

describe('parseGraceDays', () => {
  it('reads pairs, comma- or newline-separated, case-insensitive, spaces around =', () => {
    expect(parseGraceDays('critical=0, HIGH = 30\nmedium=90,low=3650,Unknown=1')).toEqual({
      days: { critical: 0, high: 30, medium: 90, low: 3650, unknown: 1 },
      errors: [],
    });
  });

  it.each([
    ['high=30, high=60', 'high is given twice'],
    ['HIGH=30, high=60', 'high is given twice'],
    ['severe=30', 'is not a severity'],
    ['high=3651', 'from 0 to 3650'],
    ['high=-1', 'is not a severity=days pair'],
    ['high=1.5', 'is not a severity=days pair'],
    ['high', 'is not a severity=days pair'],
    ['high: 30', 'is not a severity=days pair'],
    [' , ', 'lists no severity'],
  ])('%j is an error (%s)', (value, message) => {
    const { errors } = parseGraceDays(value);
    expect(errors.join('\n')).toContain(message);
  });

  it('formats the setting as written', () => {
    expect(formatGraceDays({ high: 30, critical: 0 })).toBe('critical=0, high=30');
    expect(formatGraceDays({})).toBe('none');
  });
});
