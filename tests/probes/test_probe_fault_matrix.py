"""Every probe against every outside command gone wrong: hang, slow, flood (forever, and
then exit), crash, garbage (issue 11 quality bar: "fault cases for every probe with
bounded time and memory and an honest verdict").

Each case puts real tiny fake executables first on ``PATH`` for every command the probes
run (``nvidia-smi``, ``nvcc``, ``lspci``, ``ldconfig``, ``ldd``), and makes the examined
Python a fake too (the python, site-packages and TensorFlow probes run it), then gathers
all probes with a 1 s limit, as ``tfgpu doctor`` does.  NVML is forced absent so that the
``nvidia-smi`` path runs (NVML's own faults: test_nvml_contained.py).

Bounds checked: the whole gather returns within the probe limit plus the gatherer's grace
(every probe answered, none abandoned) and its peak memory stays small; verdicts checked:
a command that exists but misbehaves is never reported as absent (no driver, no
TensorFlow, no toolkit) and never as a fabricated value.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

import pytest

from tfgpu import gather
from tfgpu._proc import run_command
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import ProbeStatus
from tfgpu.probes import ProbeContext, nvidia

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX fake executables")

#: Commands the probes run by name on Linux (``python`` is ``ctx.python_executable``).
COMMANDS = ("nvidia-smi", "nvcc", "lspci", "ldconfig", "ldd", "python")
#: One ``/bin/sh`` body per fault kind.  "slow" answers garbage after 0.6 s, more than half
#: of the 1 s limit, so that a probe's second call cannot fit.
FAULTS = {
    "hang": "exec /bin/sleep 1000",
    "slow": "/bin/sleep 0.6; echo 'slow garbage'",
    "flood": "exec /usr/bin/yes 'flood flood flood flood flood flood flood flood'",
    "flood-exit": "/usr/bin/head -c 20000000 /dev/zero | /usr/bin/tr '\\0' 'x'; exit 0",
    "crash": "kill -SEGV $$",
    "garbage": "/usr/bin/head -c 3000 /dev/urandom; exit 0",
    "garbage-fail": "echo '{\"version\": [[[' ; echo 'Traceback: boom' >&2; exit 3",
}
LIMIT_S = 1.0
#: Peak RSS of the test process allowed to grow while the fakes flood, MiB (two bounded
#: 4 MiB streams per command, six commands at once, decoded).
FLOOD_GROWTH_MIB = 150


def _fakes(tmp: Path, body: str) -> dict[str, str]:
    bindir = tmp / "bin"
    bindir.mkdir()
    for name in COMMANDS:
        path = bindir / name
        path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
        path.chmod(0o755)
    return {"PATH": str(bindir), "HOME": str(tmp), "LANG": "C"}


@pytest.mark.parametrize("kind", sorted(FAULTS))
def test_every_probe_is_bounded_and_honest_when_its_commands_misbehave(
        kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvidia, "NVML_SONAME", "libtfgpu-no-such-library.so.1")
    env = _fakes(tmp_path, FAULTS[kind])

    def runner(argv: object, t: float) -> object:
        return run_command(argv, t, env=env)  # type: ignore[arg-type]

    ctx = ProbeContext(runner=runner, env=env, system="Linux",  # type: ignore[arg-type]
                       python_executable=str(tmp_path / "bin" / "python"))
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.monotonic()
    ran = gather.run_probes(gather.discover(), ctx, probe_timeout_s=LIMIT_S,
                            tf_timeout_s=LIMIT_S)
    took = time.monotonic() - t0
    grew_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024
    facts = gather.merge([r for _p, r in ran], ctx)

    # Bounded: every probe answered within its limit and the grace (none abandoned).
    assert took < LIMIT_S + gather.GRACE_S + 1.0, f"gather took {took:.1f} s"
    abandoned = [r.message for _p, res in ran for r in res.records
                 if r.message and (r.message.startswith("probe ") or "abandoned" in r.message)]
    assert not abandoned, abandoned
    assert grew_mib < FLOOD_GROWTH_MIB, f"peak RSS grew {grew_mib:.0f} MiB"

    # Honest: present-but-broken is never absent, and nothing is made up.
    d = facts.driver
    assert d is not None and d.status in (ProbeStatus.ERROR, ProbeStatus.TIMEOUT), d
    assert not facts.gpus or all(g.source != "nvidia-smi" for g in facts.gpus)
    assert facts.python.version is None  # the examined interpreter never answered
    assert facts.tf is not None and facts.tf.status in (ProbeStatus.ERROR,
                                                        ProbeStatus.TIMEOUT), facts.tf
    for name in ("nvidia-smi", "nvcc", "lspci", "ldconfig"):
        for rec in (r for r in facts.probes if r.command[:1] == (name,)):
            # It ran: its record says how (an exit 0 with garbage is the facts' to judge).
            assert rec.status is not ProbeStatus.MISSING, rec
            assert rec.status is ProbeStatus.OK or rec.message, rec
    report = diagnose(facts)
    ids = {f.id for f in report.findings}
    assert "no-nvidia-gpu" not in ids and "tensorflow-not-installed" not in ids, ids
    assert report.verdict.problems >= 1 and not report.verdict.gpu_usable


# --- files: every file a probe reads is garbage (a corrupt /proc, /sys, os-release) ------

class GarbageFS:
    """Every path exists and holds random text; folders list random names."""

    def __init__(self, seed: int) -> None:
        import random

        self.rnd = random.Random(seed)

    def _text(self, limit: int) -> str:
        n = min(limit, self.rnd.choice((0, 1, 50, 4000, 70000)))
        alphabet = "ab01:.-_ =\n\t\x00\ufffd\u202eé9" + "".join(map(chr, range(32, 127)))
        return "".join(self.rnd.choice(alphabet) for _ in range(n))

    def read_text(self, path: str, limit: int = 1 << 20) -> str | None:
        return None if self.rnd.random() < 0.1 else self._text(limit)

    def read_head(self, path: str, size: int = 1024) -> bytes | None:
        return self.rnd.randbytes(min(size, self.rnd.choice((0, 4, 64, 1024))))

    def exists(self, path: str) -> bool:
        return self.rnd.random() < 0.8

    def listdir(self, path: str) -> list[str]:
        return sorted({self._text(12).replace("/", "").replace("\n", "") or "x"
                       for _ in range(self.rnd.randrange(0, 6))})

    def glob(self, pattern: str) -> list[str]:
        return [pattern.replace("*", self._text(6).replace("/", "") or "x")
                for _ in range(self.rnd.randrange(0, 3))]

    def realpath(self, path: str) -> str:
        return path


@pytest.mark.parametrize("seed", range(40))
def test_every_probe_survives_garbage_files(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from tfgpu._proc import FakeRunner

    monkeypatch.setattr(nvidia, "NVML_SONAME", "libtfgpu-no-such-library.so.1")
    ctx = ProbeContext(runner=FakeRunner({}), fs=GarbageFS(seed), env={"PATH": "/nowhere"},
                       system="Linux", python_executable="/nowhere/python")
    t0 = time.monotonic()
    ran = gather.run_probes(gather.discover(), ctx, probe_timeout_s=LIMIT_S,
                            tf_timeout_s=LIMIT_S)
    assert time.monotonic() - t0 < LIMIT_S + gather.GRACE_S + 1.0
    crashed = [r.message for _p, res in ran for r in res.records
               if r.message and r.message.startswith(("internal error", "probe "))]
    assert not crashed, crashed
    diagnose(gather.merge([r for _p, r in ran], ctx))  # and the checks take what came back
