// The playground page: the first screen, the editor with its problems marked, the
// parameters, and the three tools (a position and why it has its value, every position up to
// a size, a game against heapgame). heapgame's WebAssembly is fetched once, with a visible
// loading state (loader.js), and runs in two Web Workers (runner.js), never on this thread:
// one checks the ruleset as it is typed (stopped if the check itself takes more than a few
// seconds; the download does not count), the other solves, with progress and a Stop button.
import { Runner } from './runner.js';
import { loadModule, loadFull } from './loader.js';
import * as view from './view.js';
import * as editor from './editor.js';
import * as share from './share.js';
import * as classMode from './classmode.js';

const $ = (id) => document.getElementById(id);
const DATA = window.HEAPGAME_DATA || { rulesets: [] };
// The first screen's ruleset: data.js has its text (web/embed.py's FIRST), the others come
// with rulesets.js (bundledTexts).
const DEFAULT = 'classic/wythoff.game';
// The most a check may take, once heapgame has loaded, before it is stopped.
const CHECK_TIMEOUT_MS = 5000;
// The time the page's own `check` of the claims has (it stops between two positions and says
// how far it got), and the most it may take before its worker is stopped.
const CLAIMS_TIME_MS = 5000;
const CLAIMS_HARD_MS = 15000;
// The ruleset: its name in messages, the bundled file it came from ('' for none) and that
// file's text, check's answer, the parameters' defaults, the last tool used.
const state = { name: 'playground.game', path: '', base: '', info: null, defaults: {}, view: 'eval', loaded: false };

// ---- loading heapgame ----

const module = loadModule((received, total) => {
  const mb = (n) => (n / 1e6).toFixed(1);
  $('loading-text').textContent = total
    ? `Loading heapgame: ${mb(received)} of ${mb(total)} MB…`
    : `Loading heapgame: ${mb(received)} MB…`;
  if (total) { $('loading-bar').max = total; $('loading-bar').value = received; }
});
// The first answer (the start's end, however it ended): the editor's bundle (codemirror.js,
// 90 KB brotli) and the offline copy's downloads wait for it, so that on a slow connection they
// do not compete with it; at most 15 s once heapgame has loaded, at once if it could not load.
let firstDone;
const firstAnswer = new Promise((resolve) => { firstDone = resolve; });
const afterFirst = Promise.race([
  firstAnswer,
  module.then(() => new Promise((resolve) => { setTimeout(resolve, 15000); }), () => null),
]);
Promise.all([module, afterFirst]).then(() => {
  // The full module (the first has `check` and `evaluate` only): from now on, or from the
  // first call that needs it (runner.js).
  loadFull().catch(() => { /* a call that needs it says so */ });
  // The computations' worker runs the full module as soon as it is here (runner.js).
  runner.upgradeWhenIdle();
  if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('sw.js').catch(() => { /* no offline copy; the page works */ });
  }
}, () => { /* not loaded: nothing to keep offline */ });
module.then(() => {
  state.loaded = true;
  $('loading').hidden = true;
  document.body.dataset.loaded = 'true';
}, (err) => {
  $('loading').classList.add('error');
  $('loading-text').textContent = `heapgame could not be loaded (${err.message || err}). ` +
    'Check the connection and reload the page.';
  $('loading-bar').hidden = true;
});
const runner = new Runner(module);
const checker = new Runner(module);
// Both workers start now, so that each has its bindings and instance when the module
// arrives (the first answer needs the checker's, then the runner's).
checker.whenReady();
runner.whenReady();

// ---- the bundled rulesets' texts ----

/** Every bundled ruleset's text in DATA (data.js has the first screen's only): rulesets.js,
 * imported once, after the first answer or as soon as a text is needed. Resolves either way
 * (a ruleset whose text could not be fetched is not known by its text). */
let textsLoaded = null;
function bundledTexts() {
  textsLoaded ??= import('./rulesets.js').then((m) => {
    for (const r of DATA.rulesets) r.text ??= m.default[r.path];
  }, () => { textsLoaded = null; });
  return textsLoaded;
}
afterFirst.then(bundledTexts);

