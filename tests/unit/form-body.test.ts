import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, readForm, readFormFields } from "../../app/lib/form-body.server";

const post = (body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  new Request("http://store.test/newsletter", {
    method: "POST",
    body,
    headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
  });

async function statusOf(request: Request): Promise<number> {
  try {
    await readForm(request);
    return 200;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown.status;
  }
}

describe("readForm", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect(await readFormFields(post("email=a%40example.com&consent=on", "application/x-www-form-urlencoded"))).toEqual({
      email: "a@example.com",
      consent: "on",
    });
    const multipart = new FormData();
    multipart.set("email", "b@example.com");
    expect((await readForm(new Request("http://store.test/", { method: "POST", body: multipart }))).get("email")).toBe("b@example.com");
  });
  it("answers 415 for other content types and for none", async () => {
    expect(await statusOf(post('{"email":"a@example.com"}', "application/json"))).toBe(415);
    expect(await statusOf(post("email=x", "text/plain"))).toBe(415);
    expect(await statusOf(post("<x/>", "application/xml"))).toBe(415);
    expect(await statusOf(post("email=x"))).toBe(415);
  });
  it("answers 400 for a broken multipart body", async () => {
    expect(await statusOf(post("--nope\r\n\r\n", "multipart/form-data; boundary=xyz"))).toBe(400);
    expect(await statusOf(post("--xyz\r\n", "multipart/form-data"))).toBe(400);
  });
  it("answers 413 above the limit, by declared length and by counting a stream", async () => {
    const big = `email=${"a".repeat(FORM_BODY_LIMIT)}`;
    expect(await statusOf(post(big, "application/x-www-form-urlencoded"))).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("a".repeat(8192)));
        controller.close();
      },
    });
    const chunked = new Request("http://store.test/", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await statusOf(chunked)).toBe(413);
  });
  it("keeps the prototype out of the fields", async () => {
    const fields = await readFormFields(post("__proto__=x&email=y", "application/x-www-form-urlencoded"));
    expect(fields.email).toBe("y");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("a refused form sent by a browser without JavaScript", () => {
  const thrownBy = async (request: Request): Promise<Response> => {
    try {
      await readForm(request);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    throw new Error("the form was read");
  };

  it("goes to the store's page for the refusal, in the page's language, with the way back", async () => {
    const answer = await thrownBy(
      new Request("http://www.brewfront.ca/fr/cart", {
        method: "POST",
        body: "x",
        headers: { "Content-Type": "text/plain", "Sec-Fetch-Mode": "navigate", Referer: "http://www.brewfront.ca/fr/c/coffee" },
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/fr/form-refused?reason=unsupported&back=%2Ffr%2Fc%2Fcoffee");
  });

  it("never sends the shopper back to another site the Referer names", async () => {
    const answer = await thrownBy(
      post("--nope\r\n\r\n", "multipart/form-data; boundary=xyz", { "Sec-Fetch-Mode": "navigate", Referer: "https://evil.test/x" }),
    );
    expect(answer.headers.get("location")).toBe("/form-refused?reason=unreadable&back=%2F");
  });

  it("keeps the plain status for scripts and other callers", async () => {
    expect(await statusOf(post("email=x", "text/plain", { "Sec-Fetch-Mode": "cors", Accept: "text/html" }))).toBe(415);
  });
});
