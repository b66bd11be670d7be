// node:util in the playground: the type tests the core's escaping and maps use.
const tag = (value: unknown): string => Object.prototype.toString.call(value);
export const types = {
  isProxy: (): boolean => false,
  isExternal: (): boolean => false,
  isMap: (value: unknown): boolean => value instanceof Map,
  isSet: (value: unknown): boolean => value instanceof Set,
  isDate: (value: unknown): boolean => value instanceof Date,
  isRegExp: (value: unknown): boolean => value instanceof RegExp,
  isPromise: (value: unknown): boolean => value instanceof Promise,
  isBoxedPrimitive: (value: unknown): boolean => /^\[object (Number|String|Boolean|BigInt|Symbol)\]$/.test(tag(value)) && typeof value === "object",
  isTypedArray: (value: unknown): boolean => ArrayBuffer.isView(value) && !(value instanceof DataView),
  isArrayBuffer: (value: unknown): boolean => value instanceof ArrayBuffer,
  isAnyArrayBuffer: (value: unknown): boolean => value instanceof ArrayBuffer,
};
export function inspect(value: unknown): string {
  return typeof value === "string" ? `'${value}'` : String(value);
}
export default { types, inspect };
