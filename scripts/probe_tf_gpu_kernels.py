"""Print the platform-fact row ``tf-gpu-kernel-dtypes``: each op for which the installed
TensorFlow registers a GPU kernel (or a DEVICE_DEFAULT one, which a GPU device runs) that
computes on the device, with the dtypes each attribute that all of those kernels constrain
takes, as ``"Op:T=float32,float64;Tidx=int32"`` (``"Op:"``: the kernels constrain no type);
and, apart (``host_only``), the ops a GPU device takes only through kernels whose every
argument is in host memory (they compute on the CPU).  TensorFlow's Linux wheels register
their GPU kernels whether or not a GPU is present (``kernels.get_all_registered_kernels()``).
Run with the TensorFlow release the row names (2.21.0) and paste the output over the row in
src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_gpu_kernels.py
"""

from __future__ import annotations

import collections

import tensorflow as tf
from _fact_row import print_items
from tensorflow.python.framework import dtypes, kernels, op_def_registry


def main() -> None:
    found: dict[str, list[dict[str, set[str]]]] = collections.defaultdict(list)
    placed: set[str] = set()
    for k in kernels.get_all_registered_kernels().kernel:
        if k.device_type not in ("GPU", "DEFAULT") or k.op.startswith("_"):
            continue
        op_def = op_def_registry.get(k.op)
        args = ({a.name for a in op_def.input_arg} | {a.name for a in op_def.output_arg}
                if op_def is not None else set())
        if args and args <= set(k.host_memory_arg):
            placed.add(k.op)  # every argument in host memory: the kernel computes on the CPU
            continue
        found[k.op].append({c.name: {dtypes.as_dtype(t).name for t in c.allowed_values.list.type}
                            for c in k.constraint if c.allowed_values.list.type})
    items = []
    for op, kerns in sorted(found.items()):
        # an attribute some kernel leaves unconstrained takes any type: it is not listed
        names = set.intersection(*(set(k) for k in kerns))
        merged = {a: set().union(*(k[a] for k in kerns)) for a in sorted(names)}
        items.append(op + ":" + ";".join(f"{a}={','.join(sorted(ts))}"
                                         for a, ts in merged.items()))
    print("[[rows]]")
    print('id = "tf-gpu-kernel-dtypes"')
    print(f'title = "The ops TensorFlow {tf.__version__} registers GPU (or DEVICE_DEFAULT) '
          "kernels for, with the dtypes each attribute those kernels constrain takes ('Op:': "
          "no type constrained), and the ops whose GPU kernels all compute on the host: an op "
          'a log finds no GPU kernel for, with such dtypes, has one in this release"')
    print_items("op_dtypes", items)
    print_items("host_only", sorted(placed - set(found)))
    print('source = "TF221-KERNELS"')
    print("retrieved = 2026-12-05")
    print('note = "From tensorflow.python.framework.kernels.get_all_registered_kernels() of the '
          "installed Linux wheel (device_type GPU or DEFAULT; a kernel with every argument in "
          "host memory (HostMemory) counts only in host_only; each constraint's allowed "
          "values, merged per attribute over the op's kernels, so a combination of two "
          "attributes may be listed that no one kernel takes); GPU kernels are added across "
          "releases (complex and integer types, cuSOLVER and cuFFT ops), so an older "
          'TensorFlow may lack one listed here. Read by checks/gpu_kernels.py."')


if __name__ == "__main__":
    main()
