// Run the book's browser cells in the real runtime the reader gets: Pyodide (its
// Python 3.14) with the booktorch wheel, one namespace per page, in page order.
//   node browser/test/pyodide-cells.mjs <wheel> < programs.json > results.json
// programs.json: {"page": ["code", ...], ...}; results: {"page": ["text", ...]}
// where text is what the cell printed plus "Type: message" if it raised.

import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(readFileSync(process.argv[2])), "wheel");
pyodide.runPython(`
import io, sys, traceback, booktorch
booktorch.install_as_torch()

def run_cell(namespace, code, name):
    out = io.StringIO()
    sys.stdout = out
    try:
        exec(compile(code, name, "exec"), namespace)
    except BaseException as exc:
        out.write("".join(traceback.format_exception_only(type(exc), exc)))
    finally:
        sys.stdout = sys.__stdout__
    return out.getvalue()
`);
const runCell = pyodide.globals.get("run_cell");
const programs = JSON.parse(readFileSync(0, "utf8"));
const results = {};
for (const [page, cells] of Object.entries(programs)) {
  const namespace = pyodide.toPy({ __name__: "__main__" });
  results[page] = cells.map((code, index) => runCell(namespace, code, `cell ${index + 1}`));
}
process.stdout.write(JSON.stringify(results));
