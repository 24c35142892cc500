// The one "Did you mean …?" of the inputs: for unknown policy-file keys and for enumerated values.
import { describe, expect, test } from '@jest/globals';
import { didYouMean, distance } from '../../src/config/suggest.js';

describe('distance counts edits, a swap of neighbours as one', () => {
  test.each([
    ['high', 'high', 0],
    ['hihg', 'high', 1],
    ['hgh', 'high', 1],
    ['highh', 'high', 1],
    ['hugh', 'high', 1],
    ['on', 'off', 2],
    ['', 'warn', 4],
    ['posture-dayz', 'posture-days', 1],
    ['fail-on-severty', 'fail-on-severity', 1],
  ])('%j to %j: %i', (a, b, edits) => {
    expect(distance(a, b)).toBe(edits);
    expect(distance(b, a)).toBe(edits);
  });
});

describe('didYouMean', () => {
  const SEVERITIES = ['critical', 'high', 'medium', 'low', 'none'];

  test.each([
    ['hihg', ' Did you mean high?'],
    ['HIHG', ' Did you mean high?'],
    ['critcal', ' Did you mean critical?'],
    ['mediun', ' Did you mean medium?'],
    ['severe', ''],
    ['no', ''],
  ])('%j among the severities: %j', (word, said) => {
    expect(didYouMean(word, SEVERITIES)).toBe(said);
  });

  test('the nearest wins over an earlier one further off', () => {
    expect(didYouMean('mediim', ['medicum', 'medium'])).toBe(' Did you mean medium?');
  });

  test('a word of up to 4 letters allows one edit, a longer one two', () => {
    expect(didYouMean('of', ['off'])).toBe(' Did you mean off?');
    expect(didYouMean('on', ['off'])).toBe('');
    expect(didYouMean('nevr', ['never'])).toBe(' Did you mean never?');
    expect(didYouMean('onfailre', ['on-failure'])).toBe(' Did you mean on-failure?');
    expect(didYouMean('onfalre', ['on-failure'])).toBe('');
  });
});
