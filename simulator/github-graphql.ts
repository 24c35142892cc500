// The fake GitHub's GraphQL API (POST /graphql; /api/graphql as on GitHub Enterprise Server), for the
// security advisories it also serves on REST: `securityAdvisory(ghsaId:)` and
// `securityAdvisories(identifier: {type, value}, first:)` with the SecurityAdvisory fields GitHub's
// GraphQL reference lists (ghsaId, identifiers { type value }, vulnerabilities(first:) { nodes {
// package { ecosystem name } firstPatchedVersion { identifier } vulnerableVersionRange } } …),
// answered from the REST records (GitHub's REST words are lower-case where GraphQL has enums:
// `maven` is MAVEN, `medium` is MODERATE). A query is checked as GitHub checks it before anything
// runs: fields of the type, arguments the field takes, declared variables, `first` on every
// connection within 1-100, at most 500,000 nodes; a failure is `errors` without `data`. An advisory
// it does not know is null with a NOT_FOUND error naming the field's alias, the others answered.
import type { GlobalAdvisory } from './github.js';

/** A GraphQL answer, as GitHub sends it with HTTP 200. */
export interface GraphqlResponse {
  data?: Record<string, unknown>;
  errors?: Array<{ message: string; type?: string; path?: (string | number)[] }>;
}

// ---------- parsing: the part of GraphQL a client of these fields writes ----------

type Value =
  | { kind: 'variable'; name: string }
  | { kind: 'literal'; value: unknown }
  | { kind: 'object'; fields: Record<string, Value> }
  | { kind: 'list'; values: Value[] };

type Selection =
  | { kind: 'field'; alias: string; name: string; args: Record<string, Value>; selections: Selection[] | null }
  | { kind: 'spread'; name: string };

interface Document {
  variables: Map<string, string>;
  selections: Selection[];
  fragments: Map<string, { on: string; selections: Selection[] }>;
}

class QueryError extends Error {}

const TOKEN = /\s+|,|#[^\n]*|(\.\.\.|[{}()[\]:$!=@])|([_A-Za-z][_0-9A-Za-z]*)|(-?\d+(?:\.\d+)?)|("(?:[^"\\\n]|\\.)*")/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new QueryError(`Parse error on "${text.slice(at, at + 10)}" at offset ${at}`);
    const token = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

function parse(text: string): Document {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new QueryError(`Parse error on ${JSON.stringify(token ?? 'end of query')}: expected ${expected ?? 'more'}`);
    return token;
  };
  const value = (): Value => {
    const token = take();
    if (token === '$') return { kind: 'variable', name: take() };
    if (token === '{') {
      const fields: Record<string, Value> = {};
      while (peek() !== '}') {
        const name = take();
        take(':');
        fields[name] = value();
      }
      take('}');
      return { kind: 'object', fields };
    }
    if (token === '[') {
      const values: Value[] = [];
      while (peek() !== ']') values.push(value());
      take(']');
      return { kind: 'list', values };
    }
    if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
    if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
    const words: Record<string, unknown> = { true: true, false: false, null: null };
    return { kind: 'literal', value: token in words ? words[token] : token }; // an enum value, as its name
  };
  const selectionSet = (): Selection[] => {
    take('{');
    const selections: Selection[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        take('...');
        selections.push({ kind: 'spread', name: take() });
        continue;
      }
      let name = take();
      const alias = name;
      if (peek() === ':') {
        take(':');
        name = take();
      }
      const args: Record<string, Value> = {};
      if (peek() === '(') {
        take('(');
        while (peek() !== ')') {
          const arg = take();
          take(':');
          args[arg] = value();
        }
        take(')');
      }
      selections.push({ kind: 'field', alias, name, args, selections: peek() === '{' ? selectionSet() : null });
    }
    take('}');
    return selections;
  };
  const document: Document = { variables: new Map(), selections: [], fragments: new Map() };
  while (at < tokens.length) {
    if (peek() === 'fragment') {
      take();
      const name = take();
      take('on');
      const on = take();
      document.fragments.set(name, { on, selections: selectionSet() });
      continue;
    }
    if (peek() === 'query') {
      take();
      if (peek() !== '(' && peek() !== '{') take(); // the operation's name
      if (peek() === '(') {
        take('(');
        while (peek() !== ')') {
          take('$');
          const name = take();
          take(':');
          let type = '';
          while (peek() !== ')' && peek() !== '$') type += take();
          document.variables.set(name, type);
        }
        take(')');
      }
    }
    document.selections.push(...selectionSet());
  }
  return document;
}

