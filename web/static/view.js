// What the page shows of heapgame's answers: a position's outcome and Grundy value with why
// (each follower with its move and value, the mex, a sum's XOR), a box's P-positions as a
// table and a picture, problems. Every function builds DOM nodes from the JSON answers (text
// is never parsed as HTML).
import { describe, mexLine, xorLine, plural } from './teach.js';
import { sequenceSvg } from './sequence.js';

/** `s` with HTML's special characters escaped. */
export function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

export const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children);
  return e;
};

/** `(3, 5)`, as heapgame prints a position; `()` is the position with no heaps. */
export function show(pos) {
  return `(${pos.join(', ')})`;
}

/** An example position of `k` heaps (any number: three), at least `lower` each. */
export function example(k, lower, variant) {
  const base = variant ? [6, 10, 7, 9, 5, 8] : [4, 6, 5, 7, 3, 8];
  const n = k == null ? 3 : Math.min(k, 12);
  const out = [];
  for (let i = 0; i < n; i++) out.push(Math.max(base[i % base.length] + (i >> 1), lower || 0));
  return out.join(' ');
}

/** The number of positions of a box, as heapgame counts them (for the progress bar):
 * `k` heaps (at most `k` when `any`), each from `lower` to `max`, as multisets unless
 * `ordered`. */
export function boxSize(k, max, lower, ordered, any) {
  const multisets = (n, j) => {
    let c = 1;
    for (let i = 1; i <= j; i++) c = (c * (n + i - 1)) / i;
    return c;
  };
  if (any) {
    const n = max - Math.max(lower, 1) + 1;
    let total = 0;
    for (let j = 0; j <= k; j++) total += n > 0 || j === 0 ? multisets(Math.max(n, 0), j) : 0;
    return Math.round(total);
  }
  const n = max - lower + 1;
  if (n <= 0) return 0;
  return Math.round(ordered ? n ** k : multisets(n, k));
}

/** The most positions the search can expand from the typed position `text` of a game of
 * `shape` (check's answer): those below it (each heap at most its own), and at most `limit`
 * (the position limit); undefined when it cannot be told (any number of heaps, bad input). */
export function regionSize(shape, text, limit) {
  if (!shape || shape.heaps == null) return undefined;
  const heaps = (text.match(/\d+/g) || []).map(Number);
  if (heaps.length !== shape.heaps) return undefined;
  let n = 1;
  for (const h of heaps) n *= Math.max(h - (shape.lower || 0), 0) + 1;
  return Math.min(n, limit);
}

export function note(text, bad) {
  return el('p', { className: bad ? 'progress error' : 'progress', textContent: text });
}

/** The command line's rendering of problems, folded (the messages are shown above it). */
export function rendered(text) {
  return el('details', { className: 'rendered' }, el('summary', {}, 'as the command line shows it'),
    el('pre', { className: 'error', textContent: text }));
}

/** A help text for students: the reference and the primer are the page's dialogs, not
 * files of the repository. */
export function helpText(help) {
  return help.replace(/see docs\/language\.md/g,
    'see the Language reference or the Primer (the buttons above the editor)')
    .replace(/docs\/language\.md/g, 'the Language reference');
}

/** A failed answer: each problem's message and help (as `helpText` words it), and the
 * command line's rendering. */
export function problems(r) {
  const box = el('div', { className: 'problems', role: 'alert' });
  if (r.crashed || r.stopped) {
    box.append(note(r.crashed ? `${r.message}. The worker was restarted; nothing else is lost.` : r.message, true));
    return box;
  }
  for (const d of r.diagnostics || []) {
    const p = el('p', { className: 'problem' }, d.message);
    if (d.help) p.append(el('br'), `help: ${helpText(d.help)}`);
    box.append(p);
  }
  if (r.rendered) box.append(rendered(r.rendered));
  return box;
}

function posButton(pos, onPick, label) {
  const b = el('button', { type: 'button', className: 'link', textContent: show(pos) });
  b.setAttribute('aria-label', `${label} ${show(pos)}`);
  b.addEventListener('click', () => onPick(pos.join(' ')));
  return b;
}

/** The answer of `evaluate`: `onPick(text)` evaluates another position; `shape` is check's
 * answer (for the heaps' names and order). */
