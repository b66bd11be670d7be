// The JSON5 and strict JSON parsers: results equal json5.parse (JSON5) and JSON.parse (JSON),
// errors carry the line and column their message names, messages never carry a raw control
// character, and 100,000 levels of nesting parse without a stack overflow.

import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import JSON5 from "json5";
import { parseJson, parseJson5 } from "../../src/text/json5-parse.js";
import { ParseError } from "../../src/text/json5-lexer.js";

// Each input uses a JSON5 feature (most of them a comment first), so that the fast
// JSON.parse path is not what gets tested, except where the table says so.
const VALID_JSON5: readonly string[] = [
  // the json5.org example
  `{
  // comments
  unquoted: 'and you can quote me on that',
  singleQuotes: 'I can use "double quotes" here',
  lineBreaks: "Look, Mom! \\
No \\\\n's!",
  hexadecimal: 0xdecaf,
  leadingDecimalPoint: .8675309, andTrailing: 8675309.,
  positiveSign: +1,
  trailingComma: 'in objects', andIn: ['arrays',],
  "backwardsCompatible": "with JSON",
}`,
  // spec.json5.org examples: objects, arrays, strings, numbers, comments, white space
  `// Objects
{
  image: {
    width: 1920,
    height: 1080,
    'aspect-ratio': '16:9',
  }
}`,
  `// Arrays
[
  { name: 'Joe', age: 27 },
  { name: 'Jane', age: 32 },
]`,
  `/**/'Lorem ipsum dolor sit amet, \\
consectetur adipiscing elit.'`,
  `/**/"I can use 'single quotes' here"`,
  `/**/'\\A\\C\\/\\D\\C'`,
  `/**/[123.456, .456, 123., -.1, 1e3, 123e-456, 0xC8, 0xc8, 0XC8, +0x1F, -0x1F]`,
  `/**/[+Infinity, -Infinity, Infinity, NaN, +NaN, -NaN]`,
  `/* This is a multi-
line comment. */ {} // and a single-line one`,
  // numbers at the edges
  `/**/[-0, +0, 0, -0.0, .5, 5., -.5, +.5, 5.e3, .5e-3, 0e0, 0.e1, 1e3, 1E+3, 1e-3, -1e400, 1e400]`,
  `/**/[0x0, -0x0, 0xffffffffffffffffffff, 1234567890123456, 123456789012345678901234567890]`,
  `/**/[9007199254740993, 0.1, 0.30000000000000004, 2.2250738585072014e-308, 5e-324, 1.7976931348623157e308]`,
  // strings with every escape
  `/**/"\\b\\f\\n\\r\\t\\v\\0\\'\\"\\\\\\/"`,
  `/**/'\\x41\\x7e\\xff\\u0041\\u00e9\\uD83D\\uDE00\\uffff\\ud800'`,
  `/**/'\\a\\c\\d\\e\\g\\h\\i\\j\\k\\l\\m\\o\\p\\q\\s\\w\\y\\z\\ \\%\\é\\😀'`,
  `/**/'line\\\ncontinued\\\r\ncrlf\\\rcr\\\u2028ls\\\u2029ps'`,
  `/**/["", '', "'", '"', "a\u2028b\u2029c", "tab\there", "nul\u0000raw", "\u007f\u0085"]`,
  `/**/"😀 non-BMP, é accented, 中文"`,
  // keys: unquoted identifiers, escapes, Unicode, $ and _
  `{$: 1, _: 2, $_a1: 3, A_b$9: 4, null: 5, true: 6, Infinity: 7, NaN: 8,}`,
  `{\\u0061bc: 1, a\\u0062c: 2, \\u0024: 3, \\u005f: 4, x\\u0030: 5}`,
  `{ünïcödé: 1, 中文: 2, ελληνικά: 3, café: 4, ⸯ: 5, aⸯ: 9, a\u200cb: 6, a\u200db: 7, a\u0301: 8}`,
  `{𝑥: 1, a𝟘: 2, 𐐀: 3}`,
  `{'single': 1, "double": 2, 'with space': 3, "": 4, '': 5,}`,
  `{"1": 1, "0": 0, "b": 2, "a": 3, "10": 10, "-1": -1}`,
  // duplicate keys: the last value wins, the first position stays
  `{a: 1, b: 2, a: 3}`,
  `{a: {x: 1}, a: [2]}`,
  // white space of every kind
  "\t\v\f \u00a0\ufeff\n\r\u2028\u2029\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000[1,\u3000\u00a02]",
  "\ufeff{a: 1}",
  "[1/* a */,/* b */2//c\n,3]",
  "{a//c\n:/**/1}",
  "[1,2,3,]// comment at the end",
  "[1]/**/",
  "// comment ending at a CR\r[1]",
  "// comment ending at LS\u2028[1]",
  "/**/[/*]*/ 1 /***/]",
  // scalars at the top level, and empty containers
  "/**/null",
  "/**/true",
  "/**/false",
  "/**/ 42 ",
  "/**/{}",
  "/**/[]",
  "/**/[[], {}, [[]], {a: {}}, [{}], {a: []},]",
  "/**/[null, true, false, 'x', 0, [1, [2, [3]]], {a: {b: {c: null}}}]",
  // a realistic action file
  `// The tools of a server
{
  $schema: "https://example.com/action.schema.json",
  list_items: {
    description: 'Lists the items.', // one line
    properties: {
      properties: {type: "object", properties: {items: {type: 'array', items: {type: "string",},},},},
      "page-size": {type: 'integer', minimum: 1, maximum: 100, default: 20,},
      mode: {type: "string", enum: ['fast', 'full',],},
    },
    required: ['mode',],
  },
}`,
  // plain JSON goes through JSON.parse, with the same results
  `{"a": [1, 2.5, -0, "x\\u0041"], "b": {"c": null, "d": true}}`,
  `"\u2028"`,
];

