import { describe, expect, it } from "vitest";
import { DesignChoicesSchema, DesignNameSchema, MAX_DESIGNS, SaveRecipeRequestSchema } from "../../commerce/contract/designs";
import { describeChoices, lineRecipeOf, maySaveAnother, recipeText, shotsOf, shotsText } from "../../commerce/domain/design-rules";

const LATTE = { size: "10", strength: "bold", milk: "oat", sweetness: "light", shots: ["caramel", "vanilla"] } as const;

describe("a design's name", () => {
  it("runs spaces together and trims them", () => {
    expect(DesignNameSchema.parse("  Weekend \t  latte ")).toBe("Weekend latte");
  });

  it("takes French letters, digits and simple punctuation", () => {
    expect(DesignNameSchema.parse("Latté d’Élise (no 2) & co.")).toBe("Latté d’Élise (no 2) & co.");
  });

  it("refuses an empty name, one over 40 characters, and markup", () => {
    for (const bad of ["", "   ", "x".repeat(41), "<b>latte</b>", "latte\u0000"]) expect(DesignNameSchema.safeParse(bad).success, bad).toBe(false);
    expect(DesignNameSchema.safeParse("x".repeat(40)).success).toBe(true);
  });
});

describe("a design's choices", () => {
  it("takes one flavour shot from a form field as a list, and none when the field is absent", () => {
    expect(DesignChoicesSchema.parse({ ...LATTE, shots: "mocha" }).shots).toEqual(["mocha"]);
    expect(DesignChoicesSchema.parse({ ...LATTE, shots: undefined }).shots).toEqual([]);
  });

  it("refuses more than two shots, a shot twice, and a choice not on the menu", () => {
    expect(DesignChoicesSchema.safeParse({ ...LATTE, shots: ["vanilla", "caramel", "mocha"] }).success).toBe(false);
    expect(DesignChoicesSchema.safeParse({ ...LATTE, shots: ["vanilla", "vanilla"] }).success).toBe(false);
    expect(DesignChoicesSchema.safeParse({ ...LATTE, size: "16" }).success).toBe(false);
    expect(SaveRecipeRequestSchema.safeParse({ ...LATTE, name: "Latte" }).success).toBe(false);
  });
});

describe("flavour shots as stored", () => {
  it("are written in the menu's order, so one drink is always written one way", () => {
    expect(shotsText(["caramel", "vanilla"])).toBe("vanilla,caramel");
    expect(shotsText([])).toBe("");
    expect(shotsOf("vanilla,caramel")).toEqual(["vanilla", "caramel"]);
    expect(shotsOf("")).toEqual([]);
  });

  it("leave out a shot the menu no longer has", () => {
    expect(shotsOf("vanilla,lavender")).toEqual(["vanilla"]);
  });
});

describe("how many designs a member keeps", () => {
  it(`allows another while they hold fewer than ${MAX_DESIGNS}`, () => {
    expect(maySaveAnother(0)).toBe(true);
    expect(maySaveAnother(MAX_DESIGNS - 1)).toBe(true);
    expect(maySaveAnother(MAX_DESIGNS)).toBe(false);
  });
});

describe("a design in the shopper's words", () => {
  const choices = DesignChoicesSchema.parse(LATTE);

  it("reads in US English, with flavor spelled the US way", () => {
    expect(describeChoices(choices, "en", "usb2c")).toEqual([
      { label: "Size", value: "10 oz" },
      { label: "Strength", value: "Bold" },
      { label: "Milk", value: "Oat milk" },
      { label: "Sweetness", value: "Lightly sweet" },
      { label: "Flavor shots", value: "Vanilla and Caramel" },
    ]);
  });

  it("reads in Canadian English and French on the Canadian store", () => {
    expect(describeChoices(choices, "en", "cab2c")[4]).toEqual({ label: "Flavour shots", value: "Vanilla and Caramel" });
    expect(describeChoices({ ...choices, shots: [] }, "fr", "cab2c")).toEqual([
      { label: "Format", value: "10 oz" },
      { label: "Intensité", value: "Corsé" },
      { label: "Lait", value: "Boisson d’avoine" },
      { label: "Sucre", value: "Légèrement sucré" },
      { label: "Saveurs ajoutées", value: "Aucune" },
    ]);
  });
});

describe("the recipe a cart line and an order line keep", () => {
  it("reads back as it was written, in the language asked", () => {
    const text = recipeText({ recipeId: 7, name: "Morning latte", choices: DesignChoicesSchema.parse(LATTE) });
    const recipe = lineRecipeOf(text, "fr", "cab2c");
    expect(recipe).toMatchObject({ recipeId: 7, name: "Morning latte", choices: { shots: ["vanilla", "caramel"] } });
    expect(recipe?.description[0]).toEqual({ label: "Format", value: "10 oz" });
  });

  it("is no recipe when it cannot be read", () => {
    expect(lineRecipeOf(null, "en", "usb2c")).toBeUndefined();
    expect(lineRecipeOf("{not json", "en", "usb2c")).toBeUndefined();
    expect(lineRecipeOf(JSON.stringify({ recipeId: 1, name: "x", choices: { size: "99" } }), "en", "usb2c")).toBeUndefined();
  });
});
