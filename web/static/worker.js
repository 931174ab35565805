// The playground's worker: heapgame's WebAssembly runs here, so that a long solve never
// freezes the page. A request is {id, fn, args}; the answer {id, result} (the function's JSON
// parsed), with {id, progress} now and then while it runs. The page stops a solve by
// terminating this worker.
import init, * as heapgame from './pkg/heapgame_web.js';

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

const ready = init();

onmessage = async (e) => {
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
    // A trap (memory exhausted, or a bug): the page restarts the worker.
    result = { ok: false, crashed: true, message: String(err) };
  }
  postMessage({ id, result });
};
