// The one table of injected-instruction patterns (docs/codes/ has a page per code): each row
// is its cues, a pattern and the reason it is suspicious. The cues are lower-case literals,
// one of which every match of the pattern contains; one scan for all cues at once (scan.ts)
// picks the rows worth trying, so a string that holds no cue costs one pass. Phrases
// are matched case-insensitively, on word boundaries, and kept narrow: a warning that fires
// on ordinary tool descriptions teaches people to ignore it.

/** The codes the pattern table reports (each a warning by default, src/core/codes.ts). */
export type InjectionCode = "hidden-instruction" | "concealment" | "instruction-override" | "tool-shadowing" | "sensitive-path" | "suspicious-url" | "shell-pipeline";

export interface PatternRow {
  readonly code: InjectionCode;
  /**
   * Lower-case literals, one of which every match of `pattern` contains; one that begins with a
   * letter begins a word there (no letter, digit or underscore right before it).
   */
  readonly cues: readonly string[];
  /** The pattern's source, matched case-insensitively. */
  readonly pattern: string;
  /** Why a match is suspicious, as the offence's message says it. */
  readonly reason: string;
  /**
   * A match in a sentence that says it is refused (REFUSED) and asks for no reading or sending
   * (HANDLING) is protection, not a lure: "hidden config directories (e.g. ~/.ssh) are rejected".
   */
  readonly refusable?: true;
  /**
   * A match that is where a sentence has something stored (STORED_INTO) or that it says is
   * created (CREATED), and asks for no reading or sending (HANDLING), is setup, not a lure:
   * "place the returned credentials in .env.local", "saves the credentials to a .env file".
   * Only for environment files: writing into ~/.ssh is itself an attack.
   */
  readonly storable?: true;
  /**
   * A match that is a placeholder of a command line (`--secret <secret>`) or a tag named as
   * such (NAMED_TAG: "wrap it in <instructions> tags", a tag in backticks) is text about a
   * tag, not a tag that sets orders apart.
   */
  readonly mentionable?: true;
}

/** A sentence's predicate that refuses what it names: "… are rejected", "access to … is denied". */
export const REFUSED = String.raw`\b(?:is|are|gets?|will be|is always|are always)\s+(?:rejected|refused|blocked|denied|excluded|forbidden|prohibited|disallowed|not allowed|not permitted|off[- ]limits|never (?:read|opened|accessed))\b`;
/** A verb that has something read, sent or shown: a sentence holding one is no refusal. */
export const HANDLING = String.raw`\b(?:read|open|cat|send|upload|include|copy|attach|paste|forward|post|share|print|return|output|pass|hand|load|fetch|extract)\b`;

// The verbs a negation forbids ("do not read"), and the negations.
const FORBIDDEN_VERB =
  "(?:read|open|echo|cat|print|display|show|log|output|return|send|upload|share|copy|paste|include|expose|reveal|commit|push|access|touch|modify|edit|load|source|parse|use|leak|attach|forward|post|fetch|extract|view|inspect)";
const NEGATION = "(?:do not|don['’]?t|never|must not|must never|should not|should never|shall not|will not|won['’]t|cannot|can['’]t|may not)";
/**
 * A negation and the verbs it forbids, listed: "Do NOT read, open, or echo". The path after
 * it, with no other verb that handles and no break of the clause between, is what the
 * sentence forbids touching.
 */
export const FORBIDDING = String.raw`\b${NEGATION}\s+${FORBIDDEN_VERB}\b(?:\s*,?\s*(?:(?:or|and|nor)\s+)?${FORBIDDEN_VERB}\b)*`;
/** What ends a clause: after one, a negation before it no longer governs the path. */
export const CLAUSE_BREAK = String.raw`[;:—]|\s-\s|\b(?:but|instead|then|except|unless|however)\b`;

/**
 * An example's marker before a path: "e.g.", "such as", or a colon that opens a list of quoted
 * names the path is one of ('setup files: ".env", "tsconfig.json"'). A path after one, in a
 * sentence about searching, is an example of a search.
 */
