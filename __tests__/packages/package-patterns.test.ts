// deny-packages' entries as read (contract: "Before any advisory", denied packages: "A value that is
// not a package URL is an input error naming it"). Expectations from the contract's examples.
import { describe, expect, test } from '@jest/globals';
import { readDenyEntry } from '../../src/packages/package-patterns.js';

describe('readDenyEntry', () => {
  test.each([
    ['pkg:npm/event-stream', { purl: 'pkg:npm/event-stream', reason: null }],
    ['pkg:npm/ua-parser-js@0.7.29 # one version', { purl: 'pkg:npm/ua-parser-js@0.7.29', reason: 'one version' }],
    ['pkg:npm/@evil-scope/*', { purl: 'pkg:npm/@evil-scope/*', reason: null }],
    [
      'pkg:maven/com.evil/* # a group, reasons may hold, commas',
      { purl: 'pkg:maven/com.evil/*', reason: 'a group, reasons may hold, commas' },
    ],
  ])('%s is an entry', (text, entry) => {
    expect(readDenyEntry(text)).toEqual(entry);
  });

  test.each([
    ['event-stream', 'event-stream'],
    // A list on one line with a reason: never one entry whose "name" holds a comma and names nothing.
    ['pkg:npm/left-pad, event-stream # compromised', 'pkg:npm/left-pad, event-stream'],
    ['pkg:npm/left-pad,pkg:npm/event-stream # compromised', 'pkg:npm/left-pad,pkg:npm/event-stream'],
    ['pkg:npm/left pad', 'pkg:npm/left pad'],
  ])('%s is not a package URL, named in the message', (text, named) => {
    expect(readDenyEntry(text)).toEqual(expect.stringContaining(`${JSON.stringify(named)} is not a package URL`));
  });
});
