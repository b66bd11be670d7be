// The documentation site (`npm run docs`): VitePress over the pages scripts/site.mjs lays out
// in site/pages/ from docs/ and the code records, built into site/dist/ for any static host.
// Its search is VitePress's own, built into the site: no service, nothing sent anywhere.
import { readdirSync } from "node:fs";
import { defineConfig } from "vitepress";

const codes = readdirSync(new URL("../pages/codes/", import.meta.url))
  .filter((name) => name.endsWith(".md") && name !== "index.md")
  .map((name) => name.slice(0, -3));

export default defineConfig({
  title: "wymcp-lint",
  description: "Lint the tool declarations of MCP servers",
  srcDir: "pages",
  outDir: "dist",
  cleanUrls: false,
  // A link to a page that does not exist fails the build.
  ignoreDeadLinks: false,
  themeConfig: {
    search: { provider: "local" },
    nav: [
      { text: "Guide", link: "/install" },
      { text: "Codes", link: "/codes/" },
      // A page of its own (scripts/playground.mjs), outside VitePress's router.
      { text: "Playground", link: "/playground/index.html", target: "_self" },
    ],
    sidebar: [
      {
        text: "Start",
        items: [
          { text: "Install", link: "/install" },
          { text: "The command line", link: "/cli" },
          { text: "Configuration", link: "/configuration" },
          { text: "Fixing", link: "/fixing" },
        ],
      },
      {
        text: "Surfaces",
        items: [
          { text: "CLI", link: "/cli" },
          { text: "Editor", link: "/editors" },
          { text: "Coding agents (MCP)", link: "/mcp" },
          { text: "Library", link: "/library" },
          { text: "CI", link: "/ci" },
          { text: "Pre-commit", link: "/pre-commit" },
          { text: "Elixir", link: "/elixir" },
          { text: "A running server", link: "/servers" },
          { text: "One answer everywhere", link: "/surfaces" },
        ],
      },
      {
        text: "Reference",
        items: [
          { text: "Inputs", link: "/inputs" },
          { text: "The checks", link: "/checks" },
          { text: "The action-schema format", link: "/action-schema-format" },
          { text: "Locations", link: "/locations" },
          { text: "The report", link: "/report" },
          { text: "Plain tools", link: "/plain-tools" },
          { text: "Client limits", link: "/client-limits" },
          { text: "Pins", link: "/pins" },
          { text: "Token estimates", link: "/tokens" },
          { text: "Tool modules: isolation", link: "/isolation" },
          { text: "Performance", link: "/performance" },
        ],
      },
      {
        text: "Offence codes",
        collapsed: true,
        items: [{ text: "All codes", link: "/codes/" }, ...codes.map((code) => ({ text: code, link: `/codes/${code}` }))],
      },
    ],
  },
});
