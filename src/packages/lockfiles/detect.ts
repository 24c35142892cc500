// Which lockfile a path is, by its base name (contract: "Without GitHub's dependency graph"), and the
// go.mod a go.sum is read with.

export type LockfileFormat =
  | 'npm'
  | 'yarn'
  | 'pnpm'
  | 'requirements'
  | 'poetry'
  | 'pipfile'
  | 'uv'
  | 'go'
  | 'cargo'
  | 'gemfile'
  | 'composer'
  | 'nuget'
  | 'gradle';

const BY_NAME = new Map<string, LockfileFormat>([
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['yarn.lock', 'yarn'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['poetry.lock', 'poetry'],
  ['Pipfile.lock', 'pipfile'],
  ['uv.lock', 'uv'],
  ['go.sum', 'go'],
  ['Cargo.lock', 'cargo'],
  ['Gemfile.lock', 'gemfile'],
  ['composer.lock', 'composer'],
  ['packages.lock.json', 'nuget'],
  ['gradle.lockfile', 'gradle'],
]);

/** `requirements.txt`, `requirements-dev.txt`, `requirements_test.txt`… */
const REQUIREMENTS = /^requirements.*\.txt$/;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The format of a repository-relative path (`/`-separated); null when it is no lockfile. Names are exact, as the tools write them. */
export function lockfileFormat(path: string): LockfileFormat | null {
  const name = baseName(path);
  return BY_NAME.get(name) ?? (REQUIREMENTS.test(name) ? 'requirements' : null);
}

/** The go.mod beside a go.sum (`svc/go.sum` → `svc/go.mod`). */
export const goModBeside = (goSum: string) => `${goSum.slice(0, goSum.lastIndexOf('/') + 1)}go.mod`;
