"""Benchmark: measure TensorFlow training and device ceilings per device (``tfgpu bench``).

Proving that TensorFlow computes correctly is :mod:`tfgpu.verify` (run by ``tfgpu verify``,
``tfgpu install`` and, on a failed child, here).  Modules (none imports TensorFlow at
import time):

* :mod:`tfgpu.bench.data`: MNIST-format datasets (IDX, ``mnist.npz``, Debian's
  Fashion-MNIST, synthetic) and where they are looked for.
* :mod:`tfgpu.bench.runner`: ``tfgpu bench``'s per-device child processes and the summary.
* :mod:`tfgpu.bench.workloads`, :mod:`tfgpu.bench.ceilings`: the TensorFlow work, run
  inside the child.
* :mod:`tfgpu.bench.plot`: the ``--plot`` chart.
"""
