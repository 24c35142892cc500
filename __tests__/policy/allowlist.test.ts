import {
  allowEntryOf,
  appliesIn,
  byRepository,
  entryMatches,
  isExpired,
  parseAllowList,
  repositoryProblem,
} from '../../src/policy/allowlist.js';
import type { Alert, AllowEntry } from '../../src/model.js';

function alert(advisory: string, aliases: string[] = []): Pick<Alert, 'advisory' | 'aliases'> {
  return { advisory, aliases };
}

const FORM = '"<advisory-id> [until YYYY-MM-DD] [# reason]"';

describe('parseAllowList', () => {
  test.each<[string, string, AllowEntry[]]>([
    ['empty input', '', []],
    ['blank lines and comment-only lines', '\n   \n# just a note\n  # indented note\n', []],
    ['one id', 'GHSA-aaaa-bbbb-cccc', [{ id: 'GHSA-aaaa-bbbb-cccc' }]],
    [
      'one id per line',
      'GHSA-1\nCVE-2024-0001\r\nGHSA-3',
      [{ id: 'GHSA-1' }, { id: 'CVE-2024-0001' }, { id: 'GHSA-3' }],
    ],
    ['comma-separated ids', 'GHSA-1, GHSA-2,GHSA-3', [{ id: 'GHSA-1' }, { id: 'GHSA-2' }, { id: 'GHSA-3' }]],
    [
      'commas and newlines mixed, with a trailing comma',
      'GHSA-1, GHSA-2\nGHSA-3 until 2026-03-01,\n\nGHSA-4',
      [{ id: 'GHSA-1' }, { id: 'GHSA-2' }, { id: 'GHSA-3', until: '2026-03-01' }, { id: 'GHSA-4' }],
    ],
    ['an until date', 'GHSA-1 until 2026-12-31', [{ id: 'GHSA-1', until: '2026-12-31' }]],
    [
      'the until keyword in any case',
      'GHSA-1 UNTIL 2026-01-31, GHSA-2 Until 2028-02-29',
      [
        { id: 'GHSA-1', until: '2026-01-31' },
        { id: 'GHSA-2', until: '2028-02-29' },
      ],
    ],
    ['extra spaces and tabs', '   GHSA-1 \t until   2026-05-05   ', [{ id: 'GHSA-1', until: '2026-05-05' }]],
    ['a reason', 'GHSA-1 # no fix upstream yet', [{ id: 'GHSA-1', reason: 'no fix upstream yet' }]],
    [
      'a reason after a date',
      'GHSA-1 until 2026-06-30 # dev dependency only',
      [{ id: 'GHSA-1', until: '2026-06-30', reason: 'dev dependency only' }],
    ],
    [
      'a reason that applies to every entry on its line only',
      'GHSA-1, GHSA-2 until 2026-01-01 # test fixtures, not shipped\nGHSA-3',
      [
        { id: 'GHSA-1', reason: 'test fixtures, not shipped' },
        { id: 'GHSA-2', until: '2026-01-01', reason: 'test fixtures, not shipped' },
        { id: 'GHSA-3' },
      ],
    ],
    ['an empty reason as no reason', 'GHSA-1 #   ', [{ id: 'GHSA-1' }]],
    [
      'duplicate ids, both kept',
      'GHSA-1\nghsa-1 until 2026-01-01',
      [{ id: 'GHSA-1' }, { id: 'ghsa-1', until: '2026-01-01' }],
    ],
  ])('parses %s', (_case, text, expected) => {
    expect(parseAllowList(text)).toEqual({ entries: expected, errors: [] });
  });

  test.each<[string, string, string[]]>([
    ['garbage after the id', 'GHSA-1\nGHSA-x foo', [`allow-alerts line 2: "GHSA-x foo" is not ${FORM}`]],
    ['a date without until', 'GHSA-1 2026-01-01', [`allow-alerts line 1: "GHSA-1 2026-01-01" is not ${FORM}`]],
    [
      'until without a date',
      'GHSA-1 until # soon',
      [`allow-alerts line 1: "GHSA-1 until" has no date after "until"; expected ${FORM}`],
    ],
    ['until without an id', 'until 2026-01-01', [`allow-alerts line 1: "until 2026-01-01" is not ${FORM}`]],
    ['the word until alone', 'until', [`allow-alerts line 1: "until" is not ${FORM}`]],
    [
      'words after the date',
      'GHSA-1 until 2026-01-01 please',
      [`allow-alerts line 1: "GHSA-1 until 2026-01-01 please" is not ${FORM}`],
    ],
    ['an impossible day', 'GHSA-1 until 2026-02-30', ['allow-alerts line 1: "2026-02-30" is not a real date']],
    [
      '29 February outside a leap year',
      'GHSA-1 until 2100-02-29',
      ['allow-alerts line 1: "2100-02-29" is not a real date'],
    ],
    ['month 13', 'GHSA-1 until 2026-13-01', ['allow-alerts line 1: "2026-13-01" is not a real date']],
    ['day zero', 'GHSA-1 until 2026-01-00', ['allow-alerts line 1: "2026-01-00" is not a real date']],
    [
      'a date in another form',
      'GHSA-1 until 31/12/2026',
      ['allow-alerts line 1: "31/12/2026" is not a date in the form YYYY-MM-DD'],
    ],
    [
      'a date without leading zeros',
      'GHSA-1 until 2026-1-5',
      ['allow-alerts line 1: "2026-1-5" is not a date in the form YYYY-MM-DD'],
    ],
  ])('reports %s with its line and the expected form', (_case, text, errors) => {
    expect(parseAllowList(text).errors).toEqual(errors);
  });

  test('reports every bad entry at once and keeps the good ones', () => {
    const { entries, errors } = parseAllowList('GHSA-1, bad entry, GHSA-2\n\nGHSA-3 until 2026-02-30 # why');
    expect(entries).toEqual([{ id: 'GHSA-1' }, { id: 'GHSA-2' }]);
    expect(errors).toEqual([
      `allow-alerts line 1: "bad entry" is not ${FORM}`,
      'allow-alerts line 3: "2026-02-30" is not a real date',
    ]);
  });
});

