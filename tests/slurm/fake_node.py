"""A node's ``tfgpu facts`` for the fault tests: the real snapshot of this node, except on
the node named by ``TFGPU_FAKE_NODE`` (srun exports the variable to every task), where
``TFGPU_FAKE_MODE`` says how it differs:

* ``other-versions``: another NVIDIA driver (550.54.15) and another TensorFlow (2.20.0);
* ``hang``: it never answers (sleeps an hour; the fleet's per-node timeout must stop it);
* ``garbage``: it prints a Python traceback instead of a snapshot;
* ``flood``: it prints 20 MB of base64 text instead of a snapshot and exits 1;
* ``endless``: it prints lines until it is stopped.

Run by ``tfgpu fleet --remote '<python> fake_node.py'`` on each node.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

node = os.environ.get("SLURMD_NODENAME", "")
mode = os.environ.get("TFGPU_FAKE_MODE", "")
odd = node == os.environ.get("TFGPU_FAKE_NODE")
if odd and mode == "hang":
    time.sleep(3600)
if odd and mode == "flood":
    import base64

    sys.stdout.write(base64.encodebytes(os.urandom(15 << 20)).decode())
    sys.exit(1)
if odd and mode == "endless":
    while True:
        sys.stdout.write("garbage garbage garbage\n" * 1000)
if odd and mode == "garbage":
    print("Traceback (most recent call last):\n  RuntimeError: not a snapshot")
    sys.exit(0)
out = subprocess.run([sys.executable, "-m", "tfgpu", "facts", "--no-tf"], check=True,
                     capture_output=True, text=True, timeout=120).stdout
facts = json.loads(out)
if odd and mode == "other-versions":
    facts["driver"] = {"status": "ok", "version": "550.54.15", "source": "nvidia-smi"}
    for d in facts["python"]["distributions"]:
        if d["name"] == "tensorflow":
            d["version"] = "2.20.0"
print(json.dumps(facts))