// ---------- the schema: the types these fields reach ----------

interface FieldType {
  /** An object type's name; absent: a scalar or enum. */
  type?: string;
  args?: string[];
  /** A connection: `first` (or `last`) required, 1-100. */
  connection?: boolean;
}

const CONNECTION_ARGS = ['first', 'last', 'after', 'before'];
const SCHEMA: Record<string, Record<string, FieldType>> = {
  Query: {
    securityAdvisory: { type: 'SecurityAdvisory', args: ['ghsaId'] },
    securityAdvisories: {
      type: 'SecurityAdvisoryConnection',
      connection: true,
      args: [...CONNECTION_ARGS, 'identifier', 'orderBy', 'publishedSince', 'updatedSince', 'classifications'],
    },
  },
  SecurityAdvisory: {
    ghsaId: {},
    summary: {},
    description: {},
    severity: {},
    publishedAt: {},
    updatedAt: {},
    withdrawnAt: {},
    permalink: {},
    identifiers: { type: 'SecurityAdvisoryIdentifier' },
    vulnerabilities: {
      type: 'SecurityVulnerabilityConnection',
      connection: true,
      args: [...CONNECTION_ARGS, 'ecosystem', 'package', 'severities', 'classifications', 'orderBy'],
    },
  },
  SecurityAdvisoryIdentifier: { type: {}, value: {} },
  SecurityAdvisoryConnection: { nodes: { type: 'SecurityAdvisory' }, totalCount: {}, pageInfo: { type: 'PageInfo' } },
  SecurityVulnerabilityConnection: {
    nodes: { type: 'SecurityVulnerability' },
    totalCount: {},
    pageInfo: { type: 'PageInfo' },
  },
  SecurityVulnerability: {
    package: { type: 'SecurityAdvisoryPackage' },
    firstPatchedVersion: { type: 'SecurityAdvisoryPackageVersion' },
    vulnerableVersionRange: {},
    severity: {},
  },
  SecurityAdvisoryPackage: { ecosystem: {}, name: {} },
  SecurityAdvisoryPackageVersion: { identifier: {} },
  PageInfo: { hasNextPage: {}, endCursor: {} },
};

/** GitHub's node limit for one query. */
const MAX_NODES = 500_000;

/** The fields of `selections` on `type`, fragments spread; checks the query against the schema and counts its nodes. */
function check(doc: Document, type: string, selections: Selection[], variables: Record<string, unknown>): number {
  let nodes = 0;
  const walk = (on: string, list: Selection[], times: number) => {
    for (const field of expand(doc, on, list)) {
      if (field.name === '__typename') continue;
      const def = SCHEMA[on]?.[field.name];
      if (!def) throw new QueryError(`Field '${field.name}' doesn't exist on type '${on}'`);
      for (const arg of Object.keys(field.args))
        if (!def.args?.includes(arg)) throw new QueryError(`Field '${field.name}' doesn't accept argument '${arg}'`);
      for (const name of variablesIn(field.args))
        if (!doc.variables.has(name))
          throw new QueryError(`Variable $${name} is used by anonymous query but not declared`);
      if (def.type && !field.selections)
        throw new QueryError(
          `Field must have selections (field '${field.name}' returns ${def.type} but has no selections. Did you mean '${field.name} { ... }'?)`,
        );
      if (!def.type && field.selections)
        throw new QueryError(
          `Selections can't be made on scalars (field '${field.name}' returns a scalar but has selections [${field.selections.length}])`,
        );
      let inner = times;
      if (def.connection) {
        const first = resolve(field.args.first ?? field.args.last, variables);
        if (first === undefined || first === null)
          throw new QueryError(
            `You must provide a \`first\` or \`last\` value to properly paginate the \`${field.name}\` connection.`,
          );
        if (typeof first !== 'number' || first < 1 || first > 100)
          throw new QueryError(
            `Requesting ${String(first)} records on the \`${field.name}\` connection exceeds the \`first\` limit of 100 records.`,
          );
        inner = times * first;
        nodes += inner;
      }
      if (def.type && field.selections) walk(def.type, field.selections, inner);
    }
  };
  walk(type, selections, 1);
  return nodes;
}

