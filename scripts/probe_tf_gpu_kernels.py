"""Print the platform-fact row ``tf-gpu-kernel-dtypes``: each op for which the installed
TensorFlow registers a GPU kernel, with the dtypes of its ``T`` attribute those GPU kernels
take (``kernels.get_all_registered_kernels()``; TensorFlow's Linux wheels register their GPU
kernels whether or not a GPU is present).  Run with the TensorFlow release the row names
(2.21.0) and paste the output over the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_gpu_kernels.py
"""

from __future__ import annotations

import collections

import tensorflow as tf
from tensorflow.python.framework import dtypes, kernels


def main() -> None:
    gpu: dict[str, set[str]] = collections.defaultdict(set)
    for k in kernels.get_all_registered_kernels().kernel:
        if k.device_type != "GPU" or k.op.startswith("_"):
            continue
        gpu[k.op].update(dtypes.as_dtype(t).name for c in k.constraint if c.name == "T"
                         for t in c.allowed_values.list.type)
    items = [f"{op}:{','.join(sorted(ts))}" for op, ts in sorted(gpu.items())]
    print("[[rows]]")
    print('id = "tf-gpu-kernel-dtypes"')
    print(f'title = "The ops TensorFlow {tf.__version__} registers GPU kernels for, with the '
          "dtypes of their T attribute (empty: the GPU kernels do not constrain T): an op a "
          'log finds no GPU kernel for, for a dtype listed here, has one in this release"')
    print("op_dtypes = [")
    line = "   "
    for item in items:
        piece = f' "{item}",'
        if len(line) + len(piece) > 100:
            print(line)
            line = "   "
        line += piece
    print(line)
    print("]")
    print('source = "TF221-KERNELS"')
    print("retrieved = 2026-12-05")
    print('note = "From tensorflow.python.framework.kernels.get_all_registered_kernels() of the '
          "installed Linux wheel (device_type GPU, constraints on T); GPU kernels are added "
          "across releases (complex and integer types, cuSOLVER and cuFFT ops), so an older "
          'TensorFlow may lack one listed here. Read by checks/op_registry.py."')


if __name__ == "__main__":
    main()
