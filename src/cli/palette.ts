// The colours of the text report, and the only file that imports chalk. run.ts imports it
// only when colour is on (a TTY, --color or FORCE_COLOR), so a plain run never loads chalk.
// Formatters receive the palette; none of them knows about terminals.

import { Chalk } from "chalk";
import type { Palette } from "../core/report.js";

// Basic ANSI colours only: every colour terminal shows them, so level 1 is enough.
const chalk = new Chalk({ level: 1 });

export const COLOUR: Palette = Object.freeze({
  file: (s: string) => chalk.bold(s),
  code: (s: string) => chalk.red(s),
  name: (s: string) => chalk.cyan(s),
  location: (s: string) => chalk.yellow(s),
  fix: (s: string) => chalk.green(s),
  dim: (s: string) => chalk.dim(s),
  warning: (s: string) => chalk.magenta(s),
});
