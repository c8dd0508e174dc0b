import { describe, expect, it } from "vitest";
import { addressProblem, US_STATES } from "../../commerce/contract/address";
import { addressRegionProblem, lookUpPostalCode, POSTAL_REGIONS } from "../../commerce/contract/postal-regions";

const regionsOf = (country: "US" | "CA", postalCode: string) => {
  const found = lookUpPostalCode(country, postalCode);
  return found.found ? found.regions : found.reason;
};

describe("the state of a US ZIP code", () => {
  it("reads the state from the first three digits", () => {
    expect(regionsOf("US", "12207")).toEqual(["NY"]);
    expect(regionsOf("US", "94105")).toEqual(["CA"]);
    expect(regionsOf("US", "97201")).toEqual(["OR"]);
    expect(regionsOf("US", "20500")).toEqual(["DC"]);
    expect(regionsOf("US", "99501")).toEqual(["AK"]);
    expect(regionsOf("US", "96813")).toEqual(["HI"]);
    expect(regionsOf("US", "00901")).toEqual(["PR"]);
    expect(regionsOf("US", "09012")).toEqual(["AE"]);
  });

  it("knows the prefixes served from another state's range", () => {
    expect(regionsOf("US", "05501")).toEqual(["MA"]); // Andover, inside Vermont's 05
    expect(regionsOf("US", "20166")).toEqual(["VA"]); // Dulles, between DC's 200 and 202
    expect(regionsOf("US", "73301")).toEqual(["TX"]); // Austin's IRS centre, inside Oklahoma's 73
    expect(regionsOf("US", "88510")).toEqual(["TX"]); // El Paso, after New Mexico's 870-884
    expect(regionsOf("US", "39901")).toEqual(["GA"]); // after Mississippi's 386-397
  });

  it("names both states where a prefix serves a town on the line", () => {
    expect(regionsOf("US", "42223")).toEqual(["KY", "TN"]);
    expect(regionsOf("US", "83414")).toEqual(["ID", "WY"]);
  });

  it("accepts ZIP+4 and writes it with its hyphen", () => {
    expect(lookUpPostalCode("US", " 122071234 ")).toEqual({ found: true, country: "US", postalCode: "12207-1234", prefix: "122", regions: ["NY"] });
  });

  it("tells a malformed ZIP code from one no state uses", () => {
    expect(lookUpPostalCode("US", "1220")).toMatchObject({ found: false, reason: "malformed" });
    expect(lookUpPostalCode("US", "K1A 0B1")).toMatchObject({ found: false, reason: "malformed" });
    expect(lookUpPostalCode("US", "00012")).toEqual({ found: false, reason: "unknownPrefix", message: "No US ZIP code begins with 000." });
    expect(regionsOf("US", "69501")).toBe("unknownPrefix");
  });

  it("covers every state and place the address book accepts", () => {
    expect([...POSTAL_REGIONS.US].sort()).toEqual([...US_STATES].sort());
  });
});

describe("the province of a Canadian postal code", () => {
  it("reads the province from the first letter", () => {
    expect(regionsOf("CA", "A1C 5M2")).toEqual(["NL"]);
    expect(regionsOf("CA", "B3H 4R2")).toEqual(["NS"]);
    expect(regionsOf("CA", "C1A 7N8")).toEqual(["PE"]);
    expect(regionsOf("CA", "E1C 4M3")).toEqual(["NB"]);
    for (const code of ["G1R 4P5", "H2Y 1C6", "J4K 2T5"]) expect(regionsOf("CA", code)).toEqual(["QC"]);
    for (const code of ["K1A 0B1", "L5B 2C9", "M5V 3L9", "N6A 3K7", "P3E 2C6"]) expect(regionsOf("CA", code)).toEqual(["ON"]);
    expect(regionsOf("CA", "R3C 4T3")).toEqual(["MB"]);
    expect(regionsOf("CA", "S4P 3Y2")).toEqual(["SK"]);
    expect(regionsOf("CA", "T2P 1J9")).toEqual(["AB"]);
    expect(regionsOf("CA", "V5K 0A1")).toEqual(["BC"]);
    expect(regionsOf("CA", "Y1A 2C6")).toEqual(["YT"]);
  });

  it("tells Nunavut from the Northwest Territories by the first three characters", () => {
    expect(lookUpPostalCode("CA", "x0a0h0")).toEqual({ found: true, country: "CA", postalCode: "X0A 0H0", prefix: "X0A", regions: ["NU"] });
    expect(regionsOf("CA", "X1A 2L9")).toEqual(["NT"]);
    expect(regionsOf("CA", "X0E 0N0")).toEqual(["NT"]);
  });

  it("refuses letters Canada Post never uses first", () => {
    expect(regionsOf("CA", "W1A 1A1")).toBe("malformed");
    expect(regionsOf("CA", "D1A 1A1")).toBe("malformed");
    expect(regionsOf("CA", "12207")).toBe("malformed");
  });
});

describe("an address's postal code agrees with its state or province", () => {
  it("accepts a ZIP code of the state and refuses one of another state", () => {
    expect(addressRegionProblem("US", "NY", "12207")).toBeNull();
    expect(addressRegionProblem("US", "NY", "94105")).toEqual({ field: "postalCode", message: "ZIP codes beginning with 941 are in CA, not NY." });
    expect(addressRegionProblem("US", "WY", "83414")).toBeNull();
    expect(addressRegionProblem("US", "id", "83414")).toBeNull();
  });

  it("refuses a postal code of another province, naming the letters the province uses", () => {
    expect(addressRegionProblem("CA", "ON", "K1A 0B1")).toBeNull();
    expect(addressRegionProblem("CA", "ON", "H2Y 1C6")).toEqual({ field: "postalCode", message: "Postal codes in ON begin with K or L or M or N or P." });
    expect(addressRegionProblem("CA", "NU", "X1A 2L9")).toEqual({ field: "postalCode", message: "Postal codes in NU begin with X0A or X0B or X0C." });
  });

  it("refuses a region of the other country", () => {
    expect(addressRegionProblem("US", "ON", "12207")).toMatchObject({ field: "region" });
    expect(addressRegionProblem("CA", "NY", "K1A 0B1")).toMatchObject({ field: "region" });
  });

  it("is part of the address book's own check", () => {
    expect(addressProblem("US", "NY", "94105")).toMatchObject({ field: "postalCode", message: expect.stringContaining("941") });
    expect(addressProblem("US", "CA", "94105-1234")).toBeNull();
    expect(addressProblem("CA", "QC", "K1A 0B1")).toMatchObject({ field: "postalCode" });
  });
});
