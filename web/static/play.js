// A game against heapgame: the heaps drawn as counters (a click on a counter takes it and
// every counter after it), every move listed in words, an optional "show the winning moves"
// switch, whose turn it is and who won, and a short review of the moves that gave the win
// away. A game keeps the rules it started with: editing the text does not break it.
import { el, show, note, problems } from './view.js';
import { describe, plural } from './teach.js';

/** The most counters drawn for one heap; a larger heap is moved by typing a number. */
const MOST_COUNTERS = 40;
/** The most moves offered as buttons; more are offered in a list. */
const MOST_BUTTONS = 24;

export class Game {
  /** `work(fn, args)` runs a worker call in the play section; `out` shows the game. */
  constructor(work, out, options) {
    this.work = work;
    this.out = out;
    this.options = options; // {hints: () => bool, onUndoable: (bool) => void}
    this.turns = []; // each {pos, shown, by: 'start' | 'you' | 'heapgame', info}
    this.req = null;
    this.shape = null;
    this.heapgameFirst = false;
  }

  call(fn, ...args) {
    return this.work(fn, [this.req, ...args]);
  }

  /** Starts from the typed position with the rules of `req` (a request string). */
  async start(req, shape, typed, heapgameFirst) {
    this.req = req;
    this.shape = shape;
    this.heapgameFirst = heapgameFirst;
    this.turns = []; // the old game's view is not kept while the new one starts
    const r = await this.call('outcome', typed);
    if (!r) return;
    if (!r.ok) { this.out.replaceChildren(problems(r)); return; }
    this.turns = [{ pos: r.position, shown: r.shown, by: 'start', info: r }];
    if (heapgameFirst) {
      const rep = await this.call('reply', r.shown);
      if (!rep) return;
      if (!rep.ok) { this.out.replaceChildren(problems(rep)); return; }
      if (rep.reply) this.turns.push({ pos: rep.reply, shown: show(rep.reply), by: 'heapgame' });
    }
    await this.offer();
  }

  /** Who moves next: after the user, heapgame; at the start, whoever was chosen. */
  toMove() {
    const last = this.turns[this.turns.length - 1];
    if (last.by === 'start') return this.heapgameFirst ? 'heapgame' : 'you';
    return last.by === 'you' ? 'heapgame' : 'you';
  }

  ordered() {
    return this.shape && this.shape.names != null;
  }

  /** The position's moves (and its value, for the hints and the review), then the view. */
  async offer() {
    const cur = this.turns[this.turns.length - 1];
    const r = await this.call('followers', cur.shown);
    if (!r) return;
    if (!r.ok) { this.out.replaceChildren(problems(r)); return; }
    if (this.toMove() === 'you' && r.followers.length && !cur.info) {
      const o = await this.call('outcome', cur.shown);
      if (!o) return;
      if (o.ok) cur.info = o;
    }
    this.render(r);
    this.options.onUndoable(this.turns.some((t) => t.by === 'you'));
  }

  async move(to) {
    // The button pressed is redrawn: the focus goes to the next turn's line, not the page.
    this.refocus = true;
    const from = this.turns[this.turns.length - 1];
    const r = await this.call('play', from.shown, show(to));
    if (!r) { await this.offer(); return; }
    if (!r.ok) { this.out.replaceChildren(problems(r)); return; }
    this.turns.push({ pos: r.at, shown: show(r.at), by: 'you' });
    if (r.reply) this.turns.push({ pos: r.reply, shown: show(r.reply), by: 'heapgame' });
    await this.offer();
  }

  undo() {
    const last = this.turns.map((t) => t.by).lastIndexOf('you');
    if (last < 0) return;
    this.turns = this.turns.slice(0, last);
    this.refocus = true;
    this.offer();
  }

  /** The user's moves that turned a won position into a lost one. */
  mistakes() {
    const out = [];
    for (let i = 1; i < this.turns.length; i++) {
      const before = this.turns[i - 1];
      if (this.turns[i].by !== 'you' || !before.info || before.info.outcome !== 'N') continue;
      const reached = this.turns[i].shown;
      if (!before.info.winning.some((w) => show(w) === reached)) out.push([before, this.turns[i]]);
    }
    return out;
  }

  render(r) {
    const out = el('div', {});
    const first = this.turns[0];
    const starter = this.heapgameFirst ? 'heapgame' : 'you';
    const start = first.info
      ? (first.info.outcome === 'N'
        ? `${starter === 'you' ? 'You move' : 'heapgame moves'} first from an N-position: ${starter === 'you' ? 'you can' : 'heapgame can'} win.`
        : `${starter === 'you' ? 'You move' : 'heapgame moves'} first from a P-position: ${starter === 'you' ? 'heapgame can always win' : 'you can win'}.`)
      : '';
    // In class mode the start's outcome is an answer: it is not given away.
    out.append(el('p', { id: 'play-start-note' }, `Started at ${first.shown}. ${this.options.classMode ? '' : start}`));
    const log = el('ol', { className: 'log', id: 'play-log' });
    for (let i = 1; i < this.turns.length; i++) {
      const who = this.turns[i].by === 'you' ? 'you' : 'heapgame';
      const what = describe(this.turns[i - 1].pos, this.turns[i].pos, this.ordered(), this.shape && this.shape.names);
      log.append(el('li', {}, `${who}: ${what}, ${this.turns[i - 1].shown} -> ${this.turns[i].shown}`));
    }
    out.append(log);
    const last = this.turns[this.turns.length - 1];
    if (r.followers.length === 0) {
      const youWon = this.toMove() === 'heapgame';
      out.append(el('p', { id: 'play-result', className: youWon ? 'outcome-N' : 'outcome-P' },
        youWon ? `You win: heapgame cannot move from ${last.shown}.` : `heapgame wins: you cannot move from ${last.shown}.`));
      out.append(this.review(youWon));
      this.out.replaceChildren(out);
      this.focus('play-result');
      return;
    }
    out.append(el('p', { id: 'play-turn', tabIndex: -1 }, `Your move from ${last.shown}:`));
    const wins = new Set((this.options.hints() && last.info ? last.info.winning : []).map(show));
    if (this.options.hints() && last.info) {
      out.append(el('p', { id: 'play-hint', className: 'hint' }, last.info.outcome === 'N'
        ? `Winning ${last.info.winning.length === 1 ? 'move' : 'moves'}: ${last.info.winning.map(show).join(' ')} (marked).`
        : 'No winning move: this is a P-position; any move lets heapgame win.'));
    }
    out.append(this.counters(last.pos, r.followers, wins, r.follower_count));
    out.append(this.moveList(last.pos, r, wins));
    this.out.replaceChildren(out);
    this.focus('play-turn');
  }