describe('allowEntryOf: an entry given field by field keeps each field, whatever the id holds', () => {
  test.each<[string, Parameters<typeof allowEntryOf>[0], AllowEntry]>([
    ['an id alone', { id: 'GHSA-1' }, { id: 'GHSA-1' }],
    [
      'an id holding #',
      { id: 'GHSA-1 # x', until: '2020-01-31', reason: 'r' },
      { id: 'GHSA-1 # x', until: '2020-01-31', reason: 'r' },
    ],
    [
      'an id holding a comma',
      { id: 'GHSA-1, GHSA-2', until: '2020-01-31' },
      { id: 'GHSA-1, GHSA-2', until: '2020-01-31' },
    ],
    [
      'an id holding until',
      { id: 'GHSA-1 until 2099-12-31', until: '2020-01-31' },
      { id: 'GHSA-1 until 2099-12-31', until: '2020-01-31' },
    ],
    ['the word until as the id', { id: 'until', until: '2020-01-31' }, { id: 'until', until: '2020-01-31' }],
    [
      'a reason holding # and until',
      { id: 'GHSA-1', reason: ' a # b until c ' },
      { id: 'GHSA-1', reason: 'a # b until c' },
    ],
    ['an empty reason as none', { id: 'GHSA-1', reason: '  ' }, { id: 'GHSA-1' }],
    [
      'repositories, trimmed',
      { id: 'GHSA-1', repositories: [' acme/webshop', 'acme/web-* '] },
      { id: 'GHSA-1', repositories: ['acme/webshop', 'acme/web-*'] },
    ],
  ])('%s', (_case, fields, entry) => {
    expect(allowEntryOf(fields)).toEqual(entry);
  });

  test.each([
    [{ id: ' ' }, 'an entry needs an id (the advisory id)'],
    [{ id: 'GHSA-1', until: '2026-02-30' }, 'until: "2026-02-30" is not a real date'],
    [{ id: 'GHSA-1', until: '2026-12-31 # x' }, 'until: "2026-12-31 # x" is not a date in the form YYYY-MM-DD'],
    [
      { id: 'GHSA-1', repositories: [] },
      'repositories: lists no repository; name one (owner/name), or leave repositories out to allow in every repository.',
    ],
    [
      { id: 'GHSA-1', repositories: ['acme/web', '*/web'] },
      'repositories: "*/web" is not owner/name (a * only at the end, as in acme/web-*).',
    ],
  ])('%j is refused', (fields, message) => {
    expect(allowEntryOf(fields)).toBe(message);
  });
});

