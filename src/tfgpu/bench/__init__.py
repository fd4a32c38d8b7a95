"""Verify and benchmark: prove TensorFlow computes correctly on each GPU, then measure it.

Modules (none imports TensorFlow at import time):

* :mod:`tfgpu.bench.verify`: :func:`~tfgpu.bench.verify.run_verify`, run by ``tfgpu
  verify`` and by ``tfgpu install`` against a new virtual environment's interpreter.
* :mod:`tfgpu.bench.data`: MNIST-format datasets (IDX, ``mnist.npz``, Debian's
  Fashion-MNIST, synthetic) and where they are looked for.
* :mod:`tfgpu.bench.runner`: ``tfgpu bench``'s per-device child processes and the summary.
* :mod:`tfgpu.bench.workloads`, :mod:`tfgpu.bench.ceilings`: the TensorFlow work, run
  inside the child.
* :mod:`tfgpu.bench.plot`: the ``--plot`` chart.
"""
