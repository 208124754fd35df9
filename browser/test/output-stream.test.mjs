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

test("close posts what is left, an unfinished line as the head's partial line", () => {
  const { stream, posts } = recorder();
  stream.write("a");
  stream.write("b");
  stream.close();
  assert.deepEqual(posts, [{ type: "out", text: "", partial: "ab" }]);
});

// What a page shows from the messages, as output-view.js puts them together.
function shown(posts) {
  const head = posts.filter((m) => m.type === "out").map((m) => m.text).join("");
  const partial = posts.filter((m) => m.type === "out").at(-1)?.partial ?? "";
  const tail = posts.filter((m) => m.type === "tail").at(-1);
  return { head: head + partial, tail: tail?.text ?? "", dropped: tail?.dropped };
}

test("a flood keeps whole lines of its head and of its latest tail, and counts the lines between", () => {
  const { stream, posts, tick } = recorder({ head: 100, tail: 30 });
  const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`);
  lines.forEach((line, i) => {
    stream.write(line);
    if (i % 100 === 0) tick(60);
  });
  stream.close();
  const { head, tail, dropped } = shown(posts);
  const all = lines.join("");
  assert.ok(head.endsWith("\n") && all.startsWith(head) && head.length <= 100 && head.length > 100 - 10, head);
  assert.ok(tail.endsWith("line 4999\n") && all.endsWith(tail) && tail.length <= 30, tail);
  assert.ok(lines.includes(tail.split("\n")[0] + "\n"), `the tail starts inside a line: ${tail}`);
  const droppedText = all.slice(head.length, all.length - tail.length);
  assert.equal(dropped.characters, droppedText.length);
  assert.equal(dropped.lines, droppedText.split("\n").length - 1);
  assert.equal(head.split("\n").length - 1 + dropped.lines + tail.split("\n").length - 1, 5000);
  assert.equal(dropped.midLine, false);
  assert.ok(posts.length < 120, `${posts.length} messages for 5000 writes`);
});

test("100 000 numbers: no number is shown in part (98333 is never 333)", () => {
  const { stream, posts, tick } = recorder();
  for (let i = 1; i <= 100_000; i += 1) {
    stream.write(`${i}\n`);
    if (i % 500 === 0) tick(60);
  }
  stream.close();
  const { head, tail, dropped } = shown(posts);
  const numbers = (text) => text.split("\n").filter(Boolean).map(Number);
  const first = numbers(head);
  const last = numbers(tail);
  assert.deepEqual(first, Array.from({ length: first.length }, (_, i) => i + 1));
  assert.deepEqual(last, Array.from({ length: last.length }, (_, i) => 100_000 - last.length + 1 + i));
  assert.equal(first.length + dropped.lines + last.length, 100_000);
});

test("a piece that straddles the head's end goes to the tail from its line's start", () => {
  const { stream, posts } = recorder({ head: 8, tail: 100 });
  stream.write("abc\ndefgh\nij");
  stream.close();
  assert.deepEqual(posts, [
    { type: "out", text: "abc\n", partial: "" },
    { type: "tail", text: "defgh\nij", dropped: { characters: 0, lines: 0, midLine: false } },
  ]);
});

test("a first line longer than the whole head is cut inside it, and says so", () => {
  const { stream, posts } = recorder({ head: 5, tail: 100 });
  stream.write("abcdefgh");
  stream.close();
  assert.deepEqual(posts, [
    { type: "out", text: "abcde", partial: "" },
    { type: "tail", text: "fgh", dropped: { characters: 0, lines: 0, midLine: true } },
  ]);
});

test("an unfinished line is shown as it grows, then joins the head when it ends", () => {
  const { stream, posts, tick } = recorder();
  stream.write("progress .");
  tick(60);
  stream.write(".");
  tick(60);
  stream.write(". done\nnext");
  stream.close();
  assert.deepEqual(posts.map((m) => [m.text, m.partial]), [["", "progress .."], ["progress ... done\n", "next"]]);
});
