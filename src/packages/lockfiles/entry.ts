// What a lockfile says: each package it locks, at its version, in GitHub's dependency review's words
// (contract: "Without GitHub's dependency graph"), so that a change read from lockfiles is judged
// exactly as one read from GitHub's compare is.
import type { Outcome } from '../../model.js';
import { packageUrlOf } from './purl.js';

/** GitHub's dependency review's ecosystem words. */
export type Ecosystem = 'npm' | 'pip' | 'maven' | 'go' | 'cargo' | 'nuget' | 'rubygems' | 'composer';

/** What the format says of an entry; `unknown` when it says nothing. */
export type Scope = 'runtime' | 'development' | 'unknown';

export interface LockEntry {
  ecosystem: Ecosystem;
  /** As the lockfile writes it (npm's `@scope/name`, Go's module path, Composer's `vendor/name`). */
  name: string;
  /** As the lockfile writes it, one exact version. */
  version: string;
  scope: Scope;
  /** Per the purl spec (`pkg:npm/%40scope/name@1.0.0`). */
  packageUrl: string;
}

/** The entries of a file, or why it does not parse, naming the file and where. */
export type Parsed = Outcome<LockEntry[], string>;

export const lockEntry = (ecosystem: Ecosystem, name: string, version: string, scope: Scope): LockEntry => ({
  ecosystem,
  name,
  version,
  scope,
  packageUrl: packageUrlOf(ecosystem, name, version),
});

const BREADTH: Record<Scope, number> = { development: 0, unknown: 1, runtime: 2 };

/** The scope of a package that is locked twice: runtime when either copy is (it is installed in production). */
export const widerScope = (a: Scope, b: Scope): Scope => (BREADTH[b] > BREADTH[a] ? b : a);

/**
 * Entries kept once per name and version as the file writes them (a yarn.lock names an entry once per
 * range; NuGet once per target framework), in the wider scope of their copies.
 */
export class Entries {
  private readonly byKey = new Map<string, LockEntry>();

  constructor(private readonly ecosystem: Ecosystem) {}

  add(name: string, version: string, scope: Scope): void {
    const key = `${name}\n${version}`;
    const known = this.byKey.get(key);
    if (known === undefined) this.byKey.set(key, lockEntry(this.ecosystem, name, version, scope));
    else known.scope = widerScope(known.scope, scope);
  }

  list(): LockEntry[] {
    return [...this.byKey.values()];
  }
}
