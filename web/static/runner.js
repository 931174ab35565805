// Runs heapgame's functions in a Web Worker (worker.js) and hands back promises. `stop()`
// terminates the worker, ending whatever it was computing at once; the next call starts a
// fresh one from the module already compiled (loader.js). A worker whose WebAssembly trapped
// is replaced the same way.

export class Runner {
  /** `module`: a promise of the compiled WebAssembly module, shared by every runner. */
  constructor(module) {
    this.module = module;
    this.worker = null;
    this.ready = null;
    this.next = 1;
    this.pending = new Map();
  }

  start() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    let started;
    this.ready = new Promise((resolve) => { started = resolve; });
    worker.onmessage = (e) => {
      if (e.data.ready) { started(e.data); return; }
      const { id, result, progress } = e.data;
      const p = this.pending.get(id);
      if (!p) return;
      if (progress !== undefined) {
        if (p.onProgress) p.onProgress(progress);
        return;
      }
      this.pending.delete(id);
      if (result && result.crashed) this.stop(result.message);
      p.resolve(result);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      started({ error: e.message || 'unknown error' });
      this.stop(`the worker failed: ${e.message || 'unknown error'}`);
    };
    this.module.then(
      (module) => { if (this.worker === worker) worker.postMessage({ module }); },
      (err) => started({ error: String(err) }),
    );
  }

  /** Resolves when heapgame has started in the worker (after the first download). */
  whenReady() {
    if (!this.worker) this.start();
    return this.ready;
  }

  /** Calls `fn(...args)` in the worker; `onProgress(n)` hears the positions expanded. */
  call(fn, args, onProgress) {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ id, fn, args });
    });
  }

  /** Whether anything is being computed or waiting. */
  busy() {
    return this.pending.size > 0;
  }

  /** Ends every computation: each pending call answers {ok: false, stopped: true}. */
  stop(why) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      p.resolve({ ok: false, stopped: true, message: why || 'stopped' });
    }
  }
}
