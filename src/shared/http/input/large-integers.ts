/**
 * JSON text with every integer literal a JavaScript number cannot hold exactly (beyond ±(2^53 - 1))
 * turned into a string of its digits, so JSON.parse keeps it whole: the commerce platform's ids are
 * 64-bit, and 820982911946154508 would otherwise read as 820982911946154500. Node 20's JSON.parse
 * gives a reviver no source text, and no JSON library in the dependencies keeps big integers, so
 * this is a single pass over the text that skips string literals. Numbers with a fraction or an
 * exponent are left as they are (the input policy judges them), and text that is not JSON stays
 * not JSON (only valid number tokens are quoted).
 */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function quoteLargeIntegers(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = endOfString(text, i);
      continue;
    }
    if (c !== 45 /* - */ && (c < 48 || c > 57)) continue;
    NUMBER.lastIndex = i;
    const token = NUMBER.exec(text)?.[0];
    if (!token) continue;
    if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
      out += `${text.slice(from, i)}"${token}"`;
      from = i + token.length;
    }
    i += token.length - 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The index of the quote that closes the string literal opening at `start` (the text's end if none). */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === 34) return i;
  }
  return text.length;
}
