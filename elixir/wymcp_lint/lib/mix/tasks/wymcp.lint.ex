defmodule Mix.Tasks.Wymcp.Lint do
  @shortdoc "Lints the project's Wymcp tool modules on the values Elixir computes"

  @moduledoc """
  Runs wymcp-lint with `--elixir-eval` on the project: the project is compiled, each tool
  module's `name/0`, `description/0` and `actions/0` are called and checked (this runs the
  project's code), and the task exits with the linter's exit code (0 clean, 1 errors, 2 a
  mistake in how it was called).

      mix wymcp.lint                 # the project's source folders (elixirc_paths, else lib)
      mix wymcp.lint lib/my_app/tools --format json

  Arguments are the linter's own (`npx wymcp-lint --help`). The linter is run as
  `npx wymcp-lint`, or as the project's `wymcp_lint: [command: [...]]` in `mix.exs` names it:

      def project do
        [app: :my_app, ..., wymcp_lint: [command: ["node_modules/.bin/wymcp-lint"]]]
      end
  """

  use Mix.Task

  @impl Mix.Task
  def run(args) do
    # Compiled first, so a project that does not compile stops here with Mix's own message.
    Mix.Task.run("compile", [])
    config = Mix.Project.config()
    [command | prefix] = get_in(config, [:wymcp_lint, :command]) || ["npx", "wymcp-lint"]
    paths = if args == [], do: Keyword.get(config, :elixirc_paths, ["lib"]), else: args

    executable =
      System.find_executable(command) ||
        Mix.raise("mix wymcp.lint runs #{inspect(command)}, which was not found; install wymcp-lint (npm install --save-dev wymcp-lint) or name it in mix.exs (wymcp_lint: [command: [...]])")

    {_, status} = System.cmd(executable, prefix ++ ["--elixir-eval" | paths], into: IO.stream(:stdio, :line), stderr_to_stdout: true)
    if status != 0, do: exit({:shutdown, status})
  end
end