test("valid JSON5 parses to what json5.parse returns", (t) => {
  t.mock.method(console, "warn", () => {}); // json5 warns about U+2028 in strings
  for (const input of VALID_JSON5) {
    assert.deepStrictEqual(parseJson5(input), JSON5.parse(input), input);
  }
});

test("edge numbers have the exact values", () => {
  const values = parseJson5("/**/[-0, .5, 5., 0x1F, +Infinity, 1e3, -0x10, 0x0, NaN]") as number[];
  assert.ok(Object.is(values[0], -0));
  assert.deepStrictEqual(values.slice(1), [0.5, 5, 31, Infinity, 1000, -16, 0, NaN]);
});

test("escapes decode to the exact characters", () => {
  assert.equal(
    parseJson5(String.raw`/**/'\x41\u00e9\0\v\'\q\
x'`),
    "Aé\0\v'qx",
  );
  assert.equal(parseJson5(String.raw`/**/"\uD83D\uDE00"`), "😀");
  assert.equal(parseJson5(String.raw`/**/{\u0061b: 1}`) !== null, true);
  assert.deepStrictEqual(Object.keys(parseJson5(String.raw`/**/{\u0061b: 1, c\u0064: 2}`) as object), ["ab", "cd"]);
});

test('"__proto__" becomes an own property, the prototype untouched', () => {
  const inputs = [
    `{__proto__: {polluted: true}, // JSON5, our parser
}`,
    `{"__proto__": {"polluted": true}}`,
    `{'__proto__': 1, "__proto__": {"polluted": true},}`,
  ];
  for (const input of inputs) {
    for (const result of [parseJson5(input), input.startsWith(`{"`) ? parseJson(input) : parseJson5(input)]) {
      const obj = result as Record<string, unknown>;
      assert.equal(Object.getPrototypeOf(obj), Object.prototype, input);
      assert.ok(Object.hasOwn(obj, "__proto__"), input);
      assert.deepStrictEqual(Object.keys(obj), ["__proto__"], input);
      assert.equal(obj["polluted"], undefined, input);
      assert.deepStrictEqual(Object.getOwnPropertyDescriptor(obj, "__proto__")?.value, { polluted: true }, input);
    }
  }
  assert.equal(({} as Record<string, unknown>)["polluted"], undefined);
  const nested = parseJson5("/**/[{a: {__proto__: []}}]") as [{ a: Record<string, unknown> }];
  assert.ok(!Array.isArray(nested[0].a));
  assert.equal(Object.getPrototypeOf(nested[0].a), Object.prototype);
  assert.deepStrictEqual(nested[0].a["__proto__"], []);
});