export const EXAMPLE_MARK = String.raw`(?:\be\.g\.|\beg\.|\bi\.e\.|\bfor (?:example|instance)\b|\bsuch as\b|\blike\b|:\s*(?:["'\x60][^"'\x60\n]{1,60}["'\x60]\s*,\s*)*["'\x60]$)`;
/** Words that make a sentence about searching or matching names. */
export const SEARCHING = String.raw`\b(?:search\w*|find\w*|look(?:s|ing)? (?:up|for)|patterns?|globs?|match\w*|filter\w*|quer(?:y|ies)|keywords?|file ?names?)\b`;

/**
 * The text of a sentence before a path that makes the path where something is stored: a verb
 * that stores, then "in", "into" or "to", a determiner or owner at most, and at most one other
 * path and "or" ("in project's `.env.local` or `.env`").
 */
export const STORED_INTO = String.raw`\b(?:place[sd]?|placing|puts?|putting|saved?|saves|saving|stored?|stores|storing|writes?|written|wrote|writing|add(?:s|ed|ing)?|keeps?|kept|keeping|sets?|setting|append(?:s|ed|ing)?|persist(?:s|ed|ing)?)\b.*\b(?:in|into|to)\s+(?:(?:your|the|a|an|its|this|that|[\w-]+['’]s)\s+)?(?:[\x60'"(]?\S+[\x60'")]?\s+or\s+)?[\x60'"(]?$`;
/** The text before a path that the sentence says is made: "creates a .env file", "writes a new .env". */
export const CREATED = String.raw`\b(?:creates?|created|creating|generates?|generated|generating|writes?|wrote|writing)\s+(?:(?:a|an|the|your|its|new|local)\s+)*[\x60'"(]?$`;
/** A tag named as a tag: "<instructions> tags", "the <system> element". */
export const NAMED_TAG = String.raw`^\s*(?:tags?|elements?|blocks?|sections?|wrappers?)\b`;
/** A command-line flag right before a match: `--secret <secret>`, `-k=<key>`. */
export const FLAG_BEFORE = String.raw`(?:^|\s)--?[A-Za-z][\w-]*[ =]$`;
/** Words that make a sentence about a file's contents, whatever it stores: "save everything in .env". */
export const CONTENTS = String.raw`\b(?:contents?|everything|all of)\b`;

// A tool's name as descriptions write it: bare, or in quotes or backticks.
const TOOL = String.raw`[\x60'"]?(?!this\b|that\b|the\b|a\b|any\b)[\w.-]+[\x60'"]?\s+tool`;