export function evaluation(r, onPick, shape) {
  if (!r.ok) return problems(r);
  const ordered = shape && shape.names != null;
  const names = shape && shape.names;
  const outcome = r.outcome === 'N'
    ? 'N: the player to move wins, by moving to a P-position'
    : (r.follower_count ? 'P: the player to move loses, whatever they do (every move leads to an N-position)' : 'P: the player to move cannot move, and loses');
  const wins = el('dd', { id: 'winning-moves' });
  if (r.winning.length === 0) wins.append('none');
  const ruleOf = new Map(r.followers.map((f) => [show(f.position), f.rule]));
  r.winning.forEach((w, i) => {
    if (i) wins.append(' ');
    wins.append(posButton(w, onPick, 'evaluate'));
    wins.append(el('span', { className: 'why' }, ` (${describe(r.position, w, ordered, names, ruleOf.get(show(w)))})`));
  });
  const why = el('dd', { id: 'eval-why' }, mexLine(r.followers.map((f) => f.grundy), r.grundy));
  if (r.followers.length < r.follower_count) why.append(' (from the followers listed)');
  const dl = el('dl', {},
    el('dt', {}, 'position'), el('dd', { id: 'eval-position' }, r.shown),
    el('dt', {}, 'outcome'), el('dd', { id: 'eval-outcome', className: `outcome-${r.outcome}` }, outcome),
    el('dt', {}, 'Grundy value'), el('dd', { id: 'eval-grundy' }, String(r.grundy)),
    el('dt', {}, 'why'), why);
  if (r.heap_values) {
    dl.append(el('dt', {}, 'as a sum'), el('dd', { id: 'eval-xor' }, xorLine(r.position, r.heap_values, r.grundy)));
  }
  dl.append(el('dt', {}, 'winning moves'), wins);
  const rows = r.followers.map((f) => el('tr', { className: f.grundy === r.grundy ? 'missing' : '' },
    el('td', {}, posButton(f.position, onPick, 'evaluate')),
    el('td', { className: 'move' }, describe(r.position, f.position, ordered, names, f.rule),
      f.rule ? el('span', { className: 'rule' }, ` by “${f.rule}”`) : ''),
    el('td', { className: f.grundy === 0 ? 'P' : 'N' }, f.grundy === 0 ? 'P' : 'N'),
    el('td', {}, String(f.grundy))));
  const table = el('table', { id: 'followers' },
    el('caption', {}, `${plural(r.follower_count, 'follower')} (the positions one move reaches)` +
      (r.followers.length < r.follower_count ? `, the first ${r.followers.length} shown` : '')),
    el('thead', {}, el('tr', {}, el('th', {}, 'follower'), el('th', {}, 'move'), el('th', {}, 'outcome'), el('th', {}, 'value'))),
    el('tbody', {}, ...rows));
  const how = r.kernel ? `through the compiled kernel “${r.kernel}” on its box` : `${plural(r.stored, 'position')} solved`;
  const info = el('p', { className: 'progress' }, `solved in ${r.seconds} s`, el('span', { className: 'advanced-only' }, ` (${how})`));
  return el('div', {}, dl, el('div', { className: 'scroll' }, table), info);
}

/** Colours of the picture: P-positions stand apart from every other value. */
const P_COLOUR = '#b3261e';

/** A picture of a two-heap box: P-positions marked (Grundy values shaded when asked), heap
 * `a` across, heap `b` up, (0, 0) at the bottom left, as in the papers' figures. A click on
 * a square calls `onPick("a b")`. */
function picture(r, onPick) {
  const n = r.max + 1;
  const cell = Math.max(1, Math.min(12, Math.floor(480 / n)));
  const c = el('canvas', { id: 'picture', width: n * cell, height: n * cell });
  c.setAttribute('role', 'img');
  c.setAttribute('aria-label', `the P-positions of the box as red squares, ${r.p_count} of them; click a square to evaluate it`);
  const ctx = c.getContext('2d');
  let top = 1;
  for (const v of r.grid) if (v != null && v > top) top = v;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const v = r.grid[a * n + b];
      if (v == null) { ctx.fillStyle = '#dddddd'; } else if (v === 0) { ctx.fillStyle = P_COLOUR; } else if (r.grundy) {
        const light = 90 - Math.round((v / top) * 60);
        ctx.fillStyle = `hsl(212, 55%, ${light}%)`;
      } else { continue; }
      ctx.fillRect(a * cell, (n - 1 - b) * cell, cell, cell);
    }
  }
  c.addEventListener('click', (e) => {
    const box = c.getBoundingClientRect();
    const a = Math.floor(((e.clientX - box.left) / box.width) * n);
    const b = n - 1 - Math.floor(((e.clientY - box.top) / box.height) * n);
    if (a >= 0 && a < n && b >= 0 && b < n && r.grid[a * n + b] != null) onPick(`${a} ${b}`);
  });
  return c;
}

/** The numbers on an axis of `n` squares (0 to n - 1): a round step giving at most about ten. */
export function ticks(n) {
  let step = 1;
  for (let k = 0; (n - 1) / step > 10; k++) step = [2, 5, 10][k % 3] * 10 ** Math.floor(k / 3);
  const out = [];
  for (let v = 0; v < n; v += step) out.push(v);
  return out;
}

/** The picture with numbers on its axes (heap sizes, at the middle of their squares) and the
 * heaps' names: `canvas` is `n` squares each way. */
