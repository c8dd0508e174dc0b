import { createHash } from "node:crypto";

/**
 * Product pictures drawn from a product's facts, so a grid of different products never looks
 * like one product repeated. A picture's name carries every fact it is drawn from
 * (`drawn/pod.dark.SMRG.24.5001-SMRG.svg`: shape, tone, brand mark, pack size, family code), so
 * drawing one needs no catalog look-up and the same name always gives the same picture: the
 * 100,000-product bench catalog has its pictures without a file for each.
 */

export const PICTURE_SHAPES = ["pod", "bag", "can", "tea", "cocoa", "brewer", "accessory", "bundle"] as const;
export type PictureShape = (typeof PICTURE_SHAPES)[number];

/** The accessory kinds a picture can show; any other accessory is drawn as a box. */
export const ACCESSORY_KINDS = ["box", "mug", "tumbler", "cup", "bottle", "jug", "filter", "rack", "case"] as const;
export type AccessoryKind = (typeof ACCESSORY_KINDS)[number];

export interface PictureFacts {
  shape: PictureShape;
  /**
   * The colour word: the roast for coffee (light, medium, dark), the brewer's colour code
   * (blk, wht, red, nvy, sge, slv), the flavour family for tea and cocoa, the kind for accessories.
   */
  tone: string;
  /** The brand's code, shown as its mark (SMRG). */
  mark: string;
  /** Pods in the box, ounces in the bag or can, the brewer's reservoir in ounces; 0 for none. */
  size: number;
  /** The product family's code: it picks the accent colour and the label's pattern. */
  seed: string;
}

/** Where pictures are served; a picture's URL is this followed by its name. */
export const PICTURE_PATH_PREFIX = "/images/products/";
/** Bump when the drawing changes, so caches that kept the old drawing ask again. */
const DRAWING_VERSION = "1";
const NAME_PATTERN = new RegExp(`^drawn/(${PICTURE_SHAPES.join("|")})\\.([a-z]{1,12})\\.([A-Z0-9]{2,6})\\.(\\d{1,4})\\.([A-Za-z0-9-]{1,48})\\.svg$`);

/** The picture's name (relative to PICTURE_PATH_PREFIX); throws for facts a name cannot carry. */
export function pictureName(facts: PictureFacts): string {
  const name = `drawn/${facts.shape}.${facts.tone}.${facts.mark}.${facts.size}.${facts.seed}.svg`;
  if (!NAME_PATTERN.test(name)) throw new Error(`a picture cannot be named from ${JSON.stringify(facts)}`);
  return name;
}

/** The facts a picture name carries; undefined for any name pictureName could not have made. */
export function pictureFacts(name: string): PictureFacts | undefined {
  const match = NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const [, shape, tone, mark, size, seed] = match;
  return { shape: shape as PictureShape, tone: tone!, mark: mark!, size: Number(size), seed: seed! };
}

/** A strong validator for a picture: the same name and drawing version give the same bytes. */
export function pictureEtag(name: string): string {
  return `"${createHash("sha256").update(`${DRAWING_VERSION}|${name}`).digest("base64url").slice(0, 22)}"`;
}

/** FNV-1a: a small, stable hash, so a family's accent is the same on every machine and in every release. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const ROASTS: Record<string, string> = { light: "#b9854f", medium: "#7a4a26", dark: "#2f1b10" };
const BREWER_COLOURS: Record<string, string> = {
  blk: "#1f1f1f",
  wht: "#f4f1ec",
  red: "#b3261e",
  nvy: "#1f3a5f",
  sge: "#8a9a5b",
  slv: "#a8a9ad",
};
const TEAS: Record<string, string> = { herbal: "#5f8a32", spicy: "#b5651d", floral: "#8a63b0", balanced: "#8c3b1f", bright: "#d19a12" };
const COCOAS: Record<string, string> = { chocolate: "#4e2a1a", sweet: "#b0682c", herbal: "#2f8a6a", creamy: "#e2cfae" };

function toneColour(facts: PictureFacts, accent: string): string {
  switch (facts.shape) {
    case "pod":
    case "bag":
    case "can":
      return ROASTS[facts.tone] ?? ROASTS.medium!;
    case "brewer":
      return BREWER_COLOURS[facts.tone] ?? BREWER_COLOURS.blk!;
    case "tea":
      return TEAS[facts.tone] ?? TEAS.herbal!;
    case "cocoa":
      return COCOAS[facts.tone] ?? COCOAS.chocolate!;
    default:
      return accent;
  }
}

/** A label's pattern, in the accent colour, clipped to the label's box. */
function pattern(kind: number, x: number, y: number, w: number, h: number, colour: string): string {
  const marks: string[] = [];
  if (kind === 0) for (let i = x - h; i < x + w; i += 12) marks.push(`M${i} ${y + h}l${h} ${-h}`);
  if (kind === 1) for (let i = x + 6; i < x + w; i += 12) for (let j = y + 6; j < y + h; j += 12) marks.push(`M${i} ${j}h.1`);
  if (kind === 2) for (let j = y + 6; j < y + h; j += 10) marks.push(`M${x} ${j}q${w / 4} -6 ${w / 2} 0t${w / 2} 0`);
  if (kind === 3) for (let j = y + 4; j < y + h; j += 12) marks.push(`M${x} ${j + 6}${Array.from({ length: Math.ceil(w / 12) }, () => "l6 -6l6 6").join("")}`);
  const width = kind === 1 ? 5 : 2.5;
  return `<g clip-path="url(#label)"><path d="${marks.join("")}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" fill="none" opacity=".55"/></g>`;
}