export const PATTERNS: readonly PatternRow[] = Object.freeze([
  // Markers that set text apart as orders for the model rather than documentation.
  {
    code: "hidden-instruction",
    cues: ["important"],
    pattern: String.raw`<\s*/?\s*important\s*>`,
    reason: "an <IMPORTANT> tag, the wrapper tool-poisoning attacks put their orders in",
  },
  {
    code: "hidden-instruction",
    cues: ["<"],
    pattern: String.raw`<\s*/?\s*(?:system|instructions?|assistant|admin|hidden|secret|(?:system|user|assistant|developer)[_-](?:message|prompt|turn|instructions?))(?:\s[^<>]{0,40})?\s*>`,
    reason: "a tag that speaks to the model as its system or as an administrator, or that fakes a turn of the chat",
    mentionable: true,
  },
  {
    code: "hidden-instruction",
    cues: ["[["],
    pattern: String.raw`\[\[\s*(?:system|important|instructions?|admin|hidden|secret|note to (?:the )?(?:ai|assistant|model|llm))\b`,
    reason: "a [[…]] block addressed to the model",
  },
  { code: "hidden-instruction", cues: ["<|im_"], pattern: String.raw`<\|im_(?:start|end|sep)\|>`, reason: "a chat-template token that fakes a turn of the chat" },
  { code: "hidden-instruction", cues: ["<!--"], pattern: String.raw`<!--[\s\S]*?-->`, reason: "an HTML comment, which a rendered description hides from people but a model reads" },
  // Keeping the user in the dark.
  {
    code: "concealment",
    cues: ["user", "human", "person"],
    pattern: String.raw`\b(?:do not|don['’]?t|never|must not|should not)\s+(?:tell|inform|notify|alert|mention (?:this|that|it) to|reveal (?:this|that|it) to|disclose (?:this|that|it) to)\s+(?:the\s+)?(?:user|human|person)s?\b`,
    reason: "an order to keep something from the user",
  },
  {
    code: "concealment",
    cues: ["mention", "reveal", "disclose"],
    pattern: String.raw`\b(?:do not|don['’]?t|never)\s+(?:mention|reveal|disclose)\s+(?:this|that|these|it)\b(?:\s+(?:step|instruction|request|note|part)s?)?\s*(?:[.,;:!)]|$|\bto\b|\bin\b|\byou\b)`,
    reason: "an order not to mention what the model is told to do",
  },
  {
    code: "concealment",
    cues: ["upset", "worry", "alarm"],
    pattern: String.raw`\b(?:could|would|might|will)\s+(?:upset|worry|alarm|scare|confuse)\s+(?:the\s+)?user\b`,
    reason: "a reason given for keeping something from the user",
  },
  {
    code: "concealment",
    cues: ["without"],
    pattern: String.raw`\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing)\s+(?:the\s+)?(?:user|human)s?\b`,
    reason: "an order to act behind the user's back",
  },
  {
    code: "concealment",
    cues: ["user"],
    pattern: String.raw`\b(?:the\s+)?user\s+(?:must|should|need|needs to)\s*(?:not|n't)\s+(?:know|see|notice|be told|find out)\b`,
    reason: "an order to keep something from the user",
  },
  // Overriding what the model was told before.
  {
    code: "instruction-override",
    cues: ["ignore", "disregard", "forget", "override", "bypass"],
    pattern: String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|original|system|safety|other)\s+(?:instructions?|prompts?|rules?|directions?|directives?|commands?|guidelines?|messages?|constraints?)\b`,
    reason: "an order to drop the instructions the model already has",
  },
  {
    code: "instruction-override",
    cues: ["instruction"],
    pattern: String.raw`\b(?:new|updated|real|actual)\s+(?:system\s+)?instructions?\s*:`,
    reason: "text that claims to be the model's new instructions",
  },
  {
    code: "instruction-override",
    cues: ["precedence", "priority"],
    pattern: String.raw`\b(?:takes?|have|has)\s+(?:precedence|priority)\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|system|user)\b`,
    reason: "a claim to outrank the model's other instructions",
  },
  {
    code: "instruction-override",
    cues: ["system prompt"],
    pattern: String.raw`\b(?:reveal|print|output|repeat|show|return|include)\s+(?:your|the)\s+(?:full\s+)?system\s+prompt\b`,
    reason: "an order to give away the model's system prompt",
  },
  // Directives about other tools or servers (shadowing).
  {
    code: "tool-shadowing",
    cues: ["tool"],
    pattern: String.raw`\b(?:when|whenever|before|after|each time|every time)\s+(?:the\s+)?${TOOL}\s+is\s+(?:used|called|invoked|run)\b`,
    reason: "a directive about how another tool is used",
  },
  {
    code: "tool-shadowing",
    cues: ["tool"],
    pattern: String.raw`\b(?:before|prior to)\s+(?:using|calling|invoking|running)\s+any\s+(?:other\s+)?tools?\b`,
    reason: "a directive that puts itself before every other tool",
  },
  // A claim to come first, unqualified: "must be called first", "always call this tool first".
  // One scoped to a task or a purpose ("first when prompts mention …", "first to get the
  // workspace id") or to the server's own tools ("before any other Shopify tools") is a workflow.
  {
    code: "tool-shadowing",
    cues: ["first", "before"],
    pattern: String.raw`\b(?:(?:must|should|has to|needs to)\s+(?:always\s+)?be\s+(?:called|used|run|invoked|executed)|(?:always\s+)?(?:call|use|run|invoke)\s+(?:this|me)(?:\s+tool)?)\s+(?:first|before\s+(?:any|all|every)\s+(?:other\s+)?(?:tools?|calls?|actions?|requests?))\b(?!\s+(?:when|whenever|if|for|to|in|on|with|after|before|of|from|so)\b)`,
    reason: "a claim to be called before everything else",
  },
  {
    code: "tool-shadowing",
    cues: ["tool"],
    pattern: String.raw`\b(?:side[ -]effects?|effect)\s+on\s+(?:the\s+)?(?:also\s+present\s+|other\s+)?${TOOL}\b`,
    reason: "a claim to change how another tool behaves",
  },
  {
    code: "tool-shadowing",
    cues: ["tool"],
    pattern: String.raw`\b(?:the\s+)?${TOOL}\s+(?:must|should|has to|needs to)\s+(?:always\s+)?(?:send|forward|copy|include|add|use|be called with|cc|bcc)\b`,
    reason: "an order for what another tool must do",
  },
  {
    code: "tool-shadowing",
    cues: ["tool"],
    pattern: String.raw`\b(?:all|any|every)\s+(?:other\s+)?tools?\s+(?:from|of|on)\s+(?:other|another|any)\s+(?:mcp\s+)?servers?\b`,
    reason: "a directive about the tools of other servers",
  },
  // Paths to secrets.
  // A public key (".pub") is no secret: a VM is created with ~/.ssh/id_rsa.pub.
  {
    code: "sensitive-path",
    cues: [".ssh"],
    pattern: String.raw`(?:~|\$HOME|%USERPROFILE%)?[\\/]\.ssh\b(?![\\/][\w.-]+\.pub\b)`,
    reason: "the SSH key directory",
    refusable: true,
  },
  { code: "sensitive-path", cues: ["id_"], pattern: String.raw`\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub\b)`, reason: "an SSH private key's file name", refusable: true },
  {
    code: "sensitive-path",
    cues: [".env"],
    pattern: String.raw`(?<=^|[\s\x60'"(/\\])\.env(?![\w.-]*\.(?:example|sample|template))(?:\.[\w-]+)?(?=$|[\s\x60'",;:)/\\]|\.(?:\s|$))`,
    reason: "an environment file, where secrets are kept",
    refusable: true,
    storable: true,
  },
  { code: "sensitive-path", cues: ["mcp.json"], pattern: String.raw`\bmcp\.json\b`, reason: "an MCP client's config, which holds other servers' credentials", refusable: true },
  {
    code: "sensitive-path",
    cues: ["_config.json"],
    pattern: String.raw`\bclaude_desktop_config\.json\b`,
    reason: "Claude Desktop's config, which holds other servers' credentials",
    refusable: true,
  },
  {
    code: "sensitive-path",
    cues: ["~/."],
    pattern: String.raw`~/\.(?:aws|cursor|kube|docker|gnupg|npmrc|netrc|pgpass|git-credentials|bash_history|zsh_history|config/gcloud)\b`,
    reason: "a dot-file in the home directory that holds credentials",
    refusable: true,
  },
  { code: "sensitive-path", cues: ["/etc/"], pattern: String.raw`/etc/(?:passwd|shadow|sudoers)\b`, reason: "a system account file", refusable: true },
  { code: "sensitive-path", cues: ["credentials"], pattern: String.raw`\.aws[\\/]credentials\b`, reason: "the AWS credentials file", refusable: true },
  // Addresses a model should not be sent to or read from.
  // A data: URL with content; one whose content is a placeholder ("data:image/png;base64,...")
  // or absent is a format written out, not a payload.
  {
    code: "suspicious-url",
    cues: ["data:"],
    pattern: String.raw`\bdata:[\w.+-]+/[\w.+-]+(?:;[\w.+=-]+)*,(?!\s|$|["'\x60)\]}]|\.{2,}|…|<[^<>]*>|\{[^{}]*\}|\[[^\]]*\]|x{3,}\b)`,
    reason: "a data: URL, which carries its content inline where no one reviews it",
  },
  { code: "suspicious-url", cues: ["file:"], pattern: String.raw`\bfile:/{2,3}(?:~|[\w.%-]*[\\/]|[A-Za-z]:)`, reason: "a file: URL, pointing the model at the local disk" },
  { code: "suspicious-url", cues: ["javascript:"], pattern: String.raw`\bjavascript:[^\s]`, reason: "a javascript: URL" },
  {
    code: "suspicious-url",
    cues: ["://"],
    pattern: String.raw`\b(?:https?|ftp|wss?)://(?!127\.|0\.0\.0\.0\b)(?:\d{1,3}\.){3}\d{1,3}(?=[:/\s"'\x60)]|$)`,
    reason: "a URL with a raw IP address instead of a name",
  },
  {
    code: "suspicious-url",
    cues: ["://"],
    pattern: String.raw`\b(?:https?|wss?)://(?:[\w-]+\.)+(?:ngrok(?:-free)?\.(?:io|app|dev)|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|localhost\.run|pagekite\.me|tunnelmole\.net|bore\.pub)\b`,
    reason: "a tunnelling service's address, which reaches someone's own machine",
  },
  // A script fetched and run in one line: whoever serves the address runs code on the machine.
  {
    code: "shell-pipeline",
    cues: ["curl", "wget"],
    pattern: String.raw`\b(?:curl|wget)\b[^|\n;]{1,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\b(?:ba|z)?sh\s+(?:-c\s+)?["']?\$\(\s*(?:curl|wget)\b|\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)\b`,
    reason: "a command that downloads a script and runs it in a shell",
  },
  {
    code: "shell-pipeline",
    cues: ["iex", "invoke-expression"],
    pattern: String.raw`\b(?:iex|invoke-expression)\b\s*\(?\s*(?:\(\s*)?(?:iwr|irm|invoke-webrequest|invoke-restmethod|new-object\s+net\.webclient)\b|\b(?:iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|\n;]{1,200}\|\s*(?:iex|invoke-expression)\b`,
    reason: "a PowerShell command that downloads a script and runs it",
  },
] satisfies PatternRow[]);

