// A version that tells the truth (contract: "Rolling out to many repositories"): package.json's
// version is the release main is, the CHANGELOG's newest section and docs/versions.md say the same,
// and every snippet that runs the action pins the documented placeholder with that version as its
// comment. What dist/ reports is tested in integration/version.test.ts.
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { toolOf, versionLine } from '../src/version.js';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };
const changelog = read('CHANGELOG.md');
const versions = read('docs/versions.md');

/** The placeholder the snippets pin, documented in docs/versions.md ("Pin by commit SHA"). */
const PLACEHOLDER = '<SHA>';
const SHA = 'a'.repeat(40);

describe('toolOf and versionLine: the commit only from a full SHA ref', () => {
  test.each([
    [SHA, SHA, `security-gate ${version} (commit ${SHA})`],
    [
      'ABCDEF0123ABCDEF0123ABCDEF0123ABCDEF0123',
      'abcdef0123abcdef0123abcdef0123abcdef0123',
      `security-gate ${version} (commit abcdef0123abcdef0123abcdef0123abcdef0123)`,
    ],
    ['v1', null, `security-gate ${version} (ref v1)`],
    ['v1.1.0', null, `security-gate ${version} (ref v1.1.0)`],
    ['aaaaaaa', null, `security-gate ${version} (ref aaaaaaa)`],
    [`${SHA}a`, null, `security-gate ${version} (ref ${SHA}a)`],
    [`g${SHA.slice(1)}`, null, `security-gate ${version} (ref g${SHA.slice(1)})`],
    [null, null, `security-gate ${version}`],
  ])('ref %s: commit %s', (ref, commit, line) => {
    expect(toolOf(ref)).toEqual({ name: 'security-gate', version, commit });
    expect(versionLine(ref)).toBe(line);
  });
});

describe("package.json's version is the release the CHANGELOG and docs/versions.md name", () => {
  test('package.json has a MAJOR.MINOR.PATCH version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test("the CHANGELOG's first section is that release, dated, with its link; no Unreleased above it", () => {
    const first = /^## (.*)$/m.exec(changelog)?.[1];
    expect(first).toMatch(new RegExp(`^\\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`));
    const date = /(\d{4}-\d{2}-\d{2})$/.exec(first!)![1]!;
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    expect(changelog).toMatch(new RegExp(`^\\[${version.replace(/\./g, '\\.')}\\]: https://`, 'm'));
    expect(changelog).toContain(`**What is released.** ${version} (${date}) is the current release`);
  });

  test('docs/versions.md says the same release, with the same date, is the current one', () => {
    const date = new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - (\\S+)$`, 'm').exec(changelog)?.[1];
    expect(versions).toContain(`**What is released today.** ${version} (${date}), the current release`);
  });
});

/** Every `uses:` line of the README, docs/ and examples/ that runs this action, where it is. */
function gateLines(): { where: string; line: string }[] {
  const files = [
    'README.md',
    ...readdirSync(new URL('../docs/', import.meta.url))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...readdirSync(new URL('../examples/', import.meta.url))
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => `examples/${f}`),
  ];
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .map((line, at) => ({ where: `${file}:${at + 1}`, line: line.trim() }))
      .filter(({ line }) => /^(?:-\s+)?uses:\s*\S*security-gate@/.test(line)),
  );
}

describe('every snippet pins the placeholder, with package.json version as its comment', () => {
  const lines = gateLines();

  test('the snippets are found, in the README, docs/ and examples/', () => {
    const files = new Set(lines.map(({ where }) => where.split('/')[0]!.split(':')[0]));
    expect([...files].sort()).toEqual(['README.md', 'docs', 'examples']);
    expect(lines.length).toBeGreaterThanOrEqual(10);
  });

  test(`each is OWNER/security-gate@${PLACEHOLDER} # v${version}`, () => {
    const wanted = `OWNER/security-gate@${PLACEHOLDER} # v${version}`;
    const wrong = lines
      .filter(({ line }) => line.replace(/^(?:-\s+)?uses:\s*/, '') !== wanted)
      .map(({ where, line }) => `${where}: ${line} (wanted uses: ${wanted})`);
    expect(wrong).toEqual([]);
  });

  test('docs/versions.md says the placeholder is one, and how to get the SHA of that release', () => {
    const pin = /^## Pin by commit SHA\n([\s\S]*?)^## /m.exec(versions)![1]!;
    expect(pin).toContain(`\`${PLACEHOLDER}\` is a placeholder`);
    expect(pin).toContain(`git ls-remote https://github.com/OWNER/security-gate 'refs/tags/v${version}*'`);
  });

  test('the README says, after the quick start, what the placeholder stands for and how to get it', () => {
    const readme = read('README.md');
    const quickStart = /^## Quick start\n([\s\S]*?)^## /m.exec(readme)![1]!;
    expect(quickStart).toContain(`\`${PLACEHOLDER}\` is a placeholder`);
    expect(quickStart).toContain(`git ls-remote https://github.com/OWNER/security-gate 'refs/tags/v${version}*'`);
    expect(quickStart).toContain(`keep \`# v${version}\``);
    expect(quickStart).toContain("Dependabot's `github-actions` ecosystem");
  });
});
