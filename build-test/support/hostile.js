// Strings that try to break out of an output: terminal escapes, carriage returns, line and
// paragraph separators, bidi controls, GitHub workflow commands (raw and pre-escaped), C1
// controls and NUL. Shared by the injection tests of the core and of every format.
export const HOSTILE = [
    "\u001b[2J\u001b[H",
    "\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007",
    "\u001b[31mred",
    "line\rOVERWRITE",
    "a\u2028b",
    "a\u2029b",
    "\u202aLRE\u202bRLE\u202cPDF",
    "\u202dLRO\u202eRLO",
    "\u2066LRI\u2067RLI\u2068FSI\u2069PDI",
    "x\n::error file=a.js,line=1::forged",
    "::error::forged",
    "::error file=README.md,line=1::forged",
    "  ::warning::indented",
    "\u3000::notice::wide space",
    "::stop-commands::token",
    "%0A::error::forged%0D",
    "\u0085NEL",
    "\u009b31m",
    "\u0000nul\u0007bel\u007fdel",
];
