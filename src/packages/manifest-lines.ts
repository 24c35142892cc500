// Where a manifest names a package: the first line of the file that holds its name as a word of its
// own (contract: "Brought in by the pull request": an annotation at the first line of the workspace's
// copy of the manifest that names the package, else line 1). Pure: the caller reads the file.

/** The part a manifest writes: a Maven artifact id without its group, a scoped npm name whole. */
function written(name: string): string {
  const trimmed = name.trim();
  const colon = trimmed.lastIndexOf(':');
  return trimmed.startsWith('@') || colon === -1 ? trimmed : trimmed.slice(colon + 1);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first line (from 1) naming `name`, case-insensitively, not as part of a longer name; null when none. */
export function lineNaming(text: string, name: string): number | null {
  const word = written(name);
  if (word === '') return null;
  // Name characters around it would make it another package (`lodash` in `lodash.merge`, in
  // `@types/lodash`); npm's lockfile names a package by its path, `node_modules/lodash`.
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.@/-]|node_modules/)${escaped(word)}($|[^A-Za-z0-9_.-])`, 'i');
  const lines = text.split(/\r\n|\r|\n/);
  const index = lines.findIndex((line) => pattern.test(line));
  return index === -1 ? null : index + 1;
}
