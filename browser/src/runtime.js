// One Python worker for the whole site visit, started on intent.
//
// Stop interrupts through a SharedArrayBuffer when the page is cross-origin
// isolated; otherwise it ends the worker, starts a new one and quietly replays
// the runs of that namespace that had finished, so it is as the reader left it. A
// run that was stopped is never replayed.
//
// Runs and calls are queued, one at a time. Each job says who it is for ({page, label}):
// `busy` is the job Python is working on now (the "busy" event tells when it changes),
// so a waiting cell can say what it waits for, and leaving a page stops that page's
// jobs (a page that is gone cannot show their output).
//
// A run's output arrives as {kind: "out", text, partial} pieces (more of its head, and
// its unfinished last line) and {kind: "tail", text, dropped} (its tail so far, once the
// head is full): see output-stream.js.
//
// A widget asks Python for a value with call(module, name, args): queued like a run,
// never replayed, it resolves with {value, error, interrupted}.

import { keepOffline } from "./offline.js";

const WORKER_URL = new URL("./cell-worker.js", import.meta.url);
const SIGINT = 2;
const INTERRUPT_GRACE_MS = 1000;
const OFFLINE = "this browser is offline and has no copy of Python yet: run a cell once while the book's site can be reached, and the cells work offline after that";
const STOPPED = { interrupted: true, error: null };

export class Runtime {
  constructor() {
    this.worker = null;
    this.ready = null; // Promise, settled when Python is ready (and, after a restart, replayed)
    this.interrupt = null; // Int32Array over a SharedArrayBuffer, when isolated
    this.pending = new Map(); // message id -> {resolve, onOut}
    this.nextId = 1;
    this.queue = Promise.resolve();
    this.waiting = new Set(); // jobs queued, not started
    this.busy = null; // the job running now: {page, label}
    this.history = new Map(); // namespace -> [{code, name}] finished runs, to replay after a restart
    this.listeners = new Set();
    this.state = "idle"; // the last of: idle, loading, ready, failed, lost, restarting
  }

  get isolated() {
    return self.crossOriginIsolated === true;
  }

