// The playground page: the editor with its problems marked, the parameters, and the three
// tools (a position, a box, a game against heapgame). heapgame runs in two Web Workers
// (runner.js), never on this thread: one checks the ruleset as it is typed (stopped if it
// takes more than a few seconds), the other solves, with progress and a Stop button.
import { Runner } from './runner.js';
import { renderMarkdown, escapeHtml } from './markdown.js';
import * as view from './view.js';

const $ = (id) => document.getElementById(id);
const DATA = window.HEAPGAME_DATA || { rulesets: [], language: '' };
const runner = new Runner();
const checker = new Runner();
// The most a check may take before it is stopped (checking is bounded, but may be slow).
const CHECK_TIMEOUT_MS = 5000;
// The ruleset as last checked: {name, text, info} (info: check's answer).
const state = { name: 'playground.game', text: '', info: null, defaults: {} };

// ---- the ruleset, its problems and parameters ----

function overrides() {
  const out = [];
  for (const input of document.querySelectorAll('#params input')) {
    const name = input.dataset.name;
    if (input.value.trim() !== (state.defaults[name] || '').trim()) out.push(`${name}=${input.value}`);
  }
  return out;
}

/** The request every call carries. */
export function request() {
  const limit = parseInt($('max-positions').value, 10);
  return JSON.stringify({
    name: state.name,
    text: $('source').value,
    params: overrides(),
    max_positions: Number.isFinite(limit) && limit > 0 ? limit : 0,
    force: $('force').checked,
  });
}

function syncEditor(marks) {
  const text = $('source').value;
  const lines = text.split('\n').length;
  const bad = new Set((marks || []).map((m) => m.line));
  const nums = [];
  for (let i = 1; i <= lines; i++) nums.push(bad.has(i) ? `<span class="bad">${i}</span>` : String(i));
  $('gutter').innerHTML = nums.join('\n') + '\n ';
  // The backdrop: the same text, transparent, with the problems' spans marked.
  // A problem at a point (`found heapz`) marks the word that starts there.
  const word = (s) => { const m = /^(\w+|\S)/.exec(text.slice(s)); return m ? s + m[0].length : s; };
  const spans = (marks || []).map((m) => (m.span[1] > m.span[0] ? m.span : [m.span[0], word(m.span[0])]))
    .sort((a, b) => a[0] - b[0]);
  let html = '';
  let at = 0;
  for (const [s, e] of spans) {
    if (s < at) continue;
    html += escapeHtml(text.slice(at, s));
    html += e > s ? `<mark>${escapeHtml(text.slice(s, e))}</mark>` : '<mark class="empty"></mark>';
    at = Math.max(e, s);
  }
  $('backdrop').innerHTML = html + escapeHtml(text.slice(at)) + '\n ';
  syncScroll();
}

function syncScroll() {
  const t = $('source');
  $('backdrop').scrollTop = t.scrollTop;
  $('backdrop').scrollLeft = t.scrollLeft;
  $('gutter').scrollTop = t.scrollTop;
}

/** Selects a span of the editor (UTF-16 offsets) and brings it into view. */
function reveal(span) {
  const t = $('source');
  t.focus();
  t.setSelectionRange(span[0], Math.max(span[1], span[0]));
  const line = t.value.slice(0, span[0]).split('\n').length;
  const lineHeight = parseFloat(getComputedStyle(t).lineHeight) || 20;
  t.scrollTop = Math.max(0, (line - 3) * lineHeight);
  syncScroll();
}

