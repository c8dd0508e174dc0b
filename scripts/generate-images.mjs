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
// Each accessory has its own drawing (commercial buyers pick supplies by sight); the generic
// accessory.svg stays only as the fallback for an accessory without one.
const ink = "#5b3a29";
const accessories = {
  "reusable-coffee-filter": [
    `<path d="M70 70h100l-30 110h-40z" fill="#d9cbb5" stroke="${ink}" stroke-width="4"/><path d="M85 95h70M92 120h56M99 145h42" stroke="${ink}" stroke-width="3"/>`,
    "reusable coffee filter",
  ],
  "descaling-solution": [
    `<rect x="88" y="50" width="64" height="20" rx="4" fill="${ink}"/><rect x="76" y="70" width="88" height="130" rx="14" fill="#6fa8dc"/><rect x="90" y="110" width="60" height="44" rx="6" fill="#fff"/>`,
    "bottle of descaling solution",
  ],
  "water-filter-cartridges-6": [
    `${[0, 1, 2].map((i) => `<rect x="${58 + i * 44}" y="70" width="36" height="110" rx="12" fill="#dfe9f3" stroke="#3d6b99" stroke-width="4"/>`).join("")}`,
    "water filter cartridges",
  ],
  "pod-carousel": [
    `<rect x="112" y="40" width="16" height="150" fill="#888"/><ellipse cx="120" cy="195" rx="60" ry="12" fill="#555"/>${[60, 95, 130, 165].map((y) => `<circle cx="86" cy="${y}" r="12" fill="#8a5a2b"/><circle cx="154" cy="${y}" r="12" fill="#8a5a2b"/>`).join("")}`,
    "pod carousel",
  ],
  "pod-storage-drawer": [
    `<rect x="50" y="110" width="140" height="70" rx="8" fill="#3a3a3a"/><rect x="60" y="140" width="120" height="30" rx="4" fill="#555"/><rect x="105" y="150" width="30" height="8" rx="4" fill="#ccc"/>${[0, 1, 2].map((i) => `<path d="M${70 + i * 36} 90h28l-4 20h-20z" fill="#8a5a2b"/>`).join("")}`,
    "pod storage drawer",
  ],
  "insulated-travel-mug": [
    `<path d="M88 60h64l-8 140H96z" fill="#1f3a5f"/><rect x="82" y="48" width="76" height="18" rx="6" fill="#333"/><rect x="96" y="110" width="48" height="10" fill="#a8a9ad"/>`,
    "insulated travel mug",
  ],
  "milk-frother": [
    `<rect x="82" y="70" width="76" height="120" rx="16" fill="#a8a9ad" stroke="#555" stroke-width="3"/><path d="M158 100h14a14 14 0 0 1 0 28h-14" fill="none" stroke="#555" stroke-width="6"/><rect x="76" y="58" width="88" height="16" rx="6" fill="#333"/>`,
    "milk frother",
  ],
  "ceramic-mug-set-4": [
    `${[0, 1, 2, 3].map((i) => `<rect x="${34 + i * 46}" y="110" width="34" height="46" rx="6" fill="${["#c28a4a", "#f4f1ec", "#1f3a5f", "#8a9a5b"][i]}" stroke="${ink}" stroke-width="3"/>`).join("")}`,
    "four ceramic mugs",
  ],
  "brewer-cleaning-kit": [
    `<rect x="50" y="90" width="140" height="90" rx="10" fill="#0b6e4f"/><rect x="70" y="60" width="20" height="60" rx="6" fill="#f2c14e"/><rect x="150" y="66" width="14" height="54" rx="4" fill="#fff"/><rect x="95" y="120" width="50" height="30" rx="4" fill="#fff"/>`,
    "brewer cleaning kit",
  ],
  "brewer-travel-case": [
    `<rect x="50" y="70" width="140" height="120" rx="18" fill="#333"/><rect x="96" y="52" width="48" height="22" rx="8" fill="none" stroke="#333" stroke-width="8"/><path d="M50 130h140" stroke="#777" stroke-width="4"/>`,
    "brewer travel case",
  ],
  "breakroom-pod-rack-96": [
    `<rect x="50" y="40" width="140" height="160" rx="8" fill="#a8a9ad"/>${[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3].map((c) => `<circle cx="${74 + c * 31}" cy="${66 + r * 28}" r="10" fill="${["#c28a4a", "#8a5a2b", "#4a2c17"][(r + c) % 3]}"/>`).join("")).join("")}`,
    "breakroom pod rack",
  ],
  "breakroom-cup-dispenser": [
    `<rect x="94" y="30" width="52" height="170" rx="8" fill="#dfe9f3" stroke="#3d6b99" stroke-width="4"/>${[0, 1, 2, 3, 4].map((i) => `<path d="M102 ${50 + i * 26}h36l-4 20h-28z" fill="#fff" stroke="#999"/>`).join("")}`,
    "cup dispenser",
  ],
  "paper-cups-and-lids-200": [
    `<path d="M70 90h60l-8 100H78z" fill="#fff" stroke="${ink}" stroke-width="4"/><rect x="64" y="78" width="72" height="14" rx="5" fill="#333"/><path d="M140 110h50l-6 80h-38z" fill="#fff" stroke="${ink}" stroke-width="4"/><rect x="136" y="100" width="58" height="12" rx="5" fill="#333"/>`,
    "paper cups and lids",
  ],
  "stir-sticks-1000": [
    `<rect x="60" y="120" width="120" height="80" rx="8" fill="#d9cbb5" stroke="${ink}" stroke-width="3"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${76 + i * 16}" y="${50 + (i % 2) * 12}" width="8" height="80" rx="4" fill="#e9c99a"/>`).join("")}`,
    "box of stir sticks",
  ],
  "sugar-packets-500": [
    `<rect x="55" y="110" width="130" height="90" rx="8" fill="#f4f1ec" stroke="${ink}" stroke-width="3"/>${[0, 1, 2].map((i) => `<rect x="${70 + i * 36}" y="${62 + i * 6}" width="30" height="56" rx="4" fill="#fff" stroke="#b3261e" stroke-width="3"/>`).join("")}`,
    "box of sugar packets",
  ],
};
for (const [name, [body, label]] of Object.entries(accessories)) files[`accessory-${name}.svg`] = svg(body, label);
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
