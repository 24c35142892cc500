// Package URLs per the purl spec's type rules (PURL-TYPES): npm, PyPI, Go and Composer names are
// lower-cased, PyPI's `_` is `-`, npm's scope and Go's and Composer's path segments are the namespace.
import type { Ecosystem } from './entry.js';

const TYPES: Record<Ecosystem, string> = {
  npm: 'npm',
  pip: 'pypi',
  maven: 'maven',
  go: 'golang',
  cargo: 'cargo',
  nuget: 'nuget',
  rubygems: 'gem',
  composer: 'composer',
};

/** The namespace's segments, then the name, as the spec writes them (not yet percent-encoded). */
function segments(ecosystem: Ecosystem, name: string): string[] {
  switch (ecosystem) {
    case 'npm':
    case 'go':
    case 'composer':
      return name.toLowerCase().split('/');
    case 'pip':
      return [name.toLowerCase().replace(/_/g, '-')];
    case 'maven':
      return name.split(':');
    default:
      return [name];
  }
}

/** `pkg:type/namespace/name@version`, each part percent-encoded (`@` of a scope is `%40`, `+` is `%2B`). */
export function packageUrlOf(ecosystem: Ecosystem, name: string, version: string): string {
  const path = segments(ecosystem, name).map(encodeURIComponent).join('/');
  return `pkg:${TYPES[ecosystem]}/${path}@${encodeURIComponent(version)}`;
}
