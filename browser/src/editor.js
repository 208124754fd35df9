// A small CodeMirror 6 editor for cells: Python highlighting, history, and the
// cell's keys. Esc leaves the editor, so the keyboard is never trapped.

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";

export function createEditor({ parent, code, label, onRun, onChange, onEscape }) {
  const cellKeys = keymap.of([
    { key: "Shift-Enter", run: () => (onRun(), true) },
    { key: "Mod-Enter", run: () => (onRun(), true) },
    { key: "Escape", run: () => (onEscape(), true) },
  ]);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: code,
      extensions: [
        cellKeys,
        lineNumbers(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        python(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({ "aria-label": label }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    get code() {
      return view.state.doc.toString();
    },
    set code(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
}
