import { isInteger, isSafeNumber, parse } from 'lossless-json';

/**
 * JSON.parse, except that an integer a JavaScript number cannot hold exactly (beyond ±(2^53 - 1))
 * is read as a string of its digits: the commerce platform's ids are 64-bit, and
 * 820982911946154508 would otherwise read as 820982911946154500. Node 20's JSON.parse gives a
 * reviver no source text, so lossless-json reads the text. Other numbers are numbers as JSON.parse
 * reads them (the input policy judges them); text that is not JSON throws.
 */
export function parseKeepingLargeIntegers(text: string): unknown {
  return parse(text, undefined, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits)));
}
