"""Device ceilings: measured matrix-product rate and host-to-device copy bandwidth.

Imported only in the benchmark child (TensorFlow is imported inside the functions).
Half-precision rates are measured only where the GPU has fast units for them: float16
where it has Tensor Cores, bfloat16 where it also reaches compute capability 8.0
(Ampere).  Both answers come from the knowledge tables (:meth:`tfgpu.knowledge.
Knowledge.tensor_cores`: by the GPU's name, the compute-capability floor of platform
fact ``tensor-cores-min-cc`` only for a name the table does not answer; platform fact
``bfloat16-min-cc``), loaded once per child (a few milliseconds from the parse cache).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from tfgpu.knowledge import knowledge_or_packaged

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class MatmulRate:
    """One measured matrix-product rate.

    Attributes:
        dtype: ``"float32"``, ``"float16"`` or ``"bfloat16"``.
        size: ``n`` of the ``[n, n] @ [n, n]`` product.
        gflops: best rate over the repeats, GFLOP/s (``2 * n**3`` FLOPs per product).
        time_s: time of one product at that rate, seconds.
    """

    dtype: str
    size: int
    gflops: float
    time_s: float


@dataclass(frozen=True, slots=True)
class CopyRate:
    """Host-to-device copy bandwidth.

    Attributes:
        kind: ``"host-to-device"`` (GPU: numpy array -> GPU tensor) or
            ``"host-memory-copy"`` (CPU: ``numpy.copyto``; there is no device transfer).
        mib: bytes copied per repeat, MiB.
        gbps: best bandwidth over the repeats, GB/s (10**9 bytes per second).
    """

    kind: str
    mib: int
    gbps: float


def has_tensor_cores(
    name: str | None, compute_capability: tuple[int, int] | None,
    kb: Knowledge | None = None,
) -> bool:
    """Whether the GPU named ``name`` (TensorFlow's ``device_name``) has Tensor Cores.

    The knowledge's answer (:meth:`tfgpu.knowledge.Knowledge.tensor_cores`): a GeForce
    GTX 1650 (compute capability 7.5) has none; an unknown name falls back to the
    compute-capability floor; nothing known at all gives ``False``.

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    if name is None and compute_capability is None:
        return False
    cc = f"{compute_capability[0]}.{compute_capability[1]}" if compute_capability else None
    return knowledge_or_packaged(kb).tensor_cores(name, cc).has is True


def half_dtypes(
    compute_capability: tuple[int, int] | None, name: str | None = None,
    kb: Knowledge | None = None,
) -> tuple[str, ...]:
    """Half-precision dtypes worth measuring on a GPU (``name``, ``compute_capability``):
    ``float16`` with Tensor Cores (:func:`has_tensor_cores`), ``bfloat16`` too from the
    ``bfloat16-min-cc`` floor (8.0); ``()`` on the CPU (``compute_capability`` ``None``).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    if compute_capability is None:
        return ()
    knowledge = knowledge_or_packaged(kb)
    if not has_tensor_cores(name, compute_capability, knowledge):
        return ()
    out = ["float16"]
    if compute_capability >= knowledge.cc_floor("bfloat16-min-cc")[0]:
        out.append("bfloat16")
    return tuple(out)


def matmul_rate(device: str, dtype: str, size: int, repeats: int = 5) -> MatmulRate:
    """Measure ``[size, size] @ [size, size]`` on ``device`` (best of ``repeats`` batches).

    Each batch queues 4 products and waits for the last one, so the launch overhead
    of an asynchronous GPU is amortised; a warm-up product is not timed.
    """
    import tensorflow as tf

    with tf.device("/" + device):
        a = tf.random.normal([size, size], dtype=tf.float32, seed=1)
        b = tf.random.normal([size, size], dtype=tf.float32, seed=2)
        a = tf.cast(a, dtype)
        b = tf.cast(b, dtype)
        c = tf.linalg.matmul(a, b)
        float(tf.cast(c[0, 0], tf.float32).numpy())
        per_batch = 4
        best = float("inf")
        for _ in range(max(1, repeats)):
            t0 = time.perf_counter()
            for _ in range(per_batch):
                c = tf.linalg.matmul(a, b)
            float(tf.cast(c[0, 0], tf.float32).numpy())  # waits for the queued products
            best = min(best, (time.perf_counter() - t0) / per_batch)
    return MatmulRate(dtype, size, 2.0 * size**3 / best / 1e9, best)


def copy_rate(device: str, mib: int, repeats: int = 5) -> CopyRate:
    """Host-to-device bandwidth on a GPU; host memory copy bandwidth on the CPU."""
    n = max(1, mib * 2**20 // 4)
    host = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    best = float("inf")
    if device.upper().startswith("GPU"):
        import tensorflow as tf

        with tf.device("/CPU:0"):
            staged = tf.constant(host)  # a host tensor: only the transfer is timed
        with tf.device("/" + device):
            for _ in range(max(1, repeats) + 1):
                t0 = time.perf_counter()
                g = tf.identity(staged)  # host -> device copy (pageable host memory)
                float(g[-1].numpy())  # waits for the copy
                best = min(best, time.perf_counter() - t0)
        kind = "host-to-device"
    else:
        dst = np.empty_like(host)
        for _ in range(max(1, repeats) + 1):
            t0 = time.perf_counter()
            np.copyto(dst, host)
            best = min(best, time.perf_counter() - t0)
        kind = "host-memory-copy"
    return CopyRate(kind, mib, n * 4 / best / 1e9)


def measure(
    device: str, compute_capability: tuple[int, int] | None, size: int, copy_mib: int,
    name: str | None = None,
) -> dict[str, Any]:
    """All ceilings of ``device`` (GPU ``name``) as a JSON-ready dict (units in the keys).

    ``float32_uses_tf32`` is true on compute capability >= 8.0 while TensorFlow's
    default TensorFloat-32 mode is on: the "float32" rate is then the TF32 tensor-core
    rate, which is also what float32 training gets.
    """
    dtypes = ("float32", *half_dtypes(compute_capability, name))
    rates = [matmul_rate(device, dt, size) for dt in dtypes]
    copy = copy_rate(device, copy_mib)
    tf32 = False
    if compute_capability is not None and compute_capability >= (8, 0):
        import tensorflow as tf

        tf32 = bool(tf.config.experimental.tensor_float_32_execution_enabled())
    return {
        "float32_uses_tf32": tf32,
        "matmul": [
            {"dtype": r.dtype, "size": r.size, "gflops": r.gflops, "time_s": r.time_s}
            for r in rates
        ],
        "copy": {"kind": copy.kind, "mib": copy.mib, "gbps": copy.gbps},
    }
