// Class mode (a link with `?class`): the answers (outcome, Grundy values, winning moves, hints,
// the box of every position, the file's claims, checked and in the editor) stay hidden until
// the student has committed to a move; then the page says whether the move wins and why (the
// position reached, its followers' values and the mex, the reply that wins against it), and
// shows the full answer. Every verdict comes from heapgame's answers, as in the normal page.
import { el, show } from './view.js';
import { describe, mexLine, plural } from './teach.js';

/** Whether the page was opened as a class link. */
export const on = new URLSearchParams(location.search).has('class');

/** The address of the class link for `hash` (a `#game=` fragment): this page with `?class`. */
export function link(hash) {
  const url = new URL(location.href);
  url.searchParams.set('class', '');
  url.hash = hash;
  return url.href.replace('?class=', '?class');
}

/** The address of this page without class mode (the answers shown at once). */
export function leave() {
  const url = new URL(location.href);
  url.searchParams.delete('class');
  return url.href;
}

/** The question asked instead of the answer of `evaluate` (`r`, a position with moves):
 * every move as a button, and "no move wins here". `commit(follower | null)` is called with
 * the student's choice. */
export function ask(r, shape, commit) {
  const ordered = shape && shape.names != null;
  const names = shape && shape.names;
  const moves = el('div', { className: 'moves', id: 'class-moves' });
  for (const f of r.followers) {
    const b = el('button', { type: 'button', textContent: `${describe(r.position, f.position, ordered, names, f.rule)} → ${show(f.position)}` });
    b.dataset.position = show(f.position);
    b.addEventListener('click', () => commit(f));
    moves.append(b);
  }
  const none = el('button', { type: 'button', id: 'class-no-win', textContent: 'No move wins here' });
  none.addEventListener('click', () => commit(null));
  const more = r.followers.length < r.follower_count
    ? el('p', { className: 'note' }, `(the first ${r.followers.length} of ${plural(r.follower_count, 'move')} are listed)`)
    : '';
  return el('div', { id: 'class-ask' },
    el('dl', {}, el('dt', {}, 'position'), el('dd', { id: 'class-position' }, r.shown)),
    el('p', { id: 'class-question' }, `Your move from ${r.shown}: which position do you move to? ` +
      'Who wins, the values and the winning moves are shown once you have chosen.'),
    moves, more, el('p', {}, none));
}

/** The verdict on the student's choice: `r` is the position's answer, `f` the follower chosen
 * (null: "no move wins here"), `fr` the answer of `evaluate` at that follower. */
export function verdict(r, f, fr) {
  const out = el('div', { id: 'class-verdict', role: 'status' });
  const wins = r.winning.map(show);
  const winsText = wins.length === 1 ? `the winning move is to ${wins[0]}` : `the winning moves are to ${wins.join(' or ')}`;
  if (f == null) {
    out.className = r.outcome === 'P' ? 'verdict right' : 'verdict wrong';
    out.append(el('p', {}, r.outcome === 'P'
      ? `Right: no move wins from ${r.shown}. It is a P-position: every move leads to an N-position, from which the other player wins.`
      : `Not so: ${r.shown} is an N-position, and ${winsText}, a P-position.`));
    return out;
  }
  const to = show(f.position);
  if (f.grundy === 0) {
    out.className = 'verdict right';
    out.append(el('p', {}, `A winning move: ${to} is a P-position, so the other player, who moves from it, loses ` +
      '(every move from it leads to an N-position, from which you win again).'));
  } else {
    out.className = 'verdict wrong';
    const reply = fr && fr.ok && fr.winning.length ? ` by moving to ${show(fr.winning[0])}, a P-position` : '';
    out.append(el('p', {}, `Not a winning move: ${to} is an N-position (Grundy value ${f.grundy}), so the other player wins from it${reply}. ` +
      (r.outcome === 'N' ? `From ${r.shown}, ${winsText}.` : `No move from ${r.shown} wins: it is a P-position.`)));
  }
  if (fr && fr.ok) {
    out.append(el('p', { id: 'class-why' }, `Why: from ${to}, `, mexLine(fr.followers.map((x) => x.grundy), fr.grundy)));
  }
  return out;
}

/** The note that says the page is in class mode, with the way out. */
export function banner() {
  const a = el('a', { href: leave(), textContent: 'show the answers at once' });
  return el('p', { id: 'class-banner', className: 'class-banner', role: 'note' },
    el('strong', {}, 'Class mode: '), 'choose your move first; who wins and why is shown after. ' +
    'The box of every position, the hints and the file\'s claims are hidden (', a, ').');
}