test("objects have Object.prototype and keys like constructor are plain own data", () => {
  const obj = parseJson5("/**/{constructor: 1, toString: 2, hasOwnProperty: 3, valueOf: {}}") as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(obj), Object.prototype);
  assert.deepStrictEqual(Object.keys(obj), ["constructor", "toString", "hasOwnProperty", "valueOf"]);
  assert.equal(obj["constructor"], 1);
});

// [input, line, column]: each rejected by json5.parse too.
const INVALID_JSON5: readonly [string, number, number][] = [
  ["", 1, 1],
  ["   ", 1, 4],
  ["// only a comment", 1, 18],
  ["{", 1, 2],
  ["[", 1, 2],
  ["[1,", 1, 4],
  ['{"a"', 1, 5],
  ['{"a":', 1, 6],
  ['{"a":}', 1, 6],
  ["{a:1,,}", 1, 6],
  ["[1,,2]", 1, 4],
  ["[,]", 1, 2],
  ["{,}", 1, 2],
  ["[1 2]", 1, 4],
  ["{a:1 b:2}", 1, 6],
  ["{a b:1}", 1, 4],
  ["{1:2}", 1, 2],
  ["{-a:2}", 1, 2],
  ["{a-b:2}", 1, 3],
  ["{a:b}", 1, 4],
  ["{\n  a: 1,\n  b: }", 3, 6],
  ["[1]]", 1, 4],
  ["[1] 2", 1, 5],
  ["{}\n\n  x", 3, 3],
  ["tru", 1, 1],
  ["nul", 1, 1],
  ["True", 1, 1],
  ["undefined", 1, 1],
  ["[Infinit]", 1, 2],
  ['"abc', 1, 1],
  ["{a: 'abc}", 1, 5],
  ["'a\nb'", 1, 1],
  ['"a\rb"', 1, 1],
  ['  "\\', 1, 3],
  ["/* never closed", 1, 1],
  ["[1, /* x ]", 1, 5],
  ["/x", 1, 1],
  ["[1 / 2]", 1, 4],
  ["[01]", 1, 2],
  ["[-01]", 1, 2],
  ["0x", 1, 1],
  ["0xg", 1, 1],
  ["1e", 1, 1],
  ["1e+", 1, 1],
  ["[.]", 1, 2],
  ["[.e1]", 1, 2],
  ["-", 1, 1],
  ["- 1", 1, 1],
  ["+-1", 1, 1],
  ["--1", 1, 1],
  ["[1.5.3]", 1, 5],
  ["[1x]", 1, 3],
  ["[0x1G]", 1, 5],
  ['"\\1"', 1, 2],
  ['"\\01"', 1, 2],
  ['"\\x4"', 1, 2],
  ['"\\xZZ"', 1, 2],
  ['"\\u12"', 1, 2],
  ['"\\u12G4"', 1, 2],
  ["{\\u0030:1}", 1, 2],
  ["{a\\u0020b:1}", 1, 3],
  ["{\\x41:1}", 1, 2],
  ["{a\\x41:1}", 1, 3],
  ["{\\u00:1}", 1, 2],
  ["\u001b[2J", 1, 1],
  ["[1,\u0000]", 1, 4],
  ["\u200b{}", 1, 1],
  ["{a: 1}\n\u180e", 2, 1],
  ["😀", 1, 1],
  ["{😀: 1}", 1, 2],
  ["[\n  1,\n  😀,\n]", 3, 3],
  ["\ufeff[", 1, 2],
  ["\ufeff\n  x", 2, 3],
  ["a\r\nb", 1, 1],
  ["[\r\n1,\r\n  x]", 3, 3],
];

