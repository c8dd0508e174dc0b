import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getWithHost, type RunningStore, startStore } from "../support/server";

let store: RunningStore;
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.stop();
});

const page = (path: string, host = "www.brewfront.com", headers: Record<string, string> = {}) => getWithHost(store.url, path, host, headers);

describe("product pages", () => {
  it("answers the canonical URL with the product, JSON-LD in the brand's currency and a canonical link", async () => {
    const res = await page("/Coffee/breakfast-blend/p/5001-SMRG-KC-24");
    expect(res.status).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://www.brewfront.com/Coffee/breakfast-blend/p/5001-SMRG-KC-24"/>');
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(res.body)![1]!;
    const [product, breadcrumbs] = JSON.parse(ld) as [Record<string, unknown>, Record<string, unknown>];
    expect(product).toMatchObject({ "@type": "Product", sku: "5001-SMRG-KC-24", offers: { priceCurrency: "USD", price: "17.99" } });
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
    // The page carries this response's CSP nonce: browsers may keep it a minute, shared caches never.
    expect(res.headers["cache-control"]).toBe("private, max-age=60, stale-while-revalidate=600");
  });

  it("redirects a wrong slug to the canonical URL with 301", async () => {
    const res = await page("/Coffee/old-name/p/5001-SMRG-KC-24?image=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/Coffee/breakfast-blend/p/5001-SMRG-KC-24?image=1");
  });

  it("gives Canadian pages en-CA and fr-CA alternates and CAD offers", async () => {
    const res = await page("/fr/Coffee/melange-dejeuner/p/5001-SMRG-KC-24", "www.brewfront.ca");
    expect(res.status).toBe(200);
    expect(res.body).toContain('hrefLang="en-CA" href="https://www.brewfront.ca/Coffee/melange-dejeuner/p/5001-SMRG-KC-24"');
    expect(res.body).toContain('hrefLang="fr-CA" href="https://www.brewfront.ca/fr/Coffee/melange-dejeuner/p/5001-SMRG-KC-24"');
    expect(res.body).toContain('"priceCurrency":"CAD"');
    expect(res.body).toContain("23,99\u00a0$");
  });

  it("answers an unknown product with the 404 error page", async () => {
    const res = await page("/Coffee/nothing/p/9999-NONE-KC-24");
    expect(res.status).toBe(404);
    expect(res.body).toContain("SORRY, SOMETHING WENT WRONG!");
  });

  it("answers a malformed product code with 4xx, not a failed page", async () => {
    // A control character in a path is refused before routing, like every other path holding one.
    expect((await page("/Coffee/nothing/p/%00")).status).toBe(400);
    expect((await page("/Coffee/nothing/p/a%20b")).status).toBe(404);
  });

  it("shows pack sizes in ct for pods and oz for bagged coffee", async () => {
    const res = await page("/Coffee/breakfast-blend/p/5001-SMRG-BG-12");
    expect(res.body).toContain(">24 ct<");
    expect(res.body).toContain(">12 oz<");
  });

  it("shows the thumbnail asked for in ?image= (the gallery without JavaScript)", async () => {
    const res = await page("/Coffee-Makers/classic-brewer/p/8003-BFBR-BRW-RED?image=2");
    expect(/class="gallery__main"[^>]*src="([^"]+)"|src="([^"]+)"[^>]*class="gallery__main"/.exec(res.body)?.slice(1).find(Boolean)).toBe(
      "/images/products/cup.svg",
    );
  });

  it("remembers recently viewed products only with functional consent", async () => {
    const denied = await page("/Coffee/hazelnut/p/5005-HRBR-KC-24");
    expect(String(denied.headers["set-cookie"] ?? "")).not.toContain("recentlyViewed");
    const allowed = await page("/Coffee/colombian/p/5002-SMRG-KC-24", "www.brewfront.com", { Cookie: "userConsent=c1:0|c2:0|c9:1; recentlyViewed=5005-HRBR" });
    expect(String(allowed.headers["set-cookie"])).toContain("recentlyViewed=5002-SMRG%2C5005-HRBR");
    expect(allowed.headers["cache-control"]).toBe("private, no-store");
    expect(allowed.body).toContain("Recently viewed");
    expect(allowed.body).toContain("Hazelnut");
  });
});