/**
 * Parameters shaped for exfiltration: a free-text argument (by one of these names) whose
 * description, or an instruction in the action's own text that names it, asks the model to
 * fill it with something from `SECRET_SOURCES`. A name alone is no offence: "context" and
 * "notes" are ordinary parameters.
 */
export const FREE_TEXT_NAMES: ReadonlySet<string> = new Set([
  "sidenote",
  "side_note",
  "note",
  "notes",
  "context",
  "debug",
  "debug_info",
  "metadata",
  "extra",
  "extra_info",
  "comment",
  "comments",
  "remarks",
  "feedback",
  "reasoning",
  "annotation",
  "details",
  "info",
]);

/** What a model should never be asked to copy into an argument, each with its reason. */
export const SECRET_SOURCES: readonly { readonly pattern: string; readonly reason: string }[] = Object.freeze([
  { pattern: String.raw`\b(?:contents?|text)\s+of\s+(?:the\s+|any\s+|all\s+|every\s+|a\s+)?(?:local\s+|config(?:uration)?\s+)?files?\b`, reason: "the contents of files" },
  {
    pattern: String.raw`\bread\s+(?:the\s+|your\s+|a\s+)?(?:file\s+)?(?:~|/|\.\w|[\w.-]*\s*(?:config|configuration|settings|keys?|files?)\b)`,
    reason: "a file it is told to read",
  },
  { pattern: String.raw`~/|[\\/]\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bmcp\.json\b|(?:^|\s)\.env\b`, reason: "a sensitive file" },
  { pattern: String.raw`\b(?:conversation|chat)\s+(?:history|so far|log)\b|\bprevious\s+messages\b|\bsystem\s+prompt\b`, reason: "the conversation or the system prompt" },
  { pattern: String.raw`\b(?:api[ _-]?keys?|access[ _-]?tokens?|passwords?|credentials|private[ _-]?keys?|secrets?|environment\s+variables)\b`, reason: "credentials" },
]);

/** The verbs PASS_AS starts with: a text holding none of them holds no such instruction. */
export const PASS_VERB = String.raw`\b(?:pass|put|send|include|provide|add|place|insert|copy)\b`;

/** An instruction to put something into an argument: "pass its content as 'sidenote'" (group 1 is the argument). */
export const PASS_AS = String.raw`${PASS_VERB}[^.;]{0,80}?\b(?:as|in|into|via|inside|using)\s+(?:the\s+)?[\x60'"]?([A-Za-z_][\w-]*)[\x60'"]?`;