/** The fields of a selection set, fragment spreads replaced by their fields (their type must be `on`). */
function expand(doc: Document, on: string, selections: Selection[]): Extract<Selection, { kind: 'field' }>[] {
  return selections.flatMap((s) => {
    if (s.kind === 'field') return [s];
    const fragment = doc.fragments.get(s.name);
    if (!fragment) throw new QueryError(`Fragment ${s.name} was used, but not defined`);
    if (fragment.on !== on) throw new QueryError(`Fragment ${s.name} on ${fragment.on} can't be spread inside ${on}`);
    return expand(doc, on, fragment.selections);
  });
}

function variablesIn(args: Record<string, Value>): string[] {
  const names = (v: Value): string[] =>
    v.kind === 'variable'
      ? [v.name]
      : v.kind === 'object'
        ? Object.values(v.fields).flatMap(names)
        : v.kind === 'list'
          ? v.values.flatMap(names)
          : [];
  return Object.values(args).flatMap(names);
}

function resolve(value: Value | undefined, variables: Record<string, unknown>): unknown {
  if (value === undefined) return undefined;
  switch (value.kind) {
    case 'variable':
      return variables[value.name];
    case 'literal':
      return value.value;
    case 'object':
      return Object.fromEntries(Object.entries(value.fields).map(([k, v]) => [k, resolve(v, variables)]));
    case 'list':
      return value.values.map((v) => resolve(v, variables));
  }
}

// ---------- the data: REST records seen as GraphQL objects ----------

type Source = Record<string, unknown>;

const ECOSYSTEMS: Record<string, string> = {
  pip: 'PIP',
  rubygems: 'RUBYGEMS',
  composer: 'COMPOSER',
  'github-actions': 'ACTIONS',
};
const SEVERITIES: Record<string, string> = { medium: 'MODERATE' };

/** An advisory record as GitHub's REST API sends it, as its GraphQL object. */
function advisoryObject(record: GlobalAdvisory): Source {
  return {
    ghsaId: record.ghsa_id,
    summary: record.summary,
    description: record.description,
    severity: SEVERITIES[record.severity] ?? record.severity.toUpperCase(),
    publishedAt: record.published_at,
    updatedAt: record.updated_at,
    withdrawnAt: record.withdrawn_at,
    permalink: record.html_url,
    identifiers: record.identifiers,
    vulnerabilities: (record.vulnerabilities ?? []).map((v) => ({
      package: {
        ecosystem: ECOSYSTEMS[v.package.ecosystem] ?? v.package.ecosystem.toUpperCase(),
        name: v.package.name,
      },
      firstPatchedVersion: v.first_patched_version === null ? null : { identifier: v.first_patched_version },
      vulnerableVersionRange: v.vulnerable_version_range,
      severity: SEVERITIES[record.severity] ?? record.severity.toUpperCase(),
    })),
  };
}

function connection(list: unknown[], args: Record<string, unknown>): Source {
  const first = Number(args.first ?? args.last);
  const nodes = args.first === undefined ? list.slice(-first) : list.slice(0, first);
  return { nodes, totalCount: list.length, pageInfo: { hasNextPage: list.length > first, endCursor: null } };
}

/**
 * Answers one GraphQL request body (already JSON-parsed) from `advisories` (GHSA id -> the REST
 * record). Never throws.
 */
