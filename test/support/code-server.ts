// A real VS Code for test/editors/code-server.test.ts: code-server (VS Code's own workbench
// served to a browser, with its extension host on this machine's Node), with a fresh user data
// and extensions folder, driven by Debian's Chromium through playwright-core (never a browser
// of its own download). What a test reads is what a user sees: the editor's squiggles, the
// Problems panel's rows, the hover, the code action menu, the notifications, the Output panel;
// what it does is what a user does, with the keyboard. Every wait is for something to appear,
// with a generous timeout that only turns a hang into a failure.

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";

const WAIT_MS = 60_000;

/** What the tests read of an element in the page (this project's types have no DOM). */
interface Shown {
  readonly innerText: string;
  readonly offsetTop: number;
  readonly className: string;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<Shown>;
}
export const CHROMIUM = "/usr/bin/chromium";
/** What Chromium is started with: headless, nothing fetched from outside, a profile of its own (the context's). */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** code-server's entry (its `out/node/entry.js`, which runs on this Node), from `code-server` on PATH; null when there is none. */
export function codeServerEntry(): string | null {
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    if (dir === "" || !existsSync(join(dir, "code-server"))) continue;
    const entry = realpathSync(join(dir, "code-server"));
    return entry.endsWith(".js") ? entry : null;
  }
  return null;
}

/** The active editor's lines. */
const VIEW = ".editor-instance .monaco-editor .view-lines";
/** The text of the Output panel's channel shown. */
const OUTPUT = ".part.panel .monaco-editor .view-lines";

/** A log as the Output panel shows it, as text: its spaces plain, each line whole again where the view wrapped it (a log line opens with its date). */
function logText(shownText: string): string {
  return shownText.replace(/\u00a0/g, " ").replace(/\n(?!\d{4}-\d\d-\d\d )/g, "");
}

/** Why the test cannot run here, or null when code-server, Chromium and playwright-core are all there. */
export async function missingTools(): Promise<string | null> {
  if (codeServerEntry() === null) return "code-server is not installed (.ci/run installs it from npm)";
  if (!existsSync(CHROMIUM)) return "Chromium is not installed (Debian's chromium package; .ci/run installs it)";
  try {
    await import("playwright-core");
  } catch {
    return "playwright-core is not installed (npm ci)";
  }
  return null;
}

export interface EditorOptions {
  /** The .vsix to install. */
  readonly vsix: string;
  /** The folder to open. */
  readonly folder: string;
  /** The extension host's PATH (code-server passes its own environment on). */
  readonly path: string;
}

export interface Editor {
  readonly page: Page;
  /** Opens a file of the folder by name (Quick Open), and waits for its editor. */
  open(name: string): Promise<void>;
  /** Closes every editor. */
  closeAll(): Promise<void>;
  /** The rows of the Problems panel: severity, message, source, code, line, column. */
  problems(expected: number): Promise<Problem[]>;
  /** The lines of the active editor (1-based) with a squiggle, by kind ("error", "warning", "info"). */
  squiggles(): Promise<{ line: number; kind: string }[]>;
  /** The active editor's text as shown. */
  text(): Promise<string>;
  /** Puts the cursor at `line`:`column` (1-based), with Go to Line. */
  goTo(line: number, column: number): Promise<void>;
  /** The text of the hover at the cursor, once it matches `expected`. */
  hover(expected: RegExp): Promise<string>;
  /** The titles of the code action menu at the cursor, and picks `choose` among them. */
  quickFix(choose: string): Promise<string[]>;
  /** Runs a command of the palette by its title. */
  command(title: string): Promise<void>;
  /** Saves the active editor and waits until the save is done. */
  save(): Promise<void>;
  /** The text of the notifications shown. */
  notifications(): Promise<string[]>;
  /** The text of the extension's log in the Output panel, shown with its command. */
  output(): Promise<string>;
  /** Waits until the Output panel's text matches. */
  waitForOutput(pattern: RegExp): Promise<void>;
  close(): Promise<void>;
}