function showParams(info) {
  const params = info.params || [];
  const box = $('params');
  const known = [...box.querySelectorAll('input')].map((i) => i.dataset.name).join(',');
  if (known !== params.map((p) => p.name).join(',')) {
    box.innerHTML = '';
    state.defaults = {};
    for (const p of params) {
      state.defaults[p.name] = p.default;
      const row = document.createElement('div');
      row.className = 'param';
      row.innerHTML = `<label for="param-${escapeHtml(p.name)}">${escapeHtml(p.name)} =</label>` +
        `<input id="param-${escapeHtml(p.name)}" autocomplete="off" spellcheck="false">` +
        '<span class="err" role="alert"></span>';
      const input = row.querySelector('input');
      input.dataset.name = p.name;
      input.value = p.default;
      input.addEventListener('input', scheduleCheck);
      box.append(row);
    }
  } else {
    for (const p of params) state.defaults[p.name] = p.default;
  }
  $('params-box').hidden = params.length === 0;
}

let checks = 0;
async function runCheck() {
  const seq = ++checks;
  if (checker.busy()) checker.stop('superseded');
  const timer = setTimeout(() => checker.stop(`checking took more than ${CHECK_TIMEOUT_MS / 1000} s and was stopped`), CHECK_TIMEOUT_MS);
  let info = await checker.call('check', [request()]);
  clearTimeout(timer);
  if (seq !== checks) return;
  if (info.stopped || info.crashed) info = { ok: false, diagnostics: [], rendered: info.message };
  state.text = $('source').value;
  state.info = info;
  showParams(info);
  for (const input of document.querySelectorAll('#params input')) {
    input.classList.remove('invalid');
    input.removeAttribute('aria-invalid');
    input.nextElementSibling.textContent = '';
  }
  const diags = info.diagnostics || [];
  const inText = diags.filter((d) => d.source === state.name && d.located);
  syncEditor(inText.map((d) => ({ span: d.utf16, line: d.line }))
    .concat(inText.flatMap((d) => d.also.map((a) => ({ span: a.utf16, line: a.line })))));
  const status = $('status-line');
  const box = $('diagnostics');
  box.innerHTML = '';
  $('source').setAttribute('aria-invalid', inText.length ? 'true' : 'false');
  if (info.ok) {
    status.className = 'status ok';
    const shape = info.heaps == null ? 'any number of heaps' : `${info.heaps} heap${info.heaps === 1 ? '' : 's'}`;
    status.textContent = `"${info.name}": ${shape}, no problems.`;
    const any = info.heaps == null;
    $('solve-heaps-box').hidden = !any;
    return;
  }
  status.className = 'status';
  status.textContent = diags.length === 1 ? '1 problem:' : `${diags.length} problems:`;
  for (const d of diags) {
    const p = document.createElement('div');
    p.className = 'problem';
    const param = d.source.startsWith('-p ') ? d.source.slice(3).split('=')[0].trim() : null;
    if (d.source === state.name && d.located) {
      const go = document.createElement('button');
      go.type = 'button';
      go.className = 'link';
      go.textContent = `line ${d.line}, column ${d.column}`;
      go.addEventListener('click', () => reveal(d.utf16));
      p.append(go, ': ');
    }
    p.append(d.message);
    if (d.help) p.append(document.createElement('br'), `help: ${d.help}`);
    box.append(p);
    if (param) {
      const input = document.querySelector(`#params input[data-name="${CSS.escape(param)}"]`);
      if (input) {
        input.classList.add('invalid');
        input.setAttribute('aria-invalid', 'true');
        input.nextElementSibling.textContent = d.message + (d.help ? ` (${d.help})` : '');
      }
    }
  }
  const pre = document.createElement('pre');
  pre.className = 'error';
  pre.textContent = info.rendered;
  box.append(pre);
}

let timer = null;
function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(runCheck, 200);
}

async function loadRuleset(path) {
  const r = DATA.rulesets.find((x) => x.path === path);
  if (!r) return;
  state.name = path.split('/').pop();
  $('source').value = r.text;
  $('source').scrollTop = 0;
  $('params').innerHTML = '';
  await runCheck();
  const info = state.info;
  if (info && info.ok) {
    const k = info.heaps;
    $('position-input').value = view.example(k, info.lower, 0);
    $('play-start').value = view.example(k, info.lower, 1);
    if (info.check) {
      $('solve-max').value = Math.min(info.check.max, 60);
      if (info.check.heaps) $('solve-heaps').value = info.check.heaps;
    }
  }
  $('eval-out').innerHTML = '';
  $('solve-out').innerHTML = '';
  $('play-out').innerHTML = '';
}

