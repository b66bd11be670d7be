defmodule WymcpLint.MixProject do
  use Mix.Project

  # wymcp-lint's Mix side (the README's "Elixir projects"): the `mix wymcp.lint` task, and the
  # script --elixir-eval runs in a project (WymcpLint.Evaluate). No dependency, so that it
  # builds where no Hex package can be fetched; use it as a path dependency or an archive.
  def project do
    [app: :wymcp_lint, version: "0.1.0", elixir: "~> 1.12", deps: []]
  end
end
