"""Shared reports hide every host name the log itself reveals, not only this host's.

NCCL prefixes each line with ``host:pid:tid [dev]``, TensorFlow's cuda_diagnostics prints
``hostname: x``, shells print ``user@host``, Slurm names its nodes, and pip prints the
index URL (an internal mirror's domain): the markdown and HTML reports must not carry them;
``--no-redact`` keeps them (so the test can fail).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.privacy import NoRedactor, for_names, revealed_names
from tfgpu.report.share import render_shareable

#: kind -> (a log line revealing a name, the name that must not come out)
REVEALED = {
    "NCCL prefix": ("nodeqx7:12345:12399 [0] include/socket.h:409 NCCL WARN Net : Connect to "
                    "10.2.3.4<45123> failed : Connection refused", "nodeqx7"),
    "cuda_diagnostics hostname": ("2024-02-01 12:00:00.000200: I external/local_xla/xla/"
                                  "stream_executor/cuda/cuda_diagnostics.cc:141] hostname: "
                                  "boxzeta.lab.example.org", "boxzeta"),
    "its domain elsewhere": ("peer worker3.lab.example.org unreachable", "lab.example.org"),
    "shell prompt": ("(tf) quentin@rigomega:~/proj$ python train.py", "rigomega"),
    "prompt user": ("(tf) quentin@rigomega:~/proj$ python train.py", "quentin"),
    "Slurm node": ("srun: error: cnode417: task 0: Segmentation fault", "cnode417"),
    "Slurm variable": ("SLURMD_NODENAME=cnode903", "cnode903"),
    "pip index behind credentials": (
        "Looking in indexes: https://bob:pw@mirror.acmewidgets.com/simple", "acmewidgets"),
    "private domain": ("ERROR: HTTP error 404 while getting https://pkgs.internal.fooco.net/x",
                       "fooco"),
}


def _doc() -> dict[str, object]:
    """An explain document quoting every :data:`REVEALED` line as evidence."""
    ev = [{"source": "log", "line": i, "text": line}
          for i, (line, _) in enumerate(REVEALED.values(), 1)]
    return {"command": "explain", "verdict": {"gpu_usable": None, "headline": "h",
                                              "problems": 0, "program_failed": True},
            "findings": [{"id": "unrecognised-error", "severity": "warning",
                          "category": "unknown", "area": "log", "title": "t",
                          "evidence": ev, "cause": "", "fix": [], "harmless": False,
                          "doc": None, "knowledge_ref": None, "aliases": []}],
            "meta": {}}


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_no_revealed_name_in_a_shared_report(fmt: str) -> None:
    out = render_shareable(fmt, _doc(), redactor=for_names(users=["someone"]))
    leaked = [kind for kind, (_, name) in REVEALED.items() if name in out]
    assert not leaked, leaked
    # --no-redact keeps them: the planted names do reach the report
    raw = render_shareable(fmt, _doc(), redactor=NoRedactor())
    assert all(name in raw for _, name in REVEALED.values())


def test_the_explain_command_hides_the_nccl_host(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "x.log"
    log.write_text(REVEALED["NCCL prefix"][0] + "\n", encoding="utf-8")
    capsys.readouterr()
    main(["explain", str(log), "--format", "markdown"])
    out = capsys.readouterr().out
    assert "NCCL WARN" in out and "nodeqx7" not in out


def test_public_words_are_not_taken_for_names() -> None:
    users, hosts, fqdns = revealed_names([
        "Looking in indexes: https://download.example.org/whl/cu118",  # no credentials
        "2024-01-01 10:00:00: I tensorflow/core/foo.cc:1] localhost:8470 ready",
        "E0101 12:00:00.000 123 main.cc:1] 10.0.0.1:2222: Connection refused",
    ])
    assert not users and not hosts and not fqdns, (users, hosts, fqdns)
    r = for_names().learn(["nodeqx7:1:2 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.5<0>"])
    assert r.text("nodeqx7:1:2 [0] NCCL INFO x") == "host:1:2 [0] NCCL INFO x"


def test_the_footer_says_other_folder_paths_are_kept() -> None:
    # project folders outside home folders are not redacted: the report must say so
    out = render_shareable("markdown", _doc(), redactor=for_names(users=["someone"]))
    assert "other folder paths are kept" in out
