import { describe, expect, it } from "vitest";
import { ERROR_PAGE_FALLBACK } from "../../app/brands/error-page-messages";
import { messages } from "../../app/brands/messages";

describe("the error page without the root loader's data", () => {
  // Every page's scripts carry these phrases instead of the dictionaries: they must read as the
  // US store's error page reads when the root loader's data is there.
  it("says what the US store's error page says", () => {
    const us = messages("en", "usb2c");
    const keys = Object.keys(ERROR_PAGE_FALLBACK) as (keyof typeof ERROR_PAGE_FALLBACK)[];
    expect(keys.length).toBeGreaterThan(5);
    expect(Object.fromEntries(keys.map((key) => [key, us[key]]))).toEqual(ERROR_PAGE_FALLBACK);
  });
});
