// Counted nouns for the widgets' text, on screen, in aria labels and in the live
// region: "1 element" but "0 elements" and "1,024 elements". Pure (no DOM), so the
// math modules use it too.

// Is this count exactly one? A number, a BigInt or the text of a count ("1", not "1,000").
function isOne(count) {
  return typeof count === "bigint" ? count === 1n : Number(String(count).replaceAll(",", "")) === 1;
}

// The noun for `count` things: plural(1, "entry", "entries") is "entry", plural(3, ...) "entries".
export function plural(count, one, many = `${one}s`) {
  return isOne(count) ? one : many;
}

// The count and its noun: counted(1, "element") is "1 element". `shown` is how the count
// is written when that differs from String(count) (digits grouped: "18,432").
export function counted(count, one, many = `${one}s`, shown = String(count)) {
  return `${shown} ${plural(count, one, many)}`;
}
