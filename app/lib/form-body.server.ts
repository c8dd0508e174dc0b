import { type FormRefusal, formRefusedLocation, isNavigation } from "./form-refusal.server";

/** The most a storefront form may send; the store's forms send well under 2 kB. */
export const FORM_BODY_LIMIT = 64 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

// English only: these answer requests no store form sends, before the shopper's language matters.
const TEXT = {
  unsupported: "Unsupported content type: the store's forms send application/x-www-form-urlencoded or multipart/form-data.",
  tooLarge: `The form is too large: at most ${FORM_BODY_LIMIT / 1024} kB.`,
  unreadable: "The form could not be read: send it again from the store's page.",
};

const REASONS: Record<400 | 413 | 415, FormRefusal> = { 400: "unreadable", 413: "tooLarge", 415: "unsupported" };

/** A browser that sent the form goes to the store's page for the refusal; anything else gets the status and a line of text. */
function refusal(request: Request) {
  return (status: 400 | 413 | 415, message: string): Response => {
    if (isNavigation(request.headers)) {
      const url = new URL(request.url);
      const location = formRefusedLocation(REASONS[status], { path: url.pathname, referer: request.headers.get("referer"), host: url.host });
      return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "private, no-store" } });
    }
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  };
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
 * 400 for a body that is not a readable form, so an action never fails with a 500 (to a browser
 * that navigated, a 303 to the store's page saying so: app/lib/form-refusal.server.ts).
 */
export async function readForm(request: Request): Promise<FormData> {
  const refuse = refusal(request);
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
