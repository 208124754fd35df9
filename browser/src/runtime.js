// One Python worker for the whole site visit, started on intent.
//
// Stop interrupts through a SharedArrayBuffer when the page is cross-origin
// isolated; otherwise it ends the worker, starts a new one and quietly replays
// the cells this page had run, so the namespace is as the reader left it.
//
// A run's output arrives as {kind: "out", text} pieces (more of its head) and
// {kind: "tail", text, dropped} (its tail so far, once the head is full).
//
// A widget asks Python for a value with call(module, name, args): queued like a run,
// never replayed, it resolves with {value, error, interrupted}.

const WORKER_URL = new URL("./cell-worker.js", import.meta.url);
const SIGINT = 2;
const INTERRUPT_GRACE_MS = 1000;

export class Runtime {
  constructor() {
    this.worker = null;
    this.ready = null; // Promise, settled when Python is ready
    this.interrupt = null; // Int32Array over a SharedArrayBuffer, when isolated
    this.pending = new Map(); // run id -> {resolve, onOut}
    this.nextId = 1;
    this.queue = Promise.resolve();
    this.history = new Map(); // page -> [{code, name}] runs to replay after a restart
    this.listeners = new Set();
  }

  get isolated() {
    return self.crossOriginIsolated === true;
  }

  onState(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(state, detail) {
    for (const listener of this.listeners) listener(state, detail);
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
          resolve();
        } else if (data.type === "failed") {
          this.emit("failed", data);
          this.ready = null;
          reject(new Error(data.error));
        } else if (data.type === "out" || data.type === "tail") {
          this.pending.get(data.id)?.onOut({ kind: data.type, text: data.text, dropped: data.dropped });
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

  // Runs are serialised: a cell waits for the one before it.
  run(page, code, name, onOut = () => {}, { quiet = false, fresh = false } = {}) {
    return this.enqueue(async () => {
      await this.start();
      if (fresh) this.history.set(page, []);
      const result = await this.send(page, code, name, quiet ? () => {} : onOut, fresh);
      if (!result.error && !result.interrupted) this.remember(page, code, name);
      return result;
    });
  }

  // The value of Python's module.name(...args), arguments and value JSON-able, in turn
  // with the runs: {value, error, interrupted}, error as a run reports it. Stop ends a
  // call as it ends a run (value undefined); the Python it changes is not replayed.
  call(module, name, args = []) {
    return this.enqueue(async () => {
      await this.start();
      return this.post({ type: "call", module, name, args });
    });
  }

  enqueue(task) {
    const job = this.queue.then(task);
    this.queue = job.catch(() => {});
    return job;
  }

  send(page, code, name, onOut, fresh = false) {
    return this.post({ type: "run", page, code, name, fresh }, onOut);
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

  remember(page, code, name) {
    if (!this.history.has(page)) this.history.set(page, []);
    this.history.get(page).push({ code, name });
  }

  // Ends the running cell. Resolves once the runtime can take the next run. An
  // interrupt that Python has not acted on within INTERRUPT_GRACE_MS (code stuck in
  // a long native call) ends the worker instead.
  async stop(page) {
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
    for (const [id, entry] of this.pending) entry.resolve({ id, interrupted: true, error: null });
    this.pending.clear();
    this.ready = null;
    this.emit("restarting");
    const replay = this.history.get(page) || [];
    this.history.set(page, []);
    this.queue = (async () => {
      await this.start();
      for (const { code, name } of replay) {
        const result = await this.send(page, code, name, () => {});
        if (!result.error) this.remember(page, code, name);
      }
    })().catch(() => {});
    await this.queue;
  }
}

export const runtime = new Runtime();
