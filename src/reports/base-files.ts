// What the job summary and the PR comment say of the workspace files the verdict rests on that were
// read at the change's base commit (contract: "A pull request cannot change the policy that judges
// it"): which files, at which commit, and what the change does to each, taking effect once merged.
import type { BaseFileView, GateResult } from '../model.js';
import { formatNumber } from './format.js';
import { code } from './markdown.js';

/** Files named in the line, and sentences about changes: VEX documents may be many. */
const MAX_LISTED = 5;

/** Markdown, one line: the files read at the base commit and what the change does to them; null when none was. */
export function baseFilesLine({ baseFiles, change }: Pick<GateResult, 'baseFiles' | 'change'>): string | null {
  const first = baseFiles[0];
  if (first === undefined) return null;
  const commit = code(first.commit.slice(0, 7), 7);
  const what = change?.event === 'merge_group' ? 'merge group' : 'pull request';
  const names = baseFiles.map(fileName);
  const files = names.slice(0, MAX_LISTED).join(', ');
  const moreFiles = names.length > MAX_LISTED ? ` and ${formatNumber(names.length - MAX_LISTED)} more` : '';
  const said = baseFiles.map((file) => changeSentence(file, what, commit)).filter((line) => line !== null);
  const changes = said.slice(0, MAX_LISTED).map((line) => ` ${line}`);
  if (said.length > MAX_LISTED)
    changes.push(` This ${what} changes ${formatNumber(said.length - MAX_LISTED)} more of them (see the JSON report).`);
  return `**Workspace files** read at the base commit ${commit}, whose copies judge this ${what}: ${files}${moreFiles}.${changes.join('')}`;
}

/** "`security/kev.json` (`kev-url`)", and when the base commit does not hold it, so. */
const fileName = ({ path, input, atBase }: BaseFileView) =>
  `${code(path, 200)} (${code(input, 40)}${atBase ? '' : ', not in the base commit'})`;

/** What the change does to one file, in a sentence; null when nothing. */
function changeSentence({ path, change }: BaseFileView, what: string, commit: string): string | null {
  const [file, judges] = [code(path, 200), `the copy at the base commit ${commit} judges`];
  switch (change) {
    case 'none':
      return null;
    case 'changed':
      return `This ${what} changes ${file}; ${judges}, the change takes effect once merged.`;
    case 'removed':
      return `This ${what} removes ${file}; ${judges}, the removal takes effect once merged.`;
    case 'added':
      return `This ${what} adds ${file}; the base commit ${commit} has none, the change takes effect once merged.`;
    case null:
      return `Whether this ${what} changes ${file} cannot be told (its copy cannot be read).`;
  }
}