  onState(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(state, detail) {
    if (state !== "busy") this.state = state;
    for (const listener of [...this.listeners]) listener(state, detail);
  }

  start() {
    if (!this.ready) this.ready = this.spawn();
    return this.ready;
  }

  spawn() {
    performance.mark("book-python-start");
    this.emit("loading");
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    this.interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    return new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          performance.mark("book-python-ready", { detail: { restored: data.restored } }); // for bench/
          this.emit("ready", data);
          keepOffline("assets/pyodide/"); // Python started before the offline worker controlled this page
          resolve();
        } else if (data.type === "failed") {
          this.emit("failed", data);
          this.ready = null;
          reject(new Error(data.offline || navigator.onLine === false ? OFFLINE : data.error));
        } else if (data.type === "out" || data.type === "tail") {
          this.pending.get(data.id)?.onOut({ kind: data.type, text: data.text, partial: data.partial, dropped: data.dropped });
        } else if (data.type === "lost") {
          this.lost(data.error);
        } else if (data.type === "done") {
          const entry = this.pending.get(data.id);
          this.pending.delete(data.id);
          entry?.resolve(data);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        const message = event.message || "the Python worker stopped unexpectedly";
        if (this.worker !== worker) return;
        this.lost(message);
        reject(new Error(message));
      };
      worker.postMessage({ type: "init", interrupt: this.interrupt?.buffer });
    });
  }

  // The worker died (out of memory, a crash): every run in flight ends with an error
  // that says so, and the next run starts a new worker.
  lost(message) {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    const error = { type: "WorkerLost", traceback: `Python stopped unexpectedly (${message}); it restarts on the next run.\n`, last: null, line: null };
    for (const [id, entry] of this.pending) entry.resolve({ id, error, interrupted: false });
    this.pending.clear();
    this.history.clear();
    this.emit("lost", { error: message });
  }

  // A run of `code` in the namespace `space` (a page's, or an exercise's). `page` and
  // `label` say whose it is ("cell 3" of /tensors/), for `busy` and for leave().
  // `onStart` is called when the run leaves the queue; `cancel()` on the returned promise
  // takes it out of the queue if it has not started.
  run(space, code, name, onOut = () => {}, { quiet = false, fresh = false, page = space, label = name, onStart } = {}) {
    return this.enqueue({ page, label }, async () => {
      await this.start();
      onStart?.();
      if (fresh) this.history.set(space, []);
      const result = await this.post({ type: "run", page: space, code, name, fresh }, quiet ? () => {} : onOut);
      if (!result.error && !result.interrupted) this.remember(space, code, name);
      return result;
    });
  }

  // The value of Python's module.name(...args), arguments and value JSON-able, in turn
  // with the runs: {value, error, interrupted}, error as a run reports it. Stop ends a
  // call as it ends a run (value undefined); the Python it changes is not replayed.
  call(module, name, args = [], { page = location.pathname, label = name } = {}) {
    return this.enqueue({ page, label }, async () => {
      await this.start();
      return this.post({ type: "call", module, name, args });
    });
  }

  // `task` once the jobs before it are done. The promise's cancel() takes the job out of
  // the queue: if it has not started, it resolves as stopped ({cancelled: true}) without running.
  enqueue(about, task) {
    const job = { ...about, cancelled: false };
    this.waiting.add(job);
    const done = this.queue.then(async () => {
      this.waiting.delete(job);
      if (job.cancelled) return { ...STOPPED, cancelled: true };
      this.setBusy(job);
      try {
        return await task();
      } finally {
        this.setBusy(null);
      }
    });
    this.queue = done.catch(() => {});
    done.cancel = () => (job.cancelled = true);
    return done;
  }

  setBusy(job) {
    this.busy = job;
    this.emit("busy", job);
  }

  // Resolves with the worker's "done" message for `message` (a run or a call).
  post(message, onOut = () => {}) {
    const id = this.nextId++;
    if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onOut });
      this.worker.postMessage({ ...message, id });
    });
  }

  remember(space, code, name) {
    if (!this.history.has(space)) this.history.set(space, []);
    this.history.get(space).push({ code, name });
  }

  // The reader left `page`: its queued jobs never run, and the one running stops.
  async leave(page) {
    for (const job of this.waiting) if (job.page === page) job.cancelled = true;
    if (this.busy?.page === page && this.pending.size) await this.stop(page, { replay: false });
  }

  // Ends the running job. Resolves once the runtime can take the next one. An interrupt
  // that Python has not acted on within INTERRUPT_GRACE_MS (code stuck in a long native
  // call) ends the worker instead; a new one replays the finished runs of `space`.
  async stop(space, { replay = true } = {}) {
    if (this.pending.size === 0) return;
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, SIGINT);
      const running = [...this.pending.keys()];
      const stillRunning = () => running.some((id) => this.pending.has(id));
      for (let waited = 0; waited < INTERRUPT_GRACE_MS && stillRunning(); waited += 25) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      if (!stillRunning()) return;
    }
    this.worker.terminate();
    this.worker = null;
    for (const [id, entry] of this.pending) entry.resolve({ id, ...STOPPED });
    this.pending.clear();
    const runs = replay ? this.history.get(space) || [] : [];
    this.history.clear(); // the new worker starts with no namespace at all
    this.emit("restarting");
    // the replay is part of being ready: a queued run waits for it
    this.ready = this.spawn().then(() => this.replay(space, runs));
    await this.ready.catch(() => {});
  }

  async replay(space, runs) {
    for (const { code, name } of runs) {
      const result = await this.post({ type: "run", page: space, code, name }, () => {});
      if (!result.error && !result.interrupted) this.remember(space, code, name);
    }
  }
}

export const runtime = new Runtime();
