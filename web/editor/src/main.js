// The playground's code editor, bundled by esbuild into web/dist/codemirror.js (web/build.sh):
// CodeMirror 6 with the .game language's words highlighted (grammar/heapgame.pest), `#`
// comments, strings and numbers, bracket matching, undo, and the page's problems as lint
// marks at their spans (underlined, with the message on hover) and on the line numbers.
// web/static/editor.js imports it when it is there and keeps its plain textarea otherwise.
import { EditorState, StateEffect, StateField, RangeSet } from '@codemirror/state';
import {
  EditorView, Decoration, WidgetType, keymap, lineNumbers, gutterLineClass, GutterMarker, drawSelection,
  highlightActiveLine,
} from '@codemirror/view';
import { StreamLanguage, syntaxHighlighting, bracketMatching, indentOnInput } from '@codemirror/language';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { setDiagnostics } from '@codemirror/lint';
import { classHighlighter } from '@lezer/highlight';

/** The words that cannot be names (the grammar's `keyword` rule), and the words that are
 * keywords where they stand (`play misere`, `positions where`, `octal 0.07`, `check ... over`). */
const RESERVED = ('ruleset source require heaps heap let move claim take from delete split into parts part ' +
  'lower by keep where same one other the all every both each of in and or not mod when unless for formula ' +
  'allowing empty else true false no check fn if equal').split(' ');
const CONTEXTUAL = ('play normal misere misère positions octal hex add set to row circle over quick with any within ' +
  'unequal consecutive allow then fails winning').split(' ');
const KEYWORDS = new Set([...RESERVED, ...CONTEXTUAL].filter((w) => w !== 'true' && w !== 'false'));

/** The .game language for CodeMirror: a tokenizer (the structure is checked by heapgame). */
export const heapgame = StreamLanguage.define({
  name: 'heapgame',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.peek() === '#') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^\d+(?:\.\d+)?/)) return 'number';
    const word = stream.match(/^(?:misère|[A-Za-z_]\w*)/);
    if (word) {
      if (word[0] === 'true' || word[0] === 'false') return 'atom';
      return KEYWORDS.has(word[0]) ? 'keyword' : 'variableName';
    }
    if (stream.match(/^[(){}[\]]/)) return 'bracket';
    if (stream.match(/^(?:\.\.|<=|>=|==|!=|[-+*/%<>=^|&!,:;.])/)) return 'operator';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
});

/** Line numbers of the lines with a problem get the class `bad`. */
const badMarker = new (class extends GutterMarker {
  constructor() {
    super();
    this.elementClass = 'bad';
  }
})();
const setBadLines = StateEffect.define();
const badLines = StateField.define({
  create: () => RangeSet.empty,
  update(set, tr) {
    for (const e of tr.effects) if (e.is(setBadLines)) return e.value;
    return set.map(tr.changes);
  },
  provide: (f) => gutterLineClass.from(f),
});

/** The spans of the text's claims, each with the `#` comment lines right above it (which
 * say what it claims) and the lines that continue it (indented further): [from, to). */
export function claimSpans(text) {
  const lines = text.split('\n');
  const starts = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length + 1;
  }
  const indent = (l) => l.length - l.trimStart().length;
  const comment = (l) => l.trimStart().startsWith('#');
  const spans = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*claim\b/.test(lines[i])) continue;
    let first = i;
    while (first > 0 && comment(lines[first - 1]) && indent(lines[first - 1]) === indent(lines[i])) first--;
    let last = i;
    while (last + 1 < lines.length && lines[last + 1].trim() && !comment(lines[last + 1]) &&
      indent(lines[last + 1]) > indent(lines[i])) last++;
    spans.push([starts[first] + indent(lines[first]), starts[last] + lines[last].length]);
    i = last;
  }
  return spans;
}

