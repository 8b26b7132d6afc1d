/**
 * The page's service worker (bundled by build.js as dist/sw.js): after one visit, the page, the
 * collection and the solver work without the network.
 *
 * Install: every file of the page (`precached`, stamped by build.js: index.html, main.js,
 * worker.js, cadical.wasm, the CSS, collection.json, the manifest and icons) goes into a cache
 * named `hitori-sat-<version>`, the version a hash of those files' contents (build.js), so a new
 * build is a new cache. Activate: the caches of other versions are deleted, and open pages are
 * taken over. Fetch: cache first (a GET of a precached file is answered from this version's
 * cache; the page's own address, the folder, gets index.html), the network otherwise.
 */

/** Stamped by build.js (esbuild's `define`). */
declare const hitoriSatVersion: string;
declare const hitoriSatPrecached: readonly string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly registration: { readonly scope: string };
}

const scope = self as unknown as WorkerScope;
const prefix = 'hitori-sat-';
const cacheName = `${prefix}${hitoriSatVersion}`;
const page = new URL('index.html', scope.registration.scope).href;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName);
      // `cache: 'reload'`: the files of this build, not an older copy from the HTTP cache.
      await cache.addAll(hitoriSatPrecached.map((file) => new Request(new URL(file, scope.registration.scope), { cache: 'reload' })));
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(prefix) && name !== cacheName) await caches.delete(name);
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(scope.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(cacheName);
      const path = new URL(request.url).pathname;
      const key = request.mode === 'navigate' && path === new URL(scope.registration.scope).pathname ? page : request;
      return (await cache.match(key, { ignoreSearch: true })) ?? fetch(request);
    })(),
  );
});