describe('isExpired', () => {
  test.each<[string, AllowEntry, string, boolean]>([
    ['no until date', { id: 'GHSA-1' }, '2030-01-01', false],
    ['until in the future', { id: 'GHSA-1', until: '2026-06-02' }, '2026-06-01', false],
    ['until today (inclusive)', { id: 'GHSA-1', until: '2026-06-01' }, '2026-06-01', false],
    ['until yesterday', { id: 'GHSA-1', until: '2026-05-31' }, '2026-06-01', true],
    ['until last year', { id: 'GHSA-1', until: '2025-12-31' }, '2026-01-01', true],
    ['until today, today given as a timestamp', { id: 'GHSA-1', until: '2026-06-01' }, '2026-06-01T23:59:59Z', false],
  ])('%s: expired = %p', (_case, entry, today, expected) => {
    expect(isExpired(entry, today)).toBe(expected);
  });
});

describe('entryMatches', () => {
  const withAliases = alert('GHSA-jf85-cpcp-j695', ['CVE-2019-10744', ' SNYK-JS-LODASH-450202 ']);
  test.each<[string, string, Pick<Alert, 'advisory' | 'aliases'>, boolean]>([
    ['the advisory id', 'GHSA-jf85-cpcp-j695', withAliases, true],
    ['the advisory id in another case', 'ghsa-JF85-cpcp-J695', withAliases, true],
    ['an alias', 'CVE-2019-10744', withAliases, true],
    ['an alias in another case', 'cve-2019-10744', withAliases, true],
    ['an alias with stray spaces on the alert side', 'snyk-js-lodash-450202', withAliases, true],
    ['an id with stray spaces on the entry side', '  CVE-2019-10744 ', withAliases, true],
    ['a different id', 'CVE-2019-10745', withAliases, false],
    ['a prefix of the id', 'GHSA-jf85', withAliases, false],
    ['an alert without aliases', 'CVE-2019-10744', alert('GHSA-jf85-cpcp-j695'), false],
    ['an empty entry id against an empty alias', '', alert('GHSA-1', ['']), false],
  ])('matches %s: %p', (_case, id, target, expected) => {
    expect(entryMatches({ id }, target)).toBe(expected);
  });
});

describe('the repositories a policy file entry names', () => {
  test.each([
    ['acme/webshop', null],
    ['acme/*', null],
    ['acme/web-*', null],
    ['Acme-Corp/My_Repo.js', null],
    ['acme', 'not owner/name'],
    ['acme/', 'not owner/name'],
    ['*/webshop', 'not owner/name'],
    ['acme/*/x', 'not owner/name'],
    ['acme/web*shop', 'not owner/name'],
    ['*', 'not owner/name'],
    ['acme/web shop', 'not owner/name'],
    ['https://github.com/acme/webshop', 'not owner/name'],
  ])('%s: %s', (pattern, problem) => {
    const found = repositoryProblem(pattern);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toBe(`"${pattern}" is not owner/name (a * only at the end, as in acme/web-*).`);
  });

  const entry = (...repositories: string[]): AllowEntry => ({ id: 'GHSA-1', repositories });
  test.each<[string, AllowEntry, string | null, boolean]>([
    ['no repositories: everywhere', { id: 'GHSA-1' }, 'acme/webshop', true],
    ['no repositories, the repository unknown', { id: 'GHSA-1' }, null, true],
    ['the repository named', entry('acme/webshop'), 'acme/webshop', true],
    ['named in another case', entry('ACME/WebShop'), 'acme/webshop', true],
    ['the runner spelling it in another case', entry('acme/webshop'), 'Acme/WebShop', true],
    ['another repository', entry('acme/other'), 'acme/webshop', false],
    ['a name that only starts alike, no *', entry('acme/web'), 'acme/webshop', false],
    ['one of several', entry('acme/other', 'acme/webshop'), 'acme/webshop', true],
    ['acme/* in acme', entry('acme/*'), 'acme/webshop', true],
    ['acme/* in another owner', entry('acme/*'), 'acme-corp/webshop', false],
    ['a prefix of the name', entry('acme/web-*'), 'acme/web-shop', true],
    ['a prefix the name lacks', entry('acme/web-*'), 'acme/webshop', false],
    ['the repository unknown (off a runner): not known to apply', entry('acme/*'), null, false],
    ['an empty repository', entry('acme/*'), '', false],
  ])('%s', (_case, allow, repository, applies) => {
    expect(appliesIn(allow, repository)).toBe(applies);
  });

  test('byRepository keeps the order, here and elsewhere', () => {
    const entries = [entry('acme/other'), { id: 'GHSA-2' }, entry('acme/*'), entry('beta/*')];
    expect(byRepository(entries, 'acme/webshop')).toEqual({
      allowAlerts: [{ id: 'GHSA-2' }, entry('acme/*')],
      allowAlertsElsewhere: [entry('acme/other'), entry('beta/*')],
    });
  });
});
