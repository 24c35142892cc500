// The first line of a manifest that names a package (contract: "Brought in by the pull request":
// an annotation at the first line of the workspace's copy that names the package, else line 1).
import { describe, expect, test } from '@jest/globals';
import { lineNaming } from '../../src/packages/manifest-lines.js';

const text = (...lines: string[]) => lines.join('\n');

describe('lineNaming', () => {
  test.each<[string, string, string, number | null]>([
    ['package.json', text('{', '  "dependencies": {', '    "lodash": "^4.17.20"', '  }', '}'), 'lodash', 3],
    ['not a longer name (lodash.merge first)', text('"lodash.merge": "1"', '"lodash": "4"'), 'lodash', 2],
    ['not a scoped name (@types/lodash first)', text('"@types/lodash": "4"', '"lodash": "4"'), 'lodash', 2],
    ['npm lockfile path', text('{', '  "packages": {', '    "node_modules/micromatch": {'), 'micromatch', 3],
    ['a scoped name whole', text('"@babel/core": "7"'), '@babel/core', 1],
    [
      'Maven: the artifact id',
      text('<dependency>', '  <artifactId>log4j-core</artifactId>'),
      'org.apache.logging.log4j:log4j-core',
      2,
    ],
    ['any case', text('Django==3.2'), 'django', 1],
    ['CRLF lines', 'a\r\nleft-pad@1.3.0\r\n', 'left-pad', 2],
    ['absent', text('"react": "18"'), 'lodash', null],
    ['an empty name', text('anything'), '', null],
  ])('%s', (_name, manifest, name, line) => {
    expect(lineNaming(manifest, name)).toBe(line);
  });
});
