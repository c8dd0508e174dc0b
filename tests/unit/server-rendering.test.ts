import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";

// The server runs React's production build (NODE_ENV=production), the file
// patches/react-dom+18.3.1.patch changes; vitest would load the development build, so it is named here.
const require = createRequire(import.meta.url);
const productionRenderer = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.node.production.min.js");
const { renderToPipeableStream } = require(productionRenderer) as typeof import("react-dom/server");

/** Renders to a writable and answers every write React made, as the bytes it wrote. */
function render(element: React.ReactElement): Promise<Buffer[]> {
  const writes: Buffer[] = [];
  return new Promise((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on("finish", () => resolve(writes));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

/** A French listing: hundreds of small pieces, accented letters wherever they fall. */
const listing = (count: number) =>
  h(
    "ul",
    { className: "grid" },
    Array.from({ length: count }, (_, i) =>
      h("li", { key: i, "data-code": `500${i}-SMRG` }, h("a", { href: `/fr/p/${i}` }, "Torréfaction foncée ", i), h("span", null, "Café équitable · 12,99 $")),
    ),
  );

describe("server rendering of a page (React 18's production renderer, patched)", () => {
  it("sends a page without Suspense in one write, whatever its size", async () => {
    const writes = await render(listing(400));
    expect(writes).toHaveLength(1);
    expect(writes[0].length).toBeGreaterThan(40_000);
  });

  it("writes every accented letter whole and no NUL byte, wherever the text falls", async () => {
    for (const count of [1, 37, 113, 400]) {
      const html = Buffer.concat(await render(listing(count)));
      expect(html.includes(0)).toBe(false);
      const text = html.toString("utf8");
      expect(text).not.toContain("\uFFFD");
      expect(text.match(/Torréfaction foncée /g)).toHaveLength(count);
      expect(text.match(/Café équitable · 12,99 \$/g)).toHaveLength(count);
    }
  });

  it("keeps React's markup: attributes escaped, text separators, the same HTML as before the patch", async () => {
    const html = Buffer.concat(await render(h("p", { title: `a "quoted" <b>` }, "Prix : ", 12, " $ & plus"))).toString("utf8");
    expect(html).toBe('<p title="a &quot;quoted&quot; &lt;b&gt;">Prix : <!-- -->12<!-- --> $ &amp; plus</p>');
  });
});
