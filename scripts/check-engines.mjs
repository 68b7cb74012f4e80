#!/usr/bin/env node
// check-engines: every package the lockfile installs must declare a Node engine that covers the
// runtimes the app declares (package.json "engines.node"). Part of `npm run lint`.
//
// Why: npm only warns (EBADENGINE) when a dependency declares a narrower Node range than the one
// it runs on, and a warning scrolls by. A package that requires Node 22 may use an API Node 20
// lacks and fail at run time on an operator's machine. So a disagreement fails the lint; the fix
// is to pin (package.json "overrides") or replace the package.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * Disagreements accepted on purpose, each tied to one exact version and to the part of the app's
 * range the package leaves out. The check fails when such an entry is no longer needed (the
 * package changed or now covers the app's range), so none outlives its reason.
 */
export const ACCEPTED = [
  {
    name: 'pg-boss',
    version: '12.35.0',
    uncovered: '^20.19.0',
    reason:
      'every pg-boss release with the embedded PGlite backend and job heartbeats (12.x) declares Node >=22.12; ' +
      'none that declares Node 20 has them. It runs on Node 20: the whole suite runs there in CI. Drop the ' +
      'entry, and Node 20 from "engines", when Node 20 support ends.',
  },
];

/** Problems (one line each) for a lockfile's packages against the app's range. */
export function engineProblems(lock, appRange, accepted = ACCEPTED) {
  if (!semver.validRange(appRange)) return [`package.json engines.node "${appRange}" is not a valid semver range`];
  const problems = [];
  const used = new Set();
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location.includes('node_modules/') || entry.link) continue;
    const name = location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const declared = entry.engines?.node;
    if (!declared) continue;
    if (!semver.validRange(declared)) {
      problems.push(
        `${name}@${entry.version} (${location}) declares engines.node "${declared}", which is not a semver range`,
      );
      continue;
    }
    if (semver.subset(appRange, declared)) continue;
    const exception = accepted.find((a) => a.name === name && a.version === entry.version);
    if (exception) {
      used.add(exception);
      const rest = withoutPart(appRange, exception.uncovered);
      if (rest && semver.subset(rest, declared)) continue;
      problems.push(
        `${name}@${entry.version} declares Node "${declared}": it leaves out more of "${appRange}" than the accepted "${exception.uncovered}"`,
      );
      continue;
    }
    const kind = entry.dev ? 'dev dependency' : 'runtime dependency';
    problems.push(
      `${name}@${entry.version} (${kind}, ${location}) declares Node "${declared}", but the app declares "${appRange}": pin a version that supports it (package.json "overrides") or replace it`,
    );
  }
  for (const exception of accepted) {
    if (!used.has(exception)) {
      problems.push(
        `the accepted disagreement for ${exception.name}@${exception.version} is no longer needed (the lockfile no longer has it disagreeing): remove it from scripts/check-engines.mjs`,
      );
    }
  }
  return problems;
}

/** The app's range without one of its `||` parts ("^20.19.0 || ^22.12.0" less "^20.19.0" → "^22.12.0"). */
function withoutPart(range, part) {
  const parts = range.split('||').map((p) => p.trim());
  const rest = parts.filter((p) => p !== part.trim());
  return rest.length === parts.length || rest.length === 0 ? null : rest.join(' || ');
}

/** The workspaces must declare the root's range (or none). */
export function workspaceProblems(root, workspaces) {
  const appRange = root.engines?.node;
  return workspaces
    .filter(({ pkg }) => pkg.engines?.node !== undefined && pkg.engines.node !== appRange)
    .map(({ file, pkg }) => `${file} declares engines.node "${pkg.engines.node}", the root declares "${appRange}"`);
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  const pkg = read('package.json');
  const lock = read('package-lock.json');
  const appRange = pkg.engines?.node;
  if (!appRange) {
    console.error('check-engines: package.json declares no engines.node');
    process.exit(1);
  }
  const workspaces = (pkg.workspaces ?? []).map((dir) => ({
    file: `${dir}/package.json`,
    pkg: read(`${dir}/package.json`),
  }));
  const problems = [...workspaceProblems(pkg, workspaces), ...engineProblems(lock, appRange)];
  if (problems.length > 0) {
    console.error(`check-engines: ${problems.length} package(s) disagree with the app's Node range "${appRange}":`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  const installed = Object.keys(lock.packages ?? {}).filter((l) => l.includes('node_modules/')).length;
  console.log(
    `check-engines: ${installed} packages agree with Node "${appRange}" (${ACCEPTED.length} accepted exception: ${ACCEPTED.map((a) => `${a.name}@${a.version}`).join(', ')})`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
