import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataDirPrivate } from '../../src/lib/private-data-dir.js';

const mode = (p: string) => fs.lstatSync(p).mode & 0o7777;

describe('makeDataDirPrivate', () => {
  const made: string[] = [];
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-modes-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a missing data directory as 0700', () => {
    const dir = path.join(tmp(), 'new', 'data');
    expect(makeDataDirPrivate(dir).fixed).toBe(0);
    expect(mode(dir)).toBe(0o700);
  });

  it('takes group and other bits away from every file and directory, and only those', () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, 'db', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'db', 'base', 'table'), 'rows');
    fs.writeFileSync(path.join(dir, 'secret.key'), 'key');
    fs.writeFileSync(path.join(dir, 'tool'), 'run');
    fs.chmodSync(path.join(dir, 'db', 'base', 'table'), 0o666);
    fs.chmodSync(path.join(dir, 'secret.key'), 0o400); // already private: left as it is
    fs.chmodSync(path.join(dir, 'tool'), 0o755);
    fs.chmodSync(path.join(dir, 'db', 'base'), 0o777);
    fs.chmodSync(path.join(dir, 'db'), 0o755);
    fs.chmodSync(dir, 0o755);

    const report = makeDataDirPrivate(dir);
    expect(report).toEqual({ fixed: 5, failed: [], truncated: false });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'db'))).toBe(0o700);
    expect(mode(path.join(dir, 'db', 'base'))).toBe(0o700);
    expect(mode(path.join(dir, 'db', 'base', 'table'))).toBe(0o600);
    expect(mode(path.join(dir, 'secret.key'))).toBe(0o400);
    expect(mode(path.join(dir, 'tool'))).toBe(0o700);
    expect(makeDataDirPrivate(dir).fixed).toBe(0);
  });

  it('does not follow a symbolic link out of the data directory', () => {
    const dir = tmp();
    const outside = path.join(tmp(), 'shared.txt');
    fs.writeFileSync(outside, 'not ours to change');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dir, 'link'));
    fs.chmodSync(dir, 0o700);
    expect(makeDataDirPrivate(dir).fixed).toBe(0);
    expect(mode(outside)).toBe(0o644);
  });
});
