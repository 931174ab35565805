// The editor: CodeMirror 6 (web/editor, bundled into codemirror.js by web/build.sh) with the
// language's words highlighted, bracket matching and the problems of the text underlined at
// their spans; where the bundle is not there (built without npm), a plain textarea with line
// numbers and the problems marked in place (a backdrop under it). Also the list of problems
// with a link to each, and the parameters' inputs. `window.heapgameEditor` (get, set, select,
// selection) is the same for both, for the browser tests.
import { escapeHtml, rendered, helpText } from './view.js';

// The CodeMirror editor (codemirror.js's `create`), or null: the textarea (until the bundle
// has arrived, or for good without it). The problems last marked, and whether the claims are
// hidden, for the editor that replaces the textarea.
let cm = null;
let lastMarks = [];
let claimsHidden = false;

const $ = (id) => document.getElementById(id);

/** The words of the language, for "did you mean" (grammar/heapgame.pest). */
const WORDS = ('all allowing and any both by check claim count delete each else empty every false fn for ' +
  'formula from grundy heap heaps hex if in into keep let lower max mod move no not octal of one or ' +
  'other part parts require ruleset same source split take the true unequal unless when where winning with').split(' ');

function distance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/** A word of the language close to the unknown word at `at` in `text`, or null; the words
 * the message says were expected (in backquotes) are tried first. */
export function didYouMean(text, at, message) {
  const m = /^[A-Za-z_]\w*/.exec(text.slice(at));
  if (!m || WORDS.includes(m[0])) return null;
  const expected = [...(message || '').matchAll(/`(\w+)`/g)].map((x) => x[1]).filter((w) => WORDS.includes(w));
  let best = null;
  for (const w of [...expected, ...WORDS]) {
    // Closer first; on a tie, a word the message expected, then one of the same length.
    const d = distance(m[0].toLowerCase(), w) + (w.length === m[0].length ? 0 : 0.5);
    if (d <= (w.length > 4 ? 2 : 1) && (!best || d < best[1])) best = [w, d];
  }
  return best ? `did you mean \`${best[0]}\` (instead of \`${m[0]}\`)?` : null;
}

/** The text in the editor. */
export function text() {
  return cm ? cm.get() : $('source').value;
}

/** Puts the editor in place: the textarea at once, replaced by CodeMirror when its bundle
 * has loaded, asked for once `after` (the first answer, app.js) has settled, so that on a slow
 * connection it does not delay the download the first answer waits for. `onInput` after each
 * edit; `document.body.dataset.editor` says which editor it is in the end. */
export function install(onInput, after) {
  const t = $('source');
  t.addEventListener('input', () => { syncEditor([]); onInput(); });
  t.addEventListener('scroll', syncScroll);
  window.heapgameEditor = {
    get: text,
    /** Replaces the text as typing would (the page checks it again). */
    set(value) {
      if (cm) {
        cm.type(value);
      } else {
        t.value = value;
        t.dispatchEvent(new Event('input'));
      }
    },
    select: (from, to) => reveal([from, to]),
    selection: () => (cm ? cm.selection() : [t.selectionStart, t.selectionEnd]),
    /** How far the text is scrolled sideways, and its marks' (the textarea's backdrop). */
    scrollLeft: () => (cm ? [cm.view.scrollDOM.scrollLeft] : [t.scrollLeft, $('backdrop').scrollLeft]),
    scrollSideways(px) {
      const el = cm ? cm.view.scrollDOM : t;
      el.scrollLeft = px;
      el.dispatchEvent(new Event('scroll'));
    },
  };
  Promise.resolve(after).catch(() => null)
    .then(() => import('./codemirror.js')).catch(() => null)
    .then((m) => {
      if (m) {
        const focused = document.activeElement === t;
        const at = [t.selectionStart, t.selectionEnd];
        $('gutter').remove();
        $('backdrop').remove();
        $('editor').classList.add('cm');
        cm = m.create(t, onInput);
        syncEditor(lastMarks);
        if (claimsHidden) cm.hideClaims(true);
        if (focused) cm.select(at[0], at[1]);
      }
      document.body.dataset.editor = m ? 'codemirror' : 'textarea';
    });
}

function syncScroll() {
  const t = $('source');
  $('backdrop').scrollTop = t.scrollTop;
  $('backdrop').scrollLeft = t.scrollLeft;
  $('gutter').scrollTop = t.scrollTop;
}

/** A problem at a point (`found heapz`) marks the word that starts there. */
function wordAt(value, s) {
  const m = /^(\w+|\S)/.exec(value.slice(s));
  return m ? s + m[0].length : s;
}

/** Marks the problems; `marks`: [{span: [s, e], line, message}] (UTF-16). */
function syncEditor(marks) {
  lastMarks = marks || [];
  const value = text();
  const spans = (marks || []).map((m) => (m.span[1] > m.span[0] ? m.span : [m.span[0], wordAt(value, m.span[0])]));
  if (cm) {
    cm.problems(marks.map((m, i) => ({ from: spans[i][0], to: spans[i][1], line: m.line, message: m.message })));
    return;
  }
  const lines = value.split('\n').length;
  const bad = new Set((marks || []).map((m) => m.line));
  const nums = [];
  for (let i = 1; i <= lines; i++) nums.push(bad.has(i) ? `<span class="bad">${i}</span>` : String(i));
  $('gutter').innerHTML = nums.join('\n') + '\n ';
  let html = '';
  let at = 0;
  for (const [s, e] of spans.sort((a, b) => a[0] - b[0])) {
    if (s < at) continue;
    html += escapeHtml(value.slice(at, s));
    html += e > s ? `<mark>${escapeHtml(value.slice(s, e))}</mark>` : '<mark class="empty"></mark>';
    at = Math.max(e, s);
  }
  $('backdrop').innerHTML = html + escapeHtml(value.slice(at)) + '\n ';
  syncScroll();
}

