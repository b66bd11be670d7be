// What each module loaded, for the result cache (docs/cli.md, "Cache"): every file a job's
// module imported or required, directly or through others, however many jobs before it
// loaded them. The module process records each resolution as an edge from the importing file
// to the file it resolved to (ES modules on the loader-hooks thread, ts-hooks.ts, which posts
// them here; CommonJS through Module._resolveFilename), and a job's files are those its own
// file reaches. Only files (file: URLs) count; built-ins and data: URLs do not. Built-ins are
// captured when this file is evaluated, before any module is imported.

import { fileURLToPath, pathToFileURL } from "node:url";
import { receiveMessageOnPort, type MessagePort } from "node:worker_threads";

const ReflectApply = Reflect.apply;
const StringStartsWith = String.prototype.startsWith;
const ObjectCreate = Object.create;
const ObjectHasOwn = Object.hasOwn;
const toPath = fileURLToPath;
const toUrl = pathToFileURL;

/** What ts-hooks.ts posts for each resolution it makes: the importing URL (null for the job's own import) and the resolved one. */
export interface LoadedEdgeMessage {
  readonly loaded: readonly [string | null, string];
}

/** The files each URL was seen to import, as a prototype-less table of arrays. */
const edges: Record<string, string[]> = ObjectCreate(null);

function isFileUrl(url: unknown): url is string {
  return typeof url === "string" && ReflectApply(StringStartsWith, url, ["file:"]) === true;
}

function addEdge(from: string | null, to: string): void {
  if (from === null || !isFileUrl(to)) return;
  const list = ObjectHasOwn(edges, from) ? (edges[from] as string[]) : (edges[from] = []);
  for (let i = 0; i < list.length; i++) if (list[i] === to) return;
  list[list.length] = to;
}

/** Records a CommonJS resolution: `parent` required something that resolved to the file `resolved`. */
export function recordRequire(parentFile: string | undefined, resolved: string): void {
  if (typeof parentFile !== "string" || typeof resolved !== "string" || resolved[0] !== "/") return;
  addEdge(toUrl(parentFile).href, toUrl(resolved).href);
}

/** Takes the ES module resolutions the loader-hooks thread has posted on `port` so far. */
export function drainEdges(port: MessagePort | null): void {
  if (port === null) return;
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) {
    const edge = (m.message as Partial<LoadedEdgeMessage>).loaded;
    if (edge !== undefined) addEdge(edge[0], edge[1]);
  }
}

/** Every file the module at `url` loaded, its own first: the files its resolutions reach. */
export function filesLoadedBy(url: string): string[] {
  const seen: Record<string, true> = ObjectCreate(null);
  const queue: string[] = [url];
  const files: string[] = [];
  seen[url] = true;
  for (let at = 0; at < queue.length; at++) {
    const from = queue[at] as string;
    if (isFileUrl(from)) files[files.length] = toPath(from);
    const next = ObjectHasOwn(edges, from) ? (edges[from] as string[]) : [];
    for (let i = 0; i < next.length; i++) {
      const to = next[i] as string;
      if (seen[to] === true) continue;
      seen[to] = true;
      queue[queue.length] = to;
    }
  }
  return files;
}
