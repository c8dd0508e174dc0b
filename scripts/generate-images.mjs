// Generates the few fixed SVG illustrations into public/images/products (committed output): the
// cup and the video poster of product galleries, and the favicon. Product pictures are drawn
// from each product's facts instead (lib/product-picture.ts).
// Run again after changing a shape or colour: node scripts/generate-images.mjs
import fs from "node:fs";

const out = "public/images/products";
fs.mkdirSync(out, { recursive: true });
const svg = (body, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img" aria-label="${label}"><rect width="240" height="240" rx="16" fill="#f6f1ea"/>${body}</svg>\n`;
const files = {};
files["brewer-video-poster.svg"] = svg(
  `<rect x="40" y="60" width="160" height="120" rx="12" fill="#2b2b2b"/><path d="M105 95l45 25-45 25z" fill="#fff"/>`,
  "brewer video",
);
files["cup.svg"] = svg(
  `<path d="M62 100h100v50a40 40 0 0 1-40 40h-20a40 40 0 0 1-40-40z" fill="#fff" stroke="#5b3a29" stroke-width="6"/><path d="M162 112h14a18 18 0 0 1 0 36h-14" fill="none" stroke="#5b3a29" stroke-width="6"/><path d="M92 84c-8-12 8-18 0-30M116 84c-8-12 8-18 0-30M140 84c-8-12 8-18 0-30" fill="none" stroke="#8a5a2b" stroke-width="4" stroke-linecap="round"/>`,
  "cup of coffee",
);
for (const [name, body] of Object.entries(files)) fs.writeFileSync(`${out}/${name}`, body);
fs.writeFileSync(
  "public/favicon.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b3a29"/><path d="M8 13h14v5a6 6 0 0 1-6 6h-2a6 6 0 0 1-6-6z" fill="#fff"/></svg>\n`,
);
console.log(`wrote ${Object.keys(files).length} images`);