test("invalid JSON5 is rejected at the right line and column", () => {
  for (const [input, line, column] of INVALID_JSON5) {
    assert.throws(() => JSON5.parse(input), SyntaxError, `json5 accepts ${JSON.stringify(input)}`);
    try {
      parseJson5(input);
      assert.fail(`accepted ${JSON.stringify(input)}`);
    } catch (error) {
      assert.ok(error instanceof ParseError, `${JSON.stringify(input)}: ${String(error)}`);
      assert.deepStrictEqual([error.line, error.column], [line, column], `${JSON.stringify(input)}: ${error.message}`);
      // the position appears once, so that the loader can cut it out of the message
      assert.equal(error.message.split(` at ${line}:${column}`).length, 2, error.message);
    }
  }
});

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ParseError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, "ParseError");
    return error.message;
  }
  return assert.fail("no error");
}

test("messages say what was found, where, and what was expected", () => {
  assert.equal(
    messageOf(() => parseJson5('{\n  "a": 1,\n  "b": }')),
    'unexpected "}" at 3:8, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson5('{\n  a: "never closed\n')),
    'unterminated string at 2:6: a line break inside a string must be escaped ("\\n")',
  );
  assert.equal(
    messageOf(() => parseJson5('{\n  a: "never closed')),
    "unterminated string at 2:6: no closing quote before the end of the text",
  );
  assert.equal(
    messageOf(() => parseJson5("[1, 2,\n  3")),
    'unexpected end of input at 2:4, expected "]" to close the list opened at 1:1',
  );
  assert.equal(
    messageOf(() => parseJson5('[{"a": [1]}, {\n  "b": 2')),
    'unexpected end of input at 2:9, expected "}" to close the object opened at 1:14',
  );
  assert.equal(
    messageOf(() => parseJson5("[1 2]")),
    'unexpected "2" at 1:4, expected "," or "]"',
  );
  assert.equal(
    messageOf(() => parseJson5("{a: 1 b: 2}")),
    'unexpected "b" at 1:7, expected "," or "}"',
  );
  assert.equal(
    messageOf(() => parseJson5("{a 1}")),
    'unexpected "1" at 1:4, expected ":" after the key',
  );
  assert.equal(
    messageOf(() => parseJson5("{1: 2}")),
    'unexpected "1" at 1:2, expected a key or "}"',
  );
  assert.equal(
    messageOf(() => parseJson5("{a: yes}")),
    'unexpected "yes" at 1:5, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson5("{} x")),
    'unexpected "x" at 1:4, expected end of input',
  );
  assert.equal(
    messageOf(() => parseJson5("")),
    "unexpected end of input at 1:1, expected a value",
  );
  assert.equal(
    messageOf(() => parseJson5("/* x")),
    'unterminated comment at 1:1: no "*/" before the end of the text',
  );
  assert.equal(
    messageOf(() => parseJson5("[01]")),
    "invalid number at 1:2: a leading zero must not be followed by a digit",
  );
  assert.equal(
    messageOf(() => parseJson5("1e")),
    "invalid number at 1:1: expected a digit in the exponent",
  );
  assert.equal(
    messageOf(() => parseJson5('"\\1"')),
    'invalid escape at 1:2: a backslash followed by "1" (octal escapes are not allowed)',
  );
  assert.equal(
    messageOf(() => parseJson5('"\\u12G4"')),
    'invalid escape at 1:2: a backslash followed by "u" (\\u must be followed by 4 hex digits)',
  );
  assert.equal(
    messageOf(() => parseJson5("{\\u0030: 1}")),
    "invalid character \\u0030 in an unquoted key at 1:2",
  );
  assert.equal(
    messageOf(() => parseJson5("[1 / 2]")),
    'unexpected "/" at 1:4: a comment starts with "//" or "/*"',
  );
  assert.equal(
    messageOf(() => parseJson5('"\\"\n')),
    'unterminated string at 1:1: a line break inside a string must be escaped ("\\n")',
  );
});

// Every character the report escapes (docs/report.md), plus the invisible ones.
const UNSAFE: readonly number[] = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfeff,
  0x200b,
  0x00a0,
  0xd800,
  0xdc00,
];
const RAW_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00a0\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\ufeff\ud800-\udfff]/;