/** The bundled ruleset whose text is `text`, or undefined. Every bundled text differs from
 * the others (web/embed.py), so a match among the texts already here is the answer; else the
 * others are fetched first. */
async function bundledByText(text) {
  const here = DATA.rulesets.find((r) => r.text === text);
  if (here || DATA.rulesets.every((r) => r.text !== undefined)) return here;
  await bundledTexts();
  return DATA.rulesets.find((r) => r.text === text);
}

// ---- the ruleset, its problems and parameters ----

function overrides() {
  const out = [];
  for (const input of document.querySelectorAll('#params input')) {
    const name = input.dataset.name;
    if (input.value.trim() !== (state.defaults[name] || '').trim()) out.push(`${name}=${input.value}`);
  }
  return out;
}

function paramValues() {
  const params = {};
  for (const input of document.querySelectorAll('#params input')) params[input.dataset.name] = input.value;
  return params;
}

/** The request every call carries. */
export function request() {
  const limit = parseInt($('max-positions').value, 10);
  return JSON.stringify({
    name: state.name,
    text: editor.text(),
    params: overrides(),
    max_positions: Number.isFinite(limit) && limit > 0 ? limit : 0,
    force: $('force').checked,
  });
}

let checks = 0;
async function runCheck() {
  const seq = ++checks;
  if (!state.loaded) {
    $('status-line').className = 'status';
    $('status-line').textContent = 'The rules will be checked as soon as heapgame has loaded.';
  }
  const started = await checker.whenReady();
  if (seq !== checks) return;
  if (started && started.error) {
    editor.showCheck({ ok: false, diagnostics: [], rendered: `heapgame could not start: ${started.error}` }, state.name);
    return;
  }
  if (checker.busy()) checker.stop('superseded');
  // The timer starts when a worker has the call (not while it waits for a download).
  let timer;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => checker.stop(`checking took more than ${CHECK_TIMEOUT_MS / 1000} s and was stopped`), CHECK_TIMEOUT_MS);
  };
  let info = await checker.call('check', [request()], null, arm);
  clearTimeout(timer);
  if (seq !== checks) return;
  if (info.stopped || info.crashed) info = { ok: false, diagnostics: [], rendered: info.message };
  state.info = info;
  editor.showParams(info, state.defaults, edited);
  editor.showCheck(info, state.name);
  $('solve-heaps-box').hidden = !(info.ok && info.heaps == null);
  // Not awaited: opening a file or evaluating does not wait for the claims.
  checkClaims(seq, info);
}

/** The page's own `check` of the file's claims, in the checker's worker after the rules
 * are checked (a new edit stops it). */
async function checkClaims(seq, info) {
  const box = $('claims-box');
  const out = $('claims-out');
  box.hidden = !(info.ok && info.claims > 0) || classMode.on;
  if (box.hidden) {
    out.replaceChildren();
    return;
  }
  out.replaceChildren(view.note(`Checking ${info.claims === 1 ? 'the claim' : `the ${info.claims} claims`}…`));
  let timer;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => checker.stop(`checking the claims took more than ${CLAIMS_HARD_MS / 1000} s and was stopped`), CLAIMS_HARD_MS);
  };
  const r = await checker.call('check_claims', [request(), CLAIMS_TIME_MS], null, arm);
  clearTimeout(timer);
  if (seq !== checks) return;
  if (r.stopped || r.crashed) {
    out.replaceChildren(view.note(r.message, true));
    return;
  }
  // claims.js is not on the first answer's path: fetched with the claims' answer.
  let claimsView;
  try {
    ({ claims: claimsView } = await import('./claims.js'));
  } catch (err) {
    out.replaceChildren(view.note(`The claims' answer could not be shown (${err.message || err}): reload the page.`, true));
    return;
  }
  if (seq !== checks) return;
  out.replaceChildren(claimsView(r, {
    position: (pos) => {
      evaluate(pos.join(' '));
      $('eval').scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    line: editor.revealLine,
  }));
}

