/**
 * Reads a response body into memory, refusing more than `maxBytes` (a misbehaving server cannot
 * fill the heap): a declared Content-Length over the limit is refused before reading. The error is
 * the caller's own (`tooLarge`), so that each integration reports it in its terms.
 */
export async function readBodyCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** "fetch failed" says nothing; its cause (ECONNREFUSED, ENOTFOUND, a TLS error) does. */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause && cause !== error.message ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}