describe("drawn product pictures", () => {
  const cardPictures = (html: string) => [...html.matchAll(/<img src="([^"]+)"[^>]*class="product-card__image"/g)].map((m) => m[1]!);

  it("give neighbouring cards on a category page different pictures, by address and by drawing", async () => {
    for (const path of ["/c/coffee", "/c/k-cup-pods", "/c/brewers", "/c/accessories"]) {
      const pictures = cardPictures((await page(path)).body);
      expect(pictures.length, path).toBeGreaterThan(3);
      const drawings = await Promise.all(pictures.map(async (src) => (await page(src)).body));
      for (let i = 1; i < pictures.length; i++) {
        expect(pictures[i], `${path} card ${i}`).not.toBe(pictures[i - 1]);
        expect(drawings[i], `${path} card ${i}`).not.toBe(drawings[i - 1]);
      }
    }
  });

  it("are SVG a browser or CDN may keep, answered 304 when it already has the picture", async () => {
    const [src] = cardPictures((await page("/c/coffee")).body);
    expect(src).toMatch(/^\/images\/products\/drawn\//);
    const res = await page(src!);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
    expect(res.body).toMatch(/^<svg /);
    const again = await page(src!, "www.brewfront.com", { "If-None-Match": String(res.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("answer 404 for a name no product facts could give", async () => {
    for (const path of [
      "/images/products/drawn/pod.dark.%3Cb%3E.24.x.svg",
      "/images/products/drawn/kettle.dark.SMRG.24.5001-SMRG.svg",
      "/images/products/drawn/",
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
  });

  it("show on the product page the picture of the variant shown", async () => {
    const main = (html: string) => /<img[^>]*class="gallery__main"[^>]*>/.exec(html)?.[0] ?? "";
    expect(main((await page("/Coffee/breakfast-blend/p/5001-SMRG-BG-12")).body)).toContain("/images/products/drawn/bag.light.SMRG.12.5001-SMRG.svg");
    expect(main((await page("/Coffee/breakfast-blend/p/5001-SMRG-KC-72")).body)).toContain("/images/products/drawn/pod.light.SMRG.72.5001-SMRG.svg");
  });
});

describe("category and search pages", () => {
  it("keeps filters, sort and page in the URL and marks filtered pages noindex", async () => {
    const res = await page("/c/coffee?roast=dark&brand=Summit%20Ridge&sort=price-asc");
    expect(res.status).toBe(200);
    expect(res.body).toContain('aria-current="true"');
    expect(res.body).toContain('content="noindex, follow"');
    expect(res.body).toContain('href="https://www.brewfront.com/c/coffee"');
  });

  it("ignores malformed listing parameters instead of failing", async () => {
    const res = await page("/c/coffee?page=-4&sort=cheapest&roast=a:b");
    expect(res.status).toBe(200);
  });

  it("answers an unknown category with 404", async () => {
    expect((await page("/c/no-such-thing")).status).toBe(404);
  });

  it("treats a category code the catalog could never hold as not found, and sends upper case to the lower-case page", async () => {
    expect((await page("/c/caf%C3%A9%3Cscript%3E")).status).toBe(404);
    const upper = await page("/fr/c/Coffee?roast=dark", "www.brewfront.ca");
    expect(upper.status).toBe(301);
    expect(upper.headers.location).toBe("/fr/c/coffee?roast=dark");
  });

  it("redirects a category word to its category, in French too", async () => {
    const en = await page("/search?q=coffee%20makers");
    expect(en.status).toBe(302);
    expect(en.headers.location).toBe("/c/brewers");
    const fr = await page(`/fr/recherche?q=${encodeURIComponent("cafetières")}`, "www.brewfront.ca");
    expect(fr.headers.location).toBe("/fr/c/brewers");
  });

  it("offers a spelling suggestion and best sellers when nothing matches", async () => {
    const res = await page("/search?q=hazlenut");
    expect(res.body).toContain("Did you mean");
    expect(res.body).toContain("Best sellers");
  });
});

describe("notify me without JavaScript", () => {
  it("answers a request and its repeat with the same neutral outcome, via redirect-after-POST", async () => {
    const db = new SQLite(store.databaseUrl, { readonly: true });
    const code = (
      db
        .prepare(
          "select s.product_code as code from stock s join product_site ps on ps.product_code = s.product_code and ps.site = 'usb2c' where s.level = 0 order by 1 limit 1",
        )
        .get() as { code: string }
    ).code;
    db.close();
    const product = (await (await fetch(`${store.url}/rest/v2/usb2c/products/${code}`)).json()) as { url: string; stock: { stockLevelStatus: string } };
    expect(product.stock.stockLevelStatus).toBe("outOfStock");
    const post = () =>
      fetch(`${store.url}/notify-me`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url },
        body: new URLSearchParams({ productCode: code, email: "kim@example.com", returnTo: product.url }).toString(),
      });
    expect((await post()).headers.get("location")).toBe(`${product.url}?notify=pending#notify-heading`);
    expect((await post()).headers.get("location")).toBe(`${product.url}?notify=pending#notify-heading`);
  });

  it("answers a bad address with 400 and keeps what was typed", async () => {
    const res = await fetch(`${store.url}/notify-me`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: store.url },
      body: new URLSearchParams({ productCode: "5013-HRBR-KC-12", email: "kim-at-example" }).toString(),
    });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Enter a valid email address.");
    expect(body).toContain('value="kim-at-example"');
    expect(body).toContain('value="5013-HRBR-KC-12"');
  });
});

describe("SEO files per brand", () => {
  it("serves robots.txt naming the brand's own sitemap", async () => {
    const ca = await page("/robots.txt", "www.brewfront.ca");
    expect(ca.body).toContain("Sitemap: https://www.brewfront.ca/sitemap.xml");
    expect(ca.body).toContain("Disallow: /checkout");
    const us = await page("/robots.txt", "commercial.brewfront.com");
    expect(us.body).toContain("Sitemap: https://commercial.brewfront.com/sitemap.xml");
  });

  it("serves a sitemap index and product sitemaps with French alternates for Canada", async () => {
    const index = await page("/sitemap.xml", "www.brewfront.ca");
    expect(index.headers["content-type"]).toMatch(/application\/xml/);
    expect(index.body).toContain("<loc>https://www.brewfront.ca/sitemap/products-0.xml</loc>");
    const products = await page("/sitemap/products-0.xml", "www.brewfront.ca");
    expect(products.body).toContain("<loc>https://www.brewfront.ca/fr/Coffee/melange-dejeuner/p/5001-SMRG</loc>");
    expect(products.body).toContain('hreflang="fr-CA"');
    const pages = await page("/sitemap/pages.xml", "www.brewfront.com");
    expect(pages.body).toContain("<loc>https://www.brewfront.com/c/brewers</loc>");
    expect((await page("/sitemap/products-99.xml")).status).toBe(404);
  });
});

describe("pages arrive as clean UTF-8", () => {
  it("sends no NUL byte in any French product page, wherever an accented letter meets the renderer's buffer edge", async () => {
    const sitemap = await page("/sitemap/products-0.xml", "www.brewfront.ca");
    const paths = [...new Set([...sitemap.body.matchAll(/https:\/\/www\.brewfront\.ca(\/fr\/[^<"]+)/g)].map((m) => m[1]))];
    expect(paths.length).toBeGreaterThan(40);
    const withNul: string[] = [];
    for (const path of paths) {
      const res = await page(path, "www.brewfront.ca");
      expect(res.status).toBe(200);
      if (res.body.includes("\0")) withNul.push(path);
    }
    expect(withNul).toEqual([]);
  });
});
