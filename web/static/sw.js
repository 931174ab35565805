// The playground's offline copy: a service worker that keeps every file of the page in the
// browser's cache when it is installed, answers from the network when it can (so that a new
// build is seen at once) and from the cache when it cannot (a reload without a connection
// still opens the playground). web/build.sh writes the build's VERSION below.
const VERSION = 'dev';
const CACHE = `heapgame-playground-${VERSION}`;
const FILES = [
  './', 'index.html', 'style.css', 'favicon.svg', 'data.js', 'app.js', 'claims.js', 'classmode.js', 'editor.js', 'loader.js',
  'markdown.js', 'docs.js', 'play.js', 'runner.js', 'sequence.js', 'share.js', 'teach.js', 'view.js', 'worker.js',
  'reference.js', 'rulesets.js', 'pkg/heapgame_web.js', 'pkg/heapgame_web_bg.wasm.gz',
];
// Not the first module (pkg/heapgame_first*): offline, the page falls back to the full one
// (loader.js), and a slow connection is spared a second copy of the same code.
// Kept when the build has it (the CodeMirror editor; a build without npm has the textarea).
const OPTIONAL = ['codemirror.js'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES).then(() => Promise.all(OPTIONAL.map((f) => c.add(f).catch(() => null))))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('heapgame-playground-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  e.respondWith(fetch(e.request).catch(() => caches.open(CACHE)
    .then((c) => c.match(e.request, { ignoreSearch: true }))
    .then((r) => r || Response.error())));
});
