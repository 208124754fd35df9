// A small CodeMirror 6 editor for cells: Python highlighting, history, and the
// cell's keys. Esc leaves the editor, so the keyboard is never trapped.

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState, RangeSetBuilder } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin, drawSelection, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";

// The same colours as the book's static code blocks (Material's variables, with the
// contrast fixes in book.css), so editors read alike in light and dark mode.
const bookHighlighting = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.comment, tags.lineComment], color: "var(--md-code-hl-comment-color)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "var(--md-code-hl-function-color)" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "var(--md-code-hl-constant-color)" },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: "var(--md-code-hl-operator-color)" },
  { tag: tags.invalid, color: "var(--md-code-hl-special-color)" },
]);

// Long lines wrap (no sideways scrolling, also on a phone). A wrapped line's
// continuation is indented past the line's own indentation, so it never looks like
// a dedented statement: each line gets a hanging indent of its indentation + HANG.
const HANG = 2; // characters
const CM_LINE_PADDING = "6px"; // CodeMirror's own left padding of .cm-line

function hangingIndents(view) {
  const builder = new RangeSetBuilder();
  for (const { from, to } of view.visibleRanges) {
    for (let position = from; position <= to; ) {
      const line = view.state.doc.lineAt(position);
      const hang = /^[ \t]*/.exec(line.text)[0].length + HANG;
      const style = `padding-left: calc(${hang}ch + ${CM_LINE_PADDING}); text-indent: -${hang}ch`;
      builder.add(line.from, line.from, Decoration.line({ attributes: { style } }));
      position = line.to + 1;
    }
  }
  return builder.finish();
}

const hangingIndent = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = hangingIndents(view);
    }

    update(update) {
      if (update.docChanged || update.viewportChanged) this.decorations = hangingIndents(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

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
        syntaxHighlighting(bookHighlighting),
        EditorView.lineWrapping, // no sideways scrolling: long lines wrap, also at 360 px
        hangingIndent,
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
