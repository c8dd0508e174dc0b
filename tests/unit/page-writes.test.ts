import { Writable } from "node:stream";
import { createElement as h, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { wholePageWithoutNulBytes } from "../../app/entry.server";

/** The chunks React's streaming renderer writes for `element`, through `through` when given. */
function render(element: ReactElement, through?: () => NodeJS.ReadWriteStream): Promise<Buffer[]> {
  const writes: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(writes));
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => {
        if (!through) return void pipe(sink);
        const stream = through();
        stream.pipe(sink);
        pipe(stream as unknown as Writable);
      },
      onError: reject,
    });
  });
}

/** A French listing: hundreds of small pieces, accented letters wherever they fall. */
const listing = (count: number) =>
  h(
    "ul",
    { className: "grid" },
    Array.from({ length: count }, (_, i) =>
      h("li", { key: i }, h("a", { href: `/fr/p/${i}` }, "Torréfaction foncée ", i), h("span", null, "Café équitable · 12,99 $")),
    ),
  );

describe("a page as the server sends it", () => {
  it("has every accented letter whole and no NUL byte, though React 18 writes some where a letter falls at a buffer's end", async () => {
    const fromReact = Buffer.concat(await render(listing(400)));
    expect(fromReact.includes(0)).toBe(true);
    for (const count of [1, 37, 113, 400]) {
      const page = Buffer.concat(await render(listing(count), wholePageWithoutNulBytes));
      expect(page.includes(0)).toBe(false);
      const text = page.toString("utf8");
      expect(text).not.toContain("\uFFFD");
      expect(text.match(/Torréfaction foncée /g)).toHaveLength(count);
      expect(text.match(/Café équitable · 12,99 \$/g)).toHaveLength(count);
    }
  });

  it("goes out in one write, whatever its size", async () => {
    const writes = await render(listing(400), wholePageWithoutNulBytes);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.length).toBeGreaterThan(40_000);
  });
});
