// The one "Did you mean …?" of the inputs: for unknown policy-file keys and for enumerated values.
import { describe, expect, test } from '@jest/globals';
import { percentMeant } from '../../src/config/fields.js';
import { didYouMean, distance, nearest } from '../../src/config/suggest.js';

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

describe('nearest: the input a name that is none was meant as', () => {
  const INPUTS = [
    'api-url',
    'fail-on-severity',
    'posture-days',
    'fail-on-critical-issues',
    'epss',
    'epss-url',
    'summary',
  ];

  test.each<[string, string, boolean]>([
    // A shortening: the words run inside the input's; the first listed of those sharing as many.
    ['fail_on', 'fail-on-severity', true],
    ['FAIL ON', 'fail-on-severity', true],
    ['critical-issues', 'fail-on-critical-issues', true],
    // The same words, spelt with the runner's `_`.
    ['api_url', 'api-url', true],
    // A lengthening: the candidate sharing the most words.
    ['epss-url-file', 'epss-url', true],
    ['summary-file', 'summary', true],
    // Else the fewest edits, near within didYouMean's bound.
    ['posture-dayz', 'posture-days', true],
    ['epps', 'epss', true],
    ['sumary', 'summary', true],
    ['zzzz', 'epss', false],
  ])('%j: %s (near: %s)', (name, candidate, near) => {
    expect(nearest(name, INPUTS)).toEqual({ candidate, near });
  });

  test('no candidate: null', () => expect(nearest('x', [])).toBeNull());
});

describe('epss: a bare number above 1 that is a percentage the input takes', () => {
  test.each([
    ['10', ' Did you mean 10%?'],
    ['2.5', ' Did you mean 2.5%?'],
    ['1.01', ' Did you mean 1.01%?'],
    ['100', ' Did you mean 100%?'],
    ['150', ''],
    ['100.5', ''],
    ['1', ''],
    ['0.5', ''],
    ['10%', ''],
    ['ten', ''],
    ['-5', ''],
    // 16 significant digits, more than a threshold takes.
    ['12.34567890123456', ''],
  ])('%j: %j', (value, suggestion) => expect(percentMeant(value)).toBe(suggestion));
});
