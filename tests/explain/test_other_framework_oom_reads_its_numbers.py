"""Another framework's own CUDA out-of-memory error (PyTorch, CuPy) in a TensorFlow user's
log: PyTorch's numbers decide between memory held outside it (another process, or
TensorFlow's pool in the same process) and its own model; without numbers a hedge
(checks/other_framework_oom.py).  Rows in kind_cases/other_framework_oom.toml."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.other_framework_oom import torch_memory
from tfgpu.explain import explain_lines
from tfgpu.findings import Report, Severity

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


def _report(data: bytes) -> Report:
    import io

    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_stream

    res = explain_stream(io.BytesIO(data))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure,
                          foreign_oom=res.foreign_oom)


_TF_DEVICE = (b"2024-03-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/"
              b"gpu_device.cc:1928] Created device /job:localhost/replica:0/task:0/"
              b"device:GPU:0 with 22278 MB "
              b"memory:  -> device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, "
              b"compute capability: 8.6\n")


def test_a_pytorch_oom_that_ended_a_tensorflow_users_program_is_its_error_not_a_note() -> None:
    rep = _report(_TF_DEVICE + b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate "
                  b"2.00 GiB. GPU 0 has a total capacity of 23.69 GiB of which 1.06 GiB is free. "
                  b"Including non-PyTorch memory, this process has 22.62 GiB memory in use. Of "
                  b"the allocated memory 21.90 GiB is allocated by PyTorch, and 300.00 MiB is "
                  b"reserved by PyTorch but unallocated.\n")
    f = next(x for x in rep.findings if x.id == "gpu-resource-exhausted")
    assert f.severity is Severity.ERROR and rep.verdict.problems == 1
    assert rep.verdict.program_failed


@pytest.mark.parametrize("oom", [
    # PyTorch's numbers: memory held outside it (TensorFlow's pool, likely)
    b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a "
    b"total capacity of 23.69 GiB of which 17.06 MiB is free. Including non-PyTorch memory, "
    b"this process has 23.66 GiB memory in use. Of the allocated memory 312.45 MiB is "
    b"allocated by PyTorch, and 21.55 MiB is reserved by PyTorch but unallocated.\n",
    # its own model
    b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
    b"total capacity of 23.69 GiB of which 1.06 GiB is free. Including non-PyTorch memory, "
    b"this process has 22.62 GiB memory in use. Of the allocated memory 21.90 GiB is "
    b"allocated by PyTorch, and 300.00 MiB is reserved by PyTorch but unallocated.\n",
    # the 1.x form
    b"RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 10.76 GiB total "
    b"capacity; 30.00 MiB already allocated; 9.56 MiB free; 44.00 MiB reserved in total by "
    b"PyTorch)\n",
], ids=["held-outside-pytorch", "own-model", "torch-1-form"])
def test_another_frameworks_oom_leaves_tensorflows_gpu_unknown_not_unusable(oom: bytes) -> None:
    rep = _report(_TF_DEVICE + oom)
    assert rep.verdict.gpu_usable is None, rep.meta.get("gpu_usable")
    assert str(rep.meta["gpu_usable"]).startswith(
        "unknown: the error is another framework's own out-of-memory error"), rep.meta


def test_a_tensorflow_oom_beside_pytorchs_keeps_the_gpu_usable_reading() -> None:
    rep = _report(b"2024-03-01 10:00:00.100000: W tensorflow/core/framework/op_kernel.cc:1828] "
                  b"OP_REQUIRES failed at matmul_op_impl.h:728 : RESOURCE_EXHAUSTED: OOM when "
                  b"allocating tensor with shape[32768,32768] and type float on /job:localhost/"
                  b"replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n")
    assert rep.verdict.gpu_usable is True


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
    rep = explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure,
                         foreign_oom=res.foreign_oom)
    assert rep.verdict.headline.startswith("The program failed (line 4): PyTorch ran out of GPU "
                                           "memory that it holds itself"), rep.verdict.headline
    assert "does not know why" not in rep.verdict.headline
