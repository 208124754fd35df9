// The book's Python, off the main thread: Pyodide plus the teaching module.
//
// Messages in:  {type: "init", interrupt?: SharedArrayBuffer}
//               {type: "run", id, page, code, name, fresh}  (fresh: new namespace)
//               {type: "call", id, module, name, args}  module.name(...args), args JSON-able
// Messages out: {type: "ready", seconds, restored} | {type: "failed", error}
//               {type: "out", id, text, partial}    more of the output's head, its unfinished line
//               {type: "tail", id, text, dropped}   the output's tail now, once the head is full
//               {type: "done", id, error, interrupted}
//                 error: null | {type, traceback, last, line}  (last: "Type: message\n")
//               {type: "done", id, value, error, interrupted}   a call's answer: its return
//                 value (JSON-able, null after an error), error as a run's
//               {type: "lost", error}   Python crashed; this worker closes itself
// Each page gets its own namespace; cells of one page share it, in the order run. A
// call runs in no namespace, and what it prints is not kept.
//
// Start-up: the first visit starts Python from scratch, installs the teaching
// module, imports every module it carries and saves a memory snapshot in the Cache
// API; later visits restore that snapshot, which skips Python's start and every
// import. The snapshot's key hashes the Pyodide version, the wheel's sha256 (from
// the lock) and the bootstrap code, so a new book never restores an old state; a restored state is
// checked (bookcell.runtime.verify) before use, and one that fails to restore or
// to pass the check is deleted and rebuilt from scratch.

import { OutputStream } from "./output-stream.js";

const here = new URL(".", import.meta.url);
const PYODIDE_URL = new URL("../pyodide/", here).href;
// The site's own lock (Pyodide's format): the booktorch wheel with its sha256, which
// is checked before the wheel is installed (see bookengine/pyodide_lock.py).
const LOCK_URL = new URL("pyodide-lock.json", PYODIDE_URL).href;
const PACKAGE = "booktorch";

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

// The snapshot's key: the Pyodide version, this bootstrap and the wheel's sha256.
async function snapshotKey(pyodideVersion, wheelSha256) {
  const bytes = new TextEncoder().encode(`${pyodideVersion}\n${BOOTSTRAP}\n${wheelSha256}`);
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

function callPython(instance, module, name, ...args) {
  const fn = instance.pyimport(module)[name];
  try {
    return fn(...args) ?? null;
  } finally {
    fn.destroy();
  }
}

async function restore(loadPyodide, store, key) {
  const hit = store && (await store.match(key));
  if (!hit) return null;
  try {
    // read while Pyodide loads its script (loadPyodide awaits the snapshot only after that)
    const snapshot = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    snapshot.catch(() => {}); // a failed read fails loadPyodide, and is handled below
    const instance = await loadPyodide({ indexURL: PYODIDE_URL, lockFileURL: LOCK_URL, _loadSnapshot: snapshot });
    const problem = callPython(instance, "bookcell.runtime", "verify");
    if (problem) throw new Error(problem);
    return instance;
  } catch (e) {
    console.warn("book: the saved Python state is not usable; starting afresh:", e.message);
    await store.delete(key); // a snapshot that fails once is never trusted again
    return null;
  }
}

// The wheel, checked by the browser against the sha256 the lock gives (Subresource
// Integrity). Not pyodide.loadPackage: it keeps a JavaScript object in Python's
// memory, and a memory snapshot can only be made while there is none.
async function fetchWheel(entry) {
  const integrity = "sha256-" + btoa(String.fromCharCode(...entry.sha256.match(/../g).map((h) => parseInt(h, 16))));
  let response;
  try {
    response = await fetch(new URL(entry.file_name, PYODIDE_URL), { integrity });
  } catch {
    throw new Error(`${entry.file_name} could not be fetched, or does not match its sha256 in pyodide-lock.json`);
  }
  if (!response.ok) throw new Error(`${entry.file_name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fromScratch(loadPyodide, entry) {
  const instance = await loadPyodide({ indexURL: PYODIDE_URL, lockFileURL: LOCK_URL, fullStdLib: false, _makeSnapshot: true });
  instance.unpackArchive(await fetchWheel(entry), "wheel");
  instance.runPython("import bookcell.runtime");
  callPython(instance, "bookcell.runtime", "prepare");
  instance.runPython(BOOTSTRAP);
  return { instance, snapshot: instance.makeMemorySnapshot() };
}

async function save(store, key, snapshot) {
  if (!store) return;
  for (const old of await store.keys()) await store.delete(old); // one book, one snapshot
  await store.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
}

// This worker exists because a reader showed intent, so it fetches what start-up needs
// at once, side by side: Pyodide's module, the lock and the snapshot store.
const started = performance.now();
const pyodideModule = import("../pyodide/pyodide.mjs");
const lock = fetch(LOCK_URL).then((response) => response.json());
const snapshots = openSnapshots();
pyodideModule.catch(() => {}); // a failure is reported by init, which awaits them
lock.catch(() => {});

async function init(interrupt) {
  const [{ loadPyodide, version }, { packages }, store] = await Promise.all([pyodideModule, lock, snapshots]);
  const entry = packages[PACKAGE];
  const key = await snapshotKey(version, entry.sha256);
  let snapshot = null;
  pyodide = await restore(loadPyodide, store, key);
  const restored = pyodide !== null;
  if (!restored) ({ instance: pyodide, snapshot } = await fromScratch(loadPyodide, entry));
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
  postMessage({ type: "done", id, ...reported(result) });
}

// What a run or a call reports of an exception, from bookcell's (type, traceback, last, line).
function reported(described) {
  if (!described) return { error: null, interrupted: false };
  const [type, traceback, last, line] = described;
  return { error: { type, traceback, last, line: line ?? null }, interrupted: type === "KeyboardInterrupt" };
}

// A widget's question: bookcell.call passes the arguments and the value as JSON, so the
// answer is plain data, posted like any message.
function call({ id, module, name, args }) {
  const outcome = callPython(pyodide, "bookcell", "call", module, name, JSON.stringify(args ?? []));
  const [value, described] = outcome.toJs();
  outcome.destroy();
  postMessage({ type: "done", id, value: described ? null : JSON.parse(value), ...reported(described) });
}

// Whether Python failed to start because the book's site cannot be reached. A worker's
// navigator.onLine can lag behind the page's, so a request that fails outright says it too.
async function unreachable() {
  if (self.navigator?.onLine === false) return true;
  try {
    await fetch(new URL("pyodide.mjs", PYODIDE_URL), { method: "HEAD", cache: "no-store" });
    return false;
  } catch {
    return true;
  }
}

self.onmessage = async (event) => {
  const message = event.data;
  try {
    if (message.type === "init") await init(message.interrupt);
    else if (message.type === "run") run(message);
    else if (message.type === "call") call(message);
  } catch (error) {
    const text = String(error?.message || error);
    if (message.type === "init") {
      postMessage({ type: "failed", error: text, offline: await unreachable() });
    } else {
      // bookcell.run and bookcell.call catch every Python exception, so this is Python itself failing
      // (a crash inside WebAssembly): this worker is done; the page starts a new one.
      postMessage({ type: "lost", error: text });
      self.close();
    }
  }
};
