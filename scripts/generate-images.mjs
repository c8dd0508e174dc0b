// Generates the catalog's SVG illustrations into public/images/products (committed output).
// Run again after changing a shape or colour: node scripts/generate-images.mjs
import fs from "node:fs";

const out = "public/images/products";
fs.mkdirSync(out, { recursive: true });
const svg = (body, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" role="img" aria-label="${label}"><rect width="240" height="240" rx="16" fill="#f6f1ea"/>${body}</svg>\n`;
const roasts = { light: "#c28a4a", medium: "#8a5a2b", dark: "#4a2c17" };
const files = {};
for (const [roast, c] of Object.entries(roasts)) {
  files[`pod-${roast}.svg`] = svg(
    `<path d="M70 80h100l-12 100a10 10 0 0 1-10 9H92a10 10 0 0 1-10-9z" fill="${c}"/><rect x="62" y="66" width="116" height="18" rx="6" fill="#e9e2d6" stroke="${c}" stroke-width="3"/><circle cx="120" cy="135" r="18" fill="#f6f1ea" opacity=".35"/>`,
    `${roast} roast coffee pod`,
  );
  files[`bag-${roast}.svg`] = svg(
    `<path d="M75 60h90l10 140H65z" fill="${c}"/><path d="M75 60l10-18h70l10 18z" fill="#d9cbb5"/><rect x="92" y="110" width="56" height="40" rx="6" fill="#f6f1ea"/>`,
    `${roast} roast bagged coffee`,
  );
}
files["can.svg"] = svg(
  `<rect x="72" y="50" width="96" height="150" rx="10" fill="#6b4226"/><ellipse cx="120" cy="52" rx="48" ry="10" fill="#b9a78f"/><rect x="86" y="105" width="68" height="44" rx="6" fill="#f6f1ea"/>`,
  "canned coffee",
);
files["tea.svg"] = svg(
  `<path d="M70 90h100l-12 96a10 10 0 0 1-10 8H92a10 10 0 0 1-10-8z" fill="#4f7a3a"/><rect x="62" y="76" width="116" height="18" rx="6" fill="#e9e2d6" stroke="#4f7a3a" stroke-width="3"/><path d="M120 120c14 0 22 10 22 22-14 0-22-10-22-22z" fill="#cde3b8"/>`,
  "tea pod",
);
files["cocoa.svg"] = svg(
  `<path d="M70 90h100l-12 96a10 10 0 0 1-10 8H92a10 10 0 0 1-10-8z" fill="#5a3020"/><rect x="62" y="76" width="116" height="18" rx="6" fill="#e9e2d6" stroke="#5a3020" stroke-width="3"/><circle cx="120" cy="140" r="14" fill="#f3d9c2"/>`,
  "hot cocoa pod",
);
const colours = { blk: "#1f1f1f", wht: "#f4f1ec", red: "#b3261e", nvy: "#1f3a5f", sge: "#8a9a5b", slv: "#a8a9ad" };
for (const [name, c] of Object.entries(colours)) {
  files[`brewer-${name}.svg`] = svg(
    `<rect x="60" y="40" width="120" height="160" rx="14" fill="${c}" stroke="#333" stroke-width="2"/><rect x="78" y="58" width="84" height="36" rx="6" fill="#2b2b2b"/><rect x="96" y="120" width="48" height="52" rx="4" fill="#fff" stroke="#333"/><rect x="70" y="190" width="100" height="10" rx="4" fill="#333"/>`,
    `${name} brewer`,
  );
}
files["brewer-video-poster.svg"] = svg(
  `<rect x="40" y="60" width="160" height="120" rx="12" fill="#2b2b2b"/><path d="M105 95l45 25-45 25z" fill="#fff"/>`,
  "brewer video",
);
files["accessory.svg"] = svg(
  `<circle cx="120" cy="120" r="60" fill="#0b6e4f"/><path d="M95 120h50M120 95v50" stroke="#fff" stroke-width="12" stroke-linecap="round"/>`,
  "accessory",
);
files["bundle.svg"] = svg(
  `<rect x="50" y="80" width="140" height="110" rx="8" fill="#c28a4a"/><rect x="50" y="70" width="140" height="22" rx="6" fill="#8a5a2b"/><rect x="112" y="70" width="16" height="120" fill="#f2c14e"/>`,
  "starter kit",
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
