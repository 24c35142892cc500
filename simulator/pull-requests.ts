// The demo's bad pull request (`npm run demo -- --bad-pr`), for "Brought in by the pull request":
// acme/clean-lib has no alert, so the service's alerts pass the gate; this pull request adds
// log4j-core 2.14.1 to its Java client (Log4Shell, and the three advisories GitHub lists with it),
// fast-glob with micromatch 4.0.5 (a moderate ReDoS) and ffmpeg-static (GPL-3.0-only). The service
// has scanned none of it: only GitHub's compare and advisories know. Not on acme/webshop: the
// service holds log4j-core 2.14.1's alerts there, so its advisories would not be brought in.
import { createHash } from 'node:crypto';
import { FRESH_RELEASE } from './deps-dev.js';
import { CLEAN_REPO, commitShaOf } from './data.js';
import {
  advisoryRecord,
  compareEntry,
  type AdvisoryFacts,
  type CompareEntry,
  type ComparedPackage,
  type GlobalAdvisory,
} from './github.js';

/** The pull request, as its event names it: its base is the commit the service scanned. */
export const BAD_PR = {
  number: 57,
  repository: CLEAN_REPO.name,
  /** The event payload's `repository.id`. */
  repositoryId: Number(CLEAN_REPO.externalId),
  base: commitShaOf(CLEAN_REPO.id),
  head: createHash('sha1').update('bad-pr:acme/clean-lib').digest('hex'),
} as const;

/** The advisories GitHub lists on what the pull request adds, by what they are. */
export const BAD_PR_ADVISORIES = {
  /** Log4Shell: critical, CVE-2021-44228 (in CISA's KEV catalog). */
  log4shell: 'GHSA-jfh8-c2jp-5v3q',
  /** critical, CVE-2021-45046 (in CISA's KEV catalog). */
  log4jIncompleteFix: 'GHSA-7rjr-3q55-vv33',
  /** high, CVE-2021-45105. */
  log4jRecursion: 'GHSA-p6xc-xr62-6r2g',
  /** moderate, CVE-2021-44832. */
  log4jJdbcAppender: 'GHSA-8489-44mv-ggj8',
  /** moderate, CVE-2024-4067, on an npm package. */
  micromatch: 'GHSA-952p-6rrq-rcjv',
} as const;

/** The package whose license (GitHub's SPDX expression) a deny list of GPL-3.0-only refuses. */
export const BAD_PR_LICENSE = { name: 'ffmpeg-static', version: '5.2.0', license: 'GPL-3.0-only' } as const;

