// The tokenizer's one home (docs/tokens.md): gpt-tokenizer's o200k_base encoding, its
// vocabulary bundled in the package, so counting never reaches the network. The build
// bundles that encoding alone into a chunk (scripts/bundle.mjs): the package with every
// encoding is a devDependency, and no part of the default install (docs/install.md). Loading it
// takes most of a second, so it is imported only by a run whose config asks for token
// estimates, on the first count.

type Counter = (text: string) => number;

let counter: Promise<Counter> | undefined;

/** The counter of o200k_base tokens; special-token spellings in a text are counted as text. */
export function tokenCounter(): Promise<Counter> {
  counter ??= import("gpt-tokenizer/encoding/o200k_base").then(({ countTokens }) => {
    const options = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, options);
  });
  return counter;
}

/** The name of the encoding the estimates use, as messages and the report give it. */
export const ENCODING = "o200k_base";
