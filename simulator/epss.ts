// FIRST's Exploit Prediction Scoring System as the simulator serves it, in the shapes FIRST
// publishes (https://www.first.org/epss/api and https://www.first.org/epss/data_stats):
// - the API at EPSS_API_PATH: `GET ?cve=ID,ID,...` (at most 2,000 characters, commas included;
//   more is a 400, as FIRST refuses it), `offset` and `limit` (default 100, FIRST's page), answering
//   `{status, status-code, version, access, total, offset, limit, data: [{cve, epss, percentile, date}]}`
//   with the numbers as strings of nine decimals, as FIRST writes them;
// - the daily CSV at EPSS_CSV_PATH, and gzipped at EPSS_CSV_GZ_PATH (FIRST's file is
//   epss_scores-current.csv.gz): `#model_version:v2025.03.14,score_date:2025-03-14T00:00:00+0000`,
//   then `cve,epss,percentile`, then a row per CVE, optionally padded with filler rows to the real
//   file's size (some 300,000 rows).
// The scores of the seeded alerts' CVEs are illustrative values in the range FIRST publishes for
// such flaws (widely exploited ones near the top, most others well under 1%), not a copy of a day's
// file; a few seeded CVEs are left unscored on purpose (a CVE FIRST has not scored yet).
import { gzipSync } from 'node:zlib';

export const EPSS_API_PATH = '/epss/data/v1/epss';
export const EPSS_CSV_PATH = '/epss/epss_scores-current.csv';
export const EPSS_CSV_GZ_PATH = '/epss/epss_scores-current.csv.gz';
/** FIRST's limit on the `cve` parameter. */
export const EPSS_MAX_CVE_CHARS = 2_000;

/** What the simulator scores: probability and percentile per CVE id, the date and the model. */
export interface EpssData {
  /** YYYY-MM-DD. */
  date: string;
  modelVersion: string;
  scores: Map<string, { epss: number; percentile: number }>;
  /** The API's page (`limit` when not asked); FIRST's is 100. */
  pageSize: number;
  /** Rows of made-up CVE ids after the real ones in the CSV (the real file has some 300,000). */
  fillerRows: number;
  /** A fault: the API answers every `offset` with the first page again, as a mirror or cache that ignores it would. */
  ignoresOffset: boolean;
}

/** Scores of the seeded alerts' CVE ids (illustrative; see the head of this file). */
export const EPSS_SCORES: Record<string, [epss: number, percentile: number]> = {
  // acme/ops-console: systeminformation (high, KEV-listed) is near the top; node-fetch (high) is not.
  'CVE-2021-21315': [0.97236, 0.99941],
  'CVE-2022-0235': [0.00361, 0.72314],
  'CVE-2021-32640': [0.00213, 0.59382],
  'CVE-2022-0536': [0.00089, 0.39211],
  // acme/webshop.
  'CVE-2021-44228': [0.94358, 0.99957],
  'CVE-2021-45046': [0.94263, 0.99921],
  'CVE-2021-45105': [0.61345, 0.98301],
  'CVE-2022-22965': [0.97447, 0.99974],
  'CVE-2022-42889': [0.96923, 0.99768],
  'CVE-2021-23337': [0.0141, 0.86091],
  'CVE-2020-28500': [0.00287, 0.69143],
  'CVE-2022-24785': [0.01642, 0.87352],
  'CVE-2022-31129': [0.00442, 0.74781],
  'CVE-2021-44906': [0.00935, 0.83244],
  'CVE-2020-11022': [0.02314, 0.89612],
  'CVE-2020-11023': [0.21763, 0.96183],
  'CVE-2024-45296': [0.00205, 0.57441],
  'CVE-2022-24999': [0.00727, 0.80512],
  'CVE-2021-3749': [0.00412, 0.73807],
  'CVE-2023-45857': [0.00096, 0.41275],
  'CVE-2020-36518': [0.00331, 0.70913],
  'CVE-2022-42003': [0.00512, 0.76342],
  'CVE-2021-33503': [0.00276, 0.68452],
};

/** The simulator's EPSS data, dated `date` (default today, UTC). */
export function epssData(date = new Date().toISOString().slice(0, 10)): EpssData {
  const scores = new Map(Object.entries(EPSS_SCORES).map(([cve, [epss, percentile]]) => [cve, { epss, percentile }]));
  return { date, modelVersion: 'v2025.03.14', scores, pageSize: 100, fillerRows: 0, ignoresOffset: false };
}

const nine = (n: number) => n.toFixed(9);

/** The API's answer to `query` (the URL's search part). */
export function epssApiAnswer(query: URLSearchParams, data: EpssData): { status: number; text: string } {
  const cve = query.get('cve') ?? '';
  if (cve.length > EPSS_MAX_CVE_CHARS)
    return { status: 400, text: JSON.stringify({ status: 'error', 'status-code': 400, message: 'cve: too long' }) };
  const asked = cve === '' ? [...data.scores.keys()] : cve.split(',').map((id) => id.trim().toUpperCase());
  const found = asked.filter((id) => data.scores.has(id));
  const offset = data.ignoresOffset ? 0 : Number(query.get('offset') ?? 0) || 0;
  const limit = Number(query.get('limit') ?? data.pageSize) || data.pageSize;
  const page = found.slice(offset, offset + limit).map((id) => {
    const score = data.scores.get(id)!;
    return { cve: id, epss: nine(score.epss), percentile: nine(score.percentile), date: data.date };
  });
  const body = {
    status: 'OK',
    'status-code': 200,
    version: '1.0',
    access: 'public',
    total: found.length,
    offset,
    limit,
    data: page,
  };
  return { status: 200, text: JSON.stringify(body) };
}

/** The daily CSV, as FIRST writes it. */
export function* epssCsvLines(data: EpssData): Generator<string> {
  yield `#model_version:${data.modelVersion},score_date:${data.date}T00:00:00+0000\n`;
  yield 'cve,epss,percentile\n';
  for (const [cve, { epss, percentile }] of data.scores) yield `${cve},${epss.toFixed(5)},${percentile.toFixed(5)}\n`;
  for (let i = 0; i < data.fillerRows; i++) yield `CVE-1999-${100000 + i},0.00043,0.1234${i % 10}\n`;
}

export const epssCsvText = (data: EpssData): string => [...epssCsvLines(data)].join('');
export const epssCsvGzip = (data: EpssData): Buffer => gzipSync(epssCsvText(data));

/** Inputs that point the action at the simulator's EPSS API (or its CSV, gzipped or not). */
export function epssInputs(
  simulatorUrl: string,
  epss: string,
  source: 'api' | 'csv' | 'csv.gz' = 'api',
): Record<string, string> {
  const path = source === 'api' ? EPSS_API_PATH : source === 'csv' ? EPSS_CSV_PATH : EPSS_CSV_GZ_PATH;
  return { epss, 'epss-url': `${simulatorUrl}${path}` };
}
