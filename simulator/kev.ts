// CISA's Known Exploited Vulnerabilities (KEV) catalog as the simulator serves it at KEV_PATH: a
// small extract of real entries (some for CVEs of the seeded alerts, some not), a catalog of the
// real one's size for the benchmark, and bodies no reader should hold (over 16 MiB), made as sent.
//
// The shape is CISA's published JSON schema,
//   https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities_schema.json
//   (mirrored in https://github.com/cisagov/kev-data, known_exploited_vulnerabilities_schema.json):
// an object with `catalogVersion` (string), `dateReleased` (string, date-time), `count` (integer)
// and `vulnerabilities` (array), all four required; the published feed also carries `title`
// (string), which the schema does not list. Each entry has `cveID` (string, ^CVE-[0-9]{4}-[0-9]{4,19}$),
// `vendorProject`, `product`, `vulnerabilityName`, `dateAdded` (string, date), `shortDescription`,
// `requiredAction`, `dueDate` (string, date): these eight required; and `knownRansomwareCampaignUse`
// (string, "Known" or "Unknown"), `notes` (string), `cwes` (array of "CWE-N" strings) and, in the
// schema's newest edition, `forensicTriage` ("Yes" or "No"), not required. The feed is served with
// a 4-space indent, as CISA serves it.

/** Where the simulator serves the catalog (GET, no credentials asked). */
export const KEV_PATH = '/kev/known_exploited_vulnerabilities.json';

export interface KevVulnerability {
  cveID: string;
  vendorProject: string;
  product: string;
  vulnerabilityName: string;
  /** YYYY-MM-DD */
  dateAdded: string;
  shortDescription: string;
  requiredAction: string;
  /** YYYY-MM-DD */
  dueDate: string;
  knownRansomwareCampaignUse?: 'Known' | 'Unknown';
  notes?: string;
  cwes?: string[];
}

export interface KevCatalog<Entry = KevVulnerability> {
  title: string;
  catalogVersion: string;
  /** date-time, as CISA writes it (four fraction digits, `Z`). */
  dateReleased: string;
  /** The number of entries in `vulnerabilities`. */
  count: number;
  vulnerabilities: Entry[];
}

/** The CVE ids of the extract, by what tests use them for. */
export const KEV_CVES = {
  /** acme/webshop's log4j-core alert (GHSA-jfh8-c2jp-5v3q, critical); ransomware: Known. */
  log4shell: 'CVE-2021-44228',
  /** acme/webshop's incomplete-fix log4j-core alert (GHSA-7rjr-3q55-vv33, critical, allowed by the demo); ransomware: Known. */
  log4jIncompleteFix: 'CVE-2021-45046',
  /** acme/webshop's spring-beans alert (GHSA-36p3-wjmg-h94x, critical); ransomware: Unknown. */
  spring4shell: 'CVE-2022-22965',
  /** acme/webshop's jQuery alert (GHSA-jpcq-cgw6-v4j6, medium, needs review); ransomware: Unknown. */
  jquery: 'CVE-2020-11023',
  /** acme/ops-console's systeminformation alert (GHSA-2m8v-572m-ff2v, high); ransomware: Unknown. */
  systeminformation: 'CVE-2021-21315',
  /** No seeded alert: HTTP/2 Rapid Reset. acme/webshop's golang.org/x/net alert is CVE-2023-39325, the same attack under another id: no match. */
  http2RapidReset: 'CVE-2023-44487',
  /** No seeded alert: Apache Struts (2017); ransomware: Known. */
  struts: 'CVE-2017-5638',
  /** No seeded alert: PAN-OS GlobalProtect; ransomware: Known. */
  panOs: 'CVE-2024-3400',
} as const;

const UPDATE = 'Apply updates per vendor instructions.';
const nvd = (cve: string) => `https://nvd.nist.gov/vuln/detail/${cve}`;

/**
 * Real entries, newest first as CISA lists them. cveID, vendorProject, product, vulnerabilityName,
 * dateAdded, dueDate, knownRansomwareCampaignUse and cwes are CISA's, checked against the catalog of
 * 2025-08-25 (catalogVersion 2025.08.25, 1,404 entries; https://github.com/cisagov/kev-data,
 * known_exploited_vulnerabilities.json); shortDescription, requiredAction and notes are shortened.
 */
