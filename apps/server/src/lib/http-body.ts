/*
 * Every response body that comes from outside (WordPress, model servers, feeds, image servers) is
 * read through here with a size cap, so a misbehaving server cannot fill the heap: a declared
 * Content-Length over the limit is refused before reading, and an undeclared or lying one is cut
 * off at the limit — reading stops and the connection is released. The error is the caller's own
 * (`tooLarge`), so that each integration reports it in its terms.
 */

// Statuses whose Response must have a null body (the constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The body as a stream that fails with `tooLarge()` once more than `maxBytes` came, and stops reading there. */
export function capStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // Nothing is read ahead of the consumer: the cap counts what was really asked for.
    { highWaterMark: 0 },
  );
}

/**
 * The same response with a capped body, for code that reads it itself (the AI SDK): throws
 * `tooLarge()` at once when the declared length is over the cap.
 */
export function cappedResponse(response: Response, maxBytes: number, tooLarge: () => Error): Response {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
  return new Response(capStream(response.body, maxBytes, tooLarge), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Reads a response body into memory, refusing more than `maxBytes`. */
export async function readBodyCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const body = cappedResponse(response, maxBytes, tooLarge).body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
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
