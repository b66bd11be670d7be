// Renders a path as a location in Elixir access syntax (docs/locations.md): the first segment
// as an atom, every further segment inspected in brackets, e.g. :properties["o"]["items"]
// or :defaults["list"][1]. The empty path spells "". The one place paths become text.

import { inspectAtom, inspectString } from "../text/escape.js";
import type { Path, PathSegment } from "./path.js";

function bracket(segment: PathSegment): string {
  return typeof segment === "number" ? `[${segment}]` : `[${inspectString(segment)}]`;
}

export function renderLocation(path: Path): string {
  if (path.length === 0) return "";
  const [first, ...rest] = path as [PathSegment, ...PathSegment[]];
  const head = typeof first === "number" ? bracket(first) : inspectAtom(first);
  let out = head;
  for (const segment of rest) out += bracket(segment);
  return out;
}