const ENTRIES: readonly KevVulnerability[] = [
  {
    cveID: KEV_CVES.jquery,
    vendorProject: 'JQuery',
    product: 'JQuery',
    vulnerabilityName: 'JQuery Cross-Site Scripting (XSS) Vulnerability',
    dateAdded: '2025-01-23',
    shortDescription:
      "JQuery contains a persistent cross-site scripting (XSS) vulnerability: untrusted HTML passed to its DOM manipulation methods can run code in the user's browser.",
    requiredAction:
      'Apply mitigations per vendor instructions or discontinue use of the product if mitigations are unavailable.',
    dueDate: '2025-02-13',
    knownRansomwareCampaignUse: 'Unknown',
    notes: `https://blog.jquery.com/2020/04/10/jquery-3-5-0-released/ ; ${nvd(KEV_CVES.jquery)}`,
    cwes: ['CWE-79'],
  },
  {
    cveID: KEV_CVES.panOs,
    vendorProject: 'Palo Alto Networks',
    product: 'PAN-OS',
    vulnerabilityName: 'Palo Alto Networks PAN-OS Command Injection Vulnerability',
    dateAdded: '2024-04-12',
    shortDescription:
      'The GlobalProtect feature of Palo Alto Networks PAN-OS contains a command injection vulnerability that lets an unauthenticated attacker run commands as root on the firewall.',
    requiredAction: 'Apply mitigations per vendor instructions as they become available.',
    dueDate: '2024-04-19',
    knownRansomwareCampaignUse: 'Known',
    notes: `https://security.paloaltonetworks.com/CVE-2024-3400 ; ${nvd(KEV_CVES.panOs)}`,
    cwes: ['CWE-20', 'CWE-77'],
  },
  {
    cveID: KEV_CVES.http2RapidReset,
    vendorProject: 'IETF',
    product: 'HTTP/2',
    vulnerabilityName: 'HTTP/2 Rapid Reset Attack Vulnerability',
    dateAdded: '2023-10-10',
    shortDescription: 'HTTP/2 contains a rapid reset vulnerability that allows a distributed denial-of-service attack.',
    requiredAction:
      'Apply mitigations per vendor instructions, follow applicable BOD 22-01 guidance for cloud services, or discontinue use of the product if mitigations are unavailable.',
    dueDate: '2023-10-31',
    knownRansomwareCampaignUse: 'Unknown',
    notes: nvd(KEV_CVES.http2RapidReset),
    cwes: ['CWE-400'],
  },
  {
    cveID: KEV_CVES.log4jIncompleteFix,
    vendorProject: 'Apache',
    product: 'Log4j2',
    vulnerabilityName: 'Apache Log4j2 Deserialization of Untrusted Data Vulnerability',
    dateAdded: '2023-05-01',
    shortDescription:
      'Apache Log4j2 contains a deserialization of untrusted data vulnerability left by the incomplete fix of CVE-2021-44228: the Thread Context Lookup Pattern allows remote code execution in some non-default configurations.',
    requiredAction: UPDATE,
    dueDate: '2023-05-22',
    knownRansomwareCampaignUse: 'Known',
    notes: `https://logging.apache.org/log4j/2.x/security.html; ${nvd(KEV_CVES.log4jIncompleteFix)}`,
    cwes: ['CWE-917'],
  },
  {
    cveID: KEV_CVES.spring4shell,
    vendorProject: 'VMware',
    product: 'Spring Framework',
    vulnerabilityName: 'Spring Framework JDK 9+ Remote Code Execution Vulnerability',
    dateAdded: '2022-04-04',
    shortDescription:
      'A Spring MVC or Spring WebFlux application running on JDK 9+ may be vulnerable to remote code execution through data binding.',
    requiredAction: UPDATE,
    dueDate: '2022-04-25',
    knownRansomwareCampaignUse: 'Unknown',
    notes: nvd(KEV_CVES.spring4shell),
    cwes: ['CWE-94'],
  },
  {
    cveID: KEV_CVES.systeminformation,
    vendorProject: 'Npm package',
    product: 'System Information Library for Node.JS',
    vulnerabilityName: 'System Information Library for Node.JS Command Injection',
    dateAdded: '2022-01-18',
    shortDescription:
      'A malicious payload in the name parameter lets an attacker inject commands and execute them remotely.',
    requiredAction: UPDATE,
    dueDate: '2022-02-01',
    knownRansomwareCampaignUse: 'Unknown',
    notes: nvd(KEV_CVES.systeminformation),
    cwes: ['CWE-78'],
  },
  {
    cveID: KEV_CVES.log4shell,
    vendorProject: 'Apache',
    product: 'Log4j2',
    vulnerabilityName: 'Apache Log4j2 Remote Code Execution Vulnerability',
    dateAdded: '2021-12-10',
    shortDescription:
      'Apache Log4j2 contains a vulnerability where JNDI features do not protect against attacker-controlled JNDI-related endpoints, allowing remote code execution.',
    requiredAction:
      'Apply updates, or remove affected assets from agency networks; temporary mitigations are acceptable only until updates are available.',
    dueDate: '2021-12-24',
    knownRansomwareCampaignUse: 'Known',
    notes: nvd(KEV_CVES.log4shell),
    cwes: ['CWE-20', 'CWE-400', 'CWE-502'],
  },
  {
    cveID: KEV_CVES.struts,
    vendorProject: 'Apache',
    product: 'Struts',
    vulnerabilityName: 'Apache Struts Remote Code Execution Vulnerability',
    dateAdded: '2021-11-03',
    shortDescription:
      'The Jakarta Multipart parser of Apache Struts allows a malicious upload through the Content-Type value, leading to remote code execution.',
    requiredAction: UPDATE,
    dueDate: '2022-05-03',
    knownRansomwareCampaignUse: 'Known',
    notes: nvd(KEV_CVES.struts),
    cwes: ['CWE-20'],
  },
];