const LOG4J_CORE = { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' };
const MICROMATCH = { ecosystem: 'npm', name: 'micromatch', version: '4.0.5' };
const FFMPEG_STATIC = { ecosystem: 'npm', name: BAD_PR_LICENSE.name, version: BAD_PR_LICENSE.version };

type Severity = GlobalAdvisory['severity'];
/** The compare says `moderate` where the advisory says `medium`. */
const COMPARE_WORD: Record<Severity, string> = {
  critical: 'critical',
  high: 'high',
  medium: 'moderate',
  low: 'low',
  unknown: 'unknown',
};

/** GitHub's advisories (GitHub Advisory Database, as published), keyed by GHSA id. */
const ADVISORY_FACTS: Record<string, AdvisoryFacts> = {
  [BAD_PR_ADVISORIES.log4shell]: {
    cve: 'CVE-2021-44228',
    severity: 'critical',
    summary: 'Remote code injection in Log4j',
    affects: { ecosystem: 'maven', name: LOG4J_CORE.name, range: '>= 2.13.0, < 2.15.0', patched: '2.15.0' },
    cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', score: 10.0 },
    cwes: [
      { cwe_id: 'CWE-20', name: 'Improper Input Validation' },
      { cwe_id: 'CWE-400', name: 'Uncontrolled Resource Consumption' },
      { cwe_id: 'CWE-502', name: 'Deserialization of Untrusted Data' },
      {
        cwe_id: 'CWE-917',
        name: "Improper Neutralization of Special Elements used in an Expression Language Statement ('Expression Language Injection')",
      },
    ],
    publishedAt: '2021-12-10T00:40:56Z',
  },
  [BAD_PR_ADVISORIES.log4jIncompleteFix]: {
    cve: 'CVE-2021-45046',
    severity: 'critical',
    summary: 'Incomplete fix for Apache Log4j vulnerability',
    affects: { ecosystem: 'maven', name: LOG4J_CORE.name, range: '>= 2.13.0, < 2.16.0', patched: '2.16.0' },
    cvss: { vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:C/C:H/I:H/A:H', score: 9.0 },
    cwes: [
      { cwe_id: 'CWE-502', name: 'Deserialization of Untrusted Data' },
      {
        cwe_id: 'CWE-917',
        name: "Improper Neutralization of Special Elements used in an Expression Language Statement ('Expression Language Injection')",
      },
    ],
    publishedAt: '2021-12-14T18:01:28Z',
  },
  [BAD_PR_ADVISORIES.log4jRecursion]: {
    cve: 'CVE-2021-45105',
    severity: 'high',
    summary: 'Apache Log4j2 does not always protect from infinite recursion in lookup evaluation',
    affects: { ecosystem: 'maven', name: LOG4J_CORE.name, range: '>= 2.13.0, < 2.17.0', patched: '2.17.0' },
    cvss: { vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H', score: 5.9 },
    cwes: [
      { cwe_id: 'CWE-20', name: 'Improper Input Validation' },
      { cwe_id: 'CWE-674', name: 'Uncontrolled Recursion' },
    ],
    publishedAt: '2021-12-18T18:00:07Z',
  },
  [BAD_PR_ADVISORIES.log4jJdbcAppender]: {
    cve: 'CVE-2021-44832',
    severity: 'medium',
    summary: 'Improper Input Validation and Injection in Apache Log4j2',
    affects: { ecosystem: 'maven', name: LOG4J_CORE.name, range: '>= 2.13.0, < 2.17.1', patched: '2.17.1' },
    cvss: { vector: 'CVSS:3.1/AV:N/AC:H/PR:H/UI:N/S:U/C:H/I:H/A:H', score: 6.6 },
    cwes: [
      { cwe_id: 'CWE-20', name: 'Improper Input Validation' },
      {
        cwe_id: 'CWE-74',
        name: "Improper Neutralization of Special Elements in Output Used by a Downstream Component ('Injection')",
      },
    ],
    publishedAt: '2021-12-28T20:29:47Z',
  },
  [BAD_PR_ADVISORIES.micromatch]: {
    cve: 'CVE-2024-4067',
    severity: 'medium',
    summary: 'Regular Expression Denial of Service (ReDoS) in micromatch',
    affects: { ecosystem: 'npm', name: MICROMATCH.name, range: '< 4.0.8', patched: '4.0.8' },
    cvss: { vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L', score: 5.3 },
    cwes: [{ cwe_id: 'CWE-1333', name: 'Inefficient Regular Expression Complexity' }],
    publishedAt: '2024-05-14T15:30:36Z',
  },
};

/** The vulnerabilities a compare entry lists for these advisories: GitHub's word and summary. */
function listed(...ids: string[]) {
  return ids.map((id) => {
    const facts = ADVISORY_FACTS[id]!;
    return { id, severity: COMPARE_WORD[facts.severity], summary: facts.summary };
  });
}

const added = (
  pkg: ComparedPackage,
  manifest: string,
  license: string,
  scope: 'runtime' | 'development',
  advisories: string[] = [],
) => compareEntry('added', pkg, manifest, listed(...advisories), { license, scope });

/**
 * The head's manifests, as the workspace holds them. The lines of the packages the service lists
 * at the base are where its package search says (java/pom.xml's slf4j-api at 48, package.json's
 * zod and tslib at 14 and 15), so an annotation lands where a reader looks.
 */
const POM_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!--
    Copyright 2024 Acme Corp.

    Licensed under the MIT License (the "License"); you may not use this file
    except in compliance with the License. A copy of the License is in the
    LICENSE file at the root of this repository.

    Unless required by applicable law or agreed to in writing, software
    distributed under the License is distributed on an "AS IS" BASIS,
    WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
-->
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
    <modelVersion>4.0.0</modelVersion>

    <groupId>com.acme</groupId>
    <artifactId>clean-lib-java</artifactId>
    <version>2.3.0</version>
    <packaging>jar</packaging>

    <name>clean-lib (Java client)</name>
    <description>The Java client of Acme's clean-lib.</description>
    <url>https://github.com/acme/clean-lib</url>
    <inceptionYear>2024</inceptionYear>

    <licenses>
        <license>
            <name>MIT License</name>
            <url>https://opensource.org/licenses/MIT</url>
        </license>
    </licenses>

    <scm>
        <url>https://github.com/acme/clean-lib</url>
        <connection>scm:git:https://github.com/acme/clean-lib.git</connection>
    </scm>

    <properties>
        <maven.compiler.release>17</maven.compiler.release>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
        <slf4j.version>2.0.9</slf4j.version>
        <log4j.version>2.14.1</log4j.version>
    </properties>

    <dependencies>
        <dependency>
            <groupId>org.slf4j</groupId>
            <artifactId>slf4j-api</artifactId>
            <version>\${slf4j.version}</version>
        </dependency>
        <dependency>
            <groupId>org.apache.logging.log4j</groupId>
            <artifactId>log4j-core</artifactId>
            <version>\${log4j.version}</version>
        </dependency>
    </dependencies>
</project>
`;

const PACKAGE_JSON = `{
  "name": "@acme/clean-lib",
  "version": "2.3.0",
  "description": "Acme's shared client library",
  "license": "MIT",
  "type": "module",
  "main": "dist/index.js",
  "files": ["dist"],
  "scripts": {
    "build": "tsc -p .",
    "test": "node --test"
  },
  "dependencies": {
    "zod": "^3.23.8",
    "tslib": "^2.6.2",
    "ffmpeg-static": "^5.2.0"
  },
  "devDependencies": {
    "fast-glob": "^3.3.2"
  }
}
`;

/** The lockfile's entries for what the pull request adds (the rest of the lockfile left out). */
const PACKAGE_LOCK_JSON = `{
  "name": "@acme/clean-lib",
  "version": "2.3.0",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "node_modules/ffmpeg-static": {
      "version": "5.2.0",
      "resolved": "https://registry.npmjs.org/ffmpeg-static/-/ffmpeg-static-5.2.0.tgz",
      "hasInstallScript": true,
      "license": "GPL-3.0-only"
    },
    "node_modules/fast-glob": {
      "version": "3.3.2",
      "resolved": "https://registry.npmjs.org/fast-glob/-/fast-glob-3.3.2.tgz",
      "dev": true,
      "license": "MIT",
      "dependencies": {
        "micromatch": "^4.0.4"
      }
    },
    "node_modules/micromatch": {
      "version": "4.0.5",
      "resolved": "https://registry.npmjs.org/micromatch/-/micromatch-4.0.5.tgz",
      "dev": true,
      "license": "MIT"
    }
  }
}
`;

export interface BadPullRequest {
  number: number;
  /** `owner/repo`: GITHUB_REPOSITORY and the event's `repository.full_name`. */
  repository: string;
  /** The event's `repository.id`. */
  repositoryId: number;
  base: string;
  head: string;
  /** The fake GitHub's key of the compare: `owner/repo/base...head`. */
  compareKey: string;
  /** GitHub's dependency review compare of base and head: every entry `added`. */
  changes: CompareEntry[];
  /** GitHub's global advisory of every vulnerability the compare lists, by GHSA id. */
  advisories: Map<string, GlobalAdvisory>;
  /** The manifests as the head has them, by workspace-relative path. */
  files: Record<string, string>;
}

/** A fresh copy of the bad pull request: its event's parts, GitHub's compare and advisories, the head's manifests. */
export function badPullRequest(): BadPullRequest {
  return {
    ...BAD_PR,
    compareKey: `${BAD_PR.repository}/${BAD_PR.base}...${BAD_PR.head}`,
    changes: [
      added(LOG4J_CORE, 'java/pom.xml', 'Apache-2.0', 'runtime', [
        BAD_PR_ADVISORIES.log4shell,
        BAD_PR_ADVISORIES.log4jIncompleteFix,
        BAD_PR_ADVISORIES.log4jRecursion,
        BAD_PR_ADVISORIES.log4jJdbcAppender,
      ]),
      added(FFMPEG_STATIC, 'package.json', BAD_PR_LICENSE.license, 'runtime'),
      added({ ecosystem: 'npm', name: 'fast-glob', version: '3.3.2' }, 'package.json', 'MIT', 'development'),
      added(MICROMATCH, 'package-lock.json', 'MIT', 'development', [BAD_PR_ADVISORIES.micromatch]),
    ],
    advisories: new Map(Object.entries(ADVISORY_FACTS).map(([id, facts]) => [id, advisoryRecord(id, facts)])),
    files: { 'java/pom.xml': POM_XML, 'package.json': PACKAGE_JSON, 'package-lock.json': PACKAGE_LOCK_JSON },
  };
}

/** What the demo's --too-new, --malicious and --deny add to the bad pull request (contract: "Before any advisory"). */
export const SUPPLY_CHAIN_ADDS = {
  /** Published 14 hours before the run (simulator/deps-dev.ts): too new under min-release-age 3d. */
  tooNew: { ecosystem: 'npm', name: FRESH_RELEASE.name, version: FRESH_RELEASE.version },
  /** OSV lists it as malicious (simulator/osv.ts OSV_MALICIOUS.colorStringify; not imported: osv.ts imports this module). */
  malicious: { ecosystem: 'npm', name: 'color-stringify', version: '4.1.1' },
  /** The 2018 compromise (flatmap-stream), which the demo's deny-packages names. */
  denied: { ecosystem: 'npm', name: 'event-stream', version: '3.3.6' },
} as const;

/** The deny-packages entry of the demo's --deny. */
export const DEMO_DENY_ENTRY =
  'pkg:npm/event-stream # compromised in 2018 (flatmap-stream stole wallets); use a maintained stream library';

/**
 * The bad pull request with what --too-new, --malicious and --deny add: an entry of the compare each,
 * and its line in the head's package.json (where the annotation goes).
 */
export function withSupplyChainAdds(
  pr: BadPullRequest,
  adds: { tooNew: boolean; malicious: boolean; denied: boolean },
): BadPullRequest {
  const chosen = (Object.keys(SUPPLY_CHAIN_ADDS) as (keyof typeof SUPPLY_CHAIN_ADDS)[])
    .filter((key) => adds[key])
    .map((key) => SUPPLY_CHAIN_ADDS[key]);
  if (chosen.length === 0) return pr;
  const lines = chosen.map(({ name, version }) => `    "${name}": "${version}",`).join('\n');
  const packageJson = pr.files['package.json']!.replace('  "dependencies": {\n', `  "dependencies": {\n${lines}\n`);
  return {
    ...pr,
    changes: [...pr.changes, ...chosen.map((pkg) => added(pkg, 'package.json', 'MIT', 'runtime'))],
    files: { ...pr.files, 'package.json': packageJson },
  };
}

/**
 * A pull request on a repository whose dependency graph is off (GitHub's compare answers 403): the
 * bad pull request's event, its change only in its lockfiles (contract: "Without GitHub's dependency
 * graph"). Its Gradle lockfile adds log4j-core 2.14.1 (and log4j-api) to what the base locks; OSV
 * knows log4j-core's advisories (simulator/osv.ts imports GitHub's).
 */
export interface NoGraphPullRequest extends Omit<BadPullRequest, 'changes' | 'advisories'> {
  /** The lockfiles as the base commit has them, by repository path (the fake GitHub's contents API serves them). */
  baseFiles: Record<string, string>;
}

const GRADLE_HEADER = [
  '# This is a Gradle generated file for dependency locking.',
  '# Manual edits can break the build and are not advised.',
  '# This file is expected to be part of source control.',
];
const GRADLE_BASE = [
  'com.google.guava:failureaccess:1.0.1=compileClasspath,runtimeClasspath',
  'com.google.guava:guava:32.0.0-jre=compileClasspath,runtimeClasspath',
  'junit:junit:4.13.2=testCompileClasspath,testRuntimeClasspath',
];
const gradleLockfile = (modules: string[]) =>
  `${[...GRADLE_HEADER, ...[...modules].sort(), 'empty=annotationProcessor,testAnnotationProcessor'].join('\n')}\n`;

/** A fresh copy of the pull request without a dependency graph. */
export function noGraphPullRequest(): NoGraphPullRequest {
  const log4j = ['log4j-api', 'log4j-core'].map(
    (artifact) => `org.apache.logging.log4j:${artifact}:2.14.1=compileClasspath,runtimeClasspath`,
  );
  return {
    ...BAD_PR,
    compareKey: `${BAD_PR.repository}/${BAD_PR.base}...${BAD_PR.head}`,
    files: { 'java/gradle.lockfile': gradleLockfile([...GRADLE_BASE, ...log4j]) },
    baseFiles: { 'java/gradle.lockfile': gradleLockfile(GRADLE_BASE) },
  };
}

/**
 * The `pull_request` event of a pull request, base and head named, as GitHub sends it; `from` is the
 * repository its head is in (another one: a fork, whose run GitHub gives no secrets).
 */
export function pullRequestEvent(
  pr: Pick<BadPullRequest, 'number' | 'repository' | 'repositoryId' | 'base' | 'head'>,
  from = pr.repository,
) {
  return {
    repository: { id: pr.repositoryId, full_name: pr.repository },
    pull_request: {
      number: pr.number,
      base: { sha: pr.base },
      head: { sha: pr.head, repo: { full_name: from, fork: from !== pr.repository } },
    },
  };
}
