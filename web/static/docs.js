// The two documents the page opens in dialogs: the language reference (docs/language.md) and
// the students' primer (docs/primer.md) with its exercises. An exercise is a line
// `<!-- exercise KIND "GAME" POSITION -->` in the primer (a comment, so the file reads plainly
// elsewhere); here it becomes an answer box. The answer is judged by heapgame, in a worker of
// its own (runner.js), on the primer's own ruleset named GAME (a ```game block of the primer):
// KIND `move` asks for a winning move from POSITION (a position the engine lists among the
// winning moves), KIND `grundy` for POSITION's Grundy value (the engine's value).
import { Runner } from './runner.js';
import { renderMarkdown } from './markdown.js';
import { escapeHtml } from './view.js';

const $ = (id) => document.getElementById(id);
const EXERCISE = /^<!-- exercise (move|grundy) "([^"]+)" ([\d ]+) -->$/;

/** Opens `dialog` from `button`, rendering `text` into `body` the first time. */
function wireDialog(dialog, body, button, close, render) {
  button.addEventListener('click', () => {
    if (!body.innerHTML || body.dataset.failed) {
      delete body.dataset.failed;
      body.textContent = 'Loading…';
      reference().then(render, (err) => {
        body.textContent = `The document could not be loaded (${err.message || err}). Check the connection and try again.`;
        body.dataset.failed = 'true';
      });
    }
    dialog.showModal();
  });
  close.addEventListener('click', () => dialog.close());
  // Links within the document scroll the dialog; the address (a `#game=` link) stays.
  body.addEventListener('click', (e) => {
    const a = e.target.closest('a[href^="#"]');
    if (!a) return;
    e.preventDefault();
    const target = document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1)));
    if (target) target.scrollIntoView({ block: 'start' });
  });
}

/** The primer's rulesets, by their `ruleset "NAME"`. */
function rulesets(text) {
  const found = new Map();
  for (const m of text.matchAll(/^```game\n([\s\S]*?)^```/gm)) {
    const name = m[1].match(/^\s*ruleset\s+"([^"]*)"/m);
    if (name) found.set(name[1], m[1]);
  }
  return found;
}

/** The primer as HTML, each exercise line replaced by its answer box. */
function renderPrimer(text) {
  const exercises = [];
  const marked = text.split('\n').map((line) => {
    const m = line.trim().match(EXERCISE);
    if (!m) return line;
    exercises.push({ kind: m[1], game: m[2], at: m[3].trim().split(/ +/).map(Number) });
    return `@@exercise-${exercises.length - 1}@@`;
  }).join('\n');
  const html = renderMarkdown(marked).replace(/<p>@@exercise-(\d+)@@<\/p>/g, (_, i) => {
    const e = exercises[Number(i)];
    const what = e.kind === 'move' ? 'the position you move to, e.g. 1 2 3' : 'a number';
    return `<form class="exercise" data-exercise="${i}">` +
      `<label for="exercise-${i}-answer">Your answer (${escapeHtml(what)})</label> ` +
      `<input id="exercise-${i}-answer" autocomplete="off" spellcheck="false"> ` +
      '<button type="submit">Check</button>' +
      `<p class="verdict" id="exercise-${i}-verdict" role="status" aria-live="polite"></p></form>`;
  });
  return { html, exercises };
}

const show = (pos) => `(${pos.join(', ')})`;
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The verdict on `answer` to exercise `e`: [right, words]. */
async function judge(runner, games, e, answer) {
  const text = games.get(e.game);
  if (!text) return [false, `The primer has no ruleset "${e.game}" (a defect of the page).`];
  const req = JSON.stringify({ name: 'primer.game', text, params: [], max_positions: 0, force: false });
  const r = await runner.call('evaluate', [req, e.at.join(' ')]);
  if (!r.ok) return [false, `heapgame could not answer: ${r.message || r.rendered || 'unknown error'}`];
  if (e.kind === 'grundy') {
    if (!/^\s*\d+\s*$/.test(answer)) return [false, 'Type a whole number, such as 3.'];
    return Number(answer) === r.grundy
      ? [true, `Right: the Grundy value of ${show(e.at)} is ${r.grundy}.`]
      : [false, `Not ${Number(answer)}: work out the values of the smaller heaps first, with the mex, and try again.`];
  }
  if (!/^[\s(),\d]*\d[\s(),\d]*$/.test(answer)) return [false, 'Type a position as heap sizes, such as 1 2 3.'];
  const to = answer.match(/\d+/g).map(Number);
  if (r.winning.some((w) => same(w, to))) {
    return [true, `Right: ${show(to)} is a P-position, so whatever your opponent does, you can win.`];
  }
  const f = r.followers.find((x) => same(x.position, to));
  if (f) return [false, `${show(to)} is a move, but not a winning one: it is an N-position (Grundy value ${f.grundy}), so your opponent can win from it. Try again.`];
  if (r.follower_count > r.followers.length) return [false, `${show(to)} is not a winning move from ${show(e.at)}. Try again.`];
  return [false, `${show(to)} cannot be reached from ${show(e.at)} in one move. Try again.`];
}

/** The exercises' answer boxes, judged by `runner`. */
function wireExercises(body, exercises, games, runner) {
  body.addEventListener('submit', async (ev) => {
    const form = ev.target.closest('form.exercise');
    if (!form) return;
    ev.preventDefault();
    const verdict = form.querySelector('.verdict');
    verdict.className = 'verdict';
    verdict.textContent = 'Asking heapgame…';
    const [right, words] = await judge(runner, games, exercises[Number(form.dataset.exercise)], form.querySelector('input').value);
    verdict.className = `verdict ${right ? 'right' : 'wrong'}`;
    verdict.textContent = words;
  });
}

/** The documents (reference.js, written by web/build.sh), fetched when a dialog first opens:
 * 100 KB that the first answer does not wait for on a slow connection. */
let documents = null;
function reference() {
  documents ??= import('./reference.js').then((m) => m.default, (err) => { documents = null; throw err; });
  return documents;
}

/** The "Language reference" and "Primer" buttons; the primer's exercises use `module`. */
export function wireDocs(module) {
  const ref = $('reference-body');
  wireDialog($('reference'), ref, $('show-reference'), $('close-reference'), (data) => {
    ref.innerHTML = renderMarkdown(data.language);
  });
  const body = $('primer-body');
  const runner = new Runner(module);
  wireDialog($('primer'), body, $('show-primer'), $('close-primer'), (data) => {
    const { html, exercises } = renderPrimer(data.primer || '');
    body.innerHTML = html;
    wireExercises(body, exercises, rulesets(data.primer || ''), runner);
  });
}
