// What decides how a tool module loads beside its own text and the files it loaded, as one
// stamp the result cache keeps with the module's entry (cache.ts): for the module and each file
// it loaded outside node_modules (a package there is kept by its version), the nearest
// package.json's `type` and `imports` (a `.js` file is CommonJS or an ES module by the first,
// a `#` import resolves by the second) wherever that package.json is, so one made closer
// decides from then on; and for a TypeScript file the tsconfig.json that applies and each it
// extends (modules/tsconfig.ts). A version or a script changes nothing of it.

import { dirname, join } from "node:path";
import { readRegularFile } from "../files/regular-file.js";
import { TYPESCRIPT } from "../modules/module-format.js";
import { tsconfigFiles } from "../modules/tsconfig.js";

/** The longest package.json read: larger is taken for what it is, its bytes' stamp. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** One run's load scopes: each directory's, looked up once. */
export class LoadScopes {
  readonly #packages = new Map<string, string>();
  readonly #tsconfigs = new Map<string, string>();
  /** A file's stamp as the cache takes it (its content or metadata), null when it cannot be read. */
  readonly #stampOf: (path: string) => string | null;

  constructor(stampOf: (path: string) => string | null) {
    this.#stampOf = stampOf;
  }

  /** The scope of a module at `file` that loaded `loaded`: equal while nothing that decides how they load changed. */
  of(file: string, loaded: readonly string[]): string {
    const parts = new Set<string>();
    for (const path of [file, ...loaded]) {
      if (path.includes("/node_modules/")) continue;
      parts.add(this.#packageOf(dirname(path)));
      if (TYPESCRIPT.test(path)) parts.add(this.#tsconfigOf(dirname(path)));
    }
    return JSON.stringify([...parts].sort());
  }

  /** What the nearest package.json at or above `directory` says of loading ("none" at the root). */
  #packageOf(directory: string): string {
    const known = this.#packages.get(directory);
    if (known !== undefined) return known;
    const manifest = join(directory, "package.json");
    const bytes = readRegularFile(manifest, MAX_MANIFEST_BYTES);
    let scope: string;
    if (bytes !== null) {
      scope = `${manifest} ${this.#loadFields(manifest, bytes)}`;
    } else {
      const parent = dirname(directory);
      scope = parent === directory ? "no package.json" : this.#packageOf(parent);
    }
    this.#packages.set(directory, scope);
    return scope;
  }

  /** The fields of a package.json that decide how its files load; its stamp when it is no JSON object (Node then fails to load them, until it is mended). */
  #loadFields(manifest: string, bytes: Buffer): string {
    let document: unknown;
    try {
      document = JSON.parse(bytes.toString("utf8"));
    } catch {
      document = null;
    }
    if (typeof document !== "object" || document === null || Array.isArray(document)) return `unreadable ${this.#stampOf(manifest)}`;
    const { type, imports } = document as { type?: unknown; imports?: unknown };
    return JSON.stringify({ type: type ?? null, imports: imports ?? null });
  }

  /** The tsconfig files that apply in `directory`, each with its stamp. */
  #tsconfigOf(directory: string): string {
    const known = this.#tsconfigs.get(directory);
    if (known !== undefined) return known;
    const files = tsconfigFiles(join(directory, "file"));
    const scope = `tsconfig ${JSON.stringify(files.map((file) => [file, this.#stampOf(file)]))}`;
    this.#tsconfigs.set(directory, scope);
    return scope;
  }
}
