"""Fake Slurm commands (``srun``, ``squeue``, ``sinfo``, ``scancel``) for the tests of an
allocation that waits: written into a folder put first on ``PATH``.

The fake ``srun`` prints what Slurm's srun prints when its job must wait (the reason, then
"job N queued and waiting for resources", words of Slurm's ``src/api/allocate.c``) and
waits; on SIGTERM it says "Job allocation N has been revoked" (``src/srun/libsrun/
allocate.c``) and exits 1, unless ``FAKE_SRUN_TERM=ignore``.  ``squeue`` answers from
``FAKE_SQUEUE_NODES``/``FAKE_SQUEUE_REASON`` (``-o %D|%P|%r``) and ``FAKE_SQUEUE_STATE``
(``-o %T``); ``sinfo`` lists node1 and node2.  Every call is appended to ``calls.log``.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

JOB = "77"

_SRUN = f"""
import os, signal, sys, time
def revoke(signum, frame):
    open(os.path.join({{here!r}}, "srun-got-term"), "w").write("TERM")
    sys.stderr.write("srun: Job allocation {JOB} has been revoked\\n")
    sys.stderr.write("srun: Force Terminated JobId={JOB}\\n")
    sys.exit(1)
signal.signal(signal.SIGTERM, signal.SIG_IGN if os.environ.get("FAKE_SRUN_TERM") == "ignore"
              else revoke)
sys.stderr.write("srun: Requested partition configuration not available now\\n")
sys.stderr.write("srun: job {JOB} queued and waiting for resources\\n")
sys.stderr.flush()
time.sleep(120)
"""

_SQUEUE = """
import os, sys
fmt = sys.argv[sys.argv.index("-o") + 1]
if fmt == "%T":
    print(os.environ.get("FAKE_SQUEUE_STATE", "CANCELLED"))
else:
    print(f"{os.environ.get('FAKE_SQUEUE_NODES', '5')}|debug|"
          f"{os.environ.get('FAKE_SQUEUE_REASON', 'PartitionConfig')}")
"""

_SINFO = 'print("node1\\nnode2")\n'
_SCANCEL = "pass\n"


def install(folder: Path) -> Path:
    """Write the fake commands into ``folder``; return it (put it first on ``PATH``)."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "calls.log"
    for name, body in (("srun", _SRUN.format(here=str(folder))), ("squeue", _SQUEUE),
                       ("sinfo", _SINFO), ("scancel", _SCANCEL)):
        path = folder / name
        path.write_text(f"#!{sys.executable}\n"
                        "import sys\n"
                        f"open({str(log)!r}, 'a').write(' '.join(['{name}', *sys.argv[1:]])"
                        " + '\\n')\n" + body, encoding="utf-8")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return folder


def env(folder: Path, **extra: str) -> dict[str, str]:
    """An environment outside any allocation, with the fakes first on ``PATH``."""
    out = {k: v for k, v in os.environ.items() if not k.startswith("SLURM_")}
    out["PATH"] = f"{folder}{os.pathsep}{out.get('PATH', '')}"
    out.update(extra)
    return out


def calls(folder: Path) -> list[str]:
    """The fake commands run so far, one line each (``"scancel 77"``)."""
    log = folder / "calls.log"
    return log.read_text().splitlines() if log.exists() else []