export interface Problem {
  readonly severity: string;
  readonly message: string;
  readonly source: string;
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

/** A Problems panel row as it reads: "MESSAGE | SOURCE | CODE | [Ln L, Col C]", its severity from its label. */
function problemOf(label: string, text: string): Problem | null {
  const fields = text.split("\n").map((field) => field.trim());
  const at = /^\[Ln (\d+), Col (\d+)\]$/.exec(fields.at(-1) ?? "");
  if (at === null || fields.length < 4) return null;
  return {
    severity: /^(\w+):/.exec(label)?.[1] ?? "",
    message: fields.slice(0, -3).join("\n"),
    source: fields.at(-3) as string,
    code: fields.at(-2) as string,
    line: Number(at[1]),
    column: Number(at[2]),
  };
}

/** Starts code-server with the extension installed and the folder open in Chromium. */
export async function startEditor(options: EditorOptions): Promise<Editor> {
  const entry = codeServerEntry() as string;
  const home = mkdtempSync(join(tmpdir(), "wymcp-lint-code-server-"));
  const userData = join(home, "user");
  const extensions = join(home, "extensions");
  mkdirSync(join(userData, "User"), { recursive: true });
  writeFileSync(
    join(userData, "User", "settings.json"),
    JSON.stringify({
      "workbench.startupEditor": "none",
      "security.workspace.trust.enabled": false,
      "telemetry.telemetryLevel": "off",
      "extensions.autoCheckUpdates": false,
      "extensions.autoUpdate": false,
      "workbench.enableExperiments": false,
      "update.mode": "none",
      "workbench.tips.enabled": false,
      "editor.hover.delay": 100,
      // Saved when the test saves, as a user does: fix-all on save runs on an explicit save only.
      "files.autoSave": "off",
    }),
  );
  // Its config file and data under the fresh home, never the user's; and the PATH given, which
  // VS Code keeps as it is when started from a command line (VSCODE_CLI) rather than reading a login shell's.
  const env = { ...process.env, PATH: options.path, XDG_CONFIG_HOME: join(home, "config"), XDG_DATA_HOME: join(home, "data"), HOME: home, VSCODE_CLI: "1" };
  execFileSync(process.execPath, [entry, "--user-data-dir", userData, "--extensions-dir", extensions, "--install-extension", options.vsix], { env, stdio: "pipe" });
  const server: ChildProcess = spawn(
    process.execPath,
    [
      entry,
      "--auth",
      "none",
      "--bind-addr",
      "127.0.0.1:0",
      "--user-data-dir",
      userData,
      "--extensions-dir",
      extensions,
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start: ${log}`)), WAIT_MS);
    const read = (chunk: Buffer): void => {
      log += chunk.toString();
      const found = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log);
      if (found !== null) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.once("exit", (code) => reject(new Error(`code-server exited (${code}): ${log}`)));
  });
  const { chromium } = await import("playwright-core");
  const context: BrowserContext = await chromium.launchPersistentContext(join(home, "chromium"), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1600, height: 1200 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(options.folder)}`);
  await page.waitForSelector(".explorer-folders-view .monaco-list-row");

  async function palette(prefix: string, text: string): Promise<void> {
    await page.keyboard.press(prefix === ">" ? "F1" : "Control+P");
    await page.waitForSelector(".quick-input-widget .monaco-inputbox input");
    await page.keyboard.type(text);
    await page.waitForSelector(".quick-input-list .monaco-list-row");
  }

  const editor: Editor = {
    page,
    async open(name) {
      await palette("", name);
      await page.waitForSelector(`.quick-input-list .monaco-list-row.focused[aria-label*="${name}"]`);
      await page.keyboard.press("Enter");
      await page.waitForSelector(`.tab.active[aria-label*="${name}"]`);
      await page.waitForSelector(".editor-instance .monaco-editor .view-lines");
    },
    async closeAll() {
      // Close All Editors' own keys.
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+W");
      await page.waitForSelector(".tab", { state: "detached" });
    },
    async problems(expected) {
      if ((await page.$(".markers-panel")) === null || !(await page.isVisible(".markers-panel"))) await page.keyboard.press("Control+Shift+M");
      await page.waitForSelector(".markers-panel");
      // Rows come as the file's problems arrive: wait for the number a file holds.
      const rows = async (): Promise<Problem[]> =>
        (
          await page.$$eval(".markers-panel .monaco-list-row", (elements) =>
            elements.map((element) => ({ label: element.getAttribute("aria-label") ?? "", text: (element as unknown as Shown).innerText })),
          )
        ).flatMap(({ label, text }) => problemOf(label, text) ?? []);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const found = await rows();
        if (found.length === expected) return found;
        if (Date.now() > deadline) return found;
        await page.waitForTimeout(100);
      }
    },
    async squiggles() {
      return page.$$eval(".editor-instance .monaco-editor .view-overlays > div", (elements) => {
        const lines = elements as unknown as Shown[];
        const height = lines[1]?.offsetTop || 19;
        return lines.flatMap((line) =>
          Array.from(line.querySelectorAll("[class*=squiggly-]")).map((squiggle) => ({
            line: Math.round(line.offsetTop / height) + 1,
            kind: /squiggly-(error|warning|info)/.exec(squiggle.className)?.[1] ?? squiggle.className,
          })),
        );
      });
    },
    async text() {
      return page.$eval(VIEW, (view) => (view as unknown as Shown).innerText.replace(/\u00a0/g, " "));
    },
    async goTo(line, column) {
      await page.keyboard.press("Control+G");
      await page.waitForSelector(".quick-input-widget .monaco-inputbox input");
      await page.keyboard.type(`${line}:${column}`);
      await page.keyboard.press("Enter");
      await page.waitForSelector(".quick-input-widget", { state: "hidden" });
    },
    async hover(expected) {
      await page.keyboard.press("Control+K");
      await page.keyboard.press("Control+I");
      // The hover fills in as its parts come (the problem's at once, the server's after).
      const selector = ".monaco-hover:not(.hidden) .monaco-hover-content";
      await page.waitForFunction(
        ([where, source]) =>
          new RegExp(source).test((globalThis as unknown as { document: { querySelector(s: string): Shown | null } }).document.querySelector(where)?.innerText ?? ""),
        [selector, expected.source] as const,
      );
      return page.$eval(selector, (hover) => (hover as unknown as Shown).innerText);
    },
    async quickFix(choose) {
      await page.keyboard.press("Control+.");
      await page.waitForSelector(".action-widget .monaco-list-row");
      const titles = await page.$$eval(".action-widget .monaco-list-row.action", (rows) => rows.map((row) => (row as unknown as Shown).innerText.trim()));
      // With the keyboard, as the menu's pointer block stops clicks: down to the row, then Enter.
      for (let i = 0; i <= titles.length; i++) {
        const focused = await page.$eval(".action-widget .monaco-list-row.focused", (row) => (row as unknown as Shown).innerText.trim()).catch(() => "");
        if (focused === choose) break;
        await page.keyboard.press("ArrowDown");
      }
      const focused = await page.$eval(".action-widget .monaco-list-row.focused", (row) => (row as unknown as Shown).innerText.trim());
      if (focused !== choose) throw new Error(`no action ${JSON.stringify(choose)} among ${JSON.stringify(titles)}`);
      const before = await editor.text();
      await page.keyboard.press("Enter");
      // Applied once the text shows it (VS Code may save the file itself, as it does a refactoring's).
      await page.waitForFunction(
        ([selector, old]) => (globalThis as unknown as { document: { querySelector(s: string): Shown | null } }).document.querySelector(selector)?.innerText !== old,
        [VIEW, before] as const,
      );
      return titles;
    },
    async command(title) {
      await palette(">", title);
      await page.waitForSelector(`.quick-input-list .monaco-list-row.focused[aria-label*="${title}"]`);
      await page.keyboard.press("Enter");
    },
    async save() {
      await page.keyboard.press("Control+S");
      await page.waitForSelector(".tab.active:not(.dirty)");
    },
    async notifications() {
      return page.$$eval(".notifications-toasts .notification-list-item-message, .notifications-center .notification-list-item-message", (messages) =>
        messages.map((message) => (message as unknown as Shown).innerText),
      );
    },
    async output() {
      await editor.command("wymcp-lint: Show the output");
      const view = await page.waitForSelector(OUTPUT);
      return logText(await view.innerText());
    },
    async waitForOutput(pattern) {
      const deadline = Date.now() + WAIT_MS;
      while (!pattern.test(logText(await page.$eval(OUTPUT, (view) => (view as unknown as Shown).innerText).catch(() => "")))) {
        if (Date.now() > deadline) throw new Error(`the Output panel never showed ${pattern}`);
        await page.waitForTimeout(100);
      }
    },
    async close() {
      await context.close();
      const exited = once(server, "exit");
      server.kill();
      await exited;
      rmSync(home, { recursive: true, force: true });
    },
  };
  return editor;
}
