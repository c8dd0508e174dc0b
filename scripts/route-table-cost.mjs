// node scripts/route-table-cost.mjs: what the store's route table alone costs a page. The bare
// React Router page of `npm run bench` (bench/bare-page) is built three times: as it is (two
// routes); with one trivial module for each file of app/routes, under the same names, the home
// page and the single-step checkout being the bare page's own 20-item page; and the same without
// the optional ($lang) segment. Each is served by one process and measured in turn, three rounds,
// as CPU per request (the process's own, from /proc) at 10 connections. Linux only.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { bareDir, buildReactRouterApp } from "./bench-bare.mjs";

const root = path.resolve(".");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "route-table-"));
const storeRoutes = fs.readdirSync(path.join(root, "app/routes")).map((f) => f.replace(/\.tsx?$/, ""));
const barePage = fs.readFileSync(path.join(bareDir, "app/routes/_index.jsx"), "utf8");
const TRIVIAL = "export default function Page() { return <main><h1>Page</h1></main>; }\n";
const LAYOUT = 'import { Outlet } from "react-router";\nexport default function Layout() { return <div><Outlet /></div>; }\n';

/** A copy of the bare app; with `routes`, its app/routes holds those files (name → source). */
function variant(name, routes) {
  const dir = path.join(work, name);
  fs.cpSync(bareDir, dir, { recursive: true, filter: (f) => !f.includes(`${path.sep}build`) });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  if (routes) {
    fs.rmSync(path.join(dir, "app/routes"), { recursive: true });
    fs.mkdirSync(path.join(dir, "app/routes"));
    for (const [file, source] of routes) fs.writeFileSync(path.join(dir, "app/routes", `${file}.jsx`), source);
    fs.writeFileSync(path.join(dir, "app/routes.js"), 'import { flatRoutes } from "@react-router/fs-routes";\nexport default flatRoutes();\n');
  }
  buildReactRouterApp(dir, name);
  return dir;
}

/** The store's route files as trivial modules; `withoutLang` drops the ($lang) prefix from their names. */
function storeTable(withoutLang) {
  const files = storeRoutes.map((f) => (withoutLang ? f.replace(/^\(\$lang\)\./, "") : f));
  // A file another file's name extends is its layout (flat routes), and renders an outlet.
  const isParent = (file) => files.some((other) => other.startsWith(`${file}.`));
  return files.map((file) => {
    const page = /^(\(\$lang\)\.)?(_index|checkout\.singlestep)$/.test(file);
    return [file, page ? barePage : isParent(file) ? LAYOUT : TRIVIAL];
  });
}

const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

async function measure(dir, port, pagePath) {
  const server = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: "1", NODE_ENV: "production" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}${pagePath}`;
  const answers = () =>
    fetch(url).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 60 && !(await answers()); i++) await new Promise((r) => setTimeout(r, 500));
  await autocannon({ url, connections: 10, duration: 8 });
  const before = cpuMs(server.pid);
  const run = await autocannon({ url, connections: 10, duration: 10 });
  const used = cpuMs(server.pid) - before;
  server.kill();
  await new Promise((r) => server.once("exit", r));
  return { cpuMsPerRequest: used / run.requests.total, failed: run.non2xx + run.errors };
}

const variants = [
  ["the bare page (2 routes)", variant("bare"), ["/"]],
  [`the store's ${storeRoutes.length} route files`, variant("store", storeTable(false)), ["/", "/checkout/singlestep"]],
  ["the same without ($lang)", variant("store-without-lang", storeTable(true)), ["/", "/checkout/singlestep"]],
];
const results = new Map();
let port = 3790;
for (let round = 0; round < 3; round++) {
  for (const [name, dir, paths] of variants) {
    for (const p of paths) {
      const { cpuMsPerRequest, failed } = await measure(dir, port++, p);
      if (failed) throw new Error(`${name} ${p}: ${failed} failed requests`);
      const key = `${name}, ${p}`;
      results.set(key, [...(results.get(key) ?? []), cpuMsPerRequest]);
    }
  }
}
const floor = results.get("the bare page (2 routes), /").reduce((a, b) => a + b) / 3;
console.log("CPU per request (one process, 10 connections; mean of 3 rounds, × the bare page)");
for (const [key, runs] of results) {
  const mean = runs.reduce((a, b) => a + b) / runs.length;
  console.log(`${key.padEnd(52)} ${mean.toFixed(2)} ms  ${(mean / floor).toFixed(2)}×  (${runs.map((r) => r.toFixed(2)).join(", ")})`);
}
fs.rmSync(work, { recursive: true, force: true });
