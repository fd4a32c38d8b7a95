"""Kinds the ninth held-out set (tests/fixtures/cases-holdout9) showed missing, tested with
variants (other versions, wordings, OSes, bindings, and the neighbours that must not give
them): a printed driver version below TensorFlow's CUDA minimum, ops without a GPU kernel,
fatal loader errors naming a missing library, the JNI "Can't find dependent libraries", R's
reticulate import on Windows, the Windows self-check's cuDNN line, custom ops of the other C++
ABI. The rows are in kind_cases/printed_driver_and_bindings.toml."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("printed_driver_and_bindings")
def test_case(case: Case) -> None:
    check(case)


def test_pre10_toolkit_minimums_come_from_the_table() -> None:
    from tfgpu.knowledge import load_knowledge

    kb = load_knowledge()
    got = {v: kb.min_driver(v, "linux") for v in ("8.0", "9.0", "9.1", "9.2")}
    assert {v: m.version for v, m in got.items() if m} == {
        "8.0": "367.48", "9.0": "384.81", "9.1": "390.46", "9.2": "396.26"}
    win = kb.min_driver("9.0", "windows")
    assert win is not None and win.version == "385.54"
