"""describe_source and source_descriptor: C# source files in, the tools the
[Tool] generator emits (or the descriptor they read into) out, with every
problem at its file, line and column."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Iterator, List, Optional, Tuple

import pytest

import tool_schema as ts

from support import EXAMPLES

# A class that is not partial, holding a tool whose parameters have no schema.
REFUSED = """\
public class JobTools
{
    [Tool]
    public int Run(Queue<int> jobs, ref int count) => count;
}
"""

VALID_BODY = """\
public partial class MathTools
{
    /// <summary>Adds two numbers.</summary>
    [Tool]
    public int Add(int a, int b)
    {
        var s = "sum";
        return a + b;
    }
}
"""

# The same file with a string in the method body left open.
BROKEN_BODY = VALID_BODY.replace('"sum";', '"sum;')


def place(text: str, needle: str, after: str = "") -> Tuple[int, int]:
    """The 1-based line and column (in UTF-16 code units) of ``needle``, the
    first after ``after``."""
    at = text.index(needle, text.index(after) if after else 0)
    line = text.count("\n", 0, at) + 1
    start = text.rfind("\n", 0, at) + 1
    return line, len(text[start:at].encode("utf-16-le")) // 2 + 1


def where(d: ts.SourceDiagnostic) -> Tuple[str, str, int, int, str]:
    return d.code, d.file, d.line, d.column, d.path


@pytest.fixture(scope="module")
def docket_cs() -> str:
    return (EXAMPLES / "get-docket.cs").read_text(encoding="utf-8")


def test_place_counts_utf16_code_units() -> None:
    assert place("ab\ncd", "d") == (2, 2)
    assert place("é😀x", "x") == (1, 4)


# -- describing -------------------------------------------------------------------


def test_get_docket_cs_describes_to_what_its_descriptor_describes_to(docket_cs: str, get_docket: str) -> None:
    found = ts.describe_source({"examples/get-docket.cs": docket_cs})
    expected = ts.describe_tool(get_docket)
    assert found.json == expected.json
    assert found.tools == [expected]
    (tool,) = found.tools
    assert (tool.json, tool.input_schema_json, tool.output_schema_json) == (
        expected.json,
        expected.input_schema_json,
        expected.output_schema_json,
    )
    assert found.warnings == []


EXAMPLE_SOURCES = sorted(p.stem for p in EXAMPLES.glob("*.cs"))


def test_every_example_has_a_source_and_a_descriptor() -> None:
    assert {"get-docket", "refused", "weather-tools"} <= set(EXAMPLE_SOURCES)
    assert all((EXAMPLES / f"{name}.json").is_file() for name in EXAMPLE_SOURCES)


@pytest.mark.parametrize("name", EXAMPLE_SOURCES)
def test_every_example_source_describes_to_what_its_descriptor_describes_to(name: str) -> None:
    source = {f"examples/{name}.cs": (EXAMPLES / f"{name}.cs").read_text(encoding="utf-8")}
    descriptor = (EXAMPLES / f"{name}.json").read_text(encoding="utf-8")
    try:
        expected = ts.describe_tools(descriptor)
    except ts.DescribeError as refused:
        with pytest.raises(ts.SourceError) as caught:
            ts.describe_source(source)
        assert [(d.code, d.message, d.path) for d in caught.value.diagnostics] == [
            (d.code, d.message, d.path) for d in refused.diagnostics
        ]
        assert all(d.file == f"examples/{name}.cs" and d.line > 0 and d.column > 0 for d in caught.value.diagnostics)
        return
    found = ts.describe_source(source)
    assert found.tools == expected
    assert [t.json for t in found.tools] == [t.json for t in expected]


def test_a_refused_file_raises_describe_error_with_every_diagnostic_at_its_place() -> None:
    with pytest.raises(ts.DescribeError) as caught:
        ts.describe_source({"Tools/JobTools.cs": REFUSED})
    e = caught.value
    assert isinstance(e, ts.SourceError) and isinstance(e, ValueError)
    assert all(isinstance(d, ts.SourceDiagnostic) and isinstance(d, ts.Diagnostic) for d in e.diagnostics)
    assert [where(d) for d in e.diagnostics] == [
        ("OLT001", "Tools/JobTools.cs", *place(REFUSED, "JobTools"), "containingType.partial"),
        ("OLT002", "Tools/JobTools.cs", *place(REFUSED, "Queue<int>"), "parameters[0].type"),
        ("OLT002", "Tools/JobTools.cs", *place(REFUSED, "ref int"), "parameters[1].modifier"),
    ]
    # The places, as numbers: the class name, the type, the modifier.
    assert [(d.line, d.column) for d in e.diagnostics] == [(1, 14), (4, 20), (4, 37)]
    assert e.diagnostics[1].message == "'Queue<int>' has no schema: this collection type is not one the contract supports."
    assert str(e).splitlines() == [str(d) for d in e.diagnostics]
    assert str(e.diagnostics[1]) == (
        "Tools/JobTools.cs(4,20): OLT002 at parameters[0].type: "
        "'Queue<int>' has no schema: this collection type is not one the contract supports."
    )


def test_msbuild_prints_a_diagnostic_as_msbuild_does() -> None:
    with pytest.raises(ts.SourceError) as caught:
        ts.describe_source({"Tools/JobTools.cs": REFUSED})
    d = caught.value.diagnostics[2]
    message = "The parameter 'count' is passed by 'ref'; ref, out and in parameters have no schema."
    assert d.msbuild() == f"Tools/JobTools.cs(4,37): error OLT002: {message}"
    assert d.msbuild("warning") == f"Tools/JobTools.cs(4,37): warning OLT002: {message}"
    with pytest.raises(ValueError, match="severity must be 'error' or 'warning', not 'fatal'"):
        d.msbuild("fatal")  # type: ignore[arg-type]
    # A problem with no file: no place in the line.
    with pytest.raises(ts.SourceError) as caught:
        ts.describe_source({})
    (none,) = caught.value.diagnostics
    assert (none.code, none.file, none.line, none.column, none.path) == ("OLC002", "", 0, 0, "$")
    assert none.msbuild() == "error OLC002: No C# source file was given."
    assert str(none) == "OLC002 at $: No C# source file was given."


def test_a_syntax_error_in_a_method_body_is_a_warning_and_the_tool_is_described() -> None:
    valid = ts.describe_source({"MathTools.cs": VALID_BODY})
    assert valid.warnings == []
    broken = ts.describe_source({"MathTools.cs": BROKEN_BODY})
    assert broken.json == valid.json
    assert [t.name for t in broken.tools] == ["add"]
    assert broken.tools[0].description == "Adds two numbers."
    (w,) = broken.warnings
    assert where(w) == ("OLC001", "MathTools.cs", *place(BROKEN_BODY, '"sum;'), "$")
    assert (w.line, w.column) == (7, 17)
    assert w.message == "This string is not closed before the end of the line."
    assert w.msbuild("warning") == "MathTools.cs(7,17): warning OLC001: " + w.message


def test_a_refusal_lists_the_warnings_too_in_the_order_of_their_places() -> None:
    files = {"MathTools.cs": BROKEN_BODY, "Tools/JobTools.cs": REFUSED}
    with pytest.raises(ts.SourceError) as caught:
        ts.describe_source(files)
    assert [(d.code, d.file, d.line) for d in caught.value.diagnostics] == [
        ("OLC001", "MathTools.cs", 7),
        ("OLT001", "Tools/JobTools.cs", 1),
        ("OLT002", "Tools/JobTools.cs", 4),
        ("OLT002", "Tools/JobTools.cs", 4),
    ]


def test_a_column_counts_utf16_code_units_after_non_ascii_text() -> None:
    # é is one UTF-16 code unit, 😀 two (a surrogate pair): 35 code points
    # and 36 code units come before Queue on its line.
    text = "public partial class Ünï\n{\n    [Tool] public int Run(/* é😀 */ Queue<int> jobs) => 0;\n}\n"
    with pytest.raises(ts.SourceError) as caught:
        ts.describe_source({"Ünï.cs": text})
    (d,) = caught.value.diagnostics
    line = text.splitlines()[2]
    code_points = line.index("Queue") + 1
    assert (d.code, d.file, d.path) == ("OLT002", "Ünï.cs", "parameters[0].type")
    assert (d.line, d.column) == (3, 37) == place(text, "Queue")
    assert d.column == code_points + 1
    assert d.msbuild().startswith("Ünï.cs(3,37): error OLT002: ")


def test_several_files_give_every_tool_in_their_order_and_paths_may_be_path_like(docket_cs: str) -> None:
    docket, math = Path("Tools/DocketTools.cs"), PurePosixPath("Tools/MathTools.cs")
    found = ts.describe_source([(docket, docket_cs), (math, BROKEN_BODY)])
    assert [t.name for t in found.tools] == ["get_docket", "add"]
    assert found.json == "[" + ",".join(t.json for t in found.tools) + "]"
    assert [w.file for w in found.warnings] == ["Tools/MathTools.cs"]
    backwards = ts.describe_source({"b.cs": BROKEN_BODY, "a.cs": docket_cs})
    assert [t.name for t in backwards.tools] == ["add", "get_docket"]
    assert backwards.tools == found.tools[::-1]


ORDER = """\
public partial class OrderTools
{
    [Tool]
    public Order Place(Order order) => order;
}

