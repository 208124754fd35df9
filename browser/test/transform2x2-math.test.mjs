// Unit tests of the transform2x2 widget's pure math (node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE_HALF,
  DEFAULT_MATRIX,
  DEFAULT_PROBE,
  LETTER_F,
  LIMIT,
  PRESETS,
  apply,
  clean,
  collapse,
  columns,
  describe,
  det,
  entryProblem,
  fitView,
  format,
  formatHash,
  fromColumns,
  interpolate,
  mayReplaceHash,
  niceStep,
  nudge,
  orientationArc,
  parseHash,
  rank,
  readEntry,
  scaleText,
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
  assert.equal(snap(7.3), 7.3);
  assert.equal(snap(170), LIMIT);
  assert.equal(snap(1.234, 0.2, 4.5), 1.2); // a drag in a zoomed-out view snaps to a coarser grid
  assert.equal(snap(-9, 0.1, 4.5), -4.5); // and stays in the view it started in
  assert.equal(snap(-0.04), 0);
  assert.deepEqual(nudge([0.2, 0.1], 1, 0), [0.3, 0.1]);
  assert.deepEqual(nudge([3.5, 0], 1, 0, 1), [4.5, 0]); // keys go past the first view: it zooms out
  assert.deepEqual(nudge([99.5, 0], 1, 0, 1), [100, 0]);
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
  assert.deepEqual(parseHash("#m=99,0,0,1").matrix, [99, 0, 0, 1]); // read as written, never clamped
  assert.equal(parseHash("#m=1000,0,0,1"), null); // outside the limits: not read at all
  assert.equal(parseHash("#m=1,0,0,1&v=0,-101"), null);
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

test("an entry in range is taken as typed: 9 stays 9 (issue 23)", () => {
  assert.deepEqual(readEntry("9"), { ok: true, value: 9, typed: "9" });
  assert.deepEqual(readEntry(" -2.5 "), { ok: true, value: -2.5, typed: "-2.5" });
  assert.equal(readEntry("\u22123").value, -3); // a real minus sign, as the widget prints it
  assert.equal(readEntry(String(LIMIT)).value, LIMIT);
  assert.equal(readEntry(String(-LIMIT)).value, -LIMIT);
  assert.equal(readEntry("1e1").value, 10);
});

test("an entry the widget cannot take is refused with the range, what was typed and what M keeps", () => {
  assert.deepEqual(readEntry("1000"), { ok: false, reason: "range", typed: "1000" });
  assert.deepEqual(readEntry("100.5"), { ok: false, reason: "range", typed: "100.5" });
  assert.deepEqual(readEntry(""), { ok: false, reason: "empty", typed: "" });
  assert.deepEqual(readEntry("", true), { ok: false, reason: "unreadable", typed: "" }); // a number field's bad input
  assert.equal(readEntry("two").reason, "unreadable");
  const range = entryProblem("M[0, 0]", readEntry("1000"), 9);
  assert.equal(range, "M[0, 0]: 1000 is outside the range this widget draws, \u2212100 to 100. M keeps M[0, 0] = 9 until you type a number from \u2212100 to 100.");
  assert.match(entryProblem("M[1, 1]", readEntry(""), -0.5), /^M\[1, 1\] is empty\. M keeps M\[1, 1\] = \u22120\.5 until/);
  assert.match(entryProblem("M[0, 1]", readEntry("", true), 2), /not a number\. M keeps M\[0, 1\] = 2 /);
});

test("nice grid steps", () => {
  assert.deepEqual([0.3, 1, 1.2, 4.9, 5, 5.1, 10, 11, 1e4].map(niceStep), [0.5, 1, 2, 5, 5, 10, 10, 20, 1e4]);
});

// Every point the picture draws at slider position t: the transformed square (so î and ĵ), v, M v.
function drawnPoints(m, t, v) {
  const info = describe(m, t, v);
  return [...info.square, info.v, info.mv];
}

test("the view keeps everything M does in sight, with room to spare, for every t", () => {
  assert.deepEqual(fitView(DEFAULT_MATRIX, DEFAULT_PROBE), { half: BASE_HALF, step: 1, lines: 4 }); // the book's M: as before
  assert.deepEqual(fitView([9, -1, 1, 1], DEFAULT_PROBE), { half: 11, step: 2, lines: 5 }); // issue 23: an entry of 9
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1; // in (-1, 1)
  const cases = [[[LIMIT, LIMIT, LIMIT, LIMIT], [LIMIT, LIMIT]], [[-LIMIT, 0, 0, LIMIT], [-LIMIT, 3]], [[0, 0, 0, 0], [0, 0]]];
  for (let k = 0; k < 400; k += 1) {
    const scale = [0.1, 1, 4, 12, 100][k % 5];
    cases.push([[0, 1, 2, 3].map(() => clean(random() * scale)), [clean(random() * [1, 4, 100][k % 3]), clean(random() * 4)]]);
  }
  for (const [m, v] of cases) {
    const view = fitView(m, v);
    assert.ok(view.half >= BASE_HALF && view.lines >= 4 && view.lines <= 8, JSON.stringify([m, v, view]));
    assert.equal(view.half, clean((view.lines + 0.5) * view.step));
    assert.equal(niceStep(view.step), view.step);
    for (const t of [0, 0.25, 0.5, 0.9, 1]) {
      for (const p of drawnPoints(m, t, v)) {
        assert.ok(Math.max(Math.abs(p[0]), Math.abs(p[1])) <= view.half / 1.15 + 1e-9, JSON.stringify([m, v, t, p, view]));
      }
    }
  }
});

test("the scale in words", () => {
  assert.equal(scaleText(fitView(DEFAULT_MATRIX, DEFAULT_PROBE)), "Grid lines 1 apart, axes from \u22124.5 to 4.5.");
  assert.equal(scaleText(fitView([9, -1, 1, 1], DEFAULT_PROBE)), "Zoomed out to keep M's picture in view: grid lines 2 apart, axes from \u221211 to 11.");
});
