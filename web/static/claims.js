// The page's own `check` of the file's claims, as heapgame's `check_claims` answers it: for
// each run (a `check` line with its parameters), each claim with its state, how many positions
// it held on, or its first counterexample: the position, what the claim says, what it is, and
// why in words (the move that shows it). Built as DOM nodes (text is never parsed as HTML).
import { el, problems } from './view.js';
import { plural } from './teach.js';

const STATES = {
  ok: ['holds', 'ok'],
  fail: ['FAILS', 'bad'],
  known: ['fails where the file says', 'known'],
  'n/a': ['not about these parameters', 'na'],
  empty: ['no position in its scope', 'bad'],
};

/** A counterexample in words, as `heapgame check` prints it. */
function failureText(f) {
  if (f.other) {
    return `the claim says it has the type of ${f.other.shown}, but it is ${f.actual}: ${f.why}; ` +
      `and ${f.other.shown} is ${f.claimed}: ${f.other.why}`;
  }
  if (f.said) return `the claim says ${f.said}, but ${f.why}`;
  const isOutcome = f.claimed === 'P' || f.claimed === 'N';
  const actual = isOutcome ? `it is ${f.actual}` : `its Grundy value is ${f.actual}`;
  return `the claim says ${f.claimed}, but ${actual}: ${f.why}`;
}

function claimItem(c, actions) {
  const [word, cls] = STATES[c.state] || [c.state, ''];
  const line = el('button', { type: 'button', className: 'link', textContent: `line ${c.line}` });
  line.addEventListener('click', () => actions.line(c.line));
  const li = el('li', { className: `claim ${cls}` },
    el('span', { className: 'claim-state', textContent: word }), ' ', line, ' ',
    el('code', { textContent: c.text }));
  if (c.failure) {
    const f = c.failure;
    const at = el('button', { type: 'button', className: 'link', textContent: f.shown,
      title: `evaluate ${f.shown}` });
    at.addEventListener('click', () => actions.position(f.position));
    li.append(el('p', { className: 'counterexample' }, 'At ', at,
      c.state === 'known' ? ' (as the file says, with `fails at`)' : '', ': ', failureText(f), '.'));
  } else if (c.state === 'ok') {
    const outside = c.silent ? ` (${plural(c.silent, 'position')} outside its scope)` : '';
    li.append(el('p', { className: 'note' }, `holds on ${plural(c.checked, 'position')}${outside}`));
  }
  if (c.held_at) {
    li.append(el('p', { className: 'counterexample' },
      `The file says it fails at ${c.held_at}, but it holds there.`));
  }
  return li;
}

function runBox(run, many, actions) {
  const box = el('div', { className: 'claims-run' });
  const params = run.params.map(([n, v]) => `${n} = ${v}`).join(', ');
  if (run.problem) {
    if (many || params) box.append(el('p', { className: 'note', textContent: params ? `With ${params}:` : '' }));
    box.append(problems(run.problem));
    return box;
  }
  const head = `${params ? `With ${params}, ` : ''}${run.region} (${plural(run.positions, 'position')})`;
  box.append(el('p', { className: 'note', textContent: run.stopped
    ? `${head}: stopped at the time limit after ${plural(run.visited, 'position')}; what holds below holds so far.`
    : `${head}:` }));
  box.append(el('ul', { className: 'claims-list' }, ...run.claims.map((c) => claimItem(c, actions))));
  return box;
}

/** The answer of `check_claims`; `actions.position(pos)` evaluates a counterexample,
 * `actions.line(n)` shows a claim's line in the editor. */
export function claims(r, actions) {
  const box = el('div', { id: 'claims-result' });
  if (!r.ok) {
    box.append(problems(r));
    return box;
  }
  const failed = r.runs.flatMap((run) => (run.claims || []).filter((c) => c.state === 'fail' || c.state === 'empty'));
  const broken = r.runs.some((run) => run.problem);
  const summary = failed.length
    ? `${plural(failed.length, 'claim')} of the file ${failed.length === 1 ? 'fails' : 'fail'}: the counterexample is below.`
    : broken ? 'The claims could not all be checked.'
      : r.holds && r.complete ? 'Every claim of the file holds on every position checked.'
        : r.holds ? 'No claim failed before the time limit.'
          : 'A claim is not as the file says.';
  box.append(el('p', { id: 'claims-summary', className: failed.length || broken || !r.holds ? 'status bad' : 'status ok',
    textContent: summary }));
  for (const run of r.runs) box.append(runBox(run, r.runs.length > 1, actions));
  for (const f of r.findings || []) {
    box.append(el('p', { className: f.fails ? 'counterexample' : 'note', textContent: `line ${f.line}: ${f.message}` }));
  }
  return box;
}
