// Runs heapgame's functions in a Web Worker (worker.js) and hands back promises. `stop()`
// terminates the worker, ending whatever it was computing at once; the next call starts a
// fresh one from the module already compiled (loader.js). A worker whose WebAssembly trapped
// is replaced the same way. The first worker runs the page's first module, which has only
// `check` and `evaluate` and answers `{needs_full: true}` where it would render a problem;
// a call it cannot answer waits for the full module (downloaded then, if the page has not
// asked for it yet), and once that is here the worker is replaced by one running it, as soon
// as the calls under way have answered.
import { loadFull, fullIfLoaded, firstGlue } from './loader.js';

// The functions of the first module (web/src/lib.rs, feature `first`).
const FIRST = new Set(['check', 'evaluate']);

export class Runner {
  /** `module`: a promise of the first module (loader.js), shared by every runner; `full`: a
   * function that starts (once) the full module's download and gives its promise. */
  constructor(module, full = loadFull) {
    this.module = module;
    this.full = full;
    this.fullModule = null;
    this.wanted = false;
    this.worker = null;
    this.workerFull = false;
    this.ready = null;
    this.next = 1;
    this.pending = new Map();
    this.eager = false;
  }

  /** From now on, once the full module is here and no call runs, the first module's worker
   * is replaced by one running the full module at once, not at the next call: the page's
   * next answer does not wait for a worker to start and its module to be instantiated. */
  upgradeWhenIdle() {
    this.eager = true;
    this.full().then((m) => {
      this.fullModule = m;
      this.upgrade();
    }, () => { /* a call that needs it says so */ });
  }

  /** See `upgradeWhenIdle`. */
  upgrade() {
    if (!this.eager || !this.fullModule || this.pending.size > 0 || !this.worker || this.workerFull) return;
    this.worker.terminate();
    this.worker = null;
    this.start();
  }

  start() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    this.workerFull = this.fullModule !== null;
    let started;
    this.ready = new Promise((resolve) => { started = resolve; });
    worker.onmessage = (e) => {
      if (e.data.ready) { started(e.data); return; }
      this.answered(e.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      started({ error: e.message || 'unknown error' });
      this.stop(`the worker failed: ${e.message || 'unknown error'}`);
    };
    // The bindings are fetched while the module downloads (the first module's, which the
    // page starts with), not after it.
    worker.postMessage({ glue: this.fullModule ? this.fullModule.glue : firstGlue });
    (this.fullModule ? Promise.resolve(this.fullModule) : this.module).then(
      (m) => { if (this.worker === worker) worker.postMessage({ module: m.module, glue: m.glue }); },
      (err) => started({ error: String(err) }),
    );
  }

  answered({ id, result, progress }) {
    const p = this.pending.get(id);
    if (!p) return;
    if (progress !== undefined) {
      if (p.onProgress) p.onProgress(progress);
      return;
    }
    if (result && result.needs_full) {
      // The first module has no rendering of problems: the full one answers again.
      p.full = true;
      p.sent = false;
    } else {
      this.pending.delete(id);
      if (result && result.crashed) this.stop(result.message);
      p.resolve(result);
    }
    this.flush();
  }

  /** Resolves when heapgame has started in the worker (after the first download). */
  whenReady() {
    if (!this.worker) this.start();
    return this.ready;
  }

  /** Calls `fn(...args)` in the worker; `onProgress(n)` hears the positions expanded, and
   * `onRun()` when the call is handed to a worker that can answer it (the full module's
   * download, when the call waits for it, is not part of its time). */
  call(fn, args, onProgress, onRun) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, { fn, args, resolve, onProgress, onRun, full: !FIRST.has(fn), sent: false });
      this.flush();
    });
  }

  /** Hands the waiting calls, in order, to a worker that can answer them. */
  flush() {
    this.fullModule ??= fullIfLoaded();
    for (const [id, p] of this.pending) {
      if (p.sent) continue;
      if (p.full && !this.fullModule) {
        this.wantFull();
        continue;
      }
      if (this.fullModule && this.worker && !this.workerFull) {
        // The first module's worker answers the calls it has first.
        if ([...this.pending.values()].some((q) => q.sent)) return;
        this.worker.terminate();
        this.worker = null;
      }
      if (!this.worker) this.start();
      p.sent = true;
      if (p.onRun) p.onRun();
      this.worker.postMessage({ id, fn: p.fn, args: p.args });
    }
    this.upgrade();
  }

  wantFull() {
    if (this.wanted) return;
    this.wanted = true;
    this.full().then((m) => {
      this.fullModule = m;
      this.flush();
    }, (err) => {
      this.wanted = false;
      this.stop(`heapgame could not be loaded (${err.message || err})`);
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
