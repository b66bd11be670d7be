// The folder of the CLI's V8 code cache, beside its chunks in dist/bundle/: the chunk loader
// reads and the build writes it (cli/chunk-loader.ts); the build identity leaves it out, since
// it is made from the chunks and changes no result (build-identity.ts).

export const CODE_CACHE_DIR = "code-cache";
