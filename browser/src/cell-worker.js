// The book's Python, off the main thread: Pyodide plus the teaching module.
//
// Messages in:  {type: "init", interrupt?: SharedArrayBuffer}
//               {type: "run", id, page, code, name, quiet, fresh}  (fresh: new namespace)
// Messages out: {type: "ready", seconds} | {type: "failed", error}
//               {type: "out", id, text}
//               {type: "done", id, traceback, last, interrupted}  (last: "Type: message\n")
// Each page gets its own namespace; cells of one page share it, in the order run.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", here).href;
const WHEEL_URL = new URL("booktorch-0.1.0-py3-none-any.whl", here).href;

let pyodide = null;
let current = null; // id of the cell whose output is being collected
const decoder = new TextDecoder();

const BOOTSTRAP = `
import sys, traceback
import booktorch
sys.modules["torch"] = booktorch
_book_namespaces = {}

def _book_run(page, code, name, fresh):
    if fresh:
        _book_namespaces.pop(page, None)
    ns = _book_namespaces.setdefault(page, {"__name__": "__main__"})
    try:
        exec(compile(code, name, "exec"), ns)
    except BaseException as exc:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == name]
        text = "Traceback (most recent call last):\\n" if frames else ""
        text += "".join(traceback.format_list(frames))
        last = "".join(traceback.format_exception_only(type(exc), exc))
        return (type(exc).__name__, text + last, last)
    return None
`;

function write(bytes) {
  if (current !== null) postMessage({ type: "out", id: current, text: decoder.decode(bytes) });
  return bytes.length;
}

async function init(interrupt) {
  const started = performance.now();
  pyodide = await loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false });
  pyodide.setStdout({ write });
  pyodide.setStderr({ write });
  await pyodide.loadPackage(WHEEL_URL, { messageCallback: () => {} });
  pyodide.runPython(BOOTSTRAP);
  if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
}

function run({ id, page, code, name, quiet, fresh }) {
  current = quiet ? null : id;
  let outcome;
  try {
    outcome = pyodide.globals.get("_book_run")(page, code, name, Boolean(fresh));
  } finally {
    current = null;
  }
  const result = outcome ? outcome.toJs() : null;
  if (outcome) outcome.destroy();
  const [type, traceback, last] = result || [null, null, null];
  postMessage({ type: "done", id, traceback, last, interrupted: type === "KeyboardInterrupt" });
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === "init") await init(message.interrupt);
    else if (message.type === "run") run(message);
  } catch (error) {
    const text = String(error);
    if (message.type === "init") postMessage({ type: "failed", error: text });
    else postMessage({ type: "done", id: message.id, traceback: text, last: text, interrupted: false });
  }
};