/** Class mode: the claims of the text (and the comments above them, which say what they
 * claim) are hidden until `on` is false. Only in CodeMirror (the textarea shows them). */
export function hideClaims(on) {
  claimsHidden = on;
  if (cm) cm.hideClaims(on);
}

/** Puts a new text in the editor, scrolled to its start (both ways). */
export function setText(value) {
  if (cm) {
    cm.set(value);
    return;
  }
  const t = $('source');
  t.value = value;
  t.scrollTop = 0;
  t.scrollLeft = 0;
  t.setSelectionRange(0, 0);
  syncEditor([]);
}

/** Selects a span of the editor (UTF-16 offsets) and brings it into view. */
function reveal(span) {
  if (cm) {
    cm.select(span[0], Math.max(span[1], span[0]));
    return;
  }
  const t = $('source');
  t.focus();
  t.setSelectionRange(span[0], Math.max(span[1], span[0]));
  const line = t.value.slice(0, span[0]).split('\n').length;
  const lineHeight = parseFloat(getComputedStyle(t).lineHeight) || 20;
  t.scrollTop = Math.max(0, (line - 3) * lineHeight);
  syncScroll();
}

/** Selects line `n` (from 1) of the text and scrolls to it. */
export function revealLine(n) {
  const lines = text().split('\n');
  const start = lines.slice(0, n - 1).reduce((at, l) => at + l.length + 1, 0);
  reveal([start, start + (lines[n - 1] || '').length]);
}

/** The parameters' inputs (rebuilt when the names change); `defaults` gets each default. */
export function showParams(info, defaults, onInput) {
  const params = info.params || [];
  const box = $('params');
  const known = [...box.querySelectorAll('input')].map((i) => i.dataset.name).join(',');
  if (known !== params.map((p) => p.name).join(',')) {
    box.innerHTML = '';
    for (const k of Object.keys(defaults)) delete defaults[k];
    for (const p of params) {
      defaults[p.name] = p.default;
      const row = document.createElement('div');
      row.className = 'param';
      row.innerHTML = `<label for="param-${escapeHtml(p.name)}">${escapeHtml(p.name)} =</label>` +
        `<input id="param-${escapeHtml(p.name)}" autocomplete="off" spellcheck="false">` +
        '<span class="err" role="alert"></span>';
      const input = row.querySelector('input');
      input.dataset.name = p.name;
      input.value = p.default;
      input.addEventListener('input', onInput);
      box.append(row);
    }
  } else {
    for (const p of params) defaults[p.name] = p.default;
  }
  $('params-box').hidden = params.length === 0;
}

/** Shows check's answer: the status line, the problems (marked in the text, at the
 * parameters' inputs, and listed once each). */
export function showCheck(info, name) {
  for (const input of document.querySelectorAll('#params input')) {
    input.classList.remove('invalid');
    input.removeAttribute('aria-invalid');
    input.nextElementSibling.textContent = '';
  }
  const diags = info.diagnostics || [];
  const inText = diags.filter((d) => d.source === name && d.located);
  syncEditor(inText.map((d) => ({ span: d.utf16, line: d.line, message: d.message }))
    .concat(inText.flatMap((d) => d.also.map((a) => ({ span: a.utf16, line: a.line, message: a.label || d.message })))));
  const status = $('status-line');
  const box = $('diagnostics');
  box.innerHTML = '';
  if (!cm) $('source').setAttribute('aria-invalid', inText.length ? 'true' : 'false');
  if (info.ok) {
    status.className = 'status ok';
    const shape = info.heaps == null ? 'any number of heaps' : `${info.heaps} heap${info.heaps === 1 ? '' : 's'}`;
    status.textContent = `"${info.name}": ${shape}, no problems.`;
    return;
  }
  status.className = 'status bad';
  if (diags.length === 0) {
    status.textContent = info.rendered || 'The rules could not be checked.';
    return;
  }
  status.textContent = diags.length === 1 ? 'One problem:' : `${diags.length} problems:`;
  const value = text();
  for (const d of diags) {
    const p = document.createElement('div');
    p.className = 'problem';
    const param = d.source.startsWith('-p ') ? d.source.slice(3).split('=')[0].trim() : null;
    if (d.source === name && d.located) {
      const go = document.createElement('button');
      go.type = 'button';
      go.className = 'link';
      go.textContent = `line ${d.line}, column ${d.column}`;
      go.addEventListener('click', () => reveal(d.utf16));
      p.append(go, ': ');
    }
    p.append(d.message);
    const guess = d.source === name ? didYouMean(value, d.utf16[0], d.message) : null;
    const help = [guess, d.help && helpText(d.help)].filter(Boolean).join('; ');
    if (help) p.append(document.createElement('br'), `help: ${help}`);
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
  box.append(rendered(info.rendered));
}
