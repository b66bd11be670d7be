// Seeded Elixir tool modules for the oracle (test/elixir/oracle.test.ts): each declares
// name/0, description/0 and actions/0 from literals of every kind the reader knows (strings
// with escapes, any script, and interpolation of every kind of known value; atoms, numbers in
// every base, floats, heredocs, sigils, charlists, keyword lists, tuples, maps in both key
// syntaxes), module attributes, `<>` and `++`. Elixir itself says what each module holds.

import { prng } from "./arbitraries.js";

export function elixirModule(seed: number): string {
  const next = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const count = (max: number): number => Math.floor(next() * (max + 1));

  const chars = [
    "a",
    "b",
    "z",
    " ",
    "é",
    "😀",
    "中",
    "\\n",
    "\\t",
    "\\x41",
    "\\u00e9",
    "\\u{1F600}",
    "\\\\",
    '\\"',
    "\\#",
    "\\s",
    "#{1}",
    '#{"in"}',
    "#{:at}",
    "#{1.0e3}",
    "#{0.25}",
    "#{Foo.Bar}",
    '#{[?a, "b"]}',
    "{",
    "}",
    "'",
  ];
  const text = (): string => Array.from({ length: 1 + count(6) }, () => pick(chars)).join("");
  const heredocLine = (): string => Array.from({ length: 1 + count(4) }, () => pick(["x", "y", " ", "é", "😀", "\\t", "#{2}"])).join("");
  const word = (): string => pick(["alpha", "beta", "gamma", "delta"]);

  const attributes: string[] = [];
  const leaf = (depth: number): string => {
    switch (count(17)) {
      case 0:
        return `"${text()}"`;
      case 1:
        return `:${word()}`;
      case 2:
        return `:"${word()} ${word()}"`;
      case 3:
        return pick(["1_000", "0x1F", "0o17", "0b101", "-42", "?a", "?\\n", "12345678901234567890"]);
      case 4:
        return pick(["1.5", "1.0e3", "-2.25", "0.1", "3.0e-2"]);
      case 5:
        return `'${word()}'`;
      case 6:
        return `~s(${word()} #{"x"})`;
      case 7:
        return `~S(${word()}\\n)`;
      case 8:
        return `~w(${word()} ${word()})${pick(["", "a", "s", "c"])}`;
      case 9: {
        const indent = " ".repeat(6 + depth * 2);
        return `"""\n${indent}${heredocLine()}\n${indent}  ${heredocLine()}\n${indent}"""`;
      }
      case 10:
        return `"${text()}" <> "${text()}"`;
      case 11:
        return `[${leaf(depth + 1)}] ++ [${leaf(depth + 1)}]`;
      case 12: {
        const name = `attr${attributes.length}`;
        attributes.push(`  @${name} ${depth > 2 ? `"${word()}"` : value(depth + 1)}`);
        return `@${name}`;
      }
      case 13:
        return pick(["true", "false", "nil"]);
      case 14:
        return `{${leaf(depth + 1)}, ${leaf(depth + 1)}}`;
      default:
        return depth > 2 ? `"${word()}"` : value(depth + 1);
    }
  };
  const value = (depth: number): string => {
    if (depth > 3) return `"${word()}"`;
    switch (count(3)) {
      case 0:
        return `[${Array.from({ length: count(3) }, () => leaf(depth + 1)).join(", ")}]`;
      case 1:
        return `[${Array.from({ length: 1 + count(2) }, () => `${word()}: ${leaf(depth + 1)}`).join(", ")}]`;
      default:
        return map(depth + 1);
    }
  };
  const map = (depth: number): string => {
    const arrows = Array.from({ length: count(2) }, () => `${pick([`"${text()}"`, `:${word()}`, "1"])} => ${leaf(depth)}`);
    const keywords = Array.from({ length: count(2) }, () => `${pick([`${word()}:`, `"${word()} ${word()}":`])} ${leaf(depth)}`);
    return `%{${[...arrows, ...keywords].join(", ")}}`;
  };

  const actions = Array.from({ length: 1 + count(3) }, (_, i) => `      action_${i}: %{description: ${leaf(2)}, properties: ${map(2)}, extra: ${leaf(1)}}`);
  const description = leaf(3);
  const body = [
    `defmodule Oracle.Generated${seed} do`,
    "  use Wymcp.Tool",
    "",
    ...attributes,
    "",
    `  def name, do: "generated_${seed}"`,
    `  def description, do: ${description}`,
    "",
    "  def actions do",
    "    %{",
    actions.join(",\n"),
    "    }",
    "  end",
    "end",
    "",
  ];
  return body.join("\n");
}
