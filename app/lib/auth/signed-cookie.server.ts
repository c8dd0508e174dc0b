import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize, type SerializeOptions } from "cookie";
import type { Cookie, CookieOptions } from "react-router";

/**
 * A signed cookie in React Router's own format (the value's JSON in base64, a dot, and its
 * HMAC-SHA256 in base64 without padding), so cookies written by `createCookie` stay valid and the
 * session storage takes it as it takes React Router's. The difference is where the HMAC runs:
 * React Router's `createCookie` imports a WebCrypto key and signs on libuv's thread pool for every
 * cookie read and written; node:crypto's HMAC here runs in the request's thread, for a fraction of
 * the CPU (decision 085).
 */
export function createSignedCookie(name: string, { secrets, ...cookieOptions }: CookieOptions & { secrets: readonly string[] }): Cookie {
  if (secrets.length === 0) throw new Error(`the ${name} cookie needs at least one secret`);
  const options: CookieOptions = { path: "/", sameSite: "lax", ...cookieOptions };
  return {
    name,
    isSigned: true,
    get expires() {
      return options.maxAge !== undefined ? new Date(Date.now() + options.maxAge * 1000) : options.expires;
    },
    async parse(cookieHeader) {
      if (!cookieHeader) return null;
      const value = parse(cookieHeader, options)[name];
      if (value === undefined) return null;
      if (value === "") return "";
      return unsignedValue(value, secrets);
    },
    async serialize(value, serializeOptions?: SerializeOptions) {
      const signed = value === "" ? "" : signedValue(value, secrets[0]!);
      return serialize(name, signed, { ...options, ...serializeOptions });
    },
  };
}

function signatureOf(encoded: string, secret: string): string {
  return createHmac("sha256", secret).update(encoded).digest("base64").replace(/=+$/, "");
}

function signedValue(value: unknown, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  return `${encoded}.${signatureOf(encoded, secret)}`;
}

/** The value when one of the secrets signed it (the newest first, so a secret can be rotated); otherwise null. */
function unsignedValue(signed: string, secrets: readonly string[]): unknown {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const encoded = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(signatureOf(encoded, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return decoded(encoded);
  }
  return null;
}

function decoded(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    return {};
  }
}
