// node scripts/route-matching.mjs: what one call of React Router's matchRoutes costs on the built
// store's route tree (as React Router builds it from build/server/index.js), on the same tree without the
// optional ($lang) segment, and on a bare page's two routes. Remix v2 called it about five times for
// every page it renders (docs/performance.md says where), so this is the share of a page's CPU
// that grows with the number of routes. Run `npm run build` first.
import { matchRoutes } from "react-router";
import * as build from "../build/server/index.js";

function tree(manifest, parentId, withoutLang) {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({
      id: r.id,
      path: withoutLang && r.path ? r.path.replace(/^:lang\?\/?/, "") : r.path,
      index: r.index,
      children: tree(manifest, r.id, withoutLang),
    }));
}

const trees = {
  [`the store (${Object.keys(build.routes).length} routes)`]: tree(build.routes, undefined, false),
  "the same without ($lang)": tree(build.routes, undefined, true),
  "a bare page (2 routes)": [{ id: "root", path: "", children: [{ id: "index", index: true }] }],
};
const paths = ["/", "/c", "/c/coffee", "/cart", "/Coffee/breakfast-blend/p/5001-SMRG-KC-24"];
const calls = 4000;
for (const [name, routes] of Object.entries(trees)) {
  for (let i = 0; i < 500; i++) for (const p of paths) matchRoutes(routes, p);
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) for (const p of paths) matchRoutes(routes, p);
  const used = process.cpuUsage(start);
  console.log(`${name.padEnd(30)} ${((used.user + used.system) / 1000 / (calls * paths.length)).toFixed(3)} ms of CPU per call`);
}
