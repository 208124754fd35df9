// The book's Python, off the main thread: Pyodide plus the teaching module.
//
// Messages in:  {type: "init", interrupt?: SharedArrayBuffer}
//               {type: "run", id, page, code, name, quiet, fresh}  (fresh: new namespace)
// Messages out: {type: "ready", seconds} | {type: "failed", error}
//               {type: "out", id, text}
//               {type: "done", id, traceback, last, interrupted}  (last: "Type: message\n")
// Each page gets its own namespace; cells of one page share it, in the order run.
//
// Start-up: the first visit starts Python from scratch, installs the teaching
// module and saves a memory snapshot in the Cache API; later visits restore that
// snapshot, which skips Python's start and every import. The snapshot's key hashes
// the Pyodide version, the wheel and the bootstrap code, so a new book never
// restores an old state; one that fails to restore is deleted and rebuilt.

import { loadPyodide, version as PYODIDE_VERSION } from "../pyodide/pyodide.mjs";

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

async function restore(store, key) {
  const hit = store && (await store.match(key));
  if (!hit) return null;
  try {
    return await loadPyodide({ indexURL: PYODIDE_URL, _loadSnapshot: new Uint8Array(await hit.arrayBuffer()) });
  } catch (e) {
    console.error("restore failed", e);
    await store.delete(key); // a snapshot that cannot be restored is never trusted again
    return null;
  }
}

async function fromScratch(wheel) {
  const instance = await loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false, _makeSnapshot: true });
  instance.unpackArchive(wheel, "wheel");
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
  pyodide = await restore(store, key);
  const restored = pyodide !== null;
  if (!restored) ({ instance: pyodide, snapshot } = await fromScratch(wheel));
  pyodide.setStdout({ write });
  pyodide.setStderr({ write });
  if (interrupt) pyodide.setInterruptBuffer(new Int32Array(interrupt));
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000, restored });
  if (snapshot) save(store, key, snapshot).catch((e) => console.error("snapshot save", e)); // storage full: next visit starts from scratch
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
