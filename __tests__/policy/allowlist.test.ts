import {
  allowEntryOf,
  appliesIn,
  byRepository,
  entryMatches,
  expiringEntries,
  isExpired,
  maxAllowProblem,
  parseAllowLines,
  parseAllowList,
  repositoryProblem,
  reviewAllowList,
  type AllowSubject,
} from '../../src/policy/allowlist.js';
import type { Alert, AllowEntry } from '../../src/model.js';

function alert(advisory: string, aliases: string[] = []): Pick<Alert, 'advisory' | 'aliases'> {
  return { advisory, aliases };
}

const FORM = '"<advisory-id> [for <package>] [until YYYY-MM-DD] [by <owner>] [# reason]"';
const OWNER_FORM = 'expected @user, @org/team or an e-mail address (security@acme.example)';
const PACKAGE_FORM =
  'expected a package URL or a name, version optional (pkg:npm/lodash, lodash@4.17.20, pkg:maven/org.apache.commons/commons-text)';

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
      'for, until, by and a reason, in that order',
      'GHSA-1 for pkg:npm/lodash@4.17.20 until 2026-12-31 by @acme/security # SEC-1',
      [{ id: 'GHSA-1', for: 'pkg:npm/lodash@4.17.20', until: '2026-12-31', by: '@acme/security', reason: 'SEC-1' }],
    ],
    ['for alone', 'GHSA-1 for lodash', [{ id: 'GHSA-1', for: 'lodash' }]],
    ['by alone, a user', 'GHSA-1 by @octocat', [{ id: 'GHSA-1', by: '@octocat' }]],
    ['by an e-mail address', 'GHSA-1 by security@acme.example', [{ id: 'GHSA-1', by: 'security@acme.example' }]],
    [
      'for and by, keywords in any case',
      'GHSA-1 FOR org.apache.commons:commons-text By @acme/app-sec',
      [{ id: 'GHSA-1', for: 'org.apache.commons:commons-text', by: '@acme/app-sec' }],
    ],
    [
      'two owned entries on a line, one reason',
      'GHSA-1 by @a, GHSA-2 for pkg:npm/@babel/core@7.0.0 by @b # both',
      [
        { id: 'GHSA-1', by: '@a', reason: 'both' },
        { id: 'GHSA-2', for: 'pkg:npm/@babel/core@7.0.0', by: '@b', reason: 'both' },
      ],
    ],
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
    [
      'until after by',
      'GHSA-1 by @a until 2026-01-01',
      [
        `allow-alerts line 1: "GHSA-1 by @a until 2026-01-01" gives "until" after "by"; the keywords go in this order: ${FORM}`,
      ],
    ],
    [
      'for after until',
      'GHSA-1 until 2026-01-01 for x',
      [
        `allow-alerts line 1: "GHSA-1 until 2026-01-01 for x" gives "for" after "until"; the keywords go in this order: ${FORM}`,
      ],
    ],
    [
      'a keyword twice',
      'GHSA-1 by @a by @b',
      [`allow-alerts line 1: "GHSA-1 by @a by @b" gives "by" twice; expected ${FORM}`],
    ],
    [
      'for without a package',
      'GHSA-1 for',
      [`allow-alerts line 1: "GHSA-1 for" has no package after "for"; expected ${FORM}`],
    ],
    [
      'for followed by a keyword',
      'GHSA-1 for until 2026-01-01',
      [`allow-alerts line 1: "GHSA-1 for until 2026-01-01" has no package after "for"; expected ${FORM}`],
    ],
    [
      'by without an owner',
      'GHSA-1 by',
      [`allow-alerts line 1: "GHSA-1 by" has no owner after "by"; expected ${FORM}`],
    ],
    ['for without an id', 'for lodash', [`allow-alerts line 1: "for lodash" is not ${FORM}`]],
    ['by without an id', 'by @a', [`allow-alerts line 1: "by @a" is not ${FORM}`]],
    ['a word where a keyword goes', 'GHSA-1 owner @a', [`allow-alerts line 1: "GHSA-1 owner @a" is not ${FORM}`]],
    [
      'for a pattern',
      'GHSA-1 for pkg:npm/@acme/*',
      [`allow-alerts line 1: "GHSA-1 for pkg:npm/@acme/*": for "pkg:npm/@acme/*" is not a package; ${PACKAGE_FORM}`],
    ],
    [
      'for a package URL without a name',
      'GHSA-1 for pkg:npm',
      [`allow-alerts line 1: "GHSA-1 for pkg:npm": for "pkg:npm" is not a package; ${PACKAGE_FORM}`],
    ],
    [
      'by a name without @',
      'GHSA-1 by acme',
      [`allow-alerts line 1: "GHSA-1 by acme": by "acme" is not an owner; ${OWNER_FORM}`],
    ],
    [
      'by a team without a slug',
      'GHSA-1 by @acme/',
      [`allow-alerts line 1: "GHSA-1 by @acme/": by "@acme/" is not an owner; ${OWNER_FORM}`],
    ],
    [
      'by a login ending in -',
      'GHSA-1 by @acme-',
      [`allow-alerts line 1: "GHSA-1 by @acme-": by "@acme-" is not an owner; ${OWNER_FORM}`],
    ],
    [
      'by an address without a dot in its domain',
      'GHSA-1 by sec@acme',
      [`allow-alerts line 1: "GHSA-1 by sec@acme": by "sec@acme" is not an owner; ${OWNER_FORM}`],
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

test('parseAllowLines gives each entry, and each error, its line', () => {
  expect(parseAllowLines('GHSA-1\n\nGHSA-2, GHSA-3 by x\nGHSA-4 for lodash')).toEqual({
    entries: [
      { entry: { id: 'GHSA-1' }, line: 1 },
      { entry: { id: 'GHSA-2' }, line: 3 },
      { entry: { id: 'GHSA-4', for: 'lodash' }, line: 4 },
    ],
    errors: [{ line: 3, message: `allow-alerts line 3: "GHSA-3 by x": by "x" is not an owner; ${OWNER_FORM}` }],
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
      'for and by, trimmed',
      { id: 'GHSA-1', for: ' pkg:maven/org.apache.commons/commons-text ', by: ' @acme/security ' },
      { id: 'GHSA-1', for: 'pkg:maven/org.apache.commons/commons-text', by: '@acme/security' },
    ],
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
    [{ id: 'GHSA-1', by: 'acme-security' }, `entry GHSA-1: by: "acme-security" is not an owner; ${OWNER_FORM}`],
    [{ id: 'GHSA-1', for: 'lodash 4.17.20' }, `entry GHSA-1: for: "lodash 4.17.20" is not a package; ${PACKAGE_FORM}`],
    [{ id: 'GHSA-1', for: ' ' }, `entry GHSA-1: for: "" is not a package; ${PACKAGE_FORM}`],
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

describe('entryMatches with for: the same package, the same version when for gives one', () => {
  const on = (pkg: string, advisory = 'GHSA-1'): AllowSubject => ({ advisory, aliases: ['CVE-1'], package: pkg });
  test.each<[string, string, string, boolean]>([
    ['its package URL, any version', 'pkg:npm/lodash', 'pkg:npm/lodash@4.17.20', true],
    ['its package URL and version', 'pkg:npm/lodash@4.17.20', 'pkg:npm/lodash@4.17.20', true],
    ['another version', 'pkg:npm/lodash@4.17.21', 'pkg:npm/lodash@4.17.20', false],
    ['a name alone, any ecosystem', 'lodash', 'pkg:npm/lodash@4.17.20', true],
    ['name@version', 'lodash@4.17.20', 'pkg:npm/lodash@4.17.20', true],
    ['name@version against name@version', 'lodash@4.17.20', 'lodash@4.17.20', true],
    [
      'a version spelled with v and build metadata',
      'pkg:golang/golang.org/x/net@v0.7.0+x',
      'pkg:golang/golang.org/x/net@0.7.0',
      true,
    ],
    ['another ecosystem', 'pkg:pypi/lodash', 'pkg:npm/lodash@4.17.20', false],
    ['another name', 'pkg:npm/lodash-es', 'pkg:npm/lodash@4.17.20', false],
    ['a scoped npm name', 'pkg:npm/@babel/core@7.0.0', 'pkg:npm/%40babel/core@7.0.0', true],
    ['Maven coordinates', 'org.apache.commons:commons-text', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['a Maven artifact alone', 'commons-text@1.9', 'pkg:maven/org.apache.commons/commons-text@1.9', true],
    ['another Maven group', 'pkg:maven/com.acme/commons-text', 'pkg:maven/org.apache.commons/commons-text@1.9', false],
    [
      'PyPI names by PEP 503, versions by PEP 440',
      'pkg:pypi/Typing_Extensions@3.2',
      'pkg:pypi/typing-extensions@3.2.0',
      true,
    ],
    ['a subject without a version, for with one', 'lodash@4.17.20', 'pkg:npm/lodash', false],
  ])('%s: %p', (_case, pkg, subject, matches) => {
    expect(entryMatches({ id: 'GHSA-1', for: pkg }, on(subject))).toBe(matches);
  });

  test('the advisory must match too; an alias serves', () => {
    expect(entryMatches({ id: 'GHSA-2', for: 'lodash' }, on('pkg:npm/lodash@1.0.0'))).toBe(false);
    expect(entryMatches({ id: 'cve-1', for: 'lodash' }, on('pkg:npm/lodash@1.0.0'))).toBe(true);
  });

  test('a subject whose package is not known, or cannot be read, is named by no entry with for', () => {
    expect(entryMatches({ id: 'GHSA-1', for: 'lodash' }, { advisory: 'GHSA-1', aliases: [] })).toBe(false);
    expect(entryMatches({ id: 'GHSA-1', for: 'lodash' }, on(''))).toBe(false);
    expect(entryMatches({ id: 'GHSA-1' }, { advisory: 'GHSA-1', aliases: [] })).toBe(true);
  });
});

describe('expiringEntries: 0 to 7 days left, soonest first', () => {
  test('of entries ending yesterday to in 8 days, and without an end', () => {
    const entries: AllowEntry[] = [
      { id: 'in-8', until: '2026-12-09' },
      { id: 'in-7', until: '2026-12-08' },
      { id: 'today', until: '2026-12-01' },
      { id: 'yesterday', until: '2026-11-30' },
      { id: 'none' },
      { id: 'in-3', until: '2026-12-04' },
    ];
    expect(expiringEntries(entries, '2026-12-01').map(({ entry, daysLeft }) => [entry.id, daysLeft])).toEqual([
      ['today', 0],
      ['in-3', 3],
      ['in-7', 7],
    ]);
  });

  test('across a month and a leap day, today given as a timestamp', () => {
    const [found] = expiringEntries([{ id: 'x', until: '2028-03-02' }], '2028-02-27T23:59:59.999Z');
    expect(found?.daysLeft).toBe(4);
  });
});

describe('maxAllowProblem: an entry must end within max-allow-days of the run', () => {
  test.each<[string, AllowEntry, string | null]>([
    ['ending on the last day allowed', { id: 'GHSA-1', until: '2027-01-01' }, null],
    ['ending earlier', { id: 'GHSA-1', until: '2026-12-05' }, null],
    ['expired (it allows nothing)', { id: 'GHSA-1', until: '2020-01-01' }, null],
    [
      'ending a day later',
      { id: 'GHSA-1', until: '2027-01-02' },
      'entry GHSA-1 ends on 2027-01-02, more than max-allow-days (31) after today (2026-12-01, UTC): its until can be 2027-01-01 at the latest.',
    ],
    [
      'without an end',
      { id: 'GHSA-1', for: 'lodash' },
      'entry GHSA-1 for lodash has no until date, and max-allow-days is 31: every entry must end, on 2027-01-01 (UTC) at the latest.',
    ],
  ])('%s', (_case, entry, problem) => {
    expect(maxAllowProblem(entry, 31, '2026-12-01')).toBe(problem);
  });
});

describe('reviewAllowList: expired, coming due, unused', () => {
  const alert = (advisory: string, pkg: string, status: 'gating' | 'allowed' | 'below-threshold') => ({
    advisory,
    aliases: [],
    status,
    package: pkg,
  });
  const judged = [
    alert('GHSA-used', 'pkg:npm/lodash@4.17.20', 'allowed'),
    alert('GHSA-below', 'pkg:npm/ws@7.0.0', 'below-threshold'),
    alert('GHSA-old', 'pkg:npm/qs@6.7.0', 'gating'),
  ];
  const entries: AllowEntry[] = [
    { id: 'GHSA-used', for: 'lodash', until: '2026-12-03', by: '@acme/security' },
    { id: 'GHSA-below' },
    { id: 'GHSA-old', until: '2026-11-01' },
    { id: 'GHSA-used', for: 'pkg:npm/lodash@1.0.0' },
    { id: 'GHSA-none' },
  ];

  test('every alert read: an entry that names nothing read is unused, with its warning', () => {
    const review = reviewAllowList(entries, judged, '2026-12-01', true);
    expect(review.unused).toEqual([entries[3], entries[4]]);
    expect(review.expiring).toEqual([{ entry: entries[0], daysLeft: 2 }]);
    expect(review.warnings).toEqual([
      {
        kind: 'expired-allow',
        message:
          'allow-alerts entry GHSA-old expired: its until date 2026-11-01 has passed, so it suppresses nothing. 1 alert it matches fails the gate again.',
      },
      {
        kind: 'unmatched-allow',
        message:
          'allow-alerts entry GHSA-used for pkg:npm/lodash@1.0.0 matches no alert of this repository: it can be removed, or the id may be mistyped.',
      },
      {
        kind: 'unmatched-allow',
        message:
          'allow-alerts entry GHSA-none matches no alert of this repository: it can be removed, or the id may be mistyped.',
      },
      {
        kind: 'expiring-allow',
        message:
          'allow-alerts entry GHSA-used for lodash (owner @acme/security) ends on 2026-12-03 (2 days left): renew it on purpose with a later until, or fix what it allows.',
      },
    ]);
  });

  test('the alerts not all read: nothing is unused, and no warning says so', () => {
    const review = reviewAllowList(entries, judged, '2026-12-01', false);
    expect(review.unused).toBeNull();
    expect(review.warnings.map((w) => w.kind)).toEqual(['expired-allow', 'expiring-allow']);
  });
});
