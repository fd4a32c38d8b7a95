"""An application's own words that the GPU ran out of memory are read as the out-of-memory
fault it states, when no allocator line of TensorFlow or another framework says more; advice
that mentions GPU memory is not such a statement."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

FACESWAP = ("10/08/2019 22:53:01 MainProcess     MainThread      cli             execute_script "
            "           ERROR    You do not have enough GPU memory available to train the "
            "selected model at the selected settings. You can try a number of things:")


@pytest.mark.parametrize("line", [
    FACESWAP,
    "RuntimeError: Not enough GPU memory to run the detector on this image",
    "ERROR: the renderer ran out of GPU memory",
    "ValueError: insufficient VRAM for batch size 64",
])
def test_the_program_own_words_are_the_fault(line: str) -> None:
    found = {f.id: f for f in explain_lines([line])}
    f = found["gpu-resource-exhausted"]
    assert f.title.startswith("The program says the GPU ran out of memory")
    assert "nvidia-smi --query-compute-apps" in f.fix[0]


@pytest.mark.parametrize("line", [
    "Tip: turn on memory growth to avoid running out of GPU memory",
    "Make sure you have enough GPU memory before training",
    "GPU memory: 8 GiB, enough for the default model",
    # a tool's help, a tip, a question, a description and a doubt: no statement of a failure
    "  --low-vram  use this if you do not have enough GPU memory",
    "if the job ran out of GPU memory, lower --batch-size",
    "Not enough VRAM? Use --medvram.",
    "models with insufficient VRAM are offloaded to CPU",
    "I don't think it ran out of GPU memory",
    "Insufficient VRAM for batch size 64",  # not an error record: a note, a plan
])
def test_advice_about_gpu_memory_is_no_fault(line: str) -> None:
    assert "gpu-resource-exhausted" not in {f.id for f in explain_lines([line])}


def test_tensorflows_own_oom_line_leads() -> None:
    oom = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating "
           "tensor with shape[47,32,256,768] and type float on /job:localhost/replica:0/task:0/"
           "device:GPU:0 by allocator GPU_0_bfc")
    found = {f.id: f for f in explain_lines([FACESWAP, oom])}
    assert "gpu-resource-exhausted" not in found or not found[
        "gpu-resource-exhausted"].title.startswith("The program says")
    assert "gpu-out-of-memory-tensor" in found
