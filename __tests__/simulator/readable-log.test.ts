// The demo's log: workflow commands on the action's stdout read as the runner's log view shows them.
import { describe, expect, test } from '@jest/globals';
import { decodeData, decodeProperty, readableLine, readableLog } from '../../simulator/readable-log.js';

describe('readableLine', () => {
  test.each([
    [
      '::error file=package.json,line=12::log4j-core 2.14.1: critical',
      'error   package.json:12  log4j-core 2.14.1: critical',
    ],
    ['::warning file=pom.xml,line=3,col=7,title=Overdue::CVE-1', 'warning pom.xml:3:7  Overdue: CVE-1'],
    ['::notice::3 alerts are due', 'notice  3 alerts are due'],
    ['::debug::POST /api/alerts page 2: 200 in 12 ms', 'debug   POST /api/alerts page 2: 200 in 12 ms'],
    ['::error file=a%2Cb%3Ac.json,title=x%25y::100%25 sure', 'error   a,b:c.json  x%y: 100% sure'],
    ['::error::first%0Asecond', 'error   first\n        second'],
    ['::group::Reading alerts', '\n▸ Reading alerts'],
    ['plain text with :: inside', 'plain text with :: inside'],
  ])('%j reads %j', (line, expected) => {
    expect(readableLine(line)).toBe(expected);
  });

  test.each(['::endgroup::', '::add-mask::s3cr3t', '::set-output name=x::1'])('%j shows no line', (line) => {
    expect(readableLine(line)).toBeNull();
  });
});

test('decoding is the runner’s: %25 last, so an escaped escape stays literal', () => {
  expect(decodeData('%250A')).toBe('%0A');
  expect(decodeProperty('%253A')).toBe('%3A');
  expect(decodeData('a%0D%0Ab')).toBe('a\r\nb');
});

test('a whole log: groups become headings, their ends and masks vanish, annotations read as lines', () => {
  const stdout = [
    '::add-mask::tok',
    '::group::Alerts',
    'read 3',
    '::endgroup::',
    '::error file=p.json,line=1::bad',
  ].join('\n');
  expect(readableLog(stdout)).toBe('\n▸ Alerts\nread 3\nerror   p.json:1  bad');
  expect(readableLog(stdout)).not.toContain('::');
});