test("no control or invisible character appears raw in a message", () => {
  for (const code of UNSAFE) {
    const ch = String.fromCharCode(code);
    const inputs = [
      `[1, ${ch}]`, // found where a value is expected (or white space in JSON5)
      `[1 ${ch}]`,
      `{a${ch}: 1}`,
      `"\\${ch}"`, // an escape in strict JSON
      `"${ch}`, // an unterminated string holding it
      `${ch}`,
    ];
    for (const input of inputs) {
      for (const parse of [parseJson5, parseJson]) {
        let message: string | undefined;
        try {
          parse(input);
        } catch (error) {
          assert.ok(error instanceof ParseError, String(error));
          message = error.message;
        }
        if (message !== undefined) assert.doesNotMatch(message, RAW_UNSAFE, `${JSON.stringify(input)}: ${JSON.stringify(message)}`);
      }
    }
  }
  assert.equal(
    messageOf(() => parseJson5("\u001b[2J")),
    'unexpected "\\u{1B}" at 1:1, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson("\ufeff{}")),
    'unexpected "\\u{FEFF}" at 1:1, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson5("[\u202e]")),
    'unexpected "\\u{202E}" at 1:2, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson('"\\\u0007"')),
    'invalid escape at 1:2: a backslash followed by "\\u{7}" (JSON allows only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)',
  );
  assert.equal(
    messageOf(() => parseJson('["a\tb"]')),
    'unexpected "\\t" in a string at 1:4: control characters must be escaped',
  );
});

// Strict JSON: accepted exactly when JSON.parse accepts, with the same value.
const JSON_INPUTS: readonly string[] = [
  "{}",
  "[]",
  '{"a": [1, 2, {"b": null}], "c": true, "d": false, "e": "x"}',
  " \t\n\r[1] \t\n\r",
  "0",
  "-0",
  "1.5e3",
  "1E+3",
  "1e-3",
  "-1.25",
  "1e400",
  "123456789012345678901234567890",
  '"\\b\\f\\n\\r\\t\\"\\\\\\/\\u0041\\uD83D\\uDE00"',
  '"\\ud800"', // a lone surrogate escape
  '"\ud800"', // a raw lone surrogate
  '"\u2028\u2029\u007f\u0085"',
  '{"__proto__": {"x": 1}}',
  '{"a": 1, "a": 2}',
  '"😀"',
  // and what JSON.parse rejects
  "",
  " ",
  "{/* comment */}",
  "// comment\n{}",
  "[1,]",
  '{"a": 1,}',
  "{'a': 1}",
  "'a'",
  "{a: 1}",
  "01",
  "-01",
  "00",
  "1.",
  ".5",
  "+1",
  "-",
  "0x1F",
  "Infinity",
  "-Infinity",
  "NaN",
  "1e",
  "1e+",
  '"\\x41"',
  '"\\\'"',
  '"\\v"',
  '"\\0"',
  '"\\a"',
  '"a\\\nb"',
  '"\t"',
  '"\n"',
  '"\u0000"',
  '"\u001f"',
  "\ufeff{}",
  "\u00a0[]",
  "\v[]",
  "\f[]",
  "\u2028[]",
  "[1 2]",
  "[1,,2]",
  '{"a" 1}',
  '{"a":1 "b":2}',
  "tru",
  "nul",
  "True",
  "[true false]",
  "{} {}",
  '"abc',
  "[",
  "{",
  '{"a":',
  "]",
  '"\\u12"',
];

test("parseJson accepts exactly what JSON.parse accepts", () => {
  for (const input of JSON_INPUTS) {
    let expected: unknown;
    let accepted = true;
    try {
      expected = JSON.parse(input);
    } catch {
      accepted = false;
    }
    if (accepted) {
      assert.deepStrictEqual(parseJson(input), expected, JSON.stringify(input));
    } else {
      assert.throws(() => parseJson(input), ParseError, JSON.stringify(input));
    }
  }
});

