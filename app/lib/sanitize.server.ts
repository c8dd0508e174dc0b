import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// Cleaning runs a DOM (jsdom) and costs about a millisecond per paragraph; the same editor HTML
// always cleans to the same result, so results are kept for the paragraphs pages show.
const cleaned = new Map<string, string>();
const MAX_CLEANED = 500;

const OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
  FORBID_ATTR: ["style"],
};

// jsdom costs each process about 100 MB resident, and it is needed only for paragraphs not seen
// yet. It is loaded in a worker thread, which ends after a quiet spell and takes that memory with it.
const IDLE_MS = 30_000;
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const loaded = require(workerData.dompurify);
const DOMPurify = loaded.default ?? loaded;
parentPort.on("message", ({ id, html }) => {
  try {
    parentPort.postMessage({ id, clean: DOMPurify.sanitize(html, workerData.options) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err) });
  }
});
`;

interface Reply {
  id: number;
  clean?: string;
  error?: string;
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (clean: string) => void; reject: (err: Error) => void }>();

function failAll(err: Error) {
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function cleaner(): Worker {
  if (worker) return worker;
  const dompurify = createRequire(import.meta.url).resolve("isomorphic-dompurify");
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { dompurify, options: OPTIONS } });
  started.unref();
  started.on("message", ({ id, clean, error }: Reply) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (clean !== undefined) w?.resolve(clean);
    else w?.reject(new Error(`HTML sanitiser failed: ${error}`));
    if (waiting.size === 0) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (worker !== started || waiting.size > 0) return;
        worker = undefined;
        void started.terminate();
      }, IDLE_MS).unref();
    }
  });
  started.on("error", (err) => {
    if (worker === started) worker = undefined;
    failAll(err);
  });
  started.on("exit", () => {
    if (worker === started) {
      worker = undefined;
      failAll(new Error("HTML sanitiser stopped"));
    }
  });
  worker = started;
  return started;
}

/**
 * CMS HTML is written by editors and stored as written; it is cleaned here, on the server, before
 * it reaches any page. Scripts, event handlers, iframes, forms and javascript: URLs are removed.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = await new Promise<string>((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, { resolve, reject });
    clearTimeout(idleTimer);
    cleaner().postMessage({ id, html });
  });
  if (cleaned.size >= MAX_CLEANED) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, clean);
  return clean;
}
