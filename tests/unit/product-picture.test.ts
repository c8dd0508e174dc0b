import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../commerce/seed/catalog";
import { drawPicture, type PictureFacts, pictureEtag, pictureFacts, pictureName } from "../../lib/product-picture";

const pod: PictureFacts = { shape: "pod", tone: "dark", mark: "SMRG", size: 24, seed: "5003-SMRG" };
const drawn = (facts: Partial<PictureFacts>) => drawPicture({ ...pod, ...facts });

describe("a picture's name carries the facts it is drawn from", () => {
  it("reads back the facts it was made from", () => {
    expect(pictureName(pod)).toBe("drawn/pod.dark.SMRG.24.5003-SMRG.svg");
    expect(pictureFacts(pictureName(pod))).toEqual(pod);
  });

  it("is refused for anything pictureName could not have made: markup, paths, unknown shapes", () => {
    for (const name of [
      "drawn/pod.dark.<b>.24.5003-SMRG.svg",
      "drawn/pod.dark.SMRG.24.../../etc.svg",
      "drawn/kettle.dark.SMRG.24.5003-SMRG.svg",
      "drawn/pod.dark.SMRG.99999.5003-SMRG.svg",
      "pod.dark.SMRG.24.5003-SMRG.svg",
      "drawn/pod.dark.SMRG.24.5003-SMRG.svg.png",
    ]) {
      expect(pictureFacts(name), name).toBeUndefined();
    }
    expect(() => pictureName({ ...pod, mark: "<b>" })).toThrow();
  });
});

describe("pictures tell products apart", () => {
  it("draws a pod, a bag and a can differently for the same coffee", () => {
    const pictures = (["pod", "bag", "can"] as const).map((shape) => drawn({ shape }));
    expect(new Set(pictures).size).toBe(3);
  });

  it("colours a coffee by its roast", () => {
    const [light, medium, dark] = (["light", "medium", "dark"] as const).map((tone) => drawn({ tone }));
    expect(light).toContain("#b9854f");
    expect(medium).toContain("#7a4a26");
    expect(dark).toContain("#2f1b10");
  });

  it("shows the brand's mark and the pack's size", () => {
    expect(drawn({ mark: "HRBR", size: 72 })).toMatch(/>HRBR<[\s\S]*>72</);
  });

  it("gives two families with the same facts different accents", () => {
    expect(drawn({ seed: "5003-SMRG" })).not.toBe(drawn({ seed: "5031-SMRG" }));
  });

  it("has a shape of its own for brewers, tea, cocoa, accessories and bundles", () => {
    const shapes = (["brewer", "tea", "cocoa", "accessory", "bundle"] as const).map((shape) => drawn({ shape, tone: "x", seed: "same" }));
    expect(new Set(shapes).size).toBe(5);
  });

  it("gives every family of the demo catalog a picture no other family has", () => {
    const rows = buildCatalog();
    const families = new Map(rows.product.filter((p) => p.base_code === null).map((p) => [p.code, p]));
    const primary = rows.media.filter((m) => m.position === 0 && families.has(m.product_code));
    expect(primary).toHaveLength(families.size);
    const bytes = primary.map((m) => drawPicture(pictureFacts(m.image_name)!));
    expect(new Set(bytes).size).toBe(families.size);
  });
});

describe("the same name always gives the same picture", () => {
  it("draws the same bytes and the same validator every time, from the name alone", () => {
    const name = pictureName(pod);
    expect(drawPicture(pictureFacts(name)!)).toBe(drawPicture({ ...pod }));
    expect(pictureEtag(name)).toBe(pictureEtag(`drawn/pod.dark.SMRG.24.5003-SMRG.svg`));
    expect(pictureEtag(name)).not.toBe(pictureEtag(pictureName({ ...pod, size: 72 })));
  });

  it("keeps this drawing for this version: change the drawing, and bump DRAWING_VERSION and these values with it", () => {
    expect(createHash("sha256").update(drawPicture(pod)).digest("hex").slice(0, 16)).toBe("aa87c3be82d620f3");
    expect(pictureEtag(pictureName(pod))).toBe('"T8fsocuUnkA29b6AZXDWfV"');
  });
});