test("strict JSON messages name the JSON5 habit", () => {
  assert.equal(
    messageOf(() => parseJson("// c\n{}")),
    'unexpected "/" at 1:1, expected a value (JSON allows no comments)',
  );
  assert.equal(
    messageOf(() => parseJson('{\n  "a": 1,\n}')),
    'unexpected "}" at 3:1, expected a key in double quotes (JSON allows no trailing comma)',
  );
  assert.equal(
    messageOf(() => parseJson("[1, 2, ]")),
    'unexpected "]" at 1:8, expected a value (JSON allows no trailing comma)',
  );
  assert.equal(
    messageOf(() => parseJson("{'a': 1}")),
    'unexpected "\'" at 1:2, expected a key in double quotes or "}" (JSON strings use double quotes)',
  );
  assert.equal(
    messageOf(() => parseJson("{a: 1}")),
    'unexpected "a" at 1:2, expected a key in double quotes or "}"',
  );
  assert.equal(
    messageOf(() => parseJson("[NaN]")),
    'unexpected "NaN" at 1:2, expected a value',
  );
  assert.equal(
    messageOf(() => parseJson("1.")),
    "invalid number at 1:1: expected a digit after the decimal point",
  );
  assert.equal(
    messageOf(() => parseJson('"\\x41"')),
    'invalid escape at 1:2: a backslash followed by "x" (JSON allows only \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)',
  );
});

// Generated documents: JSON5 text built from the grammar (every feature, random white space
// and comments), and near misses made by deleting or inserting one piece. Acceptance and
// values must agree with json5.parse; for JSON text, with JSON.parse.
const SPACE = ["", "", " ", "\n  ", "\r\n", "\t", "/* c */", "// c\n", "\u00a0", "\u2028", "\ufeff"];
const SCALARS = [
  "0",
  "-0",
  "1",
  "-12",
  "+3",
  ".5",
  "5.",
  "-.5e-2",
  "1e3",
  "1E+3",
  "0x1F",
  "-0XaB",
  "Infinity",
  "-Infinity",
  "+Infinity",
  "NaN",
  "-NaN",
  "123456789012345678",
  "1.5",
  "true",
  "false",
  "null",
  '""',
  "''",
  '"a"',
  "'b'",
  '"\\n\\t\\u0041\\x41\\0"',
  "'it\\'s'",
  '"say \\"hi\\""',
  "'line\\\ncontinued'",
  '"\\a\\/\\\\"',
  '"é😀"',
];
const KEYS = ["a", "$", "_x1", "ab", "\\u0061", "a\\u0062", "é", "null", "'k'", '"k"', '"a b"', "'__proto__'", "__proto__", '""'];
const space = fc.constantFrom(...SPACE);
const { document } = fc.letrec((tie) => ({
  document: fc.tuple(space, tie("value"), space).map(([a, v, b]) => a + v + b),
  value: fc.oneof({ maxDepth: 4 }, tie("scalar"), tie("array"), tie("object")),
  scalar: fc.constantFrom(...SCALARS),
  array: fc
    .tuple(fc.array(fc.tuple(space, tie("value"), space), { maxLength: 4 }), fc.boolean(), space)
    .map(([items, trailing, end]) => `[${items.map(([a, v, b]) => a + v + b).join(",")}${trailing && items.length ? "," : ""}${end}]`),
  object: fc
    .tuple(fc.array(fc.tuple(space, fc.constantFrom(...KEYS), space, space, tie("value"), space), { maxLength: 4 }), fc.boolean(), space)
    .map(([members, trailing, end]) => `{${members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(",")}${trailing && members.length ? "," : ""}${end}}`),
}));
const PIECES = ["{", "}", "[", "]", ",", ":", '"', "'", "\\", "/", "*", "0", ".", "-", "e", "x", "a", "\n", " "];
function nearMiss(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.nat(), fc.constantFrom(...PIECES), fc.boolean()).map(([text, at, piece, insert]) => {
    const i = at % (text.length + 1);
    return insert ? text.slice(0, i) + piece + text.slice(i) : text.slice(0, i) + text.slice(i + 1);
  });
}

