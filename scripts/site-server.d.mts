// The types of site-server.mjs, for test/code-docs/site.test.ts.
export function serveSite(): Promise<{ url: string; stop: () => Promise<void> }>;
