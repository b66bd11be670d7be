// confusable-name (docs/codes/confusable-name.md): two tools of one server (or two actions of
// one tool) whose names differ only by characters that look alike ("readFi1e" beside
// "readFile": 1 for l, 0 for O, rn for m, a Cyrillic а for a Latin a), or by case and
// separators alone ("read_file" beside "readFile"). A model, and a user approving a call,
// takes one for the other; each is reported but the plainest. Names a real edit apart ("get_issue", "get_issues") are other words
// and are left alone. Called where one server's or one tool's names are all known: plain-tool.ts
// (a tools file), the server's lint (src/server/lint-server.ts) and chain.ts (a tool's actions).

import { inspectString } from "../text/escape.js";
import type { Draft, Target } from "./offence.js";
import { compareStrings } from "./path.js";

/** Characters taken for others, each written as the one it is taken for (after lower-casing, but for I). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  I: "l",
  "1": "l",
  "|": "l",
  "0": "o",
  // Cyrillic and Greek letters drawn like Latin ones.
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ο: "o",
  α: "a",
  ν: "v",
  ι: "i",
  κ: "k",
  ρ: "p",
  τ: "t",
};

// ASCII, which NFKC leaves as it is and whose look-alikes are these: most names, read without a loop over their characters.
const ASCII = /^[\x00-\x7f]*$/;

/** A name as it is read at a glance: look-alikes replaced, case and separators dropped, "rn" and "vv" as the letters they pass for. */
export function nameSkeleton(name: string): string {
  let out = "";
  if (ASCII.test(name)) out = name.replace(/[I1|]/g, "l").replace(/0/g, "o").toLowerCase();
  else for (const ch of name.normalize("NFKC")) out += LOOK_ALIKES[ch] ?? ch.toLowerCase();
  return out
    .replace(/[\s_.\-/]+/g, "")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** How many look-alike characters a name holds. */
const lookAlikes = (name: string): number => [...name.normalize("NFKC")].filter((ch) => Object.hasOwn(LOOK_ALIKES, ch)).length;

/** Whether `name` is the one to report the others against rather than `other`: fewer look-alikes, then first in code-unit order. */
function plainer(name: string, other: string): boolean {
  const d = lookAlikes(name) - lookAlikes(other);
  return d !== 0 ? d < 0 : compareStrings(name, other) < 0;
}

/**
 * For each name, another name of the list it is confusable with (of the same skeleton), or
 * null. The one reported against is the plainest of its group (the fewest look-alikes, then the
 * first in code-unit order), whatever the list's order, so the report does not depend on the
 * order of keys. A name of no skeleton
 * (separators and white space only) is tool-name's to report, not compared.
 */
export function confusableWith(names: readonly unknown[]): (string | null)[] {
  const first = new Map<string, string>();
  const skeletons = names.map((name) => (typeof name === "string" && name !== "" ? nameSkeleton(name) : ""));
  names.forEach((name, i) => {
    const skeleton = skeletons[i] as string;
    if (skeleton === "") return;
    const earlier = first.get(skeleton);
    if (earlier === undefined || plainer(name as string, earlier)) first.set(skeleton, name as string);
  });
  return names.map((name, i) => {
    const like = skeletons[i] === "" ? undefined : first.get(skeletons[i] as string);
    return like !== undefined && like !== name ? like : null;
  });
}

/** The confusable-name draft of `name`, which reads like `other` (`what`: "tool" or "action"), at `target`. */
export function confusableNameDraft(name: string, other: string, what: "tool" | "action", target: Target): Draft {
  return {
    code: "confusable-name",
    path: [],
    target,
    message: `the ${what} name ${inspectString(name)} reads like the ${what} ${inspectString(other)} beside it: they differ only by characters that look alike, or by case and separators`,
    fix: `Rename one of them so the two names differ in words, or remove the one that copies the other.`,
  };
}
