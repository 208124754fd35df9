// Every function in browser/src is shorter than MAX_LINES lines (node --test),
// measured on the parsed source with its nested functions (function-lengths.mjs).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { test } from "node:test";

import { SOURCES, functionsOf, sourceFiles } from "./function-lengths.mjs";

const MAX_LINES = 100;

test("a function is measured with the functions nested in it", () => {
  const inner = Array.from({ length: 60 }, (_, k) => `  function f${k}() {\n    return ${k};\n  }`).join("\n");
  const [outer, ...rest] = functionsOf(`export function mount() {\n${inner}\n}\n`);
  assert.deepEqual([outer.name, outer.lines, rest.length], ["mount", 182, 60]);
  const methods = functionsOf("class A {\n  draw() {\n    return () => 1;\n  }\n}\nconst f = function () {};\n");
  assert.deepEqual(methods.map((f) => [f.name, f.lines]), [["draw", 3], ["(anonymous)", 1], ["f", 1]]);
});

test(`every function in browser/src is under ${MAX_LINES} lines`, () => {
  const files = sourceFiles();
  assert.ok(files.length > 20, "browser/src/**/*.js");
  const long = files.flatMap((file) =>
    functionsOf(readFileSync(file, "utf8"))
      .filter((fn) => fn.lines >= MAX_LINES)
      .map((fn) => `${relative(SOURCES, file)}:${fn.line} ${fn.name}: ${fn.lines} lines`),
  );
  assert.deepEqual(long, []);
});
