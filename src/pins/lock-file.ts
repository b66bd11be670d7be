// The pins' lock file on disk (docs/pins.md): wymcp-lint.pins.json beside the config, or in
// the current directory without one; read when it exists (a broken one, or one that is not a
// regular file, is a usage error), written only by --update-pins with the one atomic writer
// (src/files/write.ts), and only when its bytes change. Its surfaces are keyed by file (relative to the lock's directory,
// "/" separators) or by a running server's label. Called by step.ts.

import { mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Config } from "../config/config.js";
import { describeThrown } from "../core/escape.js";
import type { FieldHashes, SurfaceHashes } from "../core/surface.js";
import { fileState } from "../files/regular-file.js";
import { writeFileIfChanged } from "../files/write.js";
import { inspectString } from "../text/escape.js";
import { shownPath } from "../text/posix-path.js";
import { UsageError } from "../usage-error.js";

export const PINS_FILE = "wymcp-lint.pins.json";
const LOCK_VERSION = 1;

/** The lock's surfaces, by file or server label. */
export type Pins = Readonly<Record<string, SurfaceHashes>>;

/** The run's lock file: beside the config, else in `cwd`; none with --no-config's false. */
export function pinsFile(config: Config | null | false, cwd: string): string {
  return resolve(config ? config.dir : cwd, PINS_FILE);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isHash = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

function readFields(value: unknown): FieldHashes | null {
  if (!isRecord(value)) return null;
  return Object.values(value).every(isHash) ? (value as FieldHashes) : null;
}

/** The surfaces of a parsed lock file, or what is wrong with it. */
function readSurfaces(value: unknown): Pins | string {
  if (!isRecord(value) || value["version"] !== LOCK_VERSION || !isRecord(value["surfaces"])) return `expected {"version": ${LOCK_VERSION}, "surfaces": {...}}`;
  const surfaces: Record<string, SurfaceHashes> = {};
  for (const [key, surface] of Object.entries(value["surfaces"])) {
    if (!isRecord(surface) || !isRecord(surface["tools"])) return `the surface of ${inspectString(key)} has no "tools" object`;
    const tools: Record<string, FieldHashes> = {};
    for (const [tool, fields] of Object.entries(surface["tools"])) {
      const read = readFields(fields);
      if (read === null) return `the tool ${inspectString(tool)} of ${inspectString(key)} is not an object of SHA-256 hashes`;
      tools[tool] = read;
    }
    const instructions = surface["instructions"];
    if (instructions !== undefined && !isHash(instructions)) return `the instructions of ${inspectString(key)} are not a SHA-256 hash`;
    surfaces[key] = instructions === undefined ? { tools } : { tools, instructions };
  }
  return surfaces;
}

const REWRITE = "fix it, or delete it and run wymcp-lint --update-pins to pin the surfaces again";

/** The lock's surfaces; null when there is no lock file. */
export function readPins(path: string, cwd: string): Pins | null {
  const shown = inspectString(shownPath(path, cwd));
  const state = fileState(path);
  if (state === "absent") return null;
  if (state !== "file") throw new UsageError(`the pins file ${shown} is ${state}, not a regular file`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`the pins file ${shown} is unusable: ${describeThrown(error)}; ${REWRITE}`);
  }
  const surfaces = readSurfaces(value);
  if (typeof surfaces === "string") throw new UsageError(`the pins file ${shown} is not a wymcp-lint pins file: ${surfaces}; ${REWRITE}`);
  return surfaces;
}

/** Writes the lock atomically, its keys sorted so that a rewrite of the same surfaces is the same bytes (then the file is left as it is); the text written, null when it was there already. */
export function writePins(path: string, pins: Pins, cwd: string): string | null {
  const sorted = Object.fromEntries(
    Object.keys(pins)
      .sort()
      .map((key) => [key, pins[key]]),
  );
  const text = `${JSON.stringify({ version: LOCK_VERSION, surfaces: sorted }, null, 2)}\n`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    return writeFileIfChanged(path, Buffer.from(text, "utf8")) ? text : null;
  } catch (error) {
    throw new UsageError(`the pins file ${inspectString(shownPath(path, cwd))} cannot be written: ${describeThrown(error)}`);
  }
}
