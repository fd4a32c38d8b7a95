"""TensorFlow's cudaMallocAsync allocator given a CUDA stream a second time: "Trying to set the
stream twice. This isn't supported." and the process aborts.

Source: ``GpuCudaMallocAsyncAllocator::SetStreamAndPreallocateMemory``
(tensorflow/core/common_runtime/gpu/gpu_cudamallocasync_allocator.cc, TF 2.7-2.11; later
tensorflow/compiler/xla/stream_executor/gpu/ and third_party/xla/xla/stream_executor/gpu/, the
line in the 2.21 wheel's libtensorflow_framework.so.2).  The allocator is the one
``TF_GPU_ALLOCATOR=cuda_malloc_async`` (or ``GPUOptions.experimental.use_cuda_malloc_async``)
selects; the GPU device hands it its compute stream when the device is created, and the check
that the stream was not set before came with tensorflow/tensorflow#50962 (2021; the 2.7.1
source aborts there, tensorflow/tensorflow#56134).  Until tensorflow/tensorflow#56136 (2022)
any second call aborted: one allocator per GPU serves the whole process, so a second
``Session``, or one destroyed and created again, on that GPU ends the process (#56134, the C++
API; tensorflow/tensorflow#56935, ``tf.compat.v1.Session`` in a loop).  From that change the
same stream again is accepted and only another stream aborts.  TensorFlow's default BFC
allocator has no such check (``Allocator::SetStreamAndPreallocateMemory`` is a no-op), so
unsetting ``TF_GPU_ALLOCATOR`` ends it in every release.  torch_xla's
``TorchCUDACachingAllocator`` prints the same words: a log of another framework is left alone.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def malloc_async_stream_twice(f: Facts) -> list[Finding]:
    """"Trying to set the stream twice" (``mem.malloc_async_stream``) ->
    ``cuda-malloc-async-stream-set-twice``, with the line that shows the allocator chosen
    (``mem.allocator_chosen``) when the log has it; nothing in a log of another framework
    (``f.other_framework``: torch_xla's allocator prints the same words) or on a line whose
    source tag names another file."""
    # a source tag of another file is another allocator's line (same words, other cause)
    hits = [h for h in f.h("mem.malloc_async_stream").all()
            if "cudamallocasync" in (h.g("file") or "cudamallocasync")]
    if not hits or f.other_framework:
        return []
    chosen = [h for h in f.h("mem.allocator_chosen").all() if h.g("async")]
    return [catalogue.make(
        "cuda-malloc-async-stream-set-twice",
        evidence=log_evidence(chosen[:1], hits),
        fix=(c.unset_env(f, "TF_GPU_ALLOCATOR") + "   # back to TensorFlow's own (BFC) "
             "allocator, which has no such check",
             "# and drop GPUOptions.experimental.use_cuda_malloc_async = True from a session "
             "config if the program sets it",
             "# to keep cuda_malloc_async: one Session per GPU for the life of the process "
             "(reuse it rather than closing and creating another), or a TensorFlow release "
             "with tensorflow/tensorflow#56136 (2022), which accepts the same stream again"),
    )]
