"""Tiny real child scripts for the fault tests: flooders, hangs, setsid grandchildren."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
PY = sys.executable
#: A banner recorded on a real H200 host (driver 580).
H200 = FIXTURES / "hosts" / "linux-x86_64-nvidia-h200-driver580-ubuntu22.04"
#: Peak RSS allowed for a Python process that runs one flooding command, MiB.  The
#: interpreter plus tfgpu's imports take ~25 MiB; the two bounded streams 2 x 4 MiB
#: (x2 while decoding).  Before the bound, the same run peaked at several GiB.
FLOOD_RSS_MIB = 100


def script(tmp: Path, name: str, body: str) -> str:
    path = tmp / name
    path.write_text(f"#!{PY}\n" + textwrap.dedent(body), encoding="utf-8")
    path.chmod(0o755)
    return str(path)


FLOOD = """\
import os, sys
buf = b"x" * (1 << 20)
os.write(1, b"BEGIN\\n"); os.write(2, b"BEGIN\\n")
n = int(sys.argv[1])
i = 0
while n < 0 or i < n:
    os.write(1, buf); os.write(2, buf); i += 1
os.write(1, b"\\nEND\\n"); os.write(2, b"\\nEND\\n")
"""

#: Starts a grandchild in its own session (it leaves the process group) that keeps
#: stdout and stderr open, writes its pid to argv[1], then exits or hangs (argv[2]).
GRANDCHILD = f"""\
import subprocess, sys, time
p = subprocess.Popen([{PY!r}, "-c", "import time; time.sleep(1000)"], start_new_session=True)
open(sys.argv[1], "w").write(str(p.pid))
print("child answered", flush=True)
if sys.argv[2] == "hang":
    time.sleep(1000)
"""


