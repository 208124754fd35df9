// Unit tests of the widgets' counted nouns (node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { counted, plural } from "../src/widgets/words.js";

test("one thing is singular, every other count plural", () => {
  assert.equal(counted(1, "element"), "1 element");
  for (const n of [0, 2, 10, 0.5, 1.5, -1]) assert.equal(counted(n, "element"), `${n} elements`);
  assert.equal(counted(1, "entry", "entries"), "1 entry");
  assert.equal(counted(2, "entry", "entries"), "2 entries");
  assert.equal(plural(1, "byte"), "byte");
  assert.equal(plural(4, "byte"), "bytes");
});

test("BigInt counts and counts written as text", () => {
  assert.equal(counted(1n, "byte"), "1 byte");
  assert.equal(counted(0n, "byte"), "0 bytes");
  assert.equal(plural("1", "element"), "element");
  assert.equal(plural("1,000", "element"), "elements");
  assert.equal(counted(18432n, "element", undefined, "18,432"), "18,432 elements");
  assert.equal(counted(1n, "element", undefined, "1"), "1 element");
});
