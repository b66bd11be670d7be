import assert from "node:assert/strict";
import { test } from "node:test";
import { countText } from "../../src/text/number-text.js";

test('countText writes a count as toLocaleString("en-US") does', () => {
  const counts = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 12345, 100000, 999999, 1000000, 1234567, -1, -1000, -1234567];
  for (let n = 1; n < Number.MAX_SAFE_INTEGER / 7; n = n * 7 + 3) counts.push(n, -n);
  counts.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 60, 1.5, 1234.5678, Number.NaN, Number.POSITIVE_INFINITY);
  for (const n of counts) assert.equal(countText(n), n.toLocaleString("en-US"), String(n));
});
