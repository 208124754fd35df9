// The length of every function in browser/src, from the parsed source (acorn). A
// function's length is its whole span, nested functions included: a long function
// does not look short for being made of inner ones.
//   node browser/test/function-lengths.mjs    the longest function of each file

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { parse } from "acorn";

export const SOURCES = fileURLToPath(new URL("../src/", import.meta.url));
const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

export function sourceFiles(folder = SOURCES) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

// Every node of the tree, depth first.
function* nodes(node) {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc") continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child.type === "string") yield* nodes(child);
    }
  }
}

// [{name, line, lines}] for every function of one source text; `name` is the
// declared, assigned or method name where there is one.
export function functionsOf(text) {
  const tree = parse(text, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const all = [...nodes(tree)];
  const names = new Map(); // function node -> the name it is given
  for (const node of all) {
    if ((node.type === "MethodDefinition" || node.type === "Property") && node.key) names.set(node.value, node.key.name ?? node.key.value);
    if (node.type === "VariableDeclarator" && node.init) names.set(node.init, node.id.name);
  }
  return all
    .filter((node) => FUNCTIONS.has(node.type))
    .map((node) => ({
      name: node.id?.name ?? names.get(node) ?? "(anonymous)",
      line: node.loc.start.line,
      lines: node.loc.end.line - node.loc.start.line + 1,
    }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of sourceFiles().sort()) {
    const [longest] = functionsOf(readFileSync(file, "utf8")).sort((a, b) => b.lines - a.lines);
    console.log(`${relative(SOURCES, file)}\t${longest ? `${longest.lines}\t${longest.name}` : "-"}`);
  }
}