const TITLE = 'CISA Catalog of Known Exploited Vulnerabilities';

/** A dateReleased as CISA writes it (four fraction digits, `Z`): `hoursAgo` hours before now. */
export function kevReleased(hoursAgo = 0): string {
  return new Date(Date.now() - hoursAgo * 3_600_000).toISOString().replace(/\.(\d{3})Z$/, '.$10Z');
}

// The simulator's catalog is current, as CISA's is (it releases one most working days): released
// when this module was loaded, so a run never finds it more than 7 × 24 hours old (the contract's
// stale-catalog warning; tests that want an old one set dateReleased). The version is its date.
const RELEASED = kevReleased();
const VERSION = RELEASED.slice(0, 10).replace(/-/g, '.');

function catalogOf<Entry>(vulnerabilities: Entry[]): KevCatalog<Entry> {
  return {
    title: TITLE,
    catalogVersion: VERSION,
    dateReleased: RELEASED,
    count: vulnerabilities.length,
    vulnerabilities,
  };
}

/** A fresh copy of the simulator's catalog: the real entries above, `count` their number. */
export function kevCatalog(): KevCatalog {
  return catalogOf(structuredClone([...ENTRIES]));
}

/**
 * The catalog with `extra` entries appended (`count` kept equal to the array's length): entries
 * the schema does not allow, such as KEV_ENTRIES_WITHOUT_CVE.
 */
export function kevCatalogWith(extra: readonly unknown[]): KevCatalog<unknown> {
  return catalogOf<unknown>([...kevCatalog().vulnerabilities, ...structuredClone([...extra])]);
}

const lacking = (label: string): Omit<KevVulnerability, 'cveID'> => ({
  vendorProject: 'Acme',
  product: `Entry with ${label}`,
  vulnerabilityName: `Acme Entry With ${label} Vulnerability`,
  dateAdded: '2025-03-03',
  shortDescription: `An entry whose cveID is ${label}, as a hand-edited mirror may carry.`,
  requiredAction: UPDATE,
  dueDate: '2025-03-24',
  knownRansomwareCampaignUse: 'Unknown',
  notes: '',
  cwes: [],
});

/** Four entries that name no CVE: cveID missing, null, empty and "N/A" (the contract skips them with a count in one warning). */
export const KEV_ENTRIES_WITHOUT_CVE: readonly unknown[] = [
  lacking('no cveID'),
  { cveID: null, ...lacking('a null cveID') },
  { cveID: '', ...lacking('an empty cveID') },
  { cveID: 'N/A', ...lacking('cveID N/A') },
];

// ---------- catalogs of the real one's size, and larger ----------

