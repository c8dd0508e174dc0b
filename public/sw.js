/*
 * Brewfront's service worker: the installed web app's offline page, and nothing else. Pages are
 * personal (a cart, a name, prices for a member), so none is ever kept: a page is always asked of
 * the network, and only when the network cannot answer does the kept offline page stand in.
 */
const CACHE = "brewfront-offline-1";
const OFFLINE_PAGE = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PAGE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      // The browser asks for a page while the worker starts, so the worker costs a navigation no wait.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) ?? (await fetch(event.request));
      } catch {
        return caches.match(OFFLINE_PAGE, { cacheName: CACHE });
      }
    })(),
  );
});
