"""Print the platform-fact row ``tensorflow-text-op-types``: the op type names tensorflow-text
registers (``REGISTER_OP("...")``, the ``kOpName[] = "..."`` and ``Name() { return "..." }``
of its kernel templates), read from a clone of tensorflow/text at the tags :data:`TAGS` with
no import.  A graph naming one of them needs ``import tensorflow_text`` (or a model server
built with those ops) before it loads (checks/op_registry.py).  Paste the output over the row
in src/tfgpu/knowledge/data/platform_facts.toml.

usage: python scripts/probe_tf_text_ops.py /path/to/tensorflow/text/.git
"""

from __future__ import annotations

import re
import subprocess
import sys

from _fact_row import print_items

#: Releases across tensorflow-text's history with TensorFlow 2.
TAGS = ("v2.4.1", "v2.8.0", "v2.13.0", "v2.20.1")
_OP = re.compile(r'(?:REGISTER_OP\(|kOpName\[\] = |Name\(\)\s*\{\s*return )"([A-Za-z0-9_>]+)"')


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    ops: set[str] = set()
    for tag in TAGS:
        out = subprocess.run(
            ["git", f"--git-dir={sys.argv[1]}", "grep", "-h", "-E",
             r'(REGISTER_OP\(|kOpName\[\] = |Name\(\)\s*\{\s*return )"', tag, "--",
             "tensorflow_text"], capture_output=True, text=True, check=True).stdout
        ops |= set(_OP.findall(out))
    print("[[rows]]")
    print('id = "tensorflow-text-op-types"')
    print('title = "The op types tensorflow-text registers: a graph naming one needs '
          'tensorflow_text imported (its ops loaded) before it loads"')
    print('package = "tensorflow-text"')
    print('module = "tensorflow_text"')
    print_items("ops", sorted(ops))
    print('source = "TF-TEXT-OPS"')
    print("retrieved = 2026-12-06")
    print('note = "scripts/probe_tf_text_ops.py: REGISTER_OP names and kernel-template op '
          f"names in tensorflow_text at tags {', '.join(TAGS)}; the newer ops are namespaced "
          'TFText>"')


if __name__ == "__main__":
    main()
