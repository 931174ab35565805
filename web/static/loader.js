// Fetches heapgame's WebAssembly once, with progress, and compiles it; every worker is then
// started from the compiled module (no second download when a worker is restarted). The file
// is fetched gzip-compressed (pkg/heapgame_web_bg.wasm.gz, decompressed here, so that any
// static server sends a third of the bytes), or plain where the browser cannot decompress.

const WASM = new URL('./pkg/heapgame_web_bg.wasm', import.meta.url);

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

/** The compiled module; `onProgress(received, total)` hears the download. */
export async function loadModule(onProgress) {
  let bytes = null;
  if (typeof DecompressionStream === 'function') {
    const r = await fetch(`${WASM}.gz`);
    if (r.ok) {
      bytes = await readAll(r, onProgress);
      // A server that sends `.gz` files with `Content-Encoding: gzip` has decompressed it.
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = await gunzip(bytes);
    }
  }
  if (!bytes) {
    const r = await fetch(WASM);
    if (!r.ok) throw new Error(`${WASM.pathname}: ${r.status} ${r.statusText}`);
    bytes = await readAll(r, onProgress);
  }
  return WebAssembly.compile(bytes);
}
