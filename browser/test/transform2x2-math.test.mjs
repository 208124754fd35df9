// Unit tests of the transform2x2 widget's pure math (node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_MATRIX,
  LETTER_F,
  PRESETS,
  apply,
  clean,
  collapse,
  columns,
  describe,
  det,
  format,
  formatHash,
  fromColumns,
  interpolate,
  mayReplaceHash,
  nudge,
  orientationArc,
  parseHash,
  rank,
  snap,
  unitSquare,
} from "../src/widgets/transform2x2-math.js";

// Signed area of a polygon (shoelace), positive when its corners run counter-clockwise.
function signedArea(points) {
  let twice = 0;
  for (let k = 0; k < points.length; k += 1) {
    const [x0, y0] = points[k];
    const [x1, y1] = points[(k + 1) % points.length];
    twice += x0 * y1 - x1 * y0;
  }
  return clean(twice / 2);
}

test("the columns are where i-hat and j-hat land", () => {
  const m = [2, -1, 1, 1];
  assert.deepEqual(apply(m, [1, 0]), [2, 1]);
  assert.deepEqual(apply(m, [0, 1]), [-1, 1]);
  assert.deepEqual(columns(m), [[2, 1], [-1, 1]]);
  assert.deepEqual(fromColumns([2, 1], [-1, 1]), m);
  assert.deepEqual(apply(m, [3, 2]), [4, 5]); // the book's combine example
});

test("det is the signed area of the transformed unit square", () => {
  for (const m of [[2, 0, 0, 1], [1, 1, 0, 1], [0, -1, 1, 0], [-1, 0, 0, 1], [2, 1, 1, 0.5], [0.3, 0.1, 0.6, 0.2], [1.5, -2, 0.7, 3]]) {
    assert.equal(signedArea(unitSquare(m)), det(m), String(m));
  }
  assert.deepEqual([[2, 0, 0, 1], [1, 1, 0, 1], [0, -1, 1, 0], [-1, 0, 0, 1], [2, 1, 1, 0.5]].map(det), [2, 1, 1, -1, 0]);
  assert.equal(det([0.3, 0.1, 0.6, 0.2]), 0); // float dust cleaned: 0.06 - 0.06
});

test("rank and the collapse line", () => {
  assert.equal(rank([1, 0, 0, 1]), 2);
  assert.deepEqual(collapse([1, 0, 0, 1]).kind, "plane");
  const line = collapse([2, 1, 1, 0.5]);
  assert.equal(line.rank, 1);
  assert.deepEqual(line.along, [2, 1]);
  assert.ok(Math.abs(line.direction[0] - 2 / Math.sqrt(5)) < 1e-9 && Math.abs(line.direction[1] - 1 / Math.sqrt(5)) < 1e-9);
  const vertical = collapse([0, 0, -3, 0]); // only column 0 is nonzero, pointing down
  assert.deepEqual(vertical.direction, [0, 1]);
  assert.deepEqual(vertical.along, [0, -3]);
  assert.deepEqual(collapse([0, 0, 0, 0]), { rank: 0, kind: "point", direction: null, along: null });
  // Every image lands on the line.
  for (const v of [[1, 0], [0, 2], [-3, 1.5], [0.7, -2]]) {
    const [x, y] = apply([2, 1, 1, 0.5], v);
    assert.ok(Math.abs(x * line.direction[1] - y * line.direction[0]) < 1e-8); // direction is rounded to 9 decimals
  }
});

test("the orientation arc turns counter-clockwise for det > 0 and clockwise for det < 0", () => {
  assert.equal(orientationArc([1, 0, 0, 1]).direction, "counter-clockwise");
  assert.ok(Math.abs(orientationArc([1, 0, 0, 1]).sweep - Math.PI / 2) < 1e-12);
  assert.equal(orientationArc([-1, 0, 0, 1]).direction, "clockwise");
  assert.equal(orientationArc([0, 1, 1, 0]).direction, "clockwise");
  assert.equal(orientationArc([2, 1, 1, 0.5]), null);
  for (let k = 0; k < 200; k += 1) {
    const m = [Math.sin(k), Math.cos(3 * k), Math.sin(7 * k + 1), Math.cos(k / 2)].map((x) => 3 * x);
    const arc = orientationArc(m);
    if (arc) assert.equal(Math.sign(arc.sweep), Math.sign(det(m)), String(m));
  }
});

test("the slider interpolates entries from the identity to M", () => {
  assert.deepEqual(interpolate([0, -1, 1, 0], 0), [1, 0, 0, 1]);
  assert.deepEqual(interpolate([0, -1, 1, 0], 1), [0, -1, 1, 0]);
  assert.deepEqual(interpolate([-1, 0, 0, 1], 0.5), [0, 0, 0, 1]); // the mirror passes through det = 0
  assert.equal(describe([-1, 0, 0, 1], 0.5).rank, 1);
});

test("snapping and nudging leave no float dust and respect the limits", () => {
  assert.equal(snap(0.1 + 0.2), 0.3);
  assert.equal(snap(7.3), 4);
  assert.equal(snap(-0.04), 0);
  assert.deepEqual(nudge([0.2, 0.1], 1, 0), [0.3, 0.1]);
  assert.deepEqual(nudge([3.5, 0], 1, 0, 1), [4, 0]);
  assert.deepEqual(nudge([0, 0], 0, -1, 1), [0, -1]);
});

test("the URL hash round-trips and ignores other hashes", () => {
  assert.equal(formatHash([2, -1, 1, 1], [1, 2]), "#m=2,-1,1,1&v=1,2");
  assert.deepEqual(parseHash("#m=2,-1,1,1&v=1,2"), { matrix: [2, -1, 1, 1], v: [1, 2] });
  assert.deepEqual(parseHash("#m=0,-1,1,0"), { matrix: [0, -1, 1, 0], v: null });
  assert.equal(parseHash("#the-determinant-how-much-area-changes"), null);
  assert.equal(parseHash("#m=1,2,3"), null);
  assert.equal(parseHash("#m=1,,3,4"), null);
  assert.equal(parseHash("#m=a,b,c,d"), null);
  assert.equal(parseHash("#m=%E0%A4%A"), null);
  assert.deepEqual(parseHash("#m=99,0,0,1").matrix, [4, 0, 0, 1]);
});

test("the hash is replaced only when empty, ours, or a heading's tracked anchor", () => {
  assert.equal(mayReplaceHash("", false), true);
  assert.equal(mayReplaceHash("#m=1,0,0,1", false), true);
  assert.equal(mayReplaceHash("#where-the-unit-vectors-land", true), true);
  assert.equal(mayReplaceHash("#fn:1", false), false);
  assert.equal(mayReplaceHash("#__codelineno-0-3", false), false);
});

test("formatting, presets, the F and defaults", () => {
  assert.equal(format(-0.5), "\u22120.5");
  assert.equal(format(0.30000000000000004), "0.3");
  assert.equal(format(2), "2");
  assert.equal(describe(PRESETS.singular.matrix).collapse, "line");
  assert.equal(describe(PRESETS.reflection.matrix).sign, -1);
  assert.equal(describe(PRESETS.rotation.matrix).det, 1);
  assert.equal(LETTER_F.length, 10);
  assert.deepEqual(describe(DEFAULT_MATRIX).mv, [0, 3]); // [1, 2] -> [0, 3], as the book prints
});
