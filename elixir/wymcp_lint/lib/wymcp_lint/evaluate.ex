defmodule WymcpLint.Evaluate do
  @moduledoc """
  What wymcp-lint's `--elixir-eval` runs in a project (docs/inputs.md, "Evaluated by Elixir"):
  after the project is compiled (`mix run --no-start` compiles it first), every module that
  implements `Wymcp.Tool`, and every module named on the command line, has its `name/0`,
  `description/0` and `actions/0` called, each in a process of its own with a time limit, and
  the terms are written as one line of tagged JSON on standard output, after a marker the
  linter chose, so that what the project prints cannot pass for it. No dependency: Elixir's
  standard library only (none can be fetched on many machines).

  Arguments: MARKER CALL_TIMEOUT_MS [MODULE...]
  """

  @functions [:name, :description, :actions]

  def main([marker, timeout | named]) do
    timeout = String.to_integer(timeout)
    modules = Enum.uniq(tool_modules() ++ Enum.map(named, &Module.concat([&1])))
    results = Enum.map(modules, fn module -> [inspect(module), evaluate(module, timeout)] end)
    IO.write(marker <> json(%{"modules" => results}) <> "\n")
  end

  # The modules of the project's own applications (each app of an umbrella) that declare the
  # behaviour Wymcp.Tool: its dependencies' modules are not loaded.
  defp tool_modules do
    apps = if Mix.Project.umbrella?(), do: Map.keys(Mix.Project.apps_paths()), else: [Mix.Project.config()[:app]]

    for app <- apps,
        _ = Application.load(app),
        module <- Application.spec(app, :modules) || [],
        tool?(module),
        do: module
  end

  defp tool?(module) do
    Code.ensure_loaded?(module) and
      module.module_info(:attributes) |> Keyword.get_values(:behaviour) |> List.flatten() |> Enum.member?(Wymcp.Tool)
  end

  defp evaluate(module, timeout) do
    if Code.ensure_loaded?(module) do
      Map.new(@functions, fn fun -> {Atom.to_string(fun), call(module, fun, timeout)} end)
    else
      %{"error" => "the module #{inspect(module)} is not in the compiled project"}
    end
  end

  # One function called in a process of its own: its value, what it raised, or that it did
  # not return within the time limit (the process is killed).
  defp call(module, fun, timeout) do
    if function_exported?(module, fun, 0) do
      task =
        Task.async(fn ->
          try do
            {:ok, apply(module, fun, [])}
          catch
            kind, reason -> {:raised, Exception.format_banner(kind, reason, __STACKTRACE__)}
          end
        end)

      case Task.yield(task, timeout) || Task.shutdown(task, :brutal_kill) do
        {:ok, {:ok, value}} -> %{"value" => tag(value)}
        {:ok, {:raised, banner}} -> %{"raised" => banner}
        {:exit, reason} -> %{"raised" => Exception.format_banner(:exit, reason)}
        nil -> %{"timeout" => timeout}
      end
    else
      %{"missing" => true}
    end
  end

  @doc "A term as tagged JSON data: every kind of term kept apart."
  def tag(value) when is_binary(value) do
    if String.valid?(value), do: %{"s" => value}, else: %{"x" => "a binary that is not UTF-8"}
  end

  def tag(value) when is_atom(value), do: %{"a" => Atom.to_string(value)}
  def tag(value) when is_integer(value), do: %{"i" => Integer.to_string(value)}
  def tag(value) when is_float(value), do: %{"f" => :erlang.float_to_binary(value, [:short])}
  def tag(value) when is_tuple(value), do: %{"t" => Enum.map(Tuple.to_list(value), &tag/1)}
  def tag([]), do: %{"l" => []}

  def tag(value) when is_list(value) do
    cond do
      not proper?(value) -> %{"x" => "an improper list"}
      Keyword.keyword?(value) -> %{"kw" => Enum.map(value, fn {k, v} -> [tag(k), tag(v)] end)}
      List.ascii_printable?(value) -> %{"c" => List.to_string(value)}
      true -> %{"l" => Enum.map(value, &tag/1)}
    end
  end

  def tag(%{__struct__: name} = value) when is_atom(name) do
    %{"struct" => inspect(name), "m" => value |> Map.from_struct() |> Enum.map(fn {k, v} -> [tag(k), tag(v)] end)}
  end

  def tag(value) when is_map(value), do: %{"m" => Enum.map(value, fn {k, v} -> [tag(k), tag(v)] end)}
  def tag(value), do: %{"x" => "#{kind(value)}: #{inspect(value, limit: 5, printable_limit: 60)}"}

  defp proper?([]), do: true
  defp proper?([_ | tail]), do: proper?(tail)
  defp proper?(_), do: false

  defp kind(value) when is_function(value), do: "a function"
  defp kind(value) when is_pid(value), do: "a process id"
  defp kind(value) when is_reference(value), do: "a reference"
  defp kind(value) when is_port(value), do: "a port"
  defp kind(_), do: "a bitstring"

  @doc "JSON text of data made of maps with string keys, lists, strings, integers and true."
  def json(value) when is_binary(value) do
    escaped =
      for <<c::utf8 <- value>>, into: "" do
        case c do
          ?" -> "\\\""
          ?\\ -> "\\\\"
          c when c < 0x20 or c == 0x7F or c in [0x2028, 0x2029] -> "\\u" <> String.pad_leading(Integer.to_string(c, 16), 4, "0")
          c -> <<c::utf8>>
        end
      end

    "\"" <> escaped <> "\""
  end

  def json(list) when is_list(list), do: "[" <> Enum.map_join(list, ",", &json/1) <> "]"
  def json(map) when is_map(map), do: "{" <> Enum.map_join(map, ",", fn {k, v} -> json(k) <> ":" <> json(v) end) <> "}"
  def json(n) when is_integer(n), do: Integer.to_string(n)
  def json(true), do: "true"
end