  /** After a move or an undo, puts the focus on the line that says what comes next (the
   * control that was used is gone). */
  focus(id) {
    if (!this.refocus) return;
    this.refocus = false;
    const e = document.getElementById(id);
    if (e) {
      e.tabIndex = -1;
      e.focus();
    }
  }

  /** The heaps as counters; clicking counter `j` of a heap leaves `j` counters in it. */
  counters(pos, followers, wins, count) {
    const key = (p) => (this.ordered() ? p.join(',') : p.filter((h) => h > 0).sort((a, b) => a - b).join(','));
    const byKey = new Map(followers.map((f) => [key(f), f]));
    const box = el('div', { className: 'heaps', id: 'play-heaps' });
    pos.forEach((h, i) => {
      const row = el('div', { className: 'heap' }, el('span', { className: 'heap-size' }, `${h}`));
      const leave = (j) => {
        const after = pos.slice();
        after[i] = j;
        return byKey.get(key(after));
      };
      if (h <= MOST_COUNTERS) {
        for (let j = 0; j < h; j++) {
          const f = leave(j);
          const c = el('button', { type: 'button', className: 'counter' + (f && wins.has(show(f)) ? ' win' : '') });
          c.dataset.heap = String(i);
          c.dataset.leave = String(j);
          c.setAttribute('aria-label', `take ${h - j} from heap ${i + 1}, leaving ${j}`);
          c.disabled = !f;
          if (f) c.addEventListener('click', () => this.move(f));
          row.append(c);
        }
      } else {
        const input = el('input', { type: 'number', min: 0, max: h - 1, value: Math.max(0, h - 1), className: 'leave' });
        input.setAttribute('aria-label', `leave this many in heap ${i + 1}`);
        const go = el('button', { type: 'button', textContent: 'take the rest' });
        const msg = el('span', { className: 'err' });
        go.addEventListener('click', () => {
          const f = leave(parseInt(input.value, 10));
          if (f) this.move(f); else msg.textContent = ' not a move here';
        });
        row.append(' leave ', input, ' ', go, msg);
      }
      box.append(row);
    });
    if (followers.length < count) box.append(note(`(the first ${followers.length} of ${count} moves can be played)`));
    return box;
  }

  /** Every move in words: buttons for a few, a list for many. */
  moveList(pos, r, wins) {
    const label = (f) => `${describe(pos, f, this.ordered(), this.shape && this.shape.names)} → ${show(f)}`;
    if (r.followers.length <= MOST_BUTTONS) {
      const moves = el('div', { className: 'moves', id: 'play-moves' });
      for (const f of r.followers) {
        const b = el('button', { type: 'button', className: wins.has(show(f)) ? 'win' : '', textContent: label(f) });
        b.addEventListener('click', () => this.move(f));
        moves.append(b);
      }
      return moves;
    }
    const select = el('select', { id: 'play-select' });
    select.setAttribute('aria-label', 'every move');
    for (const f of r.followers) select.append(el('option', { value: f.join(' '), textContent: (wins.has(show(f)) ? '★ ' : '') + label(f) }));
    const go = el('button', { type: 'button', id: 'play-select-go', textContent: 'Play this move' });
    go.addEventListener('click', () => this.move(select.value.split(' ').filter(Boolean).map(Number)));
    return el('div', { className: 'row' }, el('label', {}, `or choose one of the ${plural(r.follower_count, 'move')}: `), select, go);
  }

  /** After the game: which of the user's moves gave the win away. */
  review(youWon) {
    const box = el('div', { id: 'play-review' }, el('h3', {}, 'Review'));
    const m = this.mistakes();
    const first = this.turns[0].info;
    if (m.length === 0) {
      box.append(el('p', {}, youWon ? 'Every one of your moves kept the win.'
        : (first && first.outcome === 'P' && !this.heapgameFirst) || (first && first.outcome === 'N' && this.heapgameFirst)
          ? 'heapgame had a winning strategy from the start: no move of yours could change that. Try a start position that is N, moving first.'
          : 'You never had a winning move to miss.'));
      return box;
    }
    const list = el('ul', {});
    for (const [before, after] of m) {
      list.append(el('li', {}, `From ${before.shown} you moved to ${after.shown}, an N-position for heapgame; ` +
        `${before.info.winning.map(show).join(' or ')} would have won.`));
    }
    box.append(el('p', {}, `${plural(m.length, 'move')} gave the win away:`), list);
    return box;
  }
}

export { note };
