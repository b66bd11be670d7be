#!/usr/bin/env node
// Writes schemas/config.schema.json from src/config/schema.ts, read from the build
// (dist/config/schema.js), so the schema editors complete cannot drift from what the config
// loader accepts. Run after `npm run build`; test/config/config.test.ts makes the same comparison.

import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const target = fileURLToPath(new URL("schemas/config.schema.json", root));
const { configSchema } = await import(new URL("dist/config/schema.js", root).href);
writeFileSync(target, `${JSON.stringify(configSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
