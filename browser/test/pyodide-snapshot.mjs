// A restored memory snapshot is checked before use (bookcell.runtime.verify).
//   node browser/test/pyodide-snapshot.mjs <wheel>   prints a JSON report
// Makes two snapshots as the worker would: one after bookcell.runtime.prepare (every
// module of the wheel imported) and one after only `import booktorch` (what the first
// edition's worker did). Each is restored the way the worker restores it, with an
// empty file system, and checked; then code that imports the tape widget's module runs.

import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const wheel = new Uint8Array(readFileSync(process.argv[2]));

async function snapshot(setup) {
  const pyodide = await loadPyodide({ _makeSnapshot: true });
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.runPython(setup);
  return pyodide.makeMemorySnapshot();
}

async function restored(bytes) {
  const pyodide = await loadPyodide({ _loadSnapshot: bytes });
  const verify = pyodide.pyimport("bookcell.runtime").verify;
  const problem = verify() ?? null;
  let cell;
  try {
    pyodide.runPython("import booktape.expression\nimport torch\n_answer = str(torch.tensor([1.0, 2.0]).sum())");
    cell = pyodide.globals.get("_answer");
  } catch (error) {
    cell = String(error.message).trim().split("\n").at(-1);
  }
  return { problem, cell };
}

const good = await snapshot("import bookcell.runtime\nbookcell.runtime.prepare()");
const old = await snapshot("import sys, booktorch\nsys.modules['torch'] = booktorch\nimport bookcell.runtime");
const partial = await snapshot("import sys, bookcell.runtime\nbookcell.runtime.prepare()\ndel sys.modules['booktape.expression']");
process.stdout.write(JSON.stringify({
  prepared: await restored(good),
  first_edition: await restored(old),
  missing_module: await restored(partial),
}));
