// The one reader of date-times the gate compares (contract: "Verdict integrity", "Instants are
// instants"): RFC 3339 with a zone, or nothing. Expected instants are worked out by hand (the offset
// applied here) and given through Date.UTC, whose arguments are read in UTC whatever TZ says.
import { describe, expect, test } from '@jest/globals';
import { isCalendarDate, parseInstant } from '../src/instants.js';

describe('an RFC 3339 date-time with a zone is its instant', () => {
  test.each([
    ['2025-06-01T10:00:00Z', Date.UTC(2025, 5, 1, 10)],
    ['2025-06-01t10:00:00z', Date.UTC(2025, 5, 1, 10)],
    ['2025-06-01T10:00:00+09:00', Date.UTC(2025, 5, 1, 1)],
    ['2025-06-01T10:00:00-05:30', Date.UTC(2025, 5, 1, 15, 30)],
    ['2025-06-01T10:00:00+00:00', Date.UTC(2025, 5, 1, 10)],
    ['2025-06-01T10:00:00-00:00', Date.UTC(2025, 5, 1, 10)],
    ['2025-01-01T00:30:00+01:00', Date.UTC(2024, 11, 31, 23, 30)],
    ['2025-06-01T10:00:00.5Z', Date.UTC(2025, 5, 1, 10, 0, 0, 500)],
    ['2025-06-01T10:00:00.123456789Z', Date.UTC(2025, 5, 1, 10, 0, 0, 123)],
    ['2024-02-29T23:59:59Z', Date.UTC(2024, 1, 29, 23, 59, 59)],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
    ['1970-01-01T00:00:00Z', 0],
    // Years 0-99 are those years, not 1900-1999 as Date.UTC reads them (ms worked out with Python's datetime).
    ['0099-12-31T00:00:00Z', -59_011_545_600_000],
  ])('%s', (text, ms) => {
    expect(parseInstant(text)).toBe(ms);
  });
});

describe('anything else is no instant', () => {
  test.each([
    ['no zone', '2025-06-01T10:00:00'],
    ['no zone, fractions', '2025-06-01T10:00:00.000'],
    ['a date alone', '2025-06-01'],
    ['a number', '1'],
    ['a day February lacks', '2025-02-30T00:00:00Z'],
    ['February 29 of a common year', '2025-02-29T00:00:00Z'],
    ['February 29 of a century not divisible by 400', '1900-02-29T00:00:00Z'],
    ['April 31', '2025-04-31T00:00:00Z'],
    ['month 13', '2025-13-01T00:00:00Z'],
    ['month 0', '2025-00-01T00:00:00Z'],
    ['day 0', '2025-01-00T00:00:00Z'],
    ['hour 24', '2025-06-01T24:00:00Z'],
    ['minute 60', '2025-06-01T10:60:00Z'],
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['an offset of 24 hours', '2025-06-01T10:00:00+24:00'],
    ['offset minutes 60', '2025-06-01T10:00:00+01:60'],
    ['an offset without its colon', '2025-06-01T10:00:00+0900'],
    ['an offset of hours alone', '2025-06-01T10:00:00+09'],
    ['a space for the T', '2025-06-01 10:00:00Z'],
    ['no seconds', '2025-06-01T10:00Z'],
    ['a leading space', ' 2025-06-01T10:00:00Z'],
    ['a trailing line feed', '2025-06-01T10:00:00Z\n'],
    ['a zone name', '2025-06-01T10:00:00 UTC'],
    ['an HTTP date', 'Sun, 01 Jun 2025 10:00:00 GMT'],
    ['a dot without digits', '2025-06-01T10:00:00.Z'],
    ['a five-digit year', '+02025-06-01T10:00:00Z'],
    ['non-ASCII digits', '２０２５-06-01T10:00:00Z'],
    ['empty', ''],
  ])('%s', (_name, text) => {
    expect(parseInstant(text)).toBeNull();
  });

  test.each([null, undefined, 1_700_000_000_000, {}])('not a string: %p', (value) => {
    expect(parseInstant(value)).toBeNull();
  });
});

describe('calendar dates', () => {
  test.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2100, 2, 29, false],
    [2400, 2, 29, true],
    [2025, 12, 31, true],
    [2025, 11, 31, false],
    [2025, 6, 30, true],
    [2025, 6, 31, false],
  ])('%d-%d-%d: %s', (year, month, day, real) => {
    expect(isCalendarDate(year, month, day)).toBe(real);
  });
});