function label(x: number, y: number, w: number, h: number, accent: string, kind: number, mark: string): string {
  const pill = Math.min(60, w - 6);
  return (
    `<clipPath id="label"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/></clipPath>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="#fbf8f3"/>` +
    pattern(kind, x, y, w, h, accent) +
    `<rect x="${x + w / 2 - pill / 2}" y="${y + h / 2 - 11}" width="${pill}" height="22" rx="11" fill="${accent}"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + 5}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="13" font-weight="700" fill="#fff">${mark}</text>`
  );
}

function sizeBadge(size: number, accent: string): string {
  if (size <= 0) return "";
  return (
    `<circle cx="196" cy="44" r="22" fill="#fff" stroke="${accent}" stroke-width="4"/>` +
    `<text x="196" y="50" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="16" font-weight="700" fill="#222">${size}</text>`
  );
}

function body(facts: PictureFacts, tone: string, accent: string, kind: number): string {
  const { mark } = facts;
  switch (facts.shape) {
    case "pod":
      return (
        `<path d="M66 78h108l-14 112a10 10 0 0 1-10 9H90a10 10 0 0 1-10-9z" fill="${tone}"/>` +
        `<rect x="58" y="62" width="124" height="20" rx="7" fill="${accent}"/>` +
        label(80, 112, 80, 48, accent, kind, mark)
      );
    case "bag":
      return (
        `<path d="M70 58h100l12 146H58z" fill="${tone}"/>` +
        `<path d="M70 58l8-20h84l8 20z" fill="${accent}"/>` +
        `<circle cx="120" cy="78" r="6" fill="#fbf8f3" opacity=".8"/>` +
        label(78, 104, 84, 70, accent, kind, mark)
      );
    case "can":
      return (
        `<rect x="72" y="52" width="96" height="150" fill="${tone}"/>` +
        `<ellipse cx="120" cy="202" rx="48" ry="12" fill="${tone}"/>` +
        `<ellipse cx="120" cy="52" rx="48" ry="12" fill="${accent}"/>` +
        `<rect x="72" y="80" width="96" height="10" fill="${accent}"/>` +
        label(80, 104, 80, 64, accent, kind, mark)
      );
    case "tea":
      return (
        `<path d="M66 78h108l-14 112a10 10 0 0 1-10 9H90a10 10 0 0 1-10-9z" fill="${tone}"/>` +
        `<rect x="58" y="62" width="124" height="20" rx="7" fill="#e8efe0"/>` +
        `<path d="M150 72c20 0 30 10 30 30" stroke="#6b6b6b" stroke-width="2" fill="none"/><rect x="168" y="100" width="24" height="28" rx="3" fill="${accent}"/>` +
        label(80, 118, 80, 44, accent, kind, mark) +
        `<path d="M120 92c14 0 22 8 22 20c-14 0-22-8-22-20z" fill="#fbf8f3" opacity=".85"/>`
      );
    case "cocoa":
      return (
        `<path d="M60 84h104v72a34 34 0 0 1-34 34h-36a34 34 0 0 1-34-34z" fill="${tone}"/>` +
        `<path d="M164 104h10a22 22 0 0 1 0 44h-10" stroke="${tone}" stroke-width="10" fill="none"/>` +
        `<path d="M92 70c-8-10 8-18 0-28M122 70c-8-10 8-18 0-28" stroke="${accent}" stroke-width="5" stroke-linecap="round" fill="none"/>` +
        label(72, 108, 80, 48, accent, kind, mark)
      );
    case "brewer": {
      // Taller brewers hold more water: the body grows with the reservoir.
      const height = 120 + Math.min(60, Math.round(facts.size / 2));
      const top = 206 - height;
      return (
        `<rect x="58" y="${top}" width="124" height="${height}" rx="14" fill="${tone}" stroke="#333" stroke-width="2"/>` +
        `<rect x="76" y="${top + 16}" width="88" height="30" rx="6" fill="#2b2b2b"/>` +
        `<circle cx="150" cy="${top + 31}" r="6" fill="${accent}"/>` +
        `<rect x="98" y="${top + 64}" width="44" height="${height - 92}" rx="4" fill="#fbf8f3" stroke="#333"/>` +
        `<rect x="68" y="194" width="104" height="12" rx="4" fill="${accent}"/>` +
        `<rect x="${120 - 26}" y="${top + 50}" width="52" height="10" rx="5" fill="${accent}"/>` +
        `<text x="120" y="${top + 58}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="8" font-weight="700" fill="#fff">${mark}</text>`
      );
    }
    case "bundle":
      return (
        `<rect x="48" y="86" width="144" height="112" rx="8" fill="${tone}"/>` +
        `<rect x="48" y="70" width="144" height="28" rx="6" fill="${tone}" stroke="#fbf8f3" stroke-width="3"/>` +
        `<rect x="112" y="70" width="16" height="128" fill="#fbf8f3"/>` +
        `<path d="M120 70c-20-30-46-10-24 0M120 70c20-30 46-10 24 0" stroke="#fbf8f3" stroke-width="7" fill="none"/>` +
        label(60, 120, 44, 56, accent, kind, mark.slice(0, 2))
      );
    default:
      return accessory(facts.tone, tone, accent, kind, mark);
  }
}

