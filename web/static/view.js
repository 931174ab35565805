// What the page shows of heapgame's answers: a position's outcome, Grundy value, winning moves
// and followers; a box's P-positions as a table and a picture; the state of a game; problems.
// Every function builds DOM nodes from the JSON answers (text is never parsed as HTML).

const el = (tag, props = {}, ...children) => {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children);
  return e;
};

/** `(3, 5)`, as heapgame prints a position. */
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

export function note(text, bad) {
  return el('p', { className: bad ? 'progress error' : 'progress', textContent: text });
}

/** A failed answer: each problem's message and help, and the command line's rendering. */
export function problems(r) {
  const box = el('div', { className: 'problems', role: 'alert' });
  if (r.crashed) {
    box.append(note(`${r.message}. The worker was restarted; nothing else is lost.`, true));
    return box;
  }
  for (const d of r.diagnostics || []) {
    const p = el('p', { className: 'problem' }, d.message);
    if (d.help) p.append(el('br'), `help: ${d.help}`);
    box.append(p);
  }
  if (r.rendered) box.append(el('pre', { className: 'error', textContent: r.rendered }));
  return box;
}

function posButton(pos, onPick, label) {
  const b = el('button', { type: 'button', className: 'link', textContent: show(pos) });
  b.setAttribute('aria-label', `${label} ${show(pos)}`);
  b.addEventListener('click', () => onPick(pos.join(' ')));
  return b;
}

/** The answer of `evaluate`: `onPick(text)` evaluates another position. */
export function evaluation(r, onPick) {
  if (!r.ok) return problems(r);
  const outcome = r.outcome === 'N' ? 'N (the next player wins)' : 'P (the previous player wins)';
  const wins = el('dd', { id: 'winning-moves' });
  if (r.winning.length === 0) wins.append('none');
  r.winning.forEach((w, i) => {
    if (i) wins.append(' ');
    wins.append(posButton(w, onPick, 'evaluate'));
  });
  const dl = el('dl', {},
    el('dt', {}, 'position'), el('dd', { id: 'eval-position' }, r.shown),
    el('dt', {}, 'outcome'), el('dd', { id: 'eval-outcome', className: `outcome-${r.outcome}` }, outcome),
    el('dt', {}, 'grundy'), el('dd', { id: 'eval-grundy' }, String(r.grundy)),
    el('dt', {}, 'winning moves'), wins);
  const rows = r.followers.map((f) => el('tr', {},
    el('td', {}, posButton(f.position, onPick, 'evaluate')),
    el('td', { className: f.grundy === 0 ? 'P' : 'N' }, f.grundy === 0 ? 'P' : 'N'),
    el('td', {}, String(f.grundy))));
  const table = el('table', { id: 'followers' },
    el('caption', {}, `${r.follower_count} follower${r.follower_count === 1 ? '' : 's'}` +
      (r.followers.length < r.follower_count ? ` (the first ${r.followers.length} shown)` : '')),
    el('thead', {}, el('tr', {}, el('th', {}, 'follower'), el('th', {}, 'outcome'), el('th', {}, 'grundy'))),
    el('tbody', {}, ...rows));
  const info = el('p', { className: 'progress' }, `${r.stored.toLocaleString('en')} positions solved in ${r.seconds} s`);
  return el('div', {}, dl, el('div', { className: 'scroll' }, table), info);
}

/** A picture of a two-heap box: P-positions dark (Grundy values shaded when known), heap
 * `a` across, heap `b` up, (0, 0) at the bottom left, as in the papers' figures. */
function picture(r) {
  const n = r.max + 1;
  const cell = Math.max(1, Math.min(12, Math.floor(480 / n)));
  const c = el('canvas', { id: 'picture', width: n * cell, height: n * cell });
  c.setAttribute('role', 'img');
  c.setAttribute('aria-label', `the P-positions of the box as dark squares, ${r.p_count} of them`);
  const ctx = c.getContext('2d');
  let top = 1;
  for (const v of r.grid) if (v != null && v > top) top = v;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const v = r.grid[a * n + b];
      if (v == null) { ctx.fillStyle = '#dddddd'; } else if (v === 0) { ctx.fillStyle = '#1d1d1f'; } else if (r.grundy) {
        const light = 92 - Math.round((v / top) * 45);
        ctx.fillStyle = `hsl(212, 60%, ${light}%)`;
      } else { continue; }
      ctx.fillRect(a * cell, (n - 1 - b) * cell, cell, cell);
    }
  }
  return c;
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

