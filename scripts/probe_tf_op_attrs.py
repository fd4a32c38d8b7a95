"""Print the platform-fact row ``tf-op-attrs``: each op of ``tf-core-op-types`` with the
attributes its OpDef declares in the installed TensorFlow (``op_def_registry``), one
``"Op:attr,attr"`` string each.  Run with the TensorFlow release the row names (2.21.0) and
paste the output over the row in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_op_attrs.py
"""

from __future__ import annotations

from pathlib import Path

import tensorflow as tf
import tomllib
from _fact_row import print_items
from tensorflow.python.framework import op_def_registry

FACTS = Path(__file__).resolve().parents[1] / "src/tfgpu/knowledge/data/platform_facts.toml"


def main() -> None:
    rows = tomllib.loads(FACTS.read_text(encoding="utf-8"))["rows"]
    ops = next(r for r in rows if r["id"] == "tf-core-op-types")["ops"]
    items = []
    for op in ops:
        op_def = op_def_registry.get(op)
        if op_def is not None:
            items.append(f"{op}:{','.join(a.name for a in op_def.attr)}")
    print("[[rows]]")
    print('id = "tf-op-attrs"')
    print(f'title = "The attributes each op of tf-core-op-types declares in TensorFlow '
          f'{tf.__version__}: a graph node with an attribute its op lacks there was not written '
          'by any release up to it"')
    print_items("op_attrs", items)
    print('source = "TF221-OPDEFS"')
    print("retrieved = 2026-12-05")
    print('note = "From op_def_registry.get(op).attr of the installed wheel; attributes are '
          'added to ops across releases (never removed: GraphDef compatibility), so an older '
          'TensorFlow may lack one listed here"')


if __name__ == "__main__":
    main()
