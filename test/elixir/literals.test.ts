// Elixir's literals (src/elixir/literals.ts): a float as to_string writes it. The expected
// texts are what Elixir 1.14 printed for each value (`"#{value}"`); the oracle test compares a
// seeded set of floats with Elixir itself where it is installed.

import assert from "node:assert/strict";
import { test } from "node:test";
import { floatText } from "../../src/elixir/literals.js";

const WRITTEN: readonly (readonly [number, string])[] = [
  [0, "0.0"],
  [-0, "-0.0"],
  [0.1, "0.1"],
  [1.5, "1.5"],
  [-0.5, "-0.5"],
  [271.828, "271.828"],
  [123456789.123, "123456789.123"],
  // Integral values: plain while that is no longer than "e" notation.
  [10, "10.0"],
  [100, "100.0"],
  [1000, "1.0e3"],
  [12345, "12345.0"],
  [1234567, "1234567.0"],
  [12345600, "1.23456e7"],
  [1e15, "1.0e15"],
  [9007199254740991, "9007199254740991.0"],
  // From 2^53 on, "e" notation even where plain would be shorter.
  [2 ** 53, "9.007199254740992e15"],
  [-(2 ** 53), "-9.007199254740992e15"],
  [2 ** 54, "1.8014398509481984e16"],
  [1e21, "1.0e21"],
  // Small values: plain on a tie.
  [0.001, "0.001"],
  [0.0001, "0.0001"],
  [0.00125, "0.00125"],
  [2.5e-5, "2.5e-5"],
  [1e-7, "1.0e-7"],
  [5e-324, "5.0e-324"],
  [1.7976931348623157e308, "1.7976931348623157e308"],
];

test("a float is written as Elixir's to_string writes it", () => {
  for (const [value, text] of WRITTEN) assert.equal(floatText(value), text, String(value));
});
