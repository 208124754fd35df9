// Sharing a cell: its code, compressed with lz-string, in the page URL's hash.
//
//   https://…/tensors/#share=3.<compressed code>     cell 3 of the page
//
// Opening such a link loads the code into that cell, marked as someone else's, and
// never runs it; a hash that cannot be read says so and leaves the book's code.

import LZString from "lz-string";

const PREFIX = "#share=";
export const MAX_HASH = 16_000; // characters of compressed code a link may carry
export const MAX_CODE = 20_000; // characters of code, once decompressed

export function shareHash(cellNumber, code) {
  return `${PREFIX}${cellNumber}.${LZString.compressToEncodedURIComponent(code)}`;
}

export function shareLink(cellNumber, code, location = window.location) {
  return `${location.origin}${location.pathname}${shareHash(cellNumber, code)}`;
}

// What a URL hash asks for: null (not a share link), {error} or {cell, code}.
export function readShareHash(hash) {
  if (!hash || !hash.startsWith(PREFIX)) return null;
  const body = hash.slice(PREFIX.length);
  const dot = body.indexOf(".");
  const cell = Number(body.slice(0, dot));
  if (dot < 1 || !Number.isInteger(cell) || cell < 1) {
    return { error: "This link does not say which cell its code is for." };
  }
  const packed = body.slice(dot + 1);
  if (packed.length > MAX_HASH) {
    return { cell, error: `The shared code in this link is too long (${packed.length.toLocaleString("en")} characters; at most ${MAX_HASH.toLocaleString("en")}).` };
  }
  let code = null;
  try {
    code = LZString.decompressFromEncodedURIComponent(packed);
  } catch {
    code = null;
  }
  // a damaged link decompresses to nothing, or to bytes that are not text
  if (!code || /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(code)) {
    return { cell, error: "The shared code in this link could not be read: the link may have been cut short." };
  }
  if (code.length > MAX_CODE) return { cell, error: `The shared code is too long (${code.length.toLocaleString("en")} characters).` };
  return { cell, code };
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard access (an insecure page, a denied permission)
  }
}