function withAxes(canvas, n, names) {
  const axis = (id, horizontal) => {
    const box = el('div', { className: `axis ${horizontal ? 'x' : 'y'}`, id });
    box.setAttribute('aria-hidden', 'true');
    for (const v of ticks(n)) {
      const at = `${((v + 0.5) / n) * 100}%`;
      const t = el('span', { className: 'tick', textContent: String(v) });
      t.dataset.value = String(v);
      if (horizontal) t.style.left = at; else t.style.bottom = at;
      box.append(t);
    }
    return box;
  };
  const [across, up] = names && names.length === 2 ? names.map((x) => `heap ${x}`) : ['heap 1', 'heap 2'];
  return el('div', { className: 'figure', id: 'picture-figure' },
    el('div', { className: 'axis-title y' }, up), axis('picture-y', false), canvas,
    el('div', {}), el('div', {}), axis('picture-x', true), el('div', {}), el('div', {}), el('div', { className: 'axis-title x' }, across));
}

/** A Grundy table of two heaps: row a, column b. */
function grundyGrid(r) {
  const n = r.max + 1;
  const head = el('tr', {}, el('th', {}, 'a \\ b'));
  for (let b = 0; b < n; b++) head.append(el('th', {}, String(b)));
  const body = [];
  for (let a = 0; a < n; a++) {
    const row = el('tr', {}, el('th', {}, String(a)));
    for (let b = 0; b < n; b++) {
      const v = r.grid[a * n + b];
      row.append(el('td', { className: v === 0 ? 'P' : '' }, v == null ? '' : String(v)));
    }
    body.push(row);
  }
  return el('table', { className: 'grid', id: 'grundy-table' }, el('thead', {}, head), el('tbody', {}, ...body));
}

/** The answer of `solve`; `onPick(text)` evaluates a position clicked in the picture. */
export function box(r, onPick, shape) {
  if (!r.ok) return problems(r);
  const bound = r.any ? `at most ${plural(r.heaps, 'heap')}, every heap at most ${r.max}` : `every heap at most ${r.max}`;
  const swapped = shape && shape.names == null && r.heaps > 1;
  const out = el('div', {});
  const summary = el('p', { id: 'solve-summary' },
    el('strong', {}, plural(r.p_count, 'P-position')), ` among ${plural(r.total, 'position')} of ${r.name} (${bound}); ` +
    `solved in ${r.seconds} s`, el('span', { className: 'advanced-only' }, ` (${r.mode.toLowerCase()} mode)`), '.');
  out.append(summary);
  if (swapped) {
    const dots = r.grid ? r.grid.filter((v) => v === 0).length : null;
    out.append(note('The order of the heaps does not matter here, so (a, b) and (b, a) are one position and are counted once' +
      (dots != null ? `; the picture shows both orders: ${plural(dots, 'red square')}.` : '.')));
  }
  if (r.grid) {
    out.append(withAxes(picture(r, onPick), r.max + 1, shape && shape.names), note(`heap 1 across, heap 2 up, (0, 0) at the bottom left; ${r.grundy
      ? 'P-positions red, other values blue, darker for larger values'
      : 'P-positions red'}. Click a square to evaluate that position.`));
  } else if (r.sequence) {
    // One heap: its values drawn as `heapgame plot` draws them, as an image (nothing in it runs).
    const svg = sequenceSvg(r.sequence, r.name);
    const img = el('img', { id: 'picture', className: 'plot', src: URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })) });
    img.alt = `the Grundy values of the box by heap size, ${r.p_count} P-positions (value 0)` +
      (r.sequence.period ? `, period ${r.sequence.period.period} from n = ${r.sequence.period.start}` : ', no period found');
    out.append(img);
  } else {
    out.append(note(r.heaps > 2
      ? `No picture: it is drawn for one or two heaps (this box has ${r.heaps}).`
      : `No picture: it is drawn for boxes of up to 1,000,000 positions (this one has ${r.total.toLocaleString('en')}).`));
  }
  if (r.grid && r.grundy && r.max <= 40) out.append(el('div', { className: 'scroll' }, grundyGrid(r)));
  const rows = r.p_positions.map((p, i) => el('tr', {}, el('td', {}, String(i + 1)),
    ...(p.length ? p.map((h) => el('td', {}, String(h))) : [el('td', { colSpan: r.heaps, className: 'empty' }, '() no heaps')])));
  const head = el('tr', {}, el('th', {}, '#'));
  for (let i = 1; i <= r.heaps; i++) head.append(el('th', {}, `heap ${i}`));
  const table = el('table', { id: 'p-positions' },
    el('caption', {}, r.p_positions.length < r.p_count ? `the first ${plural(r.p_positions.length, 'P-position')}` : 'the P-positions'),
    el('thead', {}, head), el('tbody', {}, ...rows));
  out.append(el('div', { className: 'scroll' }, table));
  return out;
}
