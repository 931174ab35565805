// The playground's code editor, bundled by esbuild into web/dist/codemirror.js (web/build.sh):
// CodeMirror 6 with the .game language's words highlighted (grammar/heapgame.pest), `#`
// comments, strings and numbers, bracket matching, undo, and the page's problems as lint
// marks at their spans (underlined, with the message on hover) and on the line numbers.
// web/static/editor.js imports it when it is there and keeps its plain textarea otherwise.
import { EditorState, StateEffect, StateField, RangeSet, Annotation } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, gutterLineClass, GutterMarker, drawSelection, highlightActiveLine,
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

/** A change made by the page (a new text), not typed. */
const byPage = Annotation.define();

/**
 * Replaces `textarea` with a CodeMirror editor holding its text and its accessible name; the
 * editor's text area takes the textarea's id. `onInput` is called after each change made by
 * the user (not by `set`).
 */
export function create(textarea, onInput) {
  const attrs = { id: textarea.id };
  for (const a of ['aria-label', 'aria-describedby']) if (textarea.hasAttribute(a)) attrs[a] = textarea.getAttribute(a);
  const invalid = EditorView.contentAttributes.compute([badLines], (s) => ({
    'aria-invalid': s.field(badLines).size ? 'true' : 'false',
  }));
  const view = new EditorView({
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(), history(), drawSelection(), highlightActiveLine(), indentOnInput(),
        heapgame, syntaxHighlighting(classHighlighter), bracketMatching(), badLines,
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of(attrs), invalid,
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !u.transactions.some((t) => t.annotation(byPage))) onInput();
        }),
      ],
    }),
  });
  textarea.removeAttribute('id');
  textarea.replaceWith(view.dom);
  const clamp = (n) => Math.max(0, Math.min(n, view.state.doc.length));
  return {
    view,
    get: () => view.state.doc.toString(),
    /** A new text, its problems cleared, the cursor and the view at its start. */
    set(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: { anchor: 0 },
        annotations: [byPage.of(true)],
        effects: setBadLines.of(RangeSet.empty),
      });
      view.dispatch(setDiagnostics(view.state, []));
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
    scrollLeft: () => view.scrollDOM.scrollLeft,
  };
}