let timer = null;
function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(runCheck, 200);
}

/** Whether the text or a parameter differs from the bundled ruleset it came from. */
function isEdited() {
  return editor.text() !== state.base || overrides().length > 0;
}

/** After any edit of the rules: check again, mark results out of date, save the edits. */
function edited() {
  scheduleCheck();
  for (const sec of ['eval', 'solve']) markStale(sec);
  if (playing() && !$('play-rules-note')) {
    $('play-out').prepend(view.el('p', { id: 'play-rules-note', className: 'note' },
      'The rules were edited: this game goes on with the rules it started with; New game uses the edited ones.'));
  }
  share.save(isEdited() ? { path: state.path, name: state.name, text: editor.text(), params: paramValues() } : null);
  // A `#game=` address holds the rules as they were when the link was made: edited since,
  // it would bring those back at a reload, so it goes (the edits are kept in the browser).
  if (location.hash.startsWith('#game=')) {
    history.replaceState(null, '', location.pathname + location.search);
    $('share-status').textContent = 'The rules changed after the link was made: Copy link again to share these.';
  }
}

/** Marks a section's results as computed from other rules, with a button to recompute. */
function markStale(sec) {
  const out = $(`${sec}-out`);
  if (!out.dataset.result || out.classList.contains('stale')) return;
  out.classList.add('stale');
  const again = view.el('button', { type: 'button', textContent: 'Recompute' });
  again.addEventListener('click', () => (sec === 'eval' ? evaluate() : solve()));
  out.prepend(view.el('p', { className: 'stale-note', role: 'status' },
    'Out of date: the rules changed after this was computed. ', again));
}

function showResult(sec, node) {
  const out = $(`${sec}-out`);
  out.classList.remove('stale');
  out.dataset.result = '1';
  out.replaceChildren(node);
}

function clearResults() {
  for (const sec of ['eval', 'solve', 'play']) {
    const out = $(`${sec}-out`);
    out.classList.remove('stale');
    delete out.dataset.result;
    out.replaceChildren();
  }
  if (game) game.turns = [];
  $('undo-button').disabled = true;
}

/** Opens `text` (from the bundled file `path`, or '' for a link or saved edits). */
async function open(path, text, name, params) {
  // A text equal to a bundled ruleset's is that ruleset (a link made before any edit).
  const same = await bundledByText(text);
  let bundled = DATA.rulesets.find((r) => r.path === path);
  if (bundled && bundled.text === undefined) await bundledTexts();
  bundled = (bundled && bundled.text !== undefined ? bundled : null) || same;
  state.path = bundled ? bundled.path : '';
  state.base = bundled ? bundled.text : '';
  state.name = name || (bundled ? path.split('/').pop() : 'playground.game');
  editor.setText(text);
  $('params').innerHTML = '';
  // The list names a bundled game only when these are its rules as bundled: edited rules
  // (from a link or kept from last time) are "(your own rules)", so that picking the game
  // they started from opens it.
  $('ruleset-choice').value = same ? same.path : '';
  await runCheck();
  if (params) {
    for (const input of document.querySelectorAll('#params input')) {
      if (typeof params[input.dataset.name] === 'string') input.value = params[input.dataset.name];
    }
    await runCheck();
  }
  clearResults();
  const info = state.info;
  if (info && info.ok) {
    // What was typed while the page was loading is kept; another game gets its examples.
    const set = (id, value) => { if (!(starting && $(id).dataset.typed)) $(id).value = value; };
    set('position-input', view.example(info.heaps, info.lower, 0));
    set('play-start', view.example(info.heaps, info.lower, 1));
    if (info.check) {
      set('solve-max', Math.min(info.check.max, 60));
      if (info.check.heaps) $('solve-heaps').value = info.check.heaps;
    }
  }
}

