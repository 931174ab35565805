// Words for students: a move described from the position it changes ("take 2 from the heap
// of 6"), the Grundy value as the least value missing among the followers' values (the mex,
// with the gap marked), and a sum's value as the XOR of its heaps' values.

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `n` and its noun, singular or plural: `plural(1, 'heap')` is `1 heap`. */
export function plural(n, noun, many) {
  return `${n.toLocaleString('en')} ${n === 1 ? noun : many || `${noun}s`}`;
}

function heapName(i, names) {
  if (names && names[i]) return `heap ${names[i]}`;
  return i < ORDINALS.length ? `the ${ORDINALS[i]} heap` : `heap ${i + 1}`;
}

function list(xs) {
  return xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** The heaps of `from` that are not in `to`, and those of `to` not in `from` (multisets). */
function difference(from, to) {
  const left = [...to];
  const gone = [];
  for (const h of from) {
    const i = left.indexOf(h);
    if (i >= 0) left.splice(i, 1); else gone.push(h);
  }
  return [gone.sort((a, b) => a - b), left.sort((a, b) => a - b)];
}

/** A move from `from` to `to` in words. `ordered`: heaps keep their places (named heaps);
 * otherwise a position is a multiset of heaps, and heaps of 0 may vanish. `rule`, the text of
 * the move clause when known, decides between two readings of the same change ("take 2 from
 * both heaps" rather than "take 4 from the heap of 6" when the clause takes from both). */
export function describe(from, to, ordered, names, rule) {
  if (!ordered && rule && /\b(both|each|every|same)\b/.test(rule) && from.length === to.length && from.length > 1) {
    const a = [...from].sort((x, y) => x - y);
    const b = [...to].sort((x, y) => x - y);
    const t = a[0] - b[0];
    if (t > 0 && a.every((h, i) => h - b[i] === t)) return `take ${t} from ${from.length === 2 ? 'both heaps' : 'every heap'}`;
  }
  if (ordered && from.length === to.length) {
    const changed = from.map((h, i) => i).filter((i) => from[i] !== to[i]);
    const takes = changed.map((i) => from[i] - to[i]);
    if (changed.length === 1 && takes[0] > 0) return `take ${takes[0]} from ${heapName(changed[0], names)}`;
    if (changed.length > 1 && changed.length === from.length && takes.every((t) => t === takes[0] && t > 0)) {
      return `take ${takes[0]} from ${from.length === 2 ? 'both heaps' : 'every heap'}`;
    }
    return changed.map((i) => `${heapName(i, names)} ${from[i]} → ${to[i]}`).join(', ');
  }
  const [gone, come] = difference(from, to);
  const the = (h) => (from.filter((x) => x === h).length > 1 ? `a heap of ${h}` : `the heap of ${h}`);
  const total = (xs) => xs.reduce((a, b) => a + b, 0);
  if (gone.length === 1) {
    const h = gone[0];
    const parts = come.filter((x) => x > 0);
    if (parts.length === 0) return `take all ${h} from ${the(h)}`;
    if (parts.length === 1 && parts[0] < h) return `take ${h - parts[0]} from ${the(h)}`;
    if (total(parts) === h) return `split ${the(h)} into ${list(parts.map(String))}`;
    if (total(parts) < h) return `take ${h - total(parts)} from ${the(h)} and split the rest into ${list(parts.map(String))}`;
  }
  if (gone.length > 1 && come.length === gone.length) {
    const t = gone[0] - come[0];
    if (t > 0 && gone.every((h, i) => h - come[i] === t)) {
      return `take ${t} from ${gone.length === from.length && from.length === 2 ? 'both heaps' : `each of the heaps of ${list(gone.map(String))}`}`;
    }
  }
  if (gone.length === 0 && come.length === 0) return 'leave the heaps as they are';
  return `heaps ${list(gone.map(String)) || 'none'} become ${list(come.map(String)) || 'nothing'}`;
}

/** The Grundy value as the mex of the followers' values: the values the followers have (0,
 * 1, ... up to the value, then the larger ones), then the least one missing, marked, which
 * is the Grundy value. Returns nodes. */
export function mexLine(values, grundy) {
  const present = [...new Set(values)].sort((a, b) => a - b);
  const out = document.createElement('span');
  out.className = 'mex';
  if (present.length === 0) {
    out.append('no move: the value is 0 (the player to move has lost).');
    return out;
  }
  const shown = [];
  const small = Math.min(grundy, 12);
  for (let v = 0; v < small; v++) shown.push(v);
  if (grundy > small) shown.push('…', grundy - 1);
  const larger = present.filter((v) => v > grundy);
  shown.push(...larger.slice(0, 8));
  if (larger.length > 8) shown.push('…');
  out.append(present.length === 1 ? 'the followers have the value ' : 'the followers have the values ');
  shown.forEach((v, i) => {
    if (i) out.append(typeof v === 'number' && typeof shown[i - 1] === 'number' ? ', ' : ' ');
    out.append(typeof v === 'number' ? el('span', 'have', String(v)) : v);
  });
  const gap = el('mark', 'gap', String(grundy));
  gap.title = `${grundy} is missing: no follower has value ${grundy}`;
  out.append('; none has ', gap, `, the least value missing, so the Grundy value is ${grundy}.`);
  return out;
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  e.className = className;
  e.textContent = text;
  return e;
}

/** A sum's value: `g(5) ⊕ g(11) = 4 ⊕ 6 = 2`. */
export function xorLine(heaps, values, grundy) {
  const g = heaps.map((h) => `g(${h})`).join(' ⊕ ');
  const v = values.join(' ⊕ ');
  return `a sum of single heaps: the value is the XOR (⊕, addition without carrying in binary) of each heap's value: ${g || '0'} = ${v || '0'} = ${grundy}`;
}
