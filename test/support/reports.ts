// Reading wymcp-lint's machine outputs in tests: the JSON report's shape (docs/report.md),
// and GitHub's own reading of a workflow-command line, to prove none can be forged.

export interface JsonOffence {
  readonly action: string | null;
  readonly code: string;
  readonly path: readonly (string | number)[];
  readonly location: string;
  readonly message: string;
  readonly fix: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly exact: boolean | null;
}

export interface JsonReport {
  readonly version: number;
  readonly files: readonly {
    readonly file: string;
    readonly tool: string | null;
    readonly offences: readonly JsonOffence[];
    readonly heldBack?: readonly { readonly action: string; readonly check: string; readonly by: readonly string[]; readonly message: string }[];
  }[];
  readonly summary: { readonly files: number; readonly actions: number; readonly offences: number };
}

export interface GithubCommand {
  readonly command: string;
  readonly properties: Record<string, string>;
  readonly data: string;
}

/**
 * GitHub's reading of a workflow command line (actions/runner ActionCommand.TryParseV2):
 * leading white space is ignored, properties and data are unescaped; null when the line
 * is not a command.
 */
export function parseGithubCommand(line: string): GithubCommand | null {
  const trimmed = line.replace(/^\s+/u, "");
  const match = /^::([A-Za-z-]+)(?: ([\s\S]*?))?::([\s\S]*)$/.exec(trimmed);
  if (!match) return null;
  const unescapeProperty = (s: string): string => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
  const unescapeData = (s: string): string => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at > 0) properties[pair.slice(0, at)] = unescapeProperty(pair.slice(at + 1));
  }
  return { command: match[1] as string, properties, data: unescapeData(match[3] as string) };
}
