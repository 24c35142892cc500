// Versions in order and GitHub's advisory ranges (packages/version-order.ts), for the Fix column
// (contract: "The fix"). Expectations from semver's and GitHub's documented examples.
import { describe, expect, test } from '@jest/globals';
import { compareVersions, inRange } from '../../src/packages/version-order.js';

describe('compareVersions', () => {
  test.each([
    ['1.0.0', '1.0.0', 0],
    ['2.10.0', '2.9.0', 1],
    ['1.2', '1.2.0', 0],
    ['v1.2.3', '1.2.3', 0],
    ['1.2.3+build.5', '1.2.3', 0],
    ['2.0.0-beta.1', '2.0.0', -1],
    ['2.0.0-beta.2', '2.0.0-beta.10', -1],
    ['2.0.0-alpha', '2.0.0-beta', -1],
    ['2.0.0-rc.1', '2.0.0-beta.9', 1],
    ['4.17.20', '4.17.21', -1],
    ['2.9.10.8', '2.9.10', 1],
  ])('%s vs %s: %i', (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
    expect(compareVersions(b, a)).toBe(-order || 0);
  });
});

describe("inRange: GitHub's vulnerable version ranges", () => {
  test.each([
    ['4.17.20', '< 4.17.21', true],
    ['4.17.21', '< 4.17.21', false],
    ['2.14.1', '>= 2.13.0, < 2.15.0', true],
    ['2.12.0', '>= 2.13.0, < 2.15.0', false],
    ['1.0', '<= 1.0', true],
    ['1.0.1', '<= 1.0', false],
    ['3.0.0', '= 3.0.0', true],
    ['3.0.0', '3.0.0', true],
    ['3.0.0', '> 3.0.0', false],
    ['3.0.0', 'not a range', false],
  ])('%s in %j: %s', (version, range, inside) => {
    expect(inRange(version, range)).toBe(inside);
  });
});
