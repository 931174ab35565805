// Fetches heapgame's WebAssembly, with progress, and compiles it; every worker is then
// started from the compiled module (no second download when a worker is restarted). Two
// modules of the same code: the first (pkg/heapgame_first*: `check` and `evaluate` only, no
// rendering of problems) answers the first screen, and the full one (pkg/heapgame_web*) is
// fetched after it, or as soon as a call needs it (runner.js). A server that sends the plain
// file compressed (set up to serve the build's precompressed `.br` and `.gz` files, or
// compressing as it sends: a HEAD request tells, without a download) is asked for it; any
// other static server sends the `.gz` copy, decompressed here, and the plain file is the last
// resort, where the browser cannot decompress. index.html's head asks for the first module
// before any module has arrived (keeping the response only when it comes compressed), and
// starts loadModule here once loader.js has.

const FIRST = { wasm: new URL('./pkg/heapgame_first_bg.wasm', import.meta.url), glue: new URL('./pkg/heapgame_first.js', import.meta.url).href, full: false };
const FULL = { wasm: new URL('./pkg/heapgame_web_bg.wasm', import.meta.url), glue: new URL('./pkg/heapgame_web.js', import.meta.url).href, full: true };

/** Reads a response's body, calling `onProgress(received, total)` as bytes arrive. */
async function readAll(response, onProgress) {
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body || !response.body.getReader) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  const out = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether the server sends the plain file with a `Content-Encoding` (brotli where the
 * browser takes it, else gzip). Offline, or on any failure: no. */
async function serverCompresses(wasm) {
  try {
    const r = await fetch(wasm, { method: 'HEAD', cache: 'no-store' });
    return r.ok && /\b(br|gzip|zstd|deflate)\b/.test(r.headers.get('Content-Encoding') || '');
  } catch {
    return false;
  }
}

/** The first module's download, started once: index.html starts it from its head, before
 * the page's other scripts have arrived, so that on a slow connection it does not wait for
 * them. */
let started = null;
let listener = () => {};
let last = null;
let full = null;
let fullValue = null;

/** The first module, compiled, as `{module, glue, full: false}` (one download for every
 * caller); the full module where the first cannot be fetched (offline: the offline copy
 * keeps only the full one, sw.js); `onProgress(received, total)`,
 * when given, hears the download from now on, starting with how far it is. */
export function loadModule(onProgress) {
  if (onProgress) {
    listener = onProgress;
    if (last) onProgress(...last);
  }
  started ??= download(FIRST.wasm, (received, total) => {
    last = [received, total];
    listener(received, total);
  }, globalThis.heapgameFirstResponse).then((module) => ({ ...FIRST, module }), () => loadFull());
  return started;
}

/** The full module, compiled, as `{module, glue, full: true}` (downloaded once, from the
 * first call on). */
export function loadFull() {
  full ??= download(FULL.wasm, () => {}).then((module) => {
    fullValue = { ...FULL, module };
    return fullValue;
  }, (err) => {
    full = null;
    throw err;
  });
  return full;
}

/** The address of the first module's bindings (a worker imports them while it waits). */
export const firstGlue = FIRST.glue;

/** The full module if it has been compiled, else null. */
export function fullIfLoaded() {
  return fullValue;
}

/** Downloads and compiles `wasm`; `early`, when given, is the promise of its response that
 * index.html's head asked for from a server that compresses it (null: it does not). */
async function download(wasm, onProgress, early) {
  let bytes = null;
  const r = early ? await early : (await serverCompresses(wasm)) ? await fetch(wasm).catch(() => null) : null;
  // The body arrives decompressed: its Content-Length (the compressed size) is no total.
  if (r && r.ok && r.headers.get('Content-Encoding')) {
    if (typeof WebAssembly.compileStreaming === 'function' && r.body && typeof TransformStream === 'function') {
      // Compiled as it arrives, its bytes counted on the way.
      let received = 0;
      const counted = r.body.pipeThrough(new TransformStream({
        transform(chunk, out) {
          received += chunk.length;
          onProgress(received, 0);
          out.enqueue(chunk);
        },
      }));
      return WebAssembly.compileStreaming(new Response(counted, { headers: { 'Content-Type': 'application/wasm' } }));
    }
    bytes = await readAll(r, (n) => onProgress(n, 0));
  }
  if (!bytes && typeof DecompressionStream === 'function') {
    const r = await fetch(`${wasm}.gz`);
    if (r.ok) {
      bytes = await readAll(r, onProgress);
      // A server that sends `.gz` files with `Content-Encoding: gzip` has decompressed it.
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = await gunzip(bytes);
    }
  }
  if (!bytes) {
    const r = await fetch(wasm);
    if (!r.ok) throw new Error(`${wasm.pathname}: ${r.status} ${r.statusText}`);
    bytes = await readAll(r, onProgress);
  }
  return WebAssembly.compile(bytes);
}
