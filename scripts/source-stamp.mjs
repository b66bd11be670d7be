// Records which source dist/ was built from (dist/source-stamp.json: each file of src/ with its
// CRC-32), as the last step of `npm run build`, so that a test starting a lint worker or a
// module process from the source refuses a build older than the source
// (src/modules/entry-url.ts, which owns the stamp; CONTRIBUTING.md, "Test"). Written whole
// under a temporary name, then renamed into place.

import { renameSync, writeFileSync } from "node:fs";
import { SOURCE_STAMP, sourceStamp } from "../dist/modules/entry-url.js";

const root = new URL("../", import.meta.url);
const target = new URL(SOURCE_STAMP, root);
const temporary = new URL(`${SOURCE_STAMP}.${process.pid}.tmp`, root);
writeFileSync(temporary, `${JSON.stringify(sourceStamp(root), null, 2)}\n`);
renameSync(temporary, target);
