import { describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "../../commerce/contract/common";
import { PostalRegionsSchema } from "../../commerce/contract/postal-regions";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

describe.each(DIALECTS)("postal code regions API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const postal = (site: string, query: string) => suite.getJson(`/rest/v2/${site}/shipping/fetch/postal?${query}`);

  it("answers the state of a US ZIP code, by default on the US stores", async () => {
    const answer = await postal("usb2c", "postalCode=94105");
    expect(answer.status).toBe(200);
    expect(PostalRegionsSchema.parse(answer.body)).toEqual({ country: "US", postalCode: "94105", prefix: "941", regions: ["CA"] });
    expect(PostalRegionsSchema.parse((await postal("usafh", "postalCode=122071234")).body)).toMatchObject({ postalCode: "12207-1234", regions: ["NY"] });
  });

  it("answers the province of a Canadian postal code, by default on the Canadian store", async () => {
    const answer = await postal("cab2c", "postalCode=h2y1c6&lang=fr");
    expect(answer.status).toBe(200);
    expect(PostalRegionsSchema.parse(answer.body)).toEqual({ country: "CA", postalCode: "H2Y 1C6", prefix: "H", regions: ["QC"] });
  });

  it("answers the country asked for, whatever the store", async () => {
    expect((await postal("usb2c", "postalCode=X0A%200H0&country=CA")).body).toMatchObject({ country: "CA", regions: ["NU"] });
    expect((await postal("cab2c", "postalCode=42223&country=US")).body).toMatchObject({ country: "US", regions: ["KY", "TN"] });
  });

  it("answers 400 with a readable message for a malformed postal code or country", async () => {
    for (const query of ["postalCode=1220", "postalCode=K1A%200B1", "postalCode=12207&country=MX", "", "postalCode=", "postalCode=1&postalCode=2"]) {
      const answer = await postal("usb2c", query);
      expect(answer.status, query).toBe(400);
      const body = ApiErrorBodySchema.parse(answer.body);
      expect(body.errors[0]!.message.length, query).toBeGreaterThan(10);
    }
    expect((await postal("cab2c", "postalCode=W1A%201A1")).body).toEqual({
      errors: [{ type: "ValidationError", subject: "postalCode", reason: "invalid", message: "Enter a postal code such as K1A 0B1." }],
    });
  });

  it("answers 404 for a ZIP code prefix no state uses", async () => {
    const answer = await postal("usb2c", "postalCode=00012");
    expect(answer).toEqual({
      status: 404,
      body: { errors: [{ type: "UnknownIdentifierError", subject: "postalCode", subjectType: "postalCode", message: "No US ZIP code begins with 000." }] },
    });
  });
});
