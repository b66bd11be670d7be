// The types of install.mjs, for test/packaging.test.ts.
export function footprint(path: string): { bytes: number; packages: number };
export function consumerLock(root: string, tarball: string, integrity: string, registry?: string): object;