/** What stands for a hidden claim. */
class HiddenClaim extends WidgetType {
  eq() { return true; }
  toDOM() {
    const span = document.createElement('span');
    span.className = 'hidden-claim';
    span.textContent = '(a claim of the file, hidden until you choose a move)';
    return span;
  }
}
const hiddenMark = Decoration.replace({ widget: new HiddenClaim() });
const setHidden = StateEffect.define();
const hideClaims = StateField.define({
  create: () => ({ on: false, set: Decoration.none }),
  update(v, tr) {
    let on = v.on;
    for (const e of tr.effects) if (e.is(setHidden)) on = e.value;
    if (on === v.on && !tr.docChanged) return v;
    const text = tr.state.doc.toString();
    return { on, set: on ? Decoration.set(claimSpans(text).map(([a, b]) => hiddenMark.range(a, b))) : Decoration.none };
  },
  provide: (f) => [EditorView.decorations.from(f, (v) => v.set), EditorView.atomicRanges.of((view) => view.state.field(f).set)],
});

/**
 * Replaces `textarea` with a CodeMirror editor holding its text and its accessible name; the
 * editor's text area takes the textarea's id. `onInput` is called after each change made by
 * the user (`set` makes a new state, which is no change).
 */
export function create(textarea, onInput) {
  const attrs = { id: textarea.id };
  for (const a of ['aria-label', 'aria-describedby']) if (textarea.hasAttribute(a)) attrs[a] = textarea.getAttribute(a);
  const invalid = EditorView.contentAttributes.compute([badLines], (s) => ({
    'aria-invalid': s.field(badLines).size ? 'true' : 'false',
  }));
  const extensions = [
    lineNumbers(), history(), drawSelection(), highlightActiveLine(), indentOnInput(),
    heapgame, syntaxHighlighting(classHighlighter), bracketMatching(), badLines, hideClaims,
    keymap.of([...defaultKeymap, ...historyKeymap]),
    EditorView.contentAttributes.of(attrs), invalid,
    EditorView.updateListener.of((u) => {
      if (u.docChanged) onInput();
    }),
  ];
  const view = new EditorView({ state: EditorState.create({ doc: textarea.value, extensions }) });
  textarea.removeAttribute('id');
  textarea.replaceWith(view.dom);
  const clamp = (n) => Math.max(0, Math.min(n, view.state.doc.length));
  return {
    view,
    get: () => view.state.doc.toString(),
    /** A new text: a new state (no problems, no undo back into the old text), the cursor
     * and the view at its start; the claims stay hidden if they were. */
    set(text) {
      const hidden = view.state.field(hideClaims).on;
      view.setState(EditorState.create({ doc: text, extensions }));
      if (hidden) view.dispatch({ effects: setHidden.of(true) });
      view.scrollDOM.scrollTop = 0;
      view.scrollDOM.scrollLeft = 0;
    },
    /** Types `text` over the whole text, as the user would (the page hears of it). */
    type(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' });
    },
    /** Selects [from, to) (UTF-16 offsets), scrolls it into view and focuses the editor. */
    select(from, to) {
      view.dispatch({ selection: { anchor: clamp(from), head: clamp(to) }, scrollIntoView: true });
      view.focus();
    },
    selection: () => [view.state.selection.main.from, view.state.selection.main.to],
    /** The problems: [{from, to, message, line}] (UTF-16 offsets; lines from 1). */
    problems(list) {
      const doc = view.state.doc;
      const diags = list.map((p) => ({ from: clamp(p.from), to: clamp(p.to), severity: 'error', message: p.message }));
      const lines = [...new Set(list.map((p) => p.line).filter((n) => n >= 1 && n <= doc.lines))].sort((a, b) => a - b);
      const set = RangeSet.of(lines.map((n) => badMarker.range(doc.line(n).from)));
      view.dispatch(setDiagnostics(view.state, diags), { effects: setBadLines.of(set) });
    },
    /** Class mode: hides the claims (and the comments that say them) until `on` is false. */
    hideClaims(on) {
      view.dispatch({ effects: setHidden.of(on) });
    },
  };
}