export function answerGraphql(body: unknown, advisories: ReadonlyMap<string, object>): GraphqlResponse {
  const { query, variables = {} } = (body ?? {}) as { query?: unknown; variables?: Record<string, unknown> | null };
  if (typeof query !== 'string')
    return { errors: [{ message: 'A query attribute must be specified and must be a string.' }] };
  const given = variables ?? {};
  let doc: Document;
  try {
    doc = parse(query);
    for (const [name, type] of doc.variables)
      if (type.endsWith('!') && (given[name] === undefined || given[name] === null))
        throw new QueryError(`Variable $${name} of type ${type} was provided invalid value`);
    const nodes = check(doc, 'Query', doc.selections, given);
    if (nodes > MAX_NODES)
      return {
        errors: [
          {
            type: 'MAX_NODE_LIMIT_EXCEEDED',
            message: `This query requests up to ${nodes.toLocaleString('en-US')} possible nodes which exceeds the maximum limit of 500,000.`,
          },
        ],
      };
  } catch (error) {
    if (error instanceof QueryError) return { errors: [{ message: error.message }] };
    throw error;
  }
  const errors: NonNullable<GraphqlResponse['errors']> = [];
  const data: Record<string, unknown> = {};
  const run: Run = { doc, variables: given };
  for (const field of expand(doc, 'Query', doc.selections)) {
    try {
      data[field.alias] = rootField(run, field, advisories, errors);
    } catch {
      // A record a test stored broken: what GitHub says when a field fails inside.
      data[field.alias] = null;
      errors.push({ path: [field.alias], message: 'Something went wrong while executing your query.' });
    }
  }
  return errors.length > 0 ? { data, errors } : { data };
}

interface Run {
  doc: Document;
  variables: Record<string, unknown>;
}

function rootField(
  run: Run,
  field: Extract<Selection, { kind: 'field' }>,
  advisories: ReadonlyMap<string, object>,
  errors: NonNullable<GraphqlResponse['errors']>,
): unknown {
  const args = resolveArgs(field.args, run.variables);
  const fields = field.selections ?? [];
  if (field.name === '__typename') return 'Query';
  if (field.name === 'securityAdvisory') {
    const record = advisories.get(String(args.ghsaId)) as GlobalAdvisory | undefined;
    if (record) return select(run, 'SecurityAdvisory', advisoryObject(record), fields);
    errors.push({
      type: 'NOT_FOUND',
      path: [field.alias],
      message: `Could not resolve to a SecurityAdvisory with the GHSA ID '${String(args.ghsaId)}'.`,
    });
    return null;
  }
  // securityAdvisories: those whose identifiers hold the one asked for (all without one).
  const wanted = args.identifier as { type?: string; value?: string } | undefined;
  const matches = [...advisories.values()].filter((record) =>
    (record as GlobalAdvisory).identifiers.some(
      (i) => !wanted || (i.type === wanted.type && i.value.toLowerCase() === String(wanted.value).toLowerCase()),
    ),
  );
  const objects = matches.map((record) => advisoryObject(record as GlobalAdvisory));
  return select(run, 'SecurityAdvisoryConnection', connection(objects, args), fields);
}

/** The fields `selections` asks of `source` (of type `on`), as GitHub shapes them: only those asked, under their aliases. */
function select(run: Run, on: string, source: Source, selections: Selection[]): Source {
  const out: Source = {};
  for (const field of expand(run.doc, on, selections)) {
    if (field.name === '__typename') {
      out[field.alias] = on;
      continue;
    }
    const def = SCHEMA[on]![field.name]!;
    let value = source[field.name];
    if (def.connection) value = connection((value as unknown[]) ?? [], resolveArgs(field.args, run.variables));
    out[field.alias] = shape(run, def.type, value, field.selections);
  }
  return out;
}

function shape(run: Run, type: string | undefined, value: unknown, selections: Selection[] | null): unknown {
  if (!type || value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((v) => shape(run, type, v, selections));
  return select(run, type, value as Source, selections ?? []);
}

const resolveArgs = (args: Record<string, Value>, variables: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, resolve(v, variables)]));
