// The checksum of the CLI's code cache (cli/chunk-loader.ts) and of the build identity
// (build-identity.ts): 32-bit FNV-1a over the bytes as 32-bit words in the platform's order,
// then the bytes left over. It guards against an accident (a changed build, a damaged cache),
// never an adversary. Computed here rather than by node:zlib's crc32: loading node:zlib, and
// the stream modules it loads, cost a small run more than hashing its chunks and their caches
// in JavaScript (bench/README.md).

const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/** The checksum of `bytes`, continuing from `previous`, the checksum of what came before it. */
export function checksum(bytes: Uint8Array, previous: number = OFFSET_BASIS): number {
  // A view of words needs an aligned start: a file's bytes and a cache's data after its header
  // have one; other bytes are copied to one, so the sum never depends on where they sit.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
  let hash = previous | 0;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ (words[i] as number), PRIME);
  for (let i = words.length * 4; i < aligned.length; i++) hash = Math.imul(hash ^ (aligned[i] as number), PRIME);
  return hash >>> 0;
}
