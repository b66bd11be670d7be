// File kinds (src/files/kind.ts): which Elixir texts a directory search takes, before any parse.

import assert from "node:assert/strict";
import { test } from "node:test";
import { mayUseWymcpTool } from "../../src/files/kind.js";

test("an Elixir text that does use Wymcp.Tool in code may hold a tool, however the module is written", () => {
  const cases = [
    "defmodule A do\n  use Wymcp.Tool\nend\n",
    "defmodule A do\n  use(Wymcp.Tool)\nend\n",
    "defmodule A do\n  alias Wymcp.Tool\n  use Tool\nend\n",
    "defmodule A do\n  alias Wymcp.Tool, as: T\n  use T\nend\n",
    'defmodule A do use Wymcp.Tool; def name, do: "a" end\n',
    'defmodule A do\n  @moduledoc """\n  Docs.\n  """\n  use Wymcp.Tool\nend\n',
    "defmodule A do\n  @moduledoc ~S'''\n  Docs.\n  '''\n  use Wymcp.Tool # the behaviour\nend\n",
  ];
  for (const text of cases) assert.equal(mayUseWymcpTool(text), true, text);
});

test("a use Wymcp.Tool only in a heredoc, a comment or a string is documentation: no tool", () => {
  const cases = [
    'defmodule G do\n  @moduledoc """\n  Example:\n\n      defmodule T do\n        use Wymcp.Tool\n      end\n  """\nend\n',
    "defmodule G do\n  # every tool does use Wymcp.Tool\nend\n",
    'defmodule G do\n  def line, do: "use Wymcp.Tool"\nend\n',
    "defmodule G do\n  @doc ~S'''\n  use Wymcp.Tool\n  '''\n  def f, do: 1\nend\n",
    "defmodule G do\n  use Wymcp.Toolbox\nend\n",
    "defmodule G do\n  use Wymcp.Tool.Schema\nend\n",
    "defmodule G do\n  alias Wymcp.Tool\n  use Toolkit\nend\n",
    "defmodule G do\n  alias Wymcp.Tool.Schema\n  use Schema\nend\n",
  ];
  for (const text of cases) assert.equal(mayUseWymcpTool(text), false, text);
});
