// node:path in the playground: POSIX paths, as the browser has no others.
export const sep = "/";
export const delimiter = ":";
export function basename(path: string, ext?: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return ext !== undefined && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
}
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot);
}
export function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "." : slash === 0 ? "/" : path.slice(0, slash);
}
export function join(...parts: string[]): string {
  return parts
    .filter((part) => part !== "")
    .join("/")
    .replace(/\/+/g, "/");
}
export const resolve = join;
export const isAbsolute = (path: string): boolean => path.startsWith("/");
export function relative(from: string, to: string): string {
  return to.startsWith(`${from}/`) ? to.slice(from.length + 1) : to;
}
export const posix = { sep, delimiter, basename, extname, dirname, join, resolve, isAbsolute, relative };
export default posix;
