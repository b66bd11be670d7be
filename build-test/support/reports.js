// Reading wymcp-lint's machine outputs in tests: the JSON report's shape (SPEC section 7),
// and GitHub's own reading of a workflow-command line, to prove none can be forged.
/**
 * GitHub's reading of a workflow command line (actions/runner ActionCommand.TryParseV2):
 * leading white space is ignored, properties and data are unescaped; null when the line
 * is not a command.
 */
export function parseGithubCommand(line) {
    const trimmed = line.replace(/^\s+/u, "");
    const match = /^::([A-Za-z-]+)(?: ([^]*?))?::([^]*)$/.exec(trimmed);
    if (!match)
        return null;
    const unescapeProperty = (s) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
    const unescapeData = (s) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
    const properties = {};
    for (const pair of (match[2] ?? "").split(",")) {
        const at = pair.indexOf("=");
        if (at > 0)
            properties[pair.slice(0, at)] = unescapeProperty(pair.slice(at + 1));
    }
    return { command: match[1], properties, data: unescapeData(match[3]) };
}