// ---- running things in the worker, with progress and Stop ----

/** Runs `fn` in the worker for the section `sec`, showing progress there; `total` (if
 * known) is the number of positions expected. */
async function work(sec, fn, args, total) {
  const out = $(`${sec}-out`);
  const stop = document.querySelector(`#${sec} .stop`);
  const started = performance.now();
  const line = document.createElement('p');
  line.className = 'progress';
  line.setAttribute('role', 'status');
  line.textContent = runner.busy() ? 'waiting for the computation under way…' : 'solving…';
  const bar = document.createElement('progress');
  if (total) bar.max = total;
  out.replaceChildren(line, bar);
  stop.hidden = false;
  const onProgress = (n) => {
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    line.textContent = `solving: ${n.toLocaleString('en')} positions expanded` +
      (total ? ` of ${total.toLocaleString('en')}` : '') + ` (${secs} s)`;
    if (total) bar.value = Math.min(n, total);
  };
  const result = await runner.call(fn, args, onProgress);
  stop.hidden = !runner.busy();
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

async function evaluate(text) {
  if (text !== undefined) $('position-input').value = text;
  const r = await work('eval', 'evaluate', [request(), $('position-input').value]);
  if (r) $('eval-out').replaceChildren(view.evaluation(r, evaluate));
}

async function solve() {
  const max = parseInt($('solve-max').value, 10);
  const out = $('solve-out');
  if (!Number.isFinite(max) || max < 0 || max > 100000) {
    out.replaceChildren(view.note('The largest heap is a whole number from 0 to 100000.', true));
    return;
  }
  const any = state.info && state.info.ok && state.info.heaps == null;
  const heaps = any ? parseInt($('solve-heaps').value, 10) : 0;
  if (any && !(heaps >= 1 && heaps <= 1000)) {
    out.replaceChildren(view.note('The number of heaps is a whole number from 1 to 1000.', true));
    return;
  }
  const info = state.info && state.info.ok ? state.info : null;
  const total = info ? view.boxSize(any ? heaps : info.heaps, max, info.lower, info.names != null, any) : undefined;
  const r = await work('solve', 'solve', [request(), max, heaps, $('solve-grundy').checked], total);
  if (r) out.replaceChildren(view.box(r));
}

// ---- play ----

const game = { turns: [] }; // each {pos: [..], shown, by: 'start'|'you'|'heapgame'}

async function offerMoves() {
  const out = $('play-out');
  const cur = game.turns[game.turns.length - 1];
  const r = await work('play', 'followers', [request(), cur.shown]);
  if (!r) return;
  if (!r.ok) { out.replaceChildren(view.problems(r)); return; }
  out.replaceChildren(view.playState(game.turns, r, move));
  $('undo-button').disabled = !game.turns.some((t) => t.by === 'you');
}

async function move(to) {
  const from = game.turns[game.turns.length - 1];
  const r = await work('play', 'play', [request(), from.shown, view.show(to)]);
  if (!r) { offerMoves(); return; }
  if (!r.ok) { $('play-out').replaceChildren(view.problems(r)); return; }
  game.turns.push({ pos: r.at, shown: view.show(r.at), by: 'you' });
  if (r.reply) game.turns.push({ pos: r.reply, shown: view.show(r.reply), by: 'heapgame' });
  offerMoves();
}

async function newGame() {
  const r = await work('play', 'followers', [request(), $('play-start').value]);
  if (!r) return;
  if (!r.ok) { $('play-out').replaceChildren(view.problems(r)); return; }
  game.turns = [{ pos: r.position, shown: r.shown, by: 'start' }];
  if ($('play-second').checked) {
    const rep = await work('play', 'reply', [request(), r.shown]);
    if (!rep) return;
    if (!rep.ok) { $('play-out').replaceChildren(view.problems(rep)); return; }
    if (rep.reply) game.turns.push({ pos: rep.reply, shown: view.show(rep.reply), by: 'heapgame' });
  }
  offerMoves();
}

function undo() {
  const last = game.turns.map((t) => t.by).lastIndexOf('you');
  if (last < 0) return;
  game.turns = game.turns.slice(0, last);
  offerMoves();
}

// ---- a link to the game in the editor (for a teacher to send) ----

function toLink() {
  const params = {};
  for (const input of document.querySelectorAll('#params input')) params[input.dataset.name] = input.value;
  const json = JSON.stringify({ text: $('source').value, params });
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(json)));
  location.hash = 'game=' + b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  $('status-line').textContent = 'The address bar now holds a link to this game, parameters included.';
}

