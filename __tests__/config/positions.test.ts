import { describe, expect, test } from '@jest/globals';
import { atPosition, positionIn } from '../../src/config/positions.js';

describe('an error at a place in the policy file, written and read back', () => {
  test('FILE:LINE:COLUMN: message, and back to its place and message', () => {
    const error = atPosition(
      '.github/gate.yml',
      { line: 4, column: 21 },
      'ignore-unreachable: expected a single value',
    );
    expect(error).toBe('.github/gate.yml:4:21: ignore-unreachable: expected a single value');
    expect(positionIn(error, '.github/gate.yml')).toEqual({
      line: 4,
      column: 21,
      message: 'ignore-unreachable: expected a single value',
    });
  });

  test('a message over several lines is kept whole', () => {
    const error = atPosition('p.yml', { line: 2, column: 1 }, 'first\nsecond');
    expect(positionIn(error, 'p.yml')?.message).toBe('first\nsecond');
  });

  test.each([
    ['another file', 'q.yml:2:1: bad'],
    ['a file whose name starts alike', 'p.yml.bak:2:1: bad'],
    ["the base commit's copy", 'p.yml@abc1234:2:1: bad'],
    ['an error with no place', 'config-file p.yml: is larger than 1 MiB; a policy file is a few lines of YAML.'],
    ['an input error', 'max-retries: "99" is not accepted'],
    ['a line but no column', 'p.yml:2: bad'],
  ])('%s: no place in p.yml', (_name, error) => {
    expect(positionIn(error, 'p.yml')).toBeNull();
  });
});
