import { describe, expect, it } from "vitest";
import {
  cardBrandName,
  colon,
  formatCount,
  formatDate,
  formatDateRange,
  formatInstantDate,
  formatLocale,
  formatMoney,
  formatPercent,
  labelled,
  punctuate,
} from "../../lib/format";

const nnbsp = "\u202f";
const nbsp = "\u00a0";
/** Intl spaces ranges with thin spaces; the words and the dash are what these tests read. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, " ");

describe("which locale a store writes in", () => {
  it("writes French as Canadian French, and English by the store's currency", () => {
    expect(formatLocale("fr", "CAD")).toBe("fr-CA");
    expect(formatLocale("en", "CAD")).toBe("en-CA");
    expect(formatLocale("en", "USD")).toBe("en-US");
  });
});

describe("money", () => {
  it("writes dollars before the amount in English", () => {
    expect(formatMoney(123456, "USD", "en-US")).toBe("$1,234.56");
    expect(formatMoney(1299, "CAD", "en-CA")).toBe("$12.99");
  });

  it("writes Canadian French with a decimal comma, spaced thousands and the sign after", () => {
    expect(formatMoney(123456, "CAD", "fr-CA")).toBe(`1${nbsp}234,56${nbsp}$`);
  });
});

describe("percentages", () => {
  it("writes the rate with a decimal point and no space in English", () => {
    expect(formatPercent(9.975, "en-CA")).toBe("9.975%");
    expect(formatPercent(5, "en-US")).toBe("5%");
  });

  it("writes the rate with a decimal comma and a narrow no-break space before % in French", () => {
    expect(formatPercent(9.975, "fr-CA")).toBe(`9,975${nnbsp}%`);
    expect(formatPercent(13, "fr-CA")).toBe(`13${nnbsp}%`);
  });
});

describe("dates and date ranges", () => {
  it("writes a calendar date as the checkout does, on the day it names whatever the server's zone", () => {
    expect(formatDate("2026-12-01", "en-US")).toBe("Tue, Dec 1");
    expect(formatDate("2026-12-01", "fr-CA")).toBe("mar. 1 déc.");
  });

  it("writes a window as one span, or one date when it is a single day", () => {
    expect(plain(formatDateRange("2026-12-01", "2026-12-04", "en-US"))).toBe("Tue, Dec 1 – Fri, Dec 4");
    expect(plain(formatDateRange("2026-12-01", "2026-12-04", "fr-CA"))).toBe("mar. 1 déc. – ven. 4 déc.");
    expect(formatDateRange("2026-12-07", "2026-12-07", "en-US")).toBe("Mon, Dec 7");
    expect(formatDateRange("2026-12-01", "2026-12-04", "en-US")).not.toContain("2026");
  });

  it("spaces the dash the same in every locale and engine, so a hydrated page and a mail read as the server wrote them", () => {
    expect(formatDateRange("2026-12-01", "2026-12-04", "en-CA")).toBe("Tue, Dec 1\u2009–\u2009Fri, Dec 4");
    expect(formatDateRange("2026-12-01", "2026-12-04", "fr-CA")).toBe("mar. 1 déc.\u2009–\u2009ven. 4 déc.");
  });

  it("writes the day of a moment with its year", () => {
    expect(formatInstantDate("2026-11-27T12:00:00Z", "en-US")).toBe("Nov 27, 2026");
    expect(formatInstantDate("2026-11-27T12:00:00Z", "fr-CA")).toBe("27 nov. 2026");
  });
});

describe("counts", () => {
  it("groups thousands in the language's way and signs points when asked", () => {
    expect(formatCount(1234, "en-US")).toBe("1,234");
    expect(plain(formatCount(1234, "fr-CA"))).toBe("1 234");
    expect(formatCount(50, "en-US", { signed: true })).toBe("+50");
    expect(formatCount(0, "en-US", { signed: true })).toBe("0");
  });
});

describe("card brands", () => {
  it("names the brands as their owners write them, not as the providers store them", () => {
    expect(cardBrandName("visa")).toBe("Visa");
    expect(cardBrandName("amex")).toBe("American Express");
    expect(cardBrandName("mastercard")).toBe("Mastercard");
    expect(cardBrandName("VISA")).toBe("Visa");
  });

  it("keeps a brand it does not know, capitalised, and never reads an object's own properties", () => {
    expect(cardBrandName("elo")).toBe("Elo");
    expect(cardBrandName("constructor")).toBe("Constructor");
  });
});

describe("French punctuation", () => {
  it("puts a narrow no-break space between a label and its colon in French, none in English", () => {
    expect(labelled("Numéro de commande", "12345678", "fr-CA")).toBe(`Numéro de commande${nnbsp}: 12345678`);
    expect(labelled("Order number", "12345678", "en-CA")).toBe("Order number: 12345678");
    expect(colon("en-US")).toBe(": ");
  });

  it("spaces : ; ! ? and % in French phrases, replacing an ordinary or no-break space", () => {
    expect(punctuate("Total: 12,99 $", "fr-CA")).toBe(`Total${nnbsp}: 12,99 $`);
    expect(punctuate("Payée avec : Visa", "fr-CA")).toBe(`Payée avec${nnbsp}: Visa`);
    expect(punctuate(`Vraiment${nbsp}? Oui! Bon; voilà`, "fr-CA")).toBe(`Vraiment${nnbsp}? Oui${nnbsp}! Bon${nnbsp}; voilà`);
    expect(punctuate("TVQ (9,975%)", "fr-CA")).toBe(`TVQ (9,975${nnbsp}%)`);
  });

  it("leaves addresses, query strings and times alone, and is idempotent", () => {
    const text = "Lien : https://www.brewfront.ca/fr/recherche?q=café à 12:30";
    expect(punctuate(text, "fr-CA")).toBe(`Lien${nnbsp}: https://www.brewfront.ca/fr/recherche?q=café à 12:30`);
    expect(punctuate(punctuate(text, "fr-CA"), "fr-CA")).toBe(punctuate(text, "fr-CA"));
  });

  it("leaves English text as it is", () => {
    expect(punctuate("Total: $12.99!", "en-US")).toBe("Total: $12.99!");
  });
});
