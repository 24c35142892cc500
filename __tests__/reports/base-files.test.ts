// What the job summary and the PR comment say of the workspace files read at the change's base
// commit: one line in "What the verdict rests on" and in the comment, naming the files and, when the
// change changes one, saying that the base copy judges and the change takes effect once merged.
import { describe, expect, test } from '@jest/globals';
import type { BaseFileView, ChangeView } from '../../src/model.js';
import { baseFilesLine } from '../../src/reports/base-files.js';
import { renderComment } from '../../src/reports/comment.js';
import { restsOnSection } from '../../src/reports/summary-change.js';
import { makeResult } from '../fixtures/result.js';
import { render, seen } from './render.js';

const BASE = 'abc1234def5678abc1234def5678abc1234def56';
const PR: ChangeView = {
  event: 'pull_request',
  pullRequest: 12,
  base: BASE,
  head: 'bbbbbbb2222222',
  state: 'off',
  entries: null,
  reason: null,
};
const file = (overrides: Partial<BaseFileView> = {}): BaseFileView => ({
  input: 'kev-url',
  path: 'kev.json',
  commit: BASE,
  atBase: true,
  change: 'none',
  ...overrides,
});
/** The line as a reader sees it. */
const said = (baseFiles: BaseFileView[], change: ChangeView | null = PR) => {
  const line = baseFilesLine({ baseFiles, change });
  return line === null ? null : seen(render(line).paragraphs.join(' '));
};

describe('the line', () => {
  test('none read at a base (off a pull request): nothing said', () => {
    expect(said([], null)).toBeNull();
  });

  test.each<[string, Partial<BaseFileView>, string]>([
    ['the same copy', {}, ''],
    [
      'a changed copy',
      { change: 'changed' },
      ' This pull request changes kev.json; the copy at the base commit abc1234 judges, the change takes effect once merged.',
    ],
    [
      'a removed copy',
      { change: 'removed' },
      ' This pull request removes kev.json; the copy at the base commit abc1234 judges, the removal takes effect once merged.',
    ],
    [
      'an added copy',
      { atBase: false, change: 'added' },
      ' This pull request adds kev.json; the base commit abc1234 has none, the change takes effect once merged.',
    ],
    [
      'a copy that cannot be compared',
      { change: null },
      ' Whether this pull request changes kev.json cannot be told (its copy cannot be read).',
    ],
  ])('%s', (_name, overrides, sentence) => {
    const name = overrides.atBase === false ? 'kev.json (kev-url, not in the base commit)' : 'kev.json (kev-url)';
    expect(said([file(overrides)])).toBe(
      `Workspace files read at the base commit abc1234, whose copies judge this pull request: ${name}.${sentence}`,
    );
  });

  test('in a merge group, the merge group is named', () => {
    expect(said([file({ change: 'changed' })], { ...PR, event: 'merge_group', pullRequest: null })).toMatch(
      /judge this merge group: .* This merge group changes kev\.json;/,
    );
  });

  test('many files: the first five named, then how many more; the same for the changes', () => {
    const files = Array.from({ length: 8 }, (_, i) =>
      file({ input: 'vex-files', path: `vex/${i}.json`, change: 'changed' }),
    );
    const line = said(files)!;
    expect(line).toContain('vex/4.json (vex-files) and 3 more.');
    expect(line).not.toContain('vex/5.json (vex-files)');
    expect(line.match(/This pull request changes vex\/\d\.json/g)).toHaveLength(5);
    expect(line).toMatch(/This pull request changes 3 more of them \(see the JSON report\)\.$/);
  });

  test('a path with markup characters stays one code span', () => {
    const line = baseFilesLine({ baseFiles: [file({ path: 'a`b|*c*.json', change: 'changed' })], change: PR })!;
    expect(render(line).inlineMarkup.filter((m) => m === 'em_open')).toEqual([]);
    expect(seen(render(line).paragraphs.join(' '))).toContain('changes a`b|*c*.json;');
  });
});

describe('where it shows', () => {
  const result = makeResult({ change: PR, baseFiles: [file({ change: 'changed' })] });
  const sentence =
    'This pull request changes `kev.json`; the copy at the base commit `abc1234` judges, the change takes effect once merged.';

  test('the job summary: a line of "What the verdict rests on"', () => {
    const lines = restsOnSection(result).split('\n');
    expect(lines.filter((line) => line.includes(sentence))).toHaveLength(1);
    expect(lines.find((line) => line.includes(sentence))!.startsWith('- **Workspace files** read at')).toBe(true);
  });

  test('the PR comment', () => {
    expect(renderComment(result, null)).toContain(sentence);
  });

  test('off a pull request neither says anything of it', () => {
    const plain = makeResult();
    expect(restsOnSection(plain)).not.toContain('base commit');
    expect(renderComment(plain, null)).not.toContain('base commit');
  });
});