public record Order(string Sku, int Quantity);
"""

CAMEL_CONTEXT = """\
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Order))]
public partial class OrderJsonContext : JsonSerializerContext;
"""


def _properties(found: ts.SourceTools) -> List[str]:
    return list(found.tools[0].input_schema["properties"]["order"]["properties"])


def test_mode_and_naming_are_passed_on() -> None:
    # Reflection mode reads [Description] only, not doc comments.
    reflection = ts.describe_source({"a.cs": VALID_BODY}, mode=ts.Mode.REFLECTION)
    assert reflection.tools[0].description == ""
    assert ts.describe_source({"a.cs": VALID_BODY}, mode="reflection") == reflection
    assert ts.describe_source({"a.cs": VALID_BODY}).tools[0].description == "Adds two numbers."
    with pytest.raises(ValueError):
        ts.describe_source({"a.cs": VALID_BODY}, mode="neither")
    # The naming policy, when no JsonSerializerContext in the files sets one.
    assert _properties(ts.describe_source({"a.cs": ORDER})) == ["sku", "quantity"]
    assert _properties(ts.describe_source({"a.cs": ORDER}, naming="None")) == ["Sku", "Quantity"]
    with_context = {"a.cs": ORDER, "Context.cs": CAMEL_CONTEXT}
    assert _properties(ts.describe_source(with_context, naming="None")) == ["sku", "quantity"]


# -- the descriptor -----------------------------------------------------------------


def test_the_source_descriptor_describes_to_the_same_tool(docket_cs: str, get_docket: str) -> None:
    d = ts.source_descriptor({"examples/get-docket.cs": docket_cs})
    assert isinstance(d, ts.SourceDescriptor) and d.warnings == []
    assert d.json.startswith('{"containingType":{"name":"DocketTools","partial":true,"generic":false},')
    assert ts.describe_tool(d.json).json == ts.describe_source({"x.cs": docket_cs}).json == ts.describe_tool(get_docket).json


def test_the_source_descriptor_of_a_refused_file_is_refused_by_describe_tool_for_the_same_reasons() -> None:
    d = ts.source_descriptor({"JobTools.cs": REFUSED})
    assert d.warnings == []
    with pytest.raises(ts.DescribeError) as from_descriptor:
        ts.describe_tool(d.json)
    with pytest.raises(ts.SourceError) as from_source:
        ts.describe_source({"JobTools.cs": REFUSED})
    assert [(x.code, x.message, x.path) for x in from_descriptor.value.diagnostics] == [
        (x.code, x.message, x.path) for x in from_source.value.diagnostics
    ]


def test_the_source_descriptor_keeps_syntax_errors_as_warnings_and_refuses_only_when_nothing_is_written() -> None:
    d = ts.source_descriptor({"MathTools.cs": BROKEN_BODY})
    assert [where(w) for w in d.warnings] == [("OLC001", "MathTools.cs", 7, 17, "$")]
    assert ts.describe_tool(d.json).name == "add"
    with pytest.raises(ts.SourceError) as caught:
        ts.source_descriptor({"Empty.cs": "public class Empty { }\n"})
    (none,) = caught.value.diagnostics
    assert (none.code, none.file, none.message) == (
        "OLC002",
        "Empty.cs",
        "No method in these files has a [Tool] attribute.",
    )


# -- the arguments --------------------------------------------------------------------


class _NoCall(ts.Runtime):
    def _call(self, interface: str, name: str, *args: Any) -> Any:
        raise AssertionError(f"{name} reached the component")


def _pairs() -> Iterator[Tuple[str, str]]:
    yield ("a.cs", VALID_BODY)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (VALID_BODY, r"files must be a mapping of path to text or a sequence of \(path, text\) pairs, not str"),
        (b"x", "not bytes"),
        (None, "not NoneType"),
        (42, "not int"),
        (_pairs(), "not generator"),
        ({"a.cs"}, "not set"),
        (["a.cs"], r"files\[0\] is not a \(path, text\) pair but str"),
        ([("a.cs",)], r"files\[0\] is not a \(path, text\) pair but tuple"),
        ([("a.cs", "x"), ("b.cs", "y", "z")], r"files\[1\] is not a \(path, text\) pair but tuple"),
        ([None], r"files\[0\] is not a \(path, text\) pair but NoneType"),
        ([(1, "x")], "a source file's path must be a str or an os.PathLike of one, not int"),
        ({b"a.cs": "x"}, "a source file's path must be a str or an os.PathLike of one, not bytes"),
        ({"a.cs": b"x"}, "the text of the source file 'a.cs' must be a str, not bytes"),
        ([("a.cs", None)], "the text of the source file 'a.cs' must be a str, not NoneType"),
        ([(Path("a.cs"), 1)], "the text of the source file 'a.cs' must be a str, not int"),
    ],
)
def test_files_of_another_shape_are_a_type_error_before_the_call(files: Any, message: str) -> None:
    rt = _NoCall()
    with pytest.raises(TypeError, match=message):
        rt.describe_source(files)
    with pytest.raises(TypeError, match=message):
        rt.source_descriptor(files)


def test_naming_must_be_text() -> None:
    with pytest.raises(TypeError, match="naming must be a str or None, not int"):
        _NoCall().describe_source({"a.cs": VALID_BODY}, naming=1)  # type: ignore[arg-type]


def test_a_list_of_lists_and_a_tuple_of_pairs_are_pairs_too() -> None:
    expected = ts.describe_source({"a.cs": VALID_BODY})
    assert ts.describe_source([["a.cs", VALID_BODY]]) == expected  # type: ignore[list-item]
    assert ts.describe_source((("a.cs", VALID_BODY),)) == expected


# -- a component built before these operations ---------------------------------------


def _without(monkeypatch: pytest.MonkeyPatch, *missing: str) -> None:
    """Make the component (shared by every Runtime of this process) answer as
    a build without the exports ``missing`` would, for this test."""
    component = ts.runtime()._loaded.component
    real = component.get_export_index

    def get_export_index(name: str, instance: Optional[Any] = None) -> Any:
        return None if name in missing else real(name, instance)

    monkeypatch.setattr(component, "get_export_index", get_export_index)


def test_a_component_without_the_source_operations_loads_and_refuses_only_them(
    monkeypatch: pytest.MonkeyPatch, get_docket: str
) -> None:
    _without(monkeypatch, "describe-source", "source-descriptor")
    rt = ts.Runtime()
    assert ("describe", "describe-source") not in rt._indexes
    assert rt.describe_tool(get_docket).name == "get_docket"
    assert rt.tool_name("GetDocketAsync") == "get_docket"
    for call in (rt.describe_source, rt.source_descriptor):
        with pytest.raises(ts.ToolSchemaError) as caught:
            call({"a.cs": VALID_BODY})
        assert not isinstance(caught.value, ts.DescribeError)
        assert str(caught.value).startswith("this build of the component has no ")
        assert "in onellm:tool-schema/describe@0.2.0: it was built before the operation was added" in str(caught.value)
    assert rt.describe_tool(get_docket).name == "get_docket"
    assert rt.info().instances == 1


def test_a_component_without_a_first_release_function_is_still_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    _without(monkeypatch, "tool-name")
    with pytest.raises(ts.ToolSchemaError, match="the component has no function tool-name in describe"):
        ts.Runtime()


def test_the_names_are_exported() -> None:
    names = {
        "describe_source",
        "source_descriptor",
        "SourceDescriptor",
        "SourceDiagnostic",
        "SourceError",
        "SourceFiles",
        "SourcePath",
        "SourceTools",
    }
    assert names <= set(ts.__all__)
    assert all(getattr(ts, name) is not None for name in ts.__all__)
