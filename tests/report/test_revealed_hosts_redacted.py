"""Shared reports hide every host name the log itself reveals, not only this host's.

NCCL prefixes each line with ``host:pid:tid [dev]``, TensorFlow's cuda_diagnostics prints
``hostname: x``, shells print ``user@host``, Slurm names its nodes, pip prints the index URL
(an internal mirror's domain), syslog and journald put the host after the time, Open MPI
prefixes its lines with ``[host:pid]`` and names the node a rank died on: the markdown and
HTML reports must not carry them; ``--no-redact`` keeps them (so the test can fail).
"""

from __future__ import annotations

import time
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
    "cluster label": ("ssh: connect to host worker-7q.cluster port 22: Connection refused",
                      "worker-7q"),
    "journald short": ("Dec 02 10:00:01 gpuboxa7 kernel: NVRM: API mismatch: the client has "
                       "the version 535.129.03, but this kernel module has the version "
                       "535.104.05.", "gpuboxa7"),
    "syslog with dmesg time": ("Dec  2 10:00:01 gpu-nodeb17 kernel: [ 1234.5678] NVRM: Xid "
                               "(PCI:0000:01:00): 79, GPU has fallen off the bus.",
                               "gpu-nodeb17"),
    "journald short-precise": ("Dec 02 10:00:01.123456 rackc3 python3[4242]: 2024-12-02 "
                               "10:00:01.5: W tensorflow/x.cc:1] warn", "rackc3"),
    "rsyslog ISO time": ("2024-12-02T10:00:01.123456+00:00 gpuboxd7 kernel: NVRM: GPU at "
                         "PCI:0000:01:00: GPU-00000000", "gpuboxd7"),
    "ISO time with Z and a pid": ("2024-12-02T10:00:01Z gpuboxe7 dockerd[812]: level=error",
                                  "gpuboxe7"),
    "Open MPI host prefix": ("[gpuboxf7:12345] *** Process received signal ***", "gpuboxf7"),
    "Open MPI padded pid": ("[gpuboxg7:00042] Signal: Segmentation fault (11)", "gpuboxg7"),
    "mpirun on node": ("mpirun noticed that process rank 0 with PID 12345 on node gpuboxh7 "
                       "exited on signal 11 (Segmentation fault).", "gpuboxh7"),
    "Open MPI help field": ("  Local host:   gpuboxi7", "gpuboxi7"),
    "kubectl describe node": ("Node:         gpuboxj7/10.0.2.15", "gpuboxj7"),
    # journalctl's other -o short* forms, RFC 5424, UCX's prefix
    "journalctl short-full": ("Wed 2026-12-02 10:00:01 UTC gpuboxk7 kernel: NVRM: Xid "
                              "(PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen "
                              "off the bus.", "gpuboxk7"),
    "journalctl short-full pid": ("Wed 2026-12-02 10:00:01.123456 CET rackl7 python3[42]: "
                                  "W tensorflow/x.cc:1] warn", "rackl7"),
    "journalctl short-unix": ("1764669601.123456 gpuboxm7 kernel: NVRM: GPU 0000:3b:00.0: "
                              "GPU has fallen off the bus.", "gpuboxm7"),
    "journalctl short-monotonic": ("[ 1234.567890] gpuboxn7 kernel: NVRM: Xid "
                                   "(PCI:0000:3b:00): 79, pid=1, name=python, x", "gpuboxn7"),
    "RFC 5424": ("<30>1 2026-12-02T10:00:01.003Z gpuboxo7 kernel - - - NVRM: Xid "
                 "(PCI:0000:3b:00): 79, pid=1, name=python, x", "gpuboxo7"),
    "UCX prefix": ("[1733133601.123456] [gpuboxp7:12345:0]       ucp_worker.c:1543 UCX  ERROR "
                   "ucp_worker_iface_open: transport cuda_ipc failed", "gpuboxp7"),
    "UCX padded pid, named thread": ("[1733133601.123456] [gpuboxq7:123  :async]   "
                                     "parser.c:2020 UCX  WARN  unused environment variable",
                                     "gpuboxq7"),
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
        # a dated training line, a collector's UTC time before a message, a source position
        "Dec 02 10:00:01 Epoch 1: loss 0.5",
        "2024-12-02T10:00:02.123456789Z Total memory: 7.92GiB",
        "[pml_ob1.c:748] wrong header type",
        "[train.py:45] INFO step 10",
        # dmesg's own lines and Python logging's, shaped like the short forms above
        "[    1.234567] ACPI Error: AE_NOT_FOUND, While resolving a named reference",
        "[    2.000000] EXT4-fs error: bad block",
        "2024-01-01 10:00:00 INFO root: step 10",
    ])
    assert not users and not hosts and not fqdns, (users, hosts, fqdns)
    r = for_names().learn(["nodeqx7:1:2 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.5<0>"])
    assert r.text("nodeqx7:1:2 [0] NCCL INFO x") == "host:1:2 [0] NCCL INFO x"


_MISMATCH = ("NVRM: API mismatch: the client has the version 535.129.03, but this kernel "
             "module has the version 535.104.05.")
#: logs whose lines the explain report quotes, each revealing host ``gpubox7``
PREFIXED_LOGS = {
    "journald": f"Dec 02 10:00:01 gpubox7 kernel: {_MISMATCH}\n",
    "syslog": f"Dec  2 10:00:01 gpubox7 kernel: [ 1234.5678] {_MISMATCH}\n",
    "rsyslog ISO": f"2024-12-02T10:00:01.123456+00:00 gpubox7 kernel: {_MISMATCH}\n",
    "Open MPI": ("[gpubox7:12345] *** Process received signal ***\n"
                 "[gpubox7:12345] Signal: Segmentation fault (11)\n"
                 "mpirun noticed that process rank 0 with PID 12345 on node gpubox7 exited on "
                 "signal 11 (Segmentation fault).\n"),
}


@pytest.mark.parametrize("kind", sorted(PREFIXED_LOGS))
def test_the_explain_command_hides_the_host_of_a_prefixed_line(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "x.log"
    log.write_text(PREFIXED_LOGS[kind], encoding="utf-8")
    for fmt in ("markdown", "html"):
        capsys.readouterr()
        main(["explain", str(log), "--format", fmt])
        out = capsys.readouterr().out
        assert "gpubox7" not in out, (fmt, out)
        main(["explain", str(log), "--format", fmt, "--no-redact"])
        assert "gpubox7" in capsys.readouterr().out  # the report does quote the line


def test_the_footer_says_other_folder_paths_are_kept() -> None:
    # project folders outside home folders are not redacted: the report must say so
    out = render_shareable("markdown", _doc(), redactor=for_names(users=["someone"]))
    assert "other folder paths are kept" in out


@pytest.mark.parametrize("text", [
    "daemon:" * 8_000, "Dec 02 10:00:01 " * 3_000, "[a" * 25_000 + ":12345]",
    "with PID 1 on node " * 3_000, "  Local host: " * 4_000, "[" + "a" * 50_000 + ":1",
    "2024-12-02T10:00:01Z a " * 2_000, "Dec 02 10:00:01 " + "a" * 50_000,
])
def test_learning_names_takes_linear_time(text: str) -> None:
    t0 = time.perf_counter()
    revealed_names([text])
    assert time.perf_counter() - t0 < 1.0
