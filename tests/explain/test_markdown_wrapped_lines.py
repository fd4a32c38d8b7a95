"""Single log lines pasted as Markdown inline code or bold: the marks are no part of the
message. Rows: ``kind_cases/markdown_wrapped_lines.toml``; the reader's rule itself below."""

from __future__ import annotations

import pytest

from tfgpu.facts.line_prefix import split_prefix

from .kind_helpers import Case, check, table


@table("markdown_wrapped_lines")
def test_case(case: Case) -> None:
    """A row of kind_cases/markdown_wrapped_lines.toml: its lines give its finding, not the
    others."""
    check(case)


@pytest.mark.parametrize(("line", "kind", "message"), [
    ("`hostname: 0a1b2c3d4e5f`", "md", "hostname: 0a1b2c3d4e5f"),
    ("> `hostname: 0a1b2c3d4e5f` ", "q+md", "hostname: 0a1b2c3d4e5f"),
    ("**E cuda_dnn.cc:378] Loaded runtime CuDNN library: 7101**", "md",
     "E cuda_dnn.cc:378] Loaded runtime CuDNN library: 7101"),
    # a host name hidden as "***" inside a bold line is no mark of its own
    ("**NotFoundError: Op type not registered 'X' in binary running on ***. Make sure**", "md",
     "NotFoundError: Op type not registered 'X' in binary running on ***. Make sure"),
])
def test_whole_line_wrappings_are_removed(line: str, kind: str, message: str) -> None:
    """A whole line in inline code or bold, quoted or not, gives its message without the
    marks."""
    assert split_prefix(line) == (kind, message)


@pytest.mark.parametrize(("line", "message"), [
    ("`tensorflow.python.framework.errors_impl.NotFoundError:",
     "tensorflow.python.framework.errors_impl.NotFoundError:"),
    ("/opt/x/libexample_tf.so: undefined symbol: _ZN10tensorflow8OpKernelD2Ev`",
     "/opt/x/libexample_tf.so: undefined symbol: _ZN10tensorflow8OpKernelD2Ev"),
])
def test_a_code_span_over_lines_loses_its_opening_and_closing_mark(line: str,
                                                                   message: str) -> None:
    """A code span may hold line endings (CommonMark 0.31 "Code spans"): a long line pasted
    in backticks and hard-wrapped opens the span on its first line and closes it on its last,
    each with the line's only backtick."""
    assert split_prefix(line) == ("md", message)


@pytest.mark.parametrize("line", [
    "```", "```python", "``", "`a` and `b`", "**kwargs)", "`", "a ` b", "` a",
    "docker run --rm `",  # PowerShell's line continuation
    "``double-quoted code``", "** **", "plain text", "**a** and **b**",
])
def test_other_lines_are_kept(line: str) -> None:
    """Code fences, two spans on a line, a lone or inner mark, empty marks and plain text
    are kept as they are."""
    kind, message = split_prefix(line)
    assert "md" not in kind.split("+")
    assert message == line


#: Messages a pattern reads to the line's end (a pin's version, a type name, a reason): pip's
#: resolver (pip ``_internal/resolution``: "No matching distribution found for {req}"),
#: TensorFlow's variant copy (``core/framework/variant_op_registry.h``: "No unary variant
#: device copy function found for direction: ... and Variant type_index: ...") and the CUDA
#: runtime's start (``Status: initialization error``).
_READ_TO_THE_END = [
    "ERROR: No matching distribution found for tensorflow-gpu==1.15",
    "ERROR: No matching distribution found for tensorflow-gpu==2.10.0",
    "No unary variant device copy function found for direction: 1 and Variant type_index: "
    "tensorflow::data::(anonymous namespace)::DatasetVariantWrapper",
    "tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. "
    "Status: initialization error",
]


def _reading(lines: list[str]) -> list[tuple[str, str, str]]:
    from tfgpu.explain import explain_lines

    return [(f.id, str(f.severity), f.title) for f in explain_lines(lines)]


@pytest.mark.parametrize("line", _READ_TO_THE_END)
@pytest.mark.parametrize("wrap", ["`{}`", "**{}**", "> `{}`", "    `{}`"])
def test_wrapped_line_reads_as_the_plain_line(line: str, wrap: str) -> None:
    """A line in inline code or bold gives the plain line's findings, severities and titles:
    the closing mark is never read into a version, a reason or a title."""
    plain = _reading([line])
    assert plain
    assert _reading([wrap.format(line)]) == plain


@pytest.mark.parametrize(("line", "text"), [
    ("`hostname: 0a1b2c3d4e5f`", "hostname: 0a1b2c3d4e5f"),
    ("> `hostname: 0a1b2c3d4e5f`", "> hostname: 0a1b2c3d4e5f"),
    ("[pod/a/b] **Status: initialization error**", "[pod/a/b] Status: initialization error"),
    ("*** Error in `python': free(): invalid pointer ***", None),
    ("**** banner ****", None),
    # one wrapping inside another: bold around a bold line, inline code around a bold line
    ("****ModuleNotFoundError: No module x****", "ModuleNotFoundError: No module x"),
    ("`**ModuleNotFoundError: No module x**`", "ModuleNotFoundError: No module x"),
    ("`` the `x` line ``", "the `x` line"),  # CommonMark's code span around a backtick
    ("**`Status: initialization error`**", "Status: initialization error"),
    ("``double-quoted code``", None),
])
def test_cleaned_line_loses_the_marks_and_keeps_its_prefix(line: str, text: str | None) -> None:
    """The reader's cleaned line has the marks removed (its prefix kept); a ``*** ... ***``
    banner and a line with a mark inside are left as they are."""
    from tfgpu.logs.reader import clean_line

    assert clean_line(line.encode()) == (text if text is not None else line)
