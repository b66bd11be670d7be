// The secret the result cache is signed with (docs/cli.md, "Cache"): 32 random bytes in the
// user's cache folder ($XDG_CACHE_HOME/wymcp-lint/cache-secret, else the platform's), made on
// first use, readable by the user alone. A cache file can come from anywhere the project
// does (git can commit one); only one this user's linter signed is read, so a clean entry
// forged for a broken file never turns a failing run into a passing one. Made by a link of a
// complete file, so linters starting together agree on one secret. WYMCP_LINT_CACHE_SECRET
// stands in for the file where a cache moves between machines (a CI cache): the value comes
// from the CI's secrets, so whoever holds it can sign, and nobody else.

import { closeSync, constants, fstatSync, fsyncSync, linkSync, mkdirSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { describeThrown } from "../core/escape.js";

// node:crypto is taken at each use, not imported: this module loads with the engine in every
// run, most of which never sign a cache, and the built-in slows every start-up (bench/README.md).
const crypto = (): typeof import("node:crypto") => process.getBuiltinModule("node:crypto");

const SECRET_BYTES = 32;
/** The fewest characters a secret given in the environment may have: 128 bits as hexadecimal. */
const SHORTEST_GIVEN = 32;

/** The secret, or why there is none. */
export type CacheSecret = { readonly secret: Buffer } | { readonly why: string };

/** The user's cache folder of the linter. */
function folder(): string {
  const xdg = process.env["XDG_CACHE_HOME"];
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "wymcp-lint");
  if (process.platform === "win32") return join(process.env["LOCALAPPDATA"] ?? join(homedir(), "AppData", "Local"), "wymcp-lint");
  if (process.platform === "darwin") return join(homedir(), "Library", "Caches", "wymcp-lint");
  return join(homedir(), ".cache", "wymcp-lint");
}

/** The secret in `file`: a regular file of exactly its size, never through a link; null when there is none. */
function readSecret(file: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size !== SECRET_BYTES) throw new Error(`${file} is not a secret the linter made (remove it to have one made again)`);
    const secret = Buffer.alloc(SECRET_BYTES);
    for (let at = 0; at < SECRET_BYTES; ) {
      const read = readSync(fd, secret, at, SECRET_BYTES - at, null);
      if (read === 0) throw new Error(`${file} was cut short`);
      at += read;
    }
    return secret;
  } finally {
    closeSync(fd);
  }
}

/** Makes the secret in `file`, unless another process made it first. */
function makeSecret(file: string): void {
  const temporary = `${file}.${process.pid}-${crypto().randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    const secret = crypto().randomBytes(SECRET_BYTES);
    for (let written = 0; written < SECRET_BYTES; ) written += writeSync(fd, secret, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
}

let known: CacheSecret | undefined;

/** The secret WYMCP_LINT_CACHE_SECRET gives, hashed to the secret's size; undefined when it is not set. */
function givenSecret(): CacheSecret | undefined {
  const given = process.env["WYMCP_LINT_CACHE_SECRET"];
  if (given === undefined || given === "") return undefined;
  if (given.length < SHORTEST_GIVEN) return { why: `WYMCP_LINT_CACHE_SECRET has ${given.length} characters, fewer than ${SHORTEST_GIVEN}` };
  return { secret: crypto().createHash("sha256").update(given).digest() };
}

/** The secret WYMCP_LINT_CACHE_SECRET gives, else the user's, made when there is none yet; found once a process. */
export function cacheSecret(): CacheSecret {
  if (known !== undefined) return known;
  known = givenSecret();
  if (known !== undefined) return known;
  const file = join(folder(), "cache-secret");
  try {
    let secret = readSecret(file);
    if (secret === null) {
      mkdirSync(folder(), { recursive: true, mode: 0o700 });
      makeSecret(file);
      secret = readSecret(file);
    }
    known = secret === null ? { why: `${file} could not be made` } : { secret };
  } catch (error) {
    known = { why: describeThrown(error) };
  }
  return known;
}