/** The answer of `solve`. */
export function box(r) {
  if (!r.ok) return problems(r);
  const bound = r.any ? `at most ${r.heaps} heaps, every heap <= ${r.max}` : `every heap <= ${r.max}`;
  const out = el('div', {});
  out.append(el('p', { id: 'solve-summary' },
    el('strong', {}, `${r.p_count} P-positions`), ` among ${r.total} positions of ${r.name} (${bound}); ` +
    `solved in ${r.seconds} s (${r.mode.toLowerCase()} mode).`));
  if (r.svg) {
    // heapgame's own picture, as an image (nothing in it runs).
    const img = el('img', { id: 'picture', className: 'plot', src: URL.createObjectURL(new Blob([r.svg], { type: 'image/svg+xml' })) });
    img.alt = `the ${r.grundy ? 'Grundy values' : 'P-positions'} of the box, as heapgame plot draws them (${r.p_count} P-positions)`;
    out.append(img);
  } else if (r.grid) {
    if (r.picture_error) out.append(note(`(heapgame's picture: ${r.picture_error}; a plain grid instead)`));
    out.append(picture(r), note(`heap 1 across, heap 2 up, (0, 0) at the bottom left; ${r.grundy ? 'P-positions black, darker blue for larger Grundy values' : 'P-positions black'}.`));
  }
  if (r.grid && r.grundy && r.max <= 40) out.append(el('div', { className: 'scroll' }, grundyGrid(r)));
  const rows = r.p_positions.map((p, i) => el('tr', {}, el('td', {}, String(i)), ...p.map((h) => el('td', {}, String(h)))));
  const head = el('tr', {}, el('th', {}, 'n'));
  for (let i = 1; i <= r.heaps; i++) head.append(el('th', {}, `h${i}`));
  const table = el('table', { id: 'p-positions' },
    el('caption', {}, r.p_positions.length < r.p_count ? `the first ${r.p_positions.length} P-positions` : 'the P-positions'),
    el('thead', {}, head), el('tbody', {}, ...rows));
  out.append(el('div', { className: 'scroll' }, table));
  return out;
}

/** A game in progress: the moves so far, and the user's possible moves (`onMove(pos)`). */
export function playState(turns, r, onMove) {
  const out = el('div', {});
  const log = el('ol', { className: 'log', id: 'play-log' });
  for (let i = 1; i < turns.length; i++) {
    const who = turns[i].by === 'you' ? 'you move' : 'heapgame moves';
    log.append(el('li', {}, `${who} ${turns[i - 1].shown} -> ${turns[i].shown}`));
  }
  out.append(el('p', {}, `Started at ${turns[0].shown}.`), log);
  const last = turns[turns.length - 1];
  if (r.followers.length === 0) {
    const youWon = last.by === 'you';
    out.append(el('p', { id: 'play-result', className: youWon ? 'outcome-N' : 'outcome-P' },
      youWon ? `You win: heapgame has no move from ${last.shown}.` : `heapgame wins: there is no move from ${last.shown}.`));
    return out;
  }
  out.append(el('p', { id: 'play-turn' }, `Your move from ${last.shown}:`));
  const moves = el('div', { className: 'moves', id: 'play-moves' });
  for (const f of r.followers) {
    const b = el('button', { type: 'button', textContent: show(f) });
    b.addEventListener('click', () => onMove(f));
    moves.append(b);
  }
  out.append(moves);
  if (r.followers.length < r.follower_count) out.append(note(`(the first ${r.followers.length} of ${r.follower_count} moves)`));
  return out;
}
