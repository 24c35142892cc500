import { describe, expect, test } from '@jest/globals';
import { summaryWanted } from '../../src/config/load.js';

describe('summaryWanted: what `summary` says, even among invalid inputs', () => {
  test.each([
    ['', true],
    ['true', true],
    ['False', false],
    [' FALSE ', false],
    ['false', false],
    ['no', true], // not a boolean the input accepts: its default
    ['maybe', true],
  ])('%j -> %p', (value, wanted) => {
    expect(summaryWanted(value)).toBe(wanted);
  });
});
