// The config as the run's SeverityRules (src/lint/severity.ts). The code severities it
// gives one file: `rules`, then every override whose `files` match it, in order (a later
// one wins). A glob is matched with picomatch against the file's path relative to the
// config file's directory, with "/" separators and dot-files included; a glob without "/"
// matches the file's base name at any depth (as in .gitignore). A file outside the config's
// directory matches no override. A running server's rows name no file, so only `rules`
// applies to them (serverRules). The config's `clients` choose whose limits count, and its
// `formats` how value-mismatch reads "format", for files and servers alike. picomatch is loaded only here, and only for a config with overrides:
// with require, as Node would first scan a CommonJS module imported from ESM for its named
// exports (bench/README.md).

import { createRequire } from "node:module";
import { resolve } from "node:path";
import { defaultSeverity } from "../core/codes.js";
import type { SeverityRules } from "../lint/severity.js";
import type { ClientId } from "../core/client-limits/profiles.js";
import type { FormatsReading } from "../core/json-schema/dialect.js";
import { pathBelow } from "../text/posix-path.js";
import type { CodeSeverities, Config } from "./config.js";

/** A glob as matched against a relative path: one without "/" matches a base name at any depth. */
function anchored(glob: string): string {
  return glob.includes("/") ? glob : `**/${glob}`;
}

/** Each override's rules and a matcher of its `files`, compiled once. */
function overrideMatchers(config: Config): { readonly matches: (path: string) => boolean; readonly rules: CodeSeverities }[] {
  if (config.overrides.length === 0) return [];
  const picomatch = createRequire(import.meta.url)("picomatch") as typeof import("picomatch");
  return config.overrides.map((override) => ({ matches: picomatch(override.files.map(anchored), { dot: true }), rules: override.rules }));
}

/** The code severities the config gives each file (an absolute path): the matchers are compiled once. */
export function codeSeveritiesFor(config: Config): (file: string) => CodeSeverities {
  const overrides = overrideMatchers(config);
  return (file) => {
    const inside = pathBelow(config.dir, resolve(config.dir, file));
    let severities: CodeSeverities = config.rules;
    for (const override of overrides) {
      if (inside !== null && override.matches(inside)) severities = { ...severities, ...override.rules };
    }
    return severities;
  };
}

/** The config's `clients`, when it names them (every client otherwise), and its `formats`, when it says (each dialect's reading otherwise). */
function chosenBy(config: Config): { readonly clients?: ReadonlySet<ClientId>; readonly formats?: FormatsReading } {
  return { ...(config.clients === null ? {} : { clients: new Set(config.clients) }), ...(config.formats === null ? {} : { formats: config.formats }) };
}

/**
 * The config as the run's severity rules: a code the config does not name for a file keeps
 * its default. `file` is a result's file name, resolved against the run's directory; each
 * file's severities are worked out once.
 */
export function configRules(config: Config, cwd: string): SeverityRules {
  const forFile = codeSeveritiesFor(config);
  const cache = new Map<string, CodeSeverities>();
  return {
    ...chosenBy(config),
    severityOf(code, file) {
      let severities = cache.get(file);
      if (severities === undefined) {
        severities = forFile(resolve(cwd, file));
        cache.set(file, severities);
      }
      return severities[code] ?? defaultSeverity(code);
    },
  };
}

/**
 * The config as the severity rules of a running server's lint: its `rules` alone. The rows
 * name the server where a file would stand, and overrides match files, so none applies.
 */
export function serverRules(config: Config): SeverityRules {
  return { ...chosenBy(config), severityOf: (code) => config.rules[code] ?? defaultSeverity(code) };
}
