"""Another framework's own CUDA out-of-memory error (PyTorch, CuPy) in a TensorFlow user's
log: PyTorch's numbers decide between memory held outside it (another process, or
TensorFlow's pool in the same process) and its own model; without numbers a hedge
(checks/other_framework_oom.py).  Rows in kind_cases/other_framework_oom.toml."""

from __future__ import annotations

from tfgpu.diagnosis.checks.other_framework_oom import torch_memory
from tfgpu.explain import explain_lines

from .kind_helpers import table_test

test_case = table_test("other_framework_oom")


def test_the_cached_form_counts_allocated_and_cached_as_pytorchs() -> None:
    line = ("RuntimeError: CUDA out of memory. Tried to allocate 12.50 MiB (GPU 0; 10.92 GiB "
            "total capacity; 8.00 GiB already allocated; 10.44 MiB free; 1.00 GiB cached)")
    f = next(x for x in explain_lines([line]) if x.id == "gpu-resource-exhausted")
    assert "(9.0 GiB of the GPU's 10.9 GiB)" in f.title, f.title


def test_a_message_cut_before_its_numbers_has_none() -> None:
    from tfgpu.facts.log import Hit

    hit = Hit(line=1, text="CUDA out of memory. Tried to allocate 20.00 MiB",
              groups={"req": "20.00 MiB"})
    assert torch_memory(hit) is None


def test_a_pytorch_oom_of_its_own_model_headlines_the_note_not_an_unknown_failure() -> None:
    import io

    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_stream

    data = (b"Traceback (most recent call last):\n"
            b'  File "train.py", line 40, in <module>\n'
            b"    loss.backward()\n"
            b"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.00 MiB. GPU 0 "
            b"has a total capacity of 23.65 GiB of which 11.06 MiB is free. Including non-PyTorch "
            b"memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB "
            b"is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated.\n")
    res = explain_stream(io.BytesIO(data))
    rep = explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)
    assert rep.verdict.headline.startswith("The program failed (line 4): PyTorch ran out of GPU "
                                           "memory that it holds itself"), rep.verdict.headline
    assert "does not know why" not in rep.verdict.headline
