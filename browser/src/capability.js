// Can this browser run the cells? Python runs in a module Web Worker, as WebAssembly,
// and needs a few hundred megabytes of memory. Returns null, or why not (a phrase).

const MIN_MEMORY_GB = 1; // navigator.deviceMemory (Chromium) rounds down: 0.25, 0.5, 1, 2...

export function cannotRun(env = globalThis) {
  if (typeof env.Worker !== "function") return "it has no Web Workers";
  if (typeof env.WebAssembly !== "object" || typeof env.WebAssembly.instantiate !== "function") {
    return "it has no WebAssembly";
  }
  if (!moduleWorkers(env)) return "its Web Workers cannot load modules";
  const memory = env.navigator?.deviceMemory;
  if (typeof memory === "number" && memory < MIN_MEMORY_GB) {
    return `it reports ${memory} GB of memory, and Python needs about ${MIN_MEMORY_GB} GB`;
  }
  return null;
}

// The known test: a browser reads the options' `type` only if it has module workers.
// The options are read before the URL is parsed, so an unparsable URL makes no worker.
function moduleWorkers(env) {
  let supported = false;
  const probe = {
    get type() {
      supported = true;
      return "module";
    },
  };
  try {
    new env.Worker("http://[", probe);
  } catch {
    /* SyntaxError: the URL, as intended */
  }
  return supported;
}
