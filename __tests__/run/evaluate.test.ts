// The posture window of the contract ("posture-days"): endDate = today (UTC), startDate =
// today − (days − 1), both YYYY-MM-DD.
import { describe, expect, test } from '@jest/globals';
import { postureWindow } from '../../src/run/evaluate.js';

describe('postureWindow', () => {
  test.each<[string, string, number, string, string]>([
    ['1 day: start and end are the same day', '2024-06-07T12:00:00Z', 1, '2024-06-07', '2024-06-07'],
    ['2 days: today and yesterday', '2024-06-07T12:00:00Z', 2, '2024-06-06', '2024-06-07'],
    ['7 days', '2024-06-07T12:00:00Z', 7, '2024-06-01', '2024-06-07'],
    ['30 days (the default)', '2024-06-07T12:00:00Z', 30, '2024-05-09', '2024-06-07'],
    ['30 days across the end of a leap February', '2024-03-10T08:00:00Z', 30, '2024-02-10', '2024-03-10'],
    ['30 days across a year end', '2025-01-15T08:00:00Z', 30, '2024-12-17', '2025-01-15'],
    [
      '366 days ending on the last day of a leap year: the whole year',
      '2024-12-31T12:00:00Z',
      366,
      '2024-01-01',
      '2024-12-31',
    ],
    ['366 days across 29 February', '2025-02-28T12:00:00Z', 366, '2024-02-29', '2025-02-28'],
    ['366 days in a year without 29 February', '2023-12-31T12:00:00Z', 366, '2022-12-31', '2023-12-31'],
    ['366 days with 29 February inside the window', '2025-02-27T23:00:00Z', 366, '2024-02-28', '2025-02-27'],
  ])('%s', (_name, now, days, startDate, endDate) => {
    expect(postureWindow(new Date(now), days)).toEqual({ startDate, endDate });
  });

  describe('around UTC midnight', () => {
    test.each<[string, string, number, string, string]>([
      ['1 ms before midnight: still that day', '2024-02-29T23:59:59.999Z', 1, '2024-02-29', '2024-02-29'],
      ['1 ms after midnight: the next day', '2024-03-01T00:00:00.001Z', 1, '2024-03-01', '2024-03-01'],
      ['exactly midnight: the new day', '2024-03-01T00:00:00.000Z', 1, '2024-03-01', '2024-03-01'],
      ['before midnight, 30 days', '2024-02-29T23:59:59.999Z', 30, '2024-01-31', '2024-02-29'],
      ['after midnight, 30 days', '2024-03-01T00:00:00.001Z', 30, '2024-02-01', '2024-03-01'],
      ["before midnight on New Year's Eve, 366 days", '2024-12-31T23:59:59.999Z', 366, '2024-01-01', '2024-12-31'],
      ["after midnight on New Year's Day, 366 days", '2025-01-01T00:00:00.001Z', 366, '2024-01-02', '2025-01-01'],
    ])('%s', (_name, now, days, startDate, endDate) => {
      expect(postureWindow(new Date(now), days)).toEqual({ startDate, endDate });
    });

    test('a local time zone ahead of UTC does not move the day (the instant decides)', () => {
      // 01:30 on 1 March in UTC+02:00 is 23:30 on 29 February in UTC.
      expect(postureWindow(new Date('2024-03-01T01:30:00+02:00'), 1)).toEqual({
        startDate: '2024-02-29',
        endDate: '2024-02-29',
      });
      // 22:30 on 29 February in UTC−02:00 is 00:30 on 1 March in UTC.
      expect(postureWindow(new Date('2024-02-29T22:30:00-02:00'), 1)).toEqual({
        startDate: '2024-03-01',
        endDate: '2024-03-01',
      });
    });
  });

  test('for every days 1..366 the window spans exactly that many calendar days, ending today', () => {
    const now = new Date('2024-06-07T23:59:59.999Z');
    for (let days = 1; days <= 366; days++) {
      const { startDate, endDate } = postureWindow(now, days);
      expect(endDate).toBe('2024-06-07');
      expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const span = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
      expect(span).toBe(days);
    }
  });
});
