"""Messages a first run meets (cuInit codes, NUMA notices, cudart, cuDNN versions, wheels,
ptxas): each row of kind_cases/first_run_messages.toml gives its finding with the words the
sources support."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("first_run_messages")
def test_case(case: Case) -> None:
    """A row of kind_cases/first_run_messages.toml: its lines give its finding,
    not the others."""
    check(case)


def test_cuinit_code_outside_curesult_is_one_finding() -> None:
    """TF 1.x's ``CUresult(-1)`` and TF 2.0+'s ``UNKNOWN ERROR (-1)`` are one fault: one
    ``cuinit-unlisted-code`` finding whichever spelling (or both) a log shows, and the old
    id ``cuinit-unnamed-code`` resolves to it."""
    from tfgpu.diagnosis.catalogue import load_catalogue
    from tfgpu.explain import explain_lines

    tf1 = ("E tensorflow/stream_executor/cuda/cuda_driver.cc:397] failed call to cuInit: "
           "CUresult(-1)")
    tf2 = ("E tensorflow/stream_executor/cuda/cuda_driver.cc:313] failed call to cuInit: "
           "UNKNOWN ERROR (-1)")
    for lines in ([tf1], [tf2], [tf1, tf2]):
        got = [f for f in explain_lines(lines) if f.id.startswith("cuinit-un")]
        assert [f.id for f in got] == ["cuinit-unlisted-code"], (lines, got)
    specs = load_catalogue().specs
    assert "cuinit-unnamed-code" not in specs
    assert "cuinit-unnamed-code" in specs["cuinit-unlisted-code"].aliases
