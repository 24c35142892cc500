// Types for the SPDX packages, which ship none.
declare module 'spdx-expression-parse' {
  export type SpdxLeaf = { license: string; plus?: true; exception?: string };
  export type SpdxNode = SpdxLeaf | { left: SpdxNode; conjunction: 'and' | 'or'; right: SpdxNode };
  /** Throws on anything that is not a valid SPDX expression. */
  export default function parse(expression: string): SpdxNode;
}
declare module 'spdx-satisfies' {
  /** Whether the expression can be satisfied with the listed licenses (ids, no AND/OR). */
  export default function satisfies(expression: string, licenses: string[]): boolean;
}