const DAY_MS = 86_400_000;
const CWES = ['CWE-20', 'CWE-78', 'CWE-79', 'CWE-94', 'CWE-119', 'CWE-287', 'CWE-416', 'CWE-502', 'CWE-787'];

/**
 * Filler entry `i`: the fields, lengths and mix of a real entry (about one in five used by
 * ransomware), with a CVE number of 900000 and up, which no seeded alert carries. Not a real entry.
 */
function fillerEntry(i: number): KevVulnerability {
  const cveID = `CVE-${2014 + (i % 12)}-${900000 + i}`;
  const vendor = `Vendor ${(i * 7) % 240}`;
  const product = `Product ${(i * 13) % 590}`;
  const added = Date.UTC(2021, 10, 3) + (i % 1400) * DAY_MS;
  return {
    cveID,
    vendorProject: vendor,
    product,
    vulnerabilityName: `${vendor} ${product} Improper Input Validation Vulnerability`,
    dateAdded: new Date(added).toISOString().slice(0, 10),
    shortDescription: `${vendor} ${product} contains an improper input validation vulnerability that allows a remote attacker to execute code through a crafted request (simulator filler ${i}).`,
    requiredAction:
      i % 2 === 0
        ? UPDATE
        : 'Apply mitigations per vendor instructions or discontinue use of the product if mitigations are unavailable.',
    dueDate: new Date(added + 21 * DAY_MS).toISOString().slice(0, 10),
    knownRansomwareCampaignUse: i % 5 === 0 ? 'Known' : 'Unknown',
    notes: `https://vendor-${(i * 7) % 240}.example/security/${cveID} ; ${nvd(cveID)}`,
    cwes: [CWES[i % CWES.length]!],
  };
}

/**
 * A catalog of `size` entries (default 1,500, about 1.3 MB as served, as CISA's is): the real
 * entries of kevCatalog() and filler entries after them.
 */
export function largeKevCatalog(size = 1500): KevCatalog {
  const real = kevCatalog().vulnerabilities.slice(0, size);
  return catalogOf([...real, ...Array.from({ length: size - real.length }, (_, i) => fillerEntry(i))]);
}

/** The catalog as the simulator serves a JSON value: CISA's 4-space indent. */
export function kevText(catalog: unknown): string {
  return JSON.stringify(catalog, null, 4);
}

export interface KevStream {
  /** The body's exact length in bytes (ASCII only: as many as characters). */
  bytes: number;
  /** The body, made piece by piece (about 64 KiB each) as it is sent: never held whole. */
  chunks(): Generator<string>;
}

/**
 * A well-formed catalog of at least `minBytes` bytes (default 16 MiB + 1 MiB, over the contract's
 * 16 MiB cap), made as it is sent: for `sim.script(KEV_PATH, { chunks: huge.chunks })`, with or
 * without `headers: { 'Content-Length': String(huge.bytes) }`.
 */
export function hugeKevCatalog(minBytes = 17 * 2 ** 20): KevStream {
  const entry = (i: number) => JSON.stringify(i < ENTRIES.length ? ENTRIES[i] : fillerEntry(i - ENTRIES.length));
  const head = (count: number) =>
    `{"title":${JSON.stringify(TITLE)},"catalogVersion":"${VERSION}","dateReleased":"${RELEASED}","count":${count},"vulnerabilities":[`;
  const tail = ']}';
  // How many entries reach minBytes: counted once, without keeping them.
  let count = 0;
  let bytes = head(0).length + tail.length;
  while (bytes < minBytes) {
    bytes += (count > 0 ? 1 : 0) + entry(count).length; // a comma before every entry but the first
    count++;
  }
  const total = bytes - head(0).length + head(count).length;
  return {
    bytes: total,
    *chunks() {
      let piece = head(count);
      for (let i = 0; i < count; i++) {
        piece += (i > 0 ? ',' : '') + entry(i);
        if (piece.length >= 65_536) {
          yield piece;
          piece = '';
        }
      }
      yield piece + tail;
    },
  };
}

/**
 * The inputs that turn the check on against a simulator at `simulatorUrl`: `known-exploited` and
 * `kev-url` pointing at its catalog (http is allowed for a loopback host).
 */
export function kevInputs(simulatorUrl: string, mode: 'warn' | 'fail' = 'fail'): Record<string, string> {
  return { 'known-exploited': mode, 'kev-url': `${simulatorUrl}${KEV_PATH}` };
}
