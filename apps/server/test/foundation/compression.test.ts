import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.js';

const BROWSER = 'gzip, deflate, br, zstd';
const ASSET = `console.log(${JSON.stringify('the app '.repeat(200))});`;
const INDEX = '<!doctype html><title>SPA</title><div id="root"></div>';

/** What `npm run build` leaves in apps/web/dist: each text file with a .br and a .gz beside it. */
function writeWithCompressedCopies(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('compression: precompressed web app files, compressed API JSON', () => {
  let t: TestApp;
  let cookie: string;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'abp-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    writeWithCompressedCopies(path.join(webDist, 'index.html'), INDEX);
    writeWithCompressedCopies(path.join(webDist, 'assets', 'app-1234.js'), ASSET);
    // A file the build did not compress (too small to gain): served as it is to everyone.
    fs.writeFileSync(path.join(webDist, 'assets', 'tiny-1234.js'), 'x()');
    t = await createTestApp({ config: { webDistDir: webDist } });
    cookie = await t.login();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that accepts br', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 4);
    expect(decode('br', res.rawPayload)).toBe(ASSET);
  });

  it('sends the gzip copy when br is not accepted, and the plain file without Accept-Encoding', async () => {
    const gz = await t.request({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gz.rawPayload)).toBe(ASSET);

    const plain = await t.request({ method: 'GET', url: '/assets/app-1234.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ASSET);
  });

  it('falls back to the plain file when the build wrote no compressed copy', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/tiny-1234.js',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x()');
  });

  it('sends index.html compressed for the SPA routes too, still never cached', async () => {
    for (const url of ['/', '/articles/123']) {
      const res = await t.request({ method: 'GET', url, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', res.rawPayload), url).toBe(INDEX);
    }
  });

  it('compresses a large API JSON answer for a client that accepts it', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/docs/json', cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await t.request({
      method: 'GET',
      url: '/api/docs/json',
      cookie,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decode('br', br.rawPayload))).toEqual(plain.json());

    const gz = await t.request({
      method: 'GET',
      url: '/api/docs/json',
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gz.rawPayload))).toEqual(plain.json());
  });

  it('leaves a small API JSON answer uncompressed', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/auth/status',
      cookie,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ authenticated: true });
  });

  it('does not inflate a compressed request body: even the right password is a 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ password: TEST_PASSWORD })),
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });
});