async function openBundled(path) {
  const r = DATA.rulesets.find((x) => x.path === path);
  if (!r) return;
  if (r.text === undefined) await bundledTexts();
  if (r.text === undefined) {
    $('status-line').className = 'status bad';
    $('status-line').textContent = `${r.title || path} could not be fetched: check the connection and pick it again.`;
    return;
  }
  // For the browser test: how many opens are under way, and how many have ended.
  const body = document.body.dataset;
  body.opening = String(+(body.opening || 0) + 1);
  try {
    share.save(null);
    await open(path, r.text);
    await evaluate();
  } finally {
    body.opening = String(+body.opening - 1);
    body.opened = String(+(body.opened || 0) + 1);
  }
}

// ---- running things in the worker, with progress and Stop ----

/** Runs `fn` in the worker for the section `sec`, showing progress there; `total` (if
 * known) is the number of positions expected, or with `atMost` the most there can be;
 * `what` (if given) says what is computed, before the count. */
async function work(sec, fn, args, total, atMost, what) {
  const out = $(`${sec}-out`);
  const stop = document.querySelector(`#${sec} .stop`);
  const started = performance.now();
  const line = view.el('p', { className: 'progress' });
  line.setAttribute('role', 'status');
  line.textContent = !state.loaded ? 'waiting for heapgame to load…'
    : runner.busy() ? 'waiting for the computation under way…' : 'working…';
  const bar = document.createElement('progress');
  if (total) bar.max = total;
  const keep = sec === 'play' && playing() ? [...out.childNodes] : [];
  out.replaceChildren(line, bar, ...keep);
  stop.hidden = false;
  const onProgress = (n) => {
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    line.textContent = `${what || 'working'}: ${n.toLocaleString('en')} positions so far` +
      (total ? ` of ${atMost ? 'at most ' : ''}${total.toLocaleString('en')}` : '') + ` (${secs} s)`;
    if (total) bar.value = Math.min(n, total);
  };
  const result = await runner.call(fn, args, onProgress);
  stop.hidden = !runner.busy();
  line.remove();
  bar.remove();
  const secs = ((performance.now() - started) / 1000).toFixed(2);
  if (result.stopped) {
    out.replaceChildren(view.note(`Stopped after ${secs} s (${result.message}). Nothing is kept; run again to start over.`));
    return null;
  }
  result.seconds = secs;
  return result;
}

for (const b of document.querySelectorAll('.stop')) {
  b.addEventListener('click', () => {
    runner.stop('stopped by the Stop button');
    for (const s of document.querySelectorAll('.stop')) s.hidden = true;
  });
}

// A position with more positions below it than this is evaluated after a smaller one (see
// warmUp); the rules (requests) whose last answer came from a kernel, with its name, and
// those warmed up.
const WARM_FROM = 2000000;
const kernelRules = new Map();
const warmed = new Set();

/** Before the first large evaluation with these rules: the position with every heap a quarter
 * as large, its answer dropped. The browser first runs WebAssembly as its baseline compiler's
 * code and uses its optimised code from a function's next call on, never inside a running
 * call: a large position asked first ran its whole fill in the baseline code (Wythoff
 * (3000, 4000): about four times the time of a second run). The smaller one (a sixteenth of
 * the work for two heaps) makes the browser optimise the same code, used by the real run.
 * Not for the cube kernel, whose fill calls a function a row (optimised from the first rows
 * on, its compilation in the background): there the warm-up cost more than it spared
 * (docs/performance.md, "The Grundy fill at opt-level 3"). Only where a
 * kernel answered these rules before (its time is that of the box; the search's
 * grows faster than the positions, and a quarter of a long search is long). False when it
 * was stopped. */
