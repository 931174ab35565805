// Sharing and keeping: a `#game=` link carries the rules, the parameters, the position, the
// box and the open view; edits are saved in the browser (localStorage) as they are typed and
// restored on the next visit.

const SAVED = 'heapgame-playground-edits';

function encode(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `#game=...` fragment of a state: {text, params, position, play, max, grundy, view}. */
export function toHash(state) {
  return '#game=' + encode(state);
}

/** The state of a `#game=` fragment, or null. */
export function fromHash(hash) {
  if (!hash.startsWith('#game=')) return null;
  try {
    const b64 = hash.slice(6).replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const g = JSON.parse(new TextDecoder().decode(bytes));
    return g && typeof g.text === 'string' ? g : null;
  } catch {
    return null;
  }
}

/** Saves the edits: {path, text, params} (path: the bundled ruleset they started from). */
export function save(edits) {
  try {
    if (edits) localStorage.setItem(SAVED, JSON.stringify(edits)); else localStorage.removeItem(SAVED);
  } catch { /* storage refused (private mode): nothing is kept */ }
}

/** The edits saved last time, or null. */
export function saved() {
  try {
    const e = JSON.parse(localStorage.getItem(SAVED) || 'null');
    return e && typeof e.text === 'string' ? e : null;
  } catch {
    return null;
  }
}

/** Copies `text` to the clipboard; false when the browser refuses (or has not answered
 * within a second: a permission prompt may never be answered). */
export async function copy(text) {
  try {
    const late = new Promise((resolve) => { setTimeout(() => resolve(false), 1000); });
    return await Promise.race([navigator.clipboard.writeText(text).then(() => true), late]);
  } catch {
    return false;
  }
}
