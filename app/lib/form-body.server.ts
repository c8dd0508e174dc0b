/** The most a storefront form may send; the store's forms send well under 2 kB. */
export const FORM_BODY_LIMIT = 64 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

// English only: these answer requests no store form sends, before the shopper's language matters.
const TEXT = {
  unsupported: "Unsupported content type: the store's forms send application/x-www-form-urlencoded or multipart/form-data.",
  tooLarge: `The form is too large: at most ${FORM_BODY_LIMIT / 1024} kB.`,
  unreadable: "The form could not be read: send it again from the store's page.",
};

function refuse(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

/** Reads at most `limit` bytes; null when the body is longer (the rest is not read). */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: cancelling destroys the connection before the 413 can be sent.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body of a storefront form post. Only the two form encodings are read, at most
 * FORM_BODY_LIMIT bytes (counted as the body arrives, so a chunked body without a length is
 * capped too). Anything else is thrown as a Response: 415 for another type, 413 for too large,
 * 400 for a body that is not a readable form, so an action never fails with a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) throw refuse(415, TEXT.unsupported);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > FORM_BODY_LIMIT) throw refuse(413, TEXT.tooLarge);
  let bytes: Uint8Array<ArrayBuffer> | null = new Uint8Array(new ArrayBuffer(0));
  try {
    if (request.body) bytes = await readCapped(request.body, FORM_BODY_LIMIT);
  } catch {
    throw refuse(400, TEXT.unreadable);
  }
  if (bytes === null) throw refuse(413, TEXT.tooLarge);
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw refuse(400, TEXT.unreadable);
  }
}

/** The form as a plain record of its text fields (files are ignored). */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of await readForm(request)) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return fields;
}
