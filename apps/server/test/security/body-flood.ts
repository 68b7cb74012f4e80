import fs from 'node:fs';
import net from 'node:net';

export interface LargeBodyResult {
  /** The answer's status, or null when the connection ended without one. */
  status: number | null;
  /** Body bytes the server took before it answered or closed. */
  sentBytes: number;
  error?: string;
}

export interface LargeBodyOptions {
  method?: string;
  path: string;
  bytes: number;
  /** Transfer-Encoding: chunked instead of a Content-Length. */
  chunked?: boolean;
  headers?: Record<string, string>;
}

const CHUNK = 64 * 1024;

/**
 * Streams a JSON body of `bytes` bytes (`{"password":"aaaa…"}`) over a raw socket, as fast as the
 * server takes it, and stops sending as soon as an answer arrives — what a client flooding the
 * server with large bodies does. Nothing is buffered beyond one chunk on either side.
 */
export function sendLargeBody(port: number, options: LargeBodyOptions): Promise<LargeBodyResult> {
  const { method = 'POST', path, bytes, chunked = false, headers = {} } = options;
  const head = '{"password":"';
  const tail = '"}';
  const fill = Buffer.alloc(CHUNK, 'a');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      'X-Requested-With: XMLHttpRequest',
    ];
    lines.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    let sent = 0;
    let received = '';
    let status: number | null = null;
    let finished = false;
    const finish = (error?: string) => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ status, sentBytes: sent, ...(error && status === null ? { error } : {}) });
    };
    const piece = (): Buffer | null => {
      if (sent >= bytes) return null;
      let data: Buffer;
      if (sent === 0) data = Buffer.concat([Buffer.from(head), fill.subarray(0, Math.min(CHUNK, bytes) - head.length)]);
      else if (bytes - sent <= CHUNK)
        data = Buffer.concat([fill.subarray(0, bytes - sent - tail.length), Buffer.from(tail)]);
      else data = fill;
      sent += data.length;
      return chunked
        ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
        : data;
    };
    // One chunk per turn of the event loop, as a browser's upload goes: an answer that arrives
    // meanwhile is read before the next write can fail on a connection the server closed.
    const pump = () => {
      if (status !== null || socket.destroyed) return;
      const data = piece();
      if (!data) {
        if (chunked) socket.write('0\r\n\r\n');
        return;
      }
      if (socket.write(data)) setImmediate(pump); // else wait for 'drain'
    };
    socket.setTimeout(120_000, () => finish('timeout'));
    socket.on('connect', () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match && status === null) status = Number(match[1]);
      // The whole answer is in once its headers and its length of body have arrived.
      const end = received.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(received.slice(0, end));
      if (end >= 0 && length && received.length >= end + 4 + Number(length[1])) finish();
    });
    socket.on('error', (error) => finish(error.message));
    socket.on('close', () => finish('closed'));
  });
}

/**
 * GET /api/health every `everyMs` until `stop.done`, each sent on time whether or not the previous
 * one has answered (so a stall shows as many slow answers, not one); the time of each answer in ms.
 */
export async function pollHealth(
  port: number,
  stop: { done: boolean },
  failures: string[],
  everyMs = 50,
): Promise<number[]> {
  const times: number[] = [];
  const pending: Promise<void>[] = [];
  while (!stop.done) {
    const t0 = performance.now();
    pending.push(
      fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(30_000) })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`health answered ${res.status}`);
        })
        .catch((error: Error) => {
          failures.push(`health failed: ${error.message}`);
        })
        .finally(() => times.push(performance.now() - t0)),
    );
    await new Promise((r) => setTimeout(r, everyMs));
  }
  await Promise.all(pending);
  return times;
}

/** Peak resident memory of a process in MiB, sampled every 25 ms until `stop.done`. */
export async function peakRssMiB(pid: number, stop: { done: boolean }): Promise<number> {
  let peak = 0;
  while (!stop.done) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, Math.round(kb / 1024));
    } catch {
      // The process ended: keep what was seen.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return peak;
}

export function percentile(times: number[], q: number): number {
  if (times.length === 0) return NaN;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
