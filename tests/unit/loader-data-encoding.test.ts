import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Remix encodes every page's loader data with turbo-stream's flatten, the file
// patches/turbo-stream+2.4.1.patch rewrites for speed; the page must not change by a byte.
const require = createRequire(import.meta.url);
const { flatten } = require(path.join(path.dirname(require.resolve("turbo-stream")), "flatten.js")) as {
  flatten: (this: Encoder, input: unknown) => number | [number];
};

interface Encoder {
  deferred: Record<number, Promise<unknown>>;
  index: number;
  indices: Map<unknown, number>;
  stringified: string[];
  plugins: ((value: unknown) => unknown[] | undefined)[];
  postPlugins: ((value: unknown) => unknown[] | undefined)[];
}

/** The text Remix puts in the page for `input`, with Remix's own plugins for errors and class instances. */
function encoded(input: unknown): string {
  const encoder: Encoder = {
    deferred: {},
    index: 0,
    indices: new Map(),
    stringified: [],
    plugins: [(v) => (v instanceof Error ? ["SanitizedError", v.name, v.message] : undefined)],
    postPlugins: [(v) => (v && typeof v === "object" ? ["SingleFetchClassInstance", Object.fromEntries(Object.entries(v))] : undefined)],
  };
  flatten.call(encoder, input);
  return `[${encoder.stringified.join(",")}]`;
}

class Money {
  minor = 999;
  currency = "USD";
}

describe("a page's loader data as Remix encodes it", () => {
  it("is, byte for byte, what turbo-stream 2.4.1 wrote: shared values once, keys once, every special value", () => {
    const shared = { code: "dark", name: "Dark", count: 8, selected: false };
    // An array with a hole at index 1.
    const holes = [1, 0, NaN, Infinity];
    delete holes[1];
    const data = {
      loaderData: {
        root: { brand: { id: "cab2c", languages: ["en", "fr"] }, needsConsent: true, firstName: undefined },
        "routes/($lang).c.$code": {
          facets: [{ code: "roast", values: [shared, { ...shared, code: "light", count: 6 }, shared] }],
          products: [
            {
              name: "Torréfaction foncée",
              price: new Money(),
              when: new Date(0),
              tags: new Set(["a", "b"]),
              extra: new Map([["k", -0]]),
              holes,
            },
          ],
          failure: new Error("gone"),
          bare: Object.assign(Object.create(null) as object, { n: null }),
        },
      },
    };
    // Written by the unpatched turbo-stream 2.4.1 from the same data.
    expect(encoded(data)).toBe(
      '[{"_1":2},"loaderData",{"_3":4,"_16":17},"root",{"_5":6,"_13":14,"_15":-7},"brand",{"_7":8,"_9":10},"id","cab2c","languages",[11,12],"en","fr","needsConsent",true,"firstName","routes/($lang).c.$code",{"_18":19,"_36":37,"_59":60,"_63":64},"facets",[20],{"_21":22,"_23":24},"code","roast","values",[25,33,25],{"_21":26,"_27":28,"_29":30,"_31":32},"dark","name","Dark","count",8,"selected",false,{"_21":34,"_27":28,"_29":35,"_31":32},"light",6,"products",[38],{"_27":39,"_40":41,"_47":48,"_49":50,"_53":54,"_56":57},"Torréfaction foncée","price",["SingleFetchClassInstance",42],{"_43":44,"_45":46},"minor",999,"currency","USD","when",["D",0],"tags",["S",51,52],"a","b","extra",["M",55,-4],"k","holes",[58,-1,-2,-6],1,"failure",["SanitizedError",61,62],"Error","gone","bare",["N",{"_65":-5}],"n"]',
    );
  });

  it("answers a value it has written before with its index, as the stream's later parts need", () => {
    const encoder: Encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins: [], postPlugins: [] };
    const product = { code: "5001-SMRG" };
    expect(flatten.call(encoder, { product })).toBe(0);
    expect(flatten.call(encoder, product)).toEqual([2]);
  });

  it("refuses what cannot be sent rather than sending something else", () => {
    expect(() => encoded(Symbol("local"))).toThrow("Cannot encode symbol");
  });
});