async function warmUp(req, shape, text, limit) {
  const heaps = (text.match(/\d+/g) || []).map(Number);
  const kernel = kernelRules.get(req);
  if (!kernel || kernel === 'cube' || warmed.has(req) || !((view.regionSize(shape, text, Infinity) || 0) > WARM_FROM)) return true;
  const small = heaps.map((h) => Math.max(Math.floor(h / 4), (shape && shape.lower) || 0)).join(' ');
  const r = await work('eval', 'evaluate', [req, small], view.regionSize(shape, small, limit), true,
    `first the smaller position (${small.split(' ').join(', ')}), so that the browser optimises its code`);
  if (!r) return false;
  warmed.add(req);
  // No pause for the optimised code, which is compiled in the background: the real run's
  // first rows make progress meanwhile (Wythoff (3000, 4000): 0.3-0.4 s sooner than with a
  // 0.3 s pause, the same CPU; docs/performance.md).
  return true;
}

async function evaluate(text) {
  if (text !== undefined) $('position-input').value = text;
  state.view = 'eval';
  const shape = state.info && state.info.ok ? state.info : null;
  const limit = parseInt($('max-positions').value, 10);
  const typed = $('position-input').value;
  const total = view.regionSize(shape, typed, limit > 0 ? limit : 2000000);
  const req = request();
  const t0 = performance.now();
  if (!(await warmUp(req, shape, typed, limit > 0 ? limit : 2000000))) return;
  const r = await work('eval', 'evaluate', [req, typed], total, true);
  if (!r) return;
  // The time said is the whole of it, the smaller position's included.
  r.seconds = ((performance.now() - t0) / 1000).toFixed(2);
  if (r.ok && r.kernel) kernelRules.set(req, r.kernel); else kernelRules.delete(req);
  if (classMode.on && r.ok && r.followers.length) {
    editor.hideClaims(true);
    showResult('eval', classMode.ask(r, shape, (f) => commit(req, r, shape, f)));
    const first = document.querySelector('#class-moves button');
    if (first && document.activeElement && document.activeElement.closest('#eval-out')) first.focus();
  } else {
    showResult('eval', view.evaluation(r, (t) => evaluate(t), shape));
  }
}

/** Class mode: the student chose `f` (null: "no move wins") at the position of `r`; the
 * verdict, with the follower's own answer (its winning reply, its mex), then the full answer. */
async function commit(req, r, shape, f) {
  const fr = f ? await work('eval', 'evaluate', [req, f.position.join(' ')]) : null;
  if (f && !fr) return;
  showResult('eval', view.el('div', {}, classMode.verdict(r, f, fr), view.evaluation(r, (t) => evaluate(t), shape)));
  editor.hideClaims(false);
  const v = $('class-verdict');
  v.tabIndex = -1;
  v.focus();
}

