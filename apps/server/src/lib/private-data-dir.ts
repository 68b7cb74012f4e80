import fs from 'node:fs';
import path from 'node:path';

/** Group and other may neither read, write nor enter anything the app creates. */
export const PRIVATE_UMASK = 0o077;

/**
 * The walk stops after this many entries: a data directory holds about a thousand files (the
 * database catalog); a DATA_DIR pointed at something far bigger by mistake must not stall the start.
 */
const MAX_ENTRIES = 100_000;

export interface PrivacyReport {
  /** Files and directories whose mode was narrowed. */
  fixed: number;
  /** Entries we could not narrow (owned by another user, vanished meanwhile). */
  failed: string[];
  /** True when the walk stopped at MAX_ENTRIES. */
  truncated: boolean;
}

/**
 * Everything the process creates from now on is the operator's alone: the embedded database, its
 * WAL, the secret key and the lock file hold the password hash and the sealed secrets, and PGlite
 * creates its files 0666 (narrowed only by the umask). Not available in worker threads, where the
 * umask is the process's anyway.
 */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates DATA_DIR as 0700, or narrows an existing one made by an older version or another umask:
 * files to at most 0600 and directories to at most 0700 (bits are only ever taken away). Symbolic
 * links are not followed, so a link inside the directory cannot make us chmod a file elsewhere.
 */
export function makeDataDirPrivate(dir: string): PrivacyReport {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const report: PrivacyReport = { fixed: 0, failed: [], truncated: false };
  const pending = [dir];
  let seen = 0;
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (++seen > MAX_ENTRIES) {
      report.truncated = true;
      break;
    }
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch {
      continue; // removed while we walked
    }
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & PRIVATE_UMASK) !== 0) {
      try {
        fs.chmodSync(current, stat.mode & 0o700);
        report.fixed++;
      } catch {
        report.failed.push(current);
      }
    }
    if (stat.isDirectory()) {
      try {
        for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
      } catch {
        report.failed.push(current);
      }
    }
  }
  return report;
}
