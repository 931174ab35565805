// The playground's worker: heapgame's WebAssembly runs here, so that a long solve never
// freezes the page. A request is {id, fn, args}; the answer {id, result} (the function's JSON
// parsed), with {id, progress} now and then while it runs. The first message is {module,
// glue}: the compiled WebAssembly (loader.js), answered by {ready: true} once started. The page
// stops a solve by terminating this worker. The module is the first or the full one
// (loader.js), with `glue`, the address of its wasm-bindgen bindings, imported here; a message
// {glue} before it starts that import while the module still downloads.
let heapgame = null;

let current = null;
let last = 0;
// Called by the WebAssembly every few thousand positions expanded; at most 10 messages a second.
globalThis.heapgameProgress = (n) => {
  const now = performance.now();
  if (now - last >= 100) {
    last = now;
    postMessage({ id: current, progress: n });
  }
};

// Calls that arrive before the module wait for it.
let gotModule;
const ready = new Promise((resolve) => { gotModule = resolve; })
  .then(async ({ module, glue }) => {
    heapgame = await import(glue);
    await heapgame.default({ module_or_path: module });
  });
ready.then(() => postMessage({ ready: true }), (err) => postMessage({ ready: true, error: String(err) }));

onmessage = async (e) => {
  if (e.data.module) {
    gotModule(e.data);
    return;
  }
  if (e.data.glue) {
    // The same import as the module's, started early (the browser fetches it once).
    import(e.data.glue).catch(() => { /* the module's own import reports it */ });
    return;
  }
  const { id, fn, args } = e.data;
  try {
    await ready;
  } catch (err) {
    postMessage({ id, result: { ok: false, crashed: true, message: `heapgame could not start here: ${err}` } });
    return;
  }
  current = id;
  last = performance.now();
  let result;
  try {
    result = JSON.parse(heapgame[fn](...args));
  } catch (err) {
    // A trap: a panic (a defect, its message kept by the WebAssembly), or else most likely
    // the memory ran out. The page restarts the worker.
    let panic = '';
    try { panic = heapgame.last_panic(); } catch { /* the instance is gone */ }
    // On the web's 32-bit memory a buffer beyond 2 GB is a "capacity overflow" panic: the
    // search's stack of followers outgrew the memory, as the command line's watchdog reports.
    const memory = !panic || /capacity overflow|allocat/.test(panic);
    const message = memory
      ? `heapgame ran out of memory (the page has at most 4 GB, and one buffer at most 2 GB; ${panic || err}); ` +
        'the search keeps every follower of each position it is working on, which takes much memory ' +
        'when positions have many followers: ask about smaller positions or lower the position limit'
      : `heapgame failed (a defect, please report it): ${panic}`;
    result = { ok: false, crashed: true, message };
  }
  postMessage({ id, result });
};