function agree(input: string, reference: (text: string) => unknown, ours: (text: string) => unknown): void {
  let expected: unknown;
  try {
    expected = reference(input);
  } catch {
    assert.throws(() => ours(input), ParseError, JSON.stringify(input));
    return;
  }
  assert.deepStrictEqual(ours(input), expected, JSON.stringify(input));
}

test("on generated JSON5 and near misses, parseJson5 agrees with json5.parse", (t) => {
  t.mock.method(console, "warn", () => {});
  fc.assert(
    fc.property(document, (input) => agree(input, JSON5.parse, parseJson5)),
    { numRuns: 5_000, seed: 42 },
  );
  fc.assert(
    fc.property(nearMiss(document), (input) => agree(input, JSON5.parse, parseJson5)),
    { numRuns: 20_000, seed: 42 },
  );
});

test("on generated JSON and near misses, parseJson agrees with JSON.parse", () => {
  const json = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 2, "\t", " \r\n")).map(([value, indent]) => JSON.stringify(value, null, indent));
  fc.assert(
    fc.property(json, (input) => agree(input, JSON.parse, parseJson)),
    { numRuns: 3_000, seed: 42 },
  );
  fc.assert(
    fc.property(nearMiss(json), (input) => agree(input, JSON.parse, parseJson)),
    { numRuns: 20_000, seed: 42 },
  );
  // JSON5 text is mostly not JSON: the strict parser must reject exactly what JSON.parse does.
  fc.assert(
    fc.property(nearMiss(document), (input) => agree(input, JSON.parse, parseJson)),
    { numRuns: 10_000, seed: 7 },
  );
});

const LEVELS = 100_000;

// How many containers deep the first elements and "a" members go, counted without recursion.
function depthOf(value: unknown): number {
  let depth = 0;
  for (;;) {
    if (Array.isArray(value)) value = value[0];
    else if (value !== null && typeof value === "object") value = (value as Record<string, unknown>)["a"];
    else return depth;
    depth++;
  }
}

test(`${LEVELS} levels of nesting parse without a stack overflow`, () => {
  const arrays = "// deep\n" + "[".repeat(LEVELS) + "1" + "]".repeat(LEVELS);
  assert.equal(depthOf(parseJson5(arrays)), LEVELS);
  const objects = "// deep\n" + "{a: ".repeat(LEVELS) + "1" + ",}".repeat(LEVELS);
  assert.equal(depthOf(parseJson5(objects)), LEVELS);
  const mixed = "[{a: ".repeat(LEVELS / 2) + "[] /**/" + "}]".repeat(LEVELS / 2);
  assert.equal(depthOf(parseJson5(mixed)), LEVELS + 1);
  const json = '{"a": '.repeat(LEVELS) + "[]" + "}".repeat(LEVELS);
  assert.equal(depthOf(parseJson(json)), LEVELS + 1);
  const empty = "[".repeat(LEVELS) + "]".repeat(LEVELS);
  assert.equal(depthOf(parseJson(empty)), LEVELS);
});

test(`an error ${LEVELS} levels down names the innermost open container`, () => {
  const unclosed = "[".repeat(LEVELS) + "1" + "]".repeat(LEVELS - 1);
  assert.equal(
    messageOf(() => parseJson5(unclosed)),
    `unexpected end of input at 1:${2 * LEVELS + 1}, expected "]" to close the list opened at 1:1`,
  );
  assert.equal(
    messageOf(() => parseJson("[".repeat(LEVELS) + "}")),
    `unexpected "}" at 1:${LEVELS + 1}, expected a value`,
  );
});

test("positions: CRLF is one line break, columns count UTF-16 units, a leading BOM is not counted", () => {
  for (const [input, line, column] of [
    ["{\r\n  a: 1,\r\n  b: ?}", 3, 6],
    ["// 😀\n['😀', ?]", 2, 8],
    ["\ufeff?", 1, 1],
    ["\ufeff ?", 1, 2],
    ["\ufeff\n?", 2, 1],
  ] as const) {
    try {
      parseJson5(input);
      assert.fail("accepted");
    } catch (error) {
      assert.ok(error instanceof ParseError);
      assert.deepStrictEqual([error.line, error.column], [line, column], JSON.stringify(input));
    }
  }
});