function accessory(kind: string, colour: string, accent: string, patternKind: number, mark: string): string {
  switch (kind) {
    case "mug":
      return `<path d="M64 80h92v84a26 26 0 0 1-26 26H90a26 26 0 0 1-26-26z" fill="${colour}"/><path d="M156 100h12a20 20 0 0 1 0 40h-12" stroke="${colour}" stroke-width="10" fill="none"/>${label(76, 104, 68, 44, accent, patternKind, mark)}`;
    case "tumbler":
      return `<path d="M80 62h80l-8 138H88z" fill="${colour}"/><rect x="74" y="48" width="92" height="18" rx="6" fill="#333"/>${label(88, 104, 64, 56, accent, patternKind, mark)}`;
    case "cup":
      return `<path d="M78 72h84l-12 128H90z" fill="#fbf8f3" stroke="${colour}" stroke-width="4"/><rect x="72" y="58" width="96" height="16" rx="6" fill="${colour}"/>${label(90, 110, 60, 44, accent, patternKind, mark)}`;
    case "bottle":
      return `<rect x="104" y="36" width="32" height="26" rx="4" fill="#333"/><path d="M96 62h48l16 26v108a8 8 0 0 1-8 8H88a8 8 0 0 1-8-8V88z" fill="${colour}"/>${label(88, 110, 64, 64, accent, patternKind, mark)}`;
    case "jug":
      return `<rect x="82" y="70" width="76" height="124" rx="16" fill="${colour}" stroke="#555" stroke-width="3"/><path d="M158 96h14a16 16 0 0 1 0 32h-14" stroke="#555" stroke-width="6" fill="none"/><rect x="76" y="58" width="88" height="16" rx="6" fill="#333"/>${label(90, 112, 60, 48, accent, patternKind, mark)}`;
    case "filter":
      return `<path d="M58 72h124l-40 110H98z" fill="${colour}"/><path d="M70 90h100M78 112h84M86 134h68" stroke="#fbf8f3" stroke-width="3" opacity=".6"/>${label(94, 150, 52, 30, accent, patternKind, mark.slice(0, 2))}`;
    case "rack":
      return `<rect x="108" y="40" width="24" height="160" rx="6" fill="#444"/>${[0, 1, 2, 3, 4]
        .map((i) => `<rect x="64" y="${48 + i * 30}" width="112" height="22" rx="8" fill="${i % 2 ? accent : colour}"/>`)
        .join("")}<rect x="72" y="196" width="96" height="10" rx="4" fill="#333"/>`;
    case "case":
      return `<rect x="46" y="72" width="148" height="124" rx="22" fill="${colour}"/><rect x="96" y="54" width="48" height="22" rx="8" fill="none" stroke="#333" stroke-width="8"/>${label(80, 110, 80, 48, accent, patternKind, mark)}`;
    default:
      return `<rect x="54" y="70" width="132" height="128" rx="8" fill="${colour}"/><path d="M54 94h132" stroke="#fbf8f3" stroke-width="3" opacity=".6"/>${label(78, 114, 84, 60, accent, patternKind, mark)}`;
  }
}

/** A colour from hue (degrees), saturation and lightness (0 to 1) as hex, which every SVG renderer reads. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The picture as an SVG document: the same facts always give the same bytes. */
export function drawPicture(facts: PictureFacts): string {
  const h = hash(facts.seed);
  const hue = h % 360;
  const accent = hsl(hue, 0.62, 0.42);
  const background = hsl(hue, 0.45, 0.95);
  const tone = toneColour(facts, hsl((hue + 180) % 360, 0.3, 0.45));
  const kind = (h >>> 9) % 4;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
    `<rect width="240" height="240" rx="16" fill="${background}"/>` +
    body(facts, tone, accent, kind) +
    sizeBadge(facts.shape === "brewer" ? 0 : facts.size, accent) +
    `</svg>`
  );
}