async function solve() {
  if (classMode.on) return;
  state.view = 'solve';
  const max = parseInt($('solve-max').value, 10);
  const out = $('solve-out');
  if (!Number.isFinite(max) || max < 0 || max > 100000) {
    out.replaceChildren(view.note('The largest heap is a whole number from 0 to 100000.', true));
    return;
  }
  const info = state.info && state.info.ok ? state.info : null;
  const any = info && info.heaps == null;
  const heaps = any ? parseInt($('solve-heaps').value, 10) : 0;
  if (any && !(heaps >= 1 && heaps <= 1000)) {
    out.replaceChildren(view.note('The number of heaps is a whole number from 1 to 1000.', true));
    return;
  }
  const total = info ? view.boxSize(any ? heaps : info.heaps, max, info.lower, info.names != null, any) : undefined;
  const r = await work('solve', 'solve', [request(), max, heaps, $('solve-grundy').checked], total);
  if (r) {
    showResult('solve', view.box(r, (t) => {
      evaluate(t);
      $('eval').scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, info));
  }
}

// ---- play ----

// The game against heapgame (play.js, fetched when the first game starts: not on the first
// answer's path); null until then.
let game = null;

/** Whether a game is under way. */
function playing() {
  return game !== null && game.turns.length > 0;
}

async function newGame() {
  state.view = 'play';
  if (!game) {
    let Game;
    try {
      ({ Game } = await import('./play.js'));
    } catch (err) {
      $('play-out').replaceChildren(view.note(`The game could not be started (${err.message || err}): reload the page.`, true));
      return;
    }
    game ??= new Game((fn, args) => work('play', fn, args), $('play-out'), {
      hints: () => $('play-hints').checked && !classMode.on,
      classMode: classMode.on,
      onUndoable: (b) => { $('undo-button').disabled = !b; },
    });
  }
  const shape = state.info && state.info.ok ? state.info : null;
  return game.start(request(), shape, $('play-start').value, $('play-second').checked);
}

// ---- links ----

function linkState() {
  return {
    name: state.name,
    path: state.path,
    text: editor.text(),
    params: paramValues(),
    position: $('position-input').value,
    play: $('play-start').value,
    max: $('solve-max').value,
    heaps: $('solve-heaps').value,
    grundy: $('solve-grundy').checked,
    view: state.view,
  };
}

async function copyLink() {
  const hash = share.toHash(linkState());
  history.replaceState(null, '', hash);
  const copied = await share.copy(location.href);
  const status = $('share-status');
  status.textContent = copied
    ? 'Link copied: it opens these rules, this position and this view.'
    : 'The address bar holds the link (the browser did not allow copying): it opens these rules, this position and this view.';
}

/** A class link: these rules and this position, the answers hidden until a move is chosen. */
async function copyClassLink() {
  const url = classMode.link(share.toHash({ ...linkState(), view: 'eval' }));
  const copied = await share.copy(url);
  const field = view.el('input', { id: 'class-link', readOnly: true, value: url });
  field.setAttribute('aria-label', 'the class link');
  field.addEventListener('focus', () => field.select());
  $('share-status').replaceChildren(copied
    ? 'Class link copied: it opens these rules and this position, with who wins and why shown only after a move is chosen. '
    : 'The class link (the browser did not allow copying; copy it from here): it opens these rules and this position, with who wins and why shown only after a move is chosen. ',
  field);
}

/** Opens the game of a link: its rules, parameters, position, box and view. */
async function openLink(g) {
  await open(g.path || '', g.text, g.name, g.params || {});
  if (typeof g.position === 'string') $('position-input').value = g.position;
  if (typeof g.play === 'string') $('play-start').value = g.play;
  if (g.max != null) $('solve-max').value = g.max;
  if (g.heaps != null) $('solve-heaps').value = g.heaps;
  $('solve-grundy').checked = !!g.grundy;
  await evaluate();
  if (g.view === 'solve') await solve();
  if (g.view === 'play') await newGame();
  if (g.view && g.view !== 'eval') $(g.view).scrollIntoView({ block: 'start' });
}

// ---- asking before edits are replaced ----

function confirmDiscard(what) {
  const d = $('discard');
  $('discard-what').textContent = what;
  d.returnValue = '';
  d.showModal();
  return new Promise((resolve) => {
    d.addEventListener('close', () => resolve(d.returnValue === 'discard'), { once: true });
  });
}

// ---- wiring ----

/** The "Language reference" and "Primer" buttons: their code (docs.js, with the Markdown
 * renderer) is fetched when one is first clicked, not on the first answer's path; that click
 * then opens its dialog. */
function wireDocsWhenOpened() {
  const dialogs = { 'show-reference': 'reference', 'show-primer': 'primer' };
  const first = async (e) => {
    const button = e.currentTarget;
    for (const id of Object.keys(dialogs)) $(id).removeEventListener('click', first);
    try {
      const { wireDocs } = await import('./docs.js');
      wireDocs(module);
    } catch (err) {
      for (const id of Object.keys(dialogs)) $(id).addEventListener('click', first);
      const dialog = $(dialogs[button.id]);
      $(`${dialog.id}-body`).textContent = `The document could not be loaded (${err.message || err}). Check the connection and try again.`;
      $(`close-${dialog.id}`).onclick = () => dialog.close();
      dialog.showModal();
      return;
    }
    button.click();
  };
  for (const id of Object.keys(dialogs)) $(id).addEventListener('click', first);
}

function fillChoices() {
  const choice = $('ruleset-choice');
  const groups = new Map();
  const sorted = [...DATA.rulesets].sort((a, b) => (a.group || '').localeCompare(b.group || '') ||
    (a.title || a.path).localeCompare(b.title || b.path));
  for (const r of sorted) {
    const name = r.group || 'Rulesets';
    if (!groups.has(name)) {
      const g = document.createElement('optgroup');
      g.label = name;
      groups.set(name, g);
      choice.append(g);
    }
    const o = document.createElement('option');
    o.value = r.path;
    o.textContent = r.title || r.path;
    groups.get(name).append(o);
  }
  const custom = document.createElement('option');
  custom.value = '';
  custom.textContent = '(your own rules)';
  choice.append(custom);
}

// True until the first ruleset is open (the page may still be loading heapgame).
let starting = true;

async function start() {
  const linked = share.fromHash(location.hash);
  const named = decodeURIComponent(location.hash.slice(1));
  const kept = share.saved();
  if (linked) {
    await openLink(linked);
  } else if (DATA.rulesets.some((r) => r.path === named)) {
    await openBundled(named);
  } else if (kept) {
    await open(kept.path || '', kept.text, kept.name, kept.params || {});
    share.save(kept);
    $('share-status').textContent = 'Your edits from last time were restored (they are saved in this browser as you type).';
    await evaluate();
  } else {
    await openBundled(DEFAULT);
  }
}

async function main() {
  fillChoices();
  wireDocsWhenOpened();
  const choice = $('ruleset-choice');
  choice.addEventListener('change', async () => {
    const to = choice.value;
    if (!to) return;
    if (isEdited()) {
      const title = (DATA.rulesets.find((r) => r.path === to) || {}).title || to;
      choice.value = state.path || '';
      if (!(await confirmDiscard(title))) return;
      choice.value = to;
    }
    openBundled(to);
  });
  $('share').addEventListener('click', copyLink);
  $('share-class').addEventListener('click', copyClassLink);
  if (classMode.on) {
    document.body.classList.add('class-mode');
    document.querySelector('header').after(classMode.banner());
    $('play-hints').checked = false;
  }
  $('eval-form').addEventListener('submit', (e) => { e.preventDefault(); evaluate(); });
  $('solve-form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });
  $('play-form').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('undo-button').addEventListener('click', () => { if (game) game.undo(); });
  $('play-hints').addEventListener('change', () => { if (playing()) game.offer(); });
  $('max-positions').addEventListener('input', () => {
    const v = $('max-positions');
    v.classList.toggle('invalid', !(parseInt(v.value, 10) > 0));
  });
  $('advanced').addEventListener('toggle', () => document.body.classList.toggle('advanced', $('advanced').open));
  window.addEventListener('hashchange', async () => {
    const g = share.fromHash(location.hash);
    if (!g) return;
    if (isEdited() && editor.text() !== g.text && !(await confirmDiscard('the game of the link'))) return;
    await openLink(g);
  });
  for (const id of ['position-input', 'play-start', 'solve-max']) {
    $(id).addEventListener('input', () => { if (starting) $(id).dataset.typed = '1'; });
  }
  editor.install(() => {
    edited();
    const text = editor.text();
    bundledByText(text).then((same) => {
      if (editor.text() === text) choice.value = same ? same.path : (text === state.base ? state.path : '');
    });
  }, afterFirst);
  // Class mode: the file's claims say who wins; hidden until the student has chosen a move.
  if (classMode.on) editor.hideClaims(true);
  document.body.dataset.ready = 'true';
  try {
    await start();
  } finally {
    performance.mark('heapgame-first-answer');
    firstDone();
  }
  starting = false;
  document.body.dataset.started = 'true';
}

main().catch((err) => {
  $('status-line').textContent = `The playground could not start: ${err}`;
});

