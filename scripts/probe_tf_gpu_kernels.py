"""Print the platform-fact row ``tf-gpu-kernel-dtypes``: each op for which the installed
TensorFlow registers a GPU kernel (or a DEVICE_DEFAULT one, which a GPU device runs), with
the dtypes each attribute that all of those kernels constrain takes, as ``"Op:T=float32,float64;
Tidx=int32"`` (``"Op:"``: the kernels constrain no type).  TensorFlow's Linux wheels
register their GPU kernels whether or not a GPU is present
(``kernels.get_all_registered_kernels()``).  Run with the TensorFlow release the row names
(2.21.0) and paste the output over the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_gpu_kernels.py
"""

from __future__ import annotations

import collections

import tensorflow as tf
from tensorflow.python.framework import dtypes, kernels


def main() -> None:
    found: dict[str, list[dict[str, set[str]]]] = collections.defaultdict(list)
    for k in kernels.get_all_registered_kernels().kernel:
        if k.device_type not in ("GPU", "DEFAULT") or k.op.startswith("_"):
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
          "no type constrained): an op a log finds no GPU kernel for, with such dtypes, has "
          'one in this release"')
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
          "installed Linux wheel (device_type GPU or DEFAULT; each constraint's allowed "
          "values, merged per attribute over the op's kernels, so a combination of two "
          "attributes may be listed that no one kernel takes); GPU kernels are added across "
          "releases (complex and integer types, cuSOLVER and cuFFT ops), so an older "
          'TensorFlow may lack one listed here. Read by checks/gpu_kernels.py."')


if __name__ == "__main__":
    main()
