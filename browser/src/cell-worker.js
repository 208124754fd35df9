// The book's Python, off the main thread: Pyodide plus the teaching module.
//
// Messages in:  {type: "init", interrupt?: SharedArrayBuffer}
//               {type: "run", id, page, code, name, fresh}  (fresh: new namespace)
// Messages out: {type: "ready", seconds, restored} | {type: "failed", error}
//               {type: "out", id, text}             more of the output's head
//               {type: "tail", id, text, dropped}   the output's tail now, once the head is full
//               {type: "done", id, error, interrupted}
//                 error: null | {type, traceback, last, line}  (last: "Type: message\n")
// Each page gets its own namespace; cells of one page share it, in the order run.
//
// Start-up: the first visit starts Python from scratch, installs the teaching
// module, imports every module it carries and saves a memory snapshot in the Cache
// API; later visits restore that snapshot, which skips Python's start and every
// import. The snapshot's key hashes the Pyodide version, the wheel and the
// bootstrap code, so a new book never restores an old state; a restored state is
// checked (bookcell.runtime.verify) before use, and one that fails to restore or
// to pass the check is deleted and rebuilt from scratch.

import { loadPyodide, version as PYODIDE_VERSION } from "../pyodide/pyodide.mjs";
import { OutputStream } from "./output-stream.js";

const here = new URL(".", import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", here).href;
const WHEEL_URL = new URL("booktorch-0.1.0-py3-none-any.whl", here).href;

let pyodide = null;
let stream = null; // the output of the run in progress
const decoder = new TextDecoder();

const BOOTSTRAP = `
import bookcell
import bookcell.runtime
_book_namespaces = {}

def _book_run(page, code, name, fresh):
    if fresh:
        _book_namespaces.pop(page, None)
    namespace = _book_namespaces.setdefault(page, {"__name__": "__main__"})
    return bookcell.run(code, name, namespace)
`;

function write(bytes) {
  stream?.write(decoder.decode(bytes, { stream: true }));
  return bytes.length;
}

const SNAPSHOTS = "book-python-snapshots";

async function snapshotKey(wheel) {
  const parts = new TextEncoder().encode(`${PYODIDE_VERSION}\n${BOOTSTRAP}\n`);
  const bytes = new Uint8Array(parts.length + wheel.length);
  bytes.set(parts);
  bytes.set(wheel, parts.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`python-snapshot-${hex}.bin`, here).href;
}

async function openSnapshots() {
  try {
    return await caches.open(SNAPSHOTS);
  } catch {
    return null; // no Cache API (e.g. an insecure origin): always start from scratch
  }
}

// Python objects the worker passes in by value (bytes) and gets back as text or null.
function callPython(instance, dotted, ...args) {
  const [module, name] = [dotted.slice(0, dotted.lastIndexOf(".")), dotted.slice(dotted.lastIndexOf(".") + 1)];
  const fn = instance.pyimport(module)[name];
  const converted = args.map((a) => (a instanceof Uint8Array ? instance.toPy(a) : a));
  try {
    return fn(...converted);
  } finally {
    converted.forEach((a, i) => a !== args[i] && a.destroy());
    fn.destroy();
  }
}

async function restore(store, key, wheel) {
  const hit = store && (await store.match(key));
  if (!hit) return null;
  try {
    const instance = await loadPyodide({ indexURL: PYODIDE_URL, _loadSnapshot: new Uint8Array(await hit.arrayBuffer()) });
    const problem = callPython(instance, "bookcell.runtime.verify", wheel);
    if (problem) throw new Error(problem);
    instance.unpackArchive(wheel, "wheel"); // the files too, for tracebacks and inspect
    return instance;
  } catch (e) {
    console.warn("book: the saved Python state is not usable; starting afresh:", e.message);
    await store.delete(key); // a snapshot that fails once is never trusted again
    return null;
  }
}

async function fromScratch(wheel) {
  const instance = await loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false, _makeSnapshot: true });
  instance.unpackArchive(wheel, "wheel");
  instance.runPython("import bookcell.runtime");
  callPython(instance, "bookcell.runtime.prepare", wheel);
  instance.runPython(BOOTSTRAP);
  return { instance, snapshot: instance.makeMemorySnapshot() };
}

async function save(store, key, snapshot) {
  if (!store) return;
  for (const old of await store.keys()) await store.delete(old); // one book, one snapshot
  await store.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
}

async function init(interrupt) {
  const started = performance.now();
  const wheel = new Uint8Array(await (await fetch(WHEEL_URL)).arrayBuffer());
  const key = await snapshotKey(wheel);
  const store = await openSnapshots();
  let snapshot = null;
  pyodide = await restore(store, key, wheel);
  const restored = pyodide !== null;
  if (!restored) ({ instance: pyodide, snapshot } = await fromScratch(wheel));
  pyodide.setStdout({ write });
  pyodide.setStderr({ write });
  if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, restored });
  if (snapshot) save(store, key, snapshot).catch((e) => console.warn("book: snapshot not saved", e)); // storage full: next visit starts from scratch
}

function run({ id, page, code, name, fresh }) {
  stream = new OutputStream((message) => postMessage({ ...message, id }));
  let outcome;
  try {
    outcome = pyodide.globals.get("_book_run")(page, code, name, Boolean(fresh));
  } finally {
    stream.write(decoder.decode()); // a character cut in half at the very end
    stream.close();
    stream = null;
  }
  const result = outcome ? outcome.toJs() : null;
  if (outcome) outcome.destroy();
  const [type, traceback, last, line] = result || [];
  const error = result ? { type, traceback, last, line: line ?? null } : null;
  postMessage({ type: "done", id, error, interrupted: type === "KeyboardInterrupt" });
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === "init") await init(message.interrupt);
    else if (message.type === "run") run(message);
  } catch (error) {
    const text = String(error);
    if (message.type === "init") postMessage({ type: "failed", error: text });
    else postMessage({ type: "done", id: message.id, error: { type: "Error", traceback: text, last: text, line: null }, interrupted: false });
  }
};
