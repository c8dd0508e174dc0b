import { describe, expect, it } from "vitest";
import { bareDomainTarget, langFromPath, resolveBrandId, stripFrenchPrefix } from "../../app/brands/resolve.server";
import { loadStorefrontConfig } from "../../app/config.server";
import { ConfigurationError } from "../../lib/environment";

const brands = loadStorefrontConfig({}).brands;

describe("brand resolution from the host", () => {
  it.each([
    ["www.brewfront.com", "usb2c"],
    ["www.brewfront.ca", "cab2c"],
    ["commercial.brewfront.com", "usafh"],
    ["commercial.localhost:3000", "usafh"],
    ["shop.brewfront.ca:8080", "cab2c"],
    ["localhost:3000", "usb2c"],
    ["WWW.BREWFRONT.CA", "cab2c"],
    [undefined, "usb2c"],
  ])("%s is %s", (host, brand) => {
    expect(resolveBrandId(brands, host)).toBe(brand);
  });

  it("lets ?site= override the host", () => {
    expect(resolveBrandId(brands, "www.brewfront.com", "cab2c")).toBe("cab2c");
    expect(resolveBrandId(brands, "www.brewfront.ca", "usafh")).toBe("usafh");
  });

  it("ignores a site value that is not a brand", () => {
    expect(resolveBrandId(brands, "www.brewfront.ca", "evil")).toBe("cab2c");
  });

  it("honours a host configured by environment", () => {
    const custom = loadStorefrontConfig({ BRAND_USAFH_HOST: "B2B.example.org" }).brands;
    expect(resolveBrandId(custom, "b2b.example.org")).toBe("usafh");
  });

  it("refuses a bad override, naming the variable", () => {
    expect(() => loadStorefrontConfig({ BRAND_CAB2C_PRIMARY: "red" })).toThrow(ConfigurationError);
    expect(() => loadStorefrontConfig({ BRAND_CAB2C_PRIMARY: "red" })).toThrow(/BRAND_CAB2C_PRIMARY="red": expected a colour like #5b3a29/);
  });
});

describe("bare domains redirect to www", () => {
  it("sends brewfront.com and brewfront.ca to their www host", () => {
    expect(bareDomainTarget(brands, "brewfront.com")).toBe("www.brewfront.com");
    expect(bareDomainTarget(brands, "brewfront.ca:443")).toBe("www.brewfront.ca");
  });
  it("leaves every other host alone", () => {
    expect(bareDomainTarget(brands, "www.brewfront.com")).toBeNull();
    expect(bareDomainTarget(brands, "commercial.brewfront.com")).toBeNull();
    expect(bareDomainTarget(brands, "localhost:3000")).toBeNull();
  });
});

describe("French under /fr/ for Canada only", () => {
  it("reads French from the /fr prefix on the Canadian brand", () => {
    expect(langFromPath(brands.cab2c, "/fr/")).toBe("fr");
    expect(langFromPath(brands.cab2c, "/fr")).toBe("fr");
    expect(langFromPath(brands.cab2c, "/fr/c/coffee")).toBe("fr");
    expect(langFromPath(brands.cab2c, "/c/coffee")).toBe("en");
    expect(langFromPath(brands.cab2c, "/fresh")).toBe("en");
    expect(langFromPath(brands.cab2c, "/fr.data")).toBe("fr");
    expect(langFromPath(brands.cab2c, "/fresh.data")).toBe("en");
  });
  it("keeps other brands in English and strips a stray /fr", () => {
    expect(langFromPath(brands.usb2c, "/fr/")).toBe("en");
    expect(stripFrenchPrefix("/fr/c/coffee")).toBe("/c/coffee");
    expect(stripFrenchPrefix("/fr")).toBe("/");
    expect(stripFrenchPrefix("/fresh")).toBeNull();
  });
});
