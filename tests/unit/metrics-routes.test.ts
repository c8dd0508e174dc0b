import { describe, expect, it } from "vitest";
import { routeLabel } from "../../server/metrics";

describe("a request's route as a metrics label", () => {
  it("replaces what names a thing, so there are as many series as routes", () => {
    expect(routeLabel("/", 200)).toBe("/");
    expect(routeLabel("/c/k-cup-pods", 200)).toBe("/c/:id");
    expect(routeLabel("/fr/c/k-cup-pods", 200)).toBe("/c/:id");
    expect(routeLabel("/coffee/breakfast-blend/p/5001-SMRG-KC-24", 200)).toBe("/:category/:slug/p/:code");
    expect(routeLabel("/account/orders/1234567890", 200)).toBe("/account/orders/:id");
    expect(routeLabel("/rest/v2/usb2c/products/5001-SMRG-KC-24", 200)).toBe("/rest/v2/:brand/products/:id");
    expect(routeLabel("/rest/v2/cab2c/users/current/carts/abc123/checkout", 200)).toBe("/rest/v2/:brand/users/:id/carts/:id/checkout");
    expect(routeLabel("/assets/entry.client-abc123.js", 200)).toBe("/assets/*");
  });

  it("puts every unknown address under one label", () => {
    expect(routeLabel("/anything-a-crawler-made-up", 404)).toBe("unmatched");
  });
});
