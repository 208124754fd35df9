// The worker's output batching and cap (browser/src/output-stream.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { OutputStream } from "../src/output-stream.js";

function recorder(options) {
  let clock = 0;
  const posts = [];
  const stream = new OutputStream((message) => posts.push(message), { now: () => clock, ...options });
  return { stream, posts, tick: (ms) => (clock += ms) };
}

test("writes within one flush interval are posted as one message", () => {
  const { stream, posts, tick } = recorder();
  for (let i = 0; i < 1000; i += 1) stream.write(`${i}\n`);
  assert.equal(posts.length, 0);
  tick(60);
  stream.write("last\n");
  assert.equal(posts.length, 1);
  assert.equal(posts[0].type, "out");
  assert.ok(posts[0].text.startsWith("0\n1\n2\n") && posts[0].text.endsWith("999\nlast\n"));
});

test("close posts what is left", () => {
  const { stream, posts } = recorder();
  stream.write("a");
  stream.write("b");
  stream.close();
  assert.deepEqual(posts, [{ type: "out", text: "ab" }]);
});

test("a flood keeps the head in full and only the latest tail, counting what it left out", () => {
  const { stream, posts, tick } = recorder({ head: 100, tail: 30 });
  const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`);
  lines.forEach((line, i) => {
    stream.write(line);
    if (i % 100 === 0) tick(60);
  });
  stream.close();
  const head = posts.filter((m) => m.type === "out").map((m) => m.text).join("");
  const all = lines.join("");
  assert.equal(head, all.slice(0, 100));
  const tails = posts.filter((m) => m.type === "tail");
  const last = tails.at(-1);
  assert.equal(last.text, all.slice(-30));
  assert.equal(last.dropped.characters, all.length - 130);
  const droppedText = all.slice(100, all.length - 30);
  assert.equal(last.dropped.lines, droppedText.split("\n").length - 1);
  assert.ok(posts.length < 120, `${posts.length} messages for 5000 writes`);
});

test("a piece that straddles the head's end is split, not lost", () => {
  const { stream, posts } = recorder({ head: 5, tail: 100 });
  stream.write("abcdefgh");
  stream.close();
  assert.deepEqual(posts, [
    { type: "out", text: "abcde" },
    { type: "tail", text: "fgh", dropped: { characters: 0, lines: 0 } },
  ]);
});
