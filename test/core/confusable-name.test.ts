// confusable-name's reading of names (src/core/confusable-name.ts): which names read alike.

import assert from "node:assert/strict";
import { test } from "node:test";
import { confusableWith, nameSkeleton } from "../../src/core/confusable-name.js";

test("look-alike characters, case and separators read as one name", () => {
  assert.equal(nameSkeleton("readFi1e"), nameSkeleton("readFile"));
  assert.equal(nameSkeleton("Iist_items"), nameSkeleton("list_items"));
  assert.equal(nameSkeleton("get_c0de"), nameSkeleton("get-code"));
  assert.equal(nameSkeleton("tum_on"), nameSkeleton("turn_on"));
  assert.equal(nameSkeleton("seаrch"), nameSkeleton("search"), "a Cyrillic а");
});

test("names a real edit apart are other names", () => {
  assert.notEqual(nameSkeleton("get_issue"), nameSkeleton("get_issues"));
  assert.notEqual(nameSkeleton("add_node"), nameSkeleton("add_note"));
  assert.notEqual(nameSkeleton("mail"), nameSkeleton("mall"), "a lower-case i or l is itself");
});

test("each name is held to the plainest of its reading (fewest look-alikes, then code-unit order), whatever the list's order; the same name twice is duplicate-tool's, not this", () => {
  assert.deepEqual(confusableWith(["readFile", "list", "readFi1e", "read_file", 7, "", "list"]), [null, null, "readFile", "readFile", null, null, null]);
  assert.deepEqual(confusableWith(["read_file", "readFi1e", "readFile"]), ["readFile", "readFile", null], "the name with no look-alike is the one the others are reported against");
  assert.deepEqual(confusableWith(["\r\n", "\u2029", "_"]), [null, null, null], "names of separators and white space alone are not compared");
});
