/**
 * Bounds on what the server reads from services the operator configured (review I4): the bank's
 * rates file (CBR_RATES_URL) and the translation service (TRANSLATION_URL). Their requests follow no
 * redirects (`redirect: "error"`: a moved or hijacked endpoint fails loudly instead of sending the
 * server elsewhere), and their bodies are read only up to a byte cap, counted as they stream in.
 */

/** The request options every such fetch adds. */
export const NO_REDIRECTS = { redirect: "error" } as const satisfies RequestInit;

/** A body was longer than the cap: `limit` bytes, read so far `read`. */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  readonly read: number;
  constructor(limit: number, read: number) {
    super(`The answer is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
    this.read = read;
  }
}

/**
 * The bytes of `response`'s body, at most `maxBytes`: refused as soon as the stream passes the cap
 * (the rest is not read; the stream is cancelled). A declared `Content-Length` over the cap is
 * refused before reading.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(maxBytes, 0);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(maxBytes, total);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** `readCapped` decoded as UTF-8. */
export async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readCapped(response, maxBytes));
}
