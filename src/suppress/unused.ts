// Reports a useless directive (apply-directives.ts's finding) as one `unused-disable` offence at the
// directive's line and column: the codes it suppressed nothing for, a code that is no
// offence code (with the close match), a missing code list, or a misspelt directive name.
// Pure; the one place these messages are worded.

import { inspectString } from "../text/escape.js";
import { toolOffence, withPosition, type Offence } from "../core/offence.js";
import type { DirectiveFinding, DirectiveProblem } from "./apply-directives.js";
import type { Directive } from "./directives.js";

function directivePlace(directive: Directive): string {
  if (directive.kind === "wymcp-lint-disable-file") return "in this file";
  if (directive.kind !== "wymcp-lint-disable-line") return `on line ${directive.endLine + 1}`;
  return directive.line === directive.endLine ? `on line ${directive.line}` : `on lines ${directive.line}-${directive.endLine}`;
}

function describe(problem: DirectiveProblem, finding: DirectiveFinding): string {
  const { directive } = finding;
  switch (problem.kind) {
    case "unused":
      return `no ${problem.code} offence ${directivePlace(directive)}`;
    case "unknown-code":
      return `${inspectString(problem.code)} is not an offence code${problem.suggestion === null ? "" : ` (did you mean ${inspectString(problem.suggestion)}?)`}`;
    case "no-code":
      return "it names no code (a directive disables the codes it lists, never all of them)";
    case "malformed":
      return `${inspectString(directive.word)} is not a directive${problem.suggestion === null ? "" : ` (did you mean ${inspectString(problem.suggestion)}?)`}`;
  }
}

function fixFor(finding: DirectiveFinding): string {
  const first = finding.problems[0] as DirectiveProblem;
  if (first.kind === "unknown-code" && first.suggestion !== null) return `Write the code as wymcp-lint names it: ${first.suggestion}.`;
  if (first.kind === "malformed" && first.suggestion !== null) return `Spell the directive ${first.suggestion}.`;
  if (first.kind === "no-code") return "Name the code to disable, as the offence shows it: // wymcp-lint-disable-next-line CODE -- reason.";
  return "Remove the directive (or the codes it no longer needs), or move it to the line above the offence it is meant for.";
}

export function unusedDisableOffence(finding: DirectiveFinding): Offence {
  const name = finding.directive.kind === "malformed" ? "directive" : finding.directive.kind;
  const message = `the ${name} suppresses nothing: ${finding.problems.map((p) => describe(p, finding)).join("; ")}`;
  return withPosition(toolOffence("unused-disable", message, fixFor(finding)), finding.directive.line, finding.directive.column);
}