/** The game of a `#game=` link, or null. */
function fromLink(hash) {
  if (!hash.startsWith('#game=')) return null;
  try {
    const b64 = hash.slice(6).replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const g = JSON.parse(new TextDecoder().decode(bytes));
    return typeof g.text === 'string' ? g : null;
  } catch {
    return null;
  }
}

// ---- wiring ----

async function main() {
  const choice = $('ruleset-choice');
  const groups = new Map();
  for (const r of DATA.rulesets) {
    const [dir] = r.path.split('/');
    if (!groups.has(dir)) {
      const g = document.createElement('optgroup');
      g.label = dir;
      groups.set(dir, g);
      choice.append(g);
    }
    const o = document.createElement('option');
    o.value = r.path;
    o.textContent = r.path.split('/').pop().replace(/\.game$/, '');
    groups.get(dir).append(o);
  }
  const custom = document.createElement('option');
  custom.value = '';
  custom.textContent = '(your own)';
  choice.append(custom);
  const linked = fromLink(location.hash);
  const start = linked ? '' : decodeURIComponent(location.hash.slice(1));
  choice.value = DATA.rulesets.some((r) => r.path === start) ? start : 'classic/wythoff.game';
  await loadRuleset(choice.value);
  if (linked) {
    state.name = 'playground.game';
    $('source').value = linked.text;
    await runCheck();
    for (const input of document.querySelectorAll('#params input')) {
      const v = linked.params && linked.params[input.dataset.name];
      if (typeof v === 'string') input.value = v;
    }
    await runCheck();
    const same = DATA.rulesets.find((r) => r.text === linked.text);
    choice.value = same ? same.path : '';
  }
  $('share').addEventListener('click', toLink);
  choice.addEventListener('change', () => { if (choice.value) loadRuleset(choice.value); });
  const src = $('source');
  src.addEventListener('input', () => {
    syncEditor([]);
    scheduleCheck();
    const same = DATA.rulesets.find((r) => r.text === src.value);
    choice.value = same ? same.path : '';
  });
  src.addEventListener('scroll', syncScroll);
  $('eval-form').addEventListener('submit', (e) => { e.preventDefault(); evaluate(); });
  $('solve-form').addEventListener('submit', (e) => { e.preventDefault(); solve(); });
  $('play-form').addEventListener('submit', (e) => { e.preventDefault(); newGame(); });
  $('undo-button').addEventListener('click', undo);
  $('max-positions').addEventListener('input', () => {
    const v = $('max-positions');
    v.classList.toggle('invalid', !(parseInt(v.value, 10) > 0));
  });
  const dialog = $('reference');
  $('show-reference').addEventListener('click', () => {
    if (!$('reference-body').innerHTML) $('reference-body').innerHTML = renderMarkdown(DATA.language);
    dialog.showModal();
  });
  $('close-reference').addEventListener('click', () => dialog.close());
  document.body.dataset.ready = 'true';
}

main().catch((err) => {
  $('status-line').textContent = `The playground could not start: ${err}`;
});
