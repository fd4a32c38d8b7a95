"""Python probe: the interpreter that will run TensorFlow and the distributions that matter.

Distributions are read from ``*.dist-info``/``*.egg-info`` folder names on that
interpreter's ``sys.path`` (the first copy on the path wins, as for imports), with
the ``Version`` and ``Requires-Dist`` headers of ``METADATA`` read only for tensorflow*
and nvidia-* (``importlib.metadata`` only for ``.egg-info`` folders, whose requirements
live in ``requires.txt``).
Nothing is imported.  When ``ctx.python_executable`` is not the running interpreter, that
interpreter runs :data:`SCRIPT` (standard library only) and prints one JSON object.
"""

from __future__ import annotations

import json
import time
from typing import Any

from tfgpu.facts import Distribution, ProbeRecord, ProbeStatus, PythonFacts
from tfgpu.probes import ProbeContext, ProbeResult, same_interpreter

NAME = "python"
ORDER = 20

#: Self-contained script: prints one JSON object describing the interpreter it runs in.
#: Kept free of tfgpu imports so any interpreter (3.8+) can run it.
SCRIPT = r'''
import json, os, re, sys, platform, struct, sysconfig
WANT = re.compile(r"^(tensorflow.*|tf-nightly.*|tf-keras|keras|keras-nightly|numpy|protobuf|"
                  r"nvidia-.*|jax|jaxlib|jax-cuda.*|torch|tensorrt.*|ml-dtypes|"
                  r"intel-extension-for-tensorflow.*)$")
REQ = re.compile(r"^(tensorflow.*|tf-nightly.*|nvidia-.*)$")
def canon(n):
    return re.sub(r"[-_.]+", "-", n).lower()
def headers(folder):
    # Version and Requires-Dist from a dist-info METADATA header (core metadata: RFC 822
    # fields up to the first blank line); None when there is no such file.  Much cheaper
    # than importlib.metadata, whose import and email parser cost ~50 ms.
    try:
        fh = open(os.path.join(folder, "METADATA"), encoding="utf-8", errors="replace")
    except OSError:
        return None
    version, requires, key = None, [], None
    with fh:
        for line in fh:
            if not line.strip():
                break
            if line[0] in " \t":
                if key == "requires-dist" and requires:
                    requires[-1] += " " + line.strip()
                continue
            key, _, value = line.partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "version" and version is None:
                version = value
            elif key == "requires-dist":
                requires.append(value)
    return version, requires
dists, seen = [], set()
for base in sys.path:
    try:
        names = sorted(os.listdir(base or "."))
    except OSError:
        continue
    for entry in names:
        if not (entry.endswith(".dist-info") or entry.endswith(".egg-info")):
            continue
        stem = entry.rsplit(".", 1)[0]
        name, _, version = stem.partition("-")
        version = version.split("-py")[0]
        c = canon(name)
        if c in seen or not WANT.match(c):
            continue
        seen.add(c)
        requires = []
        read = None
        if REQ.match(c) and entry.endswith(".dist-info"):
            read = headers(os.path.join(base or ".", entry))
        if read is not None:
            version, requires = read[0] or version, read[1]
        elif REQ.match(c):
            try:
                import importlib.metadata as md
                d = md.PathDistribution(__import__("pathlib").Path(base or ".", entry))
                requires = list(d.requires or [])
                version = d.version or version
            except Exception:
                pass
        dists.append({"name": c, "version": version, "location": os.path.abspath(base or "."),
                      "requires": requires})
venv = sys.prefix if sys.prefix != getattr(sys, "base_prefix", sys.prefix) else None
print(json.dumps({
    "version": platform.python_version(),
    "executable": sys.executable,
    "implementation": platform.python_implementation(),
    "bits": struct.calcsize("P") * 8,
    "virtualenv": venv or os.environ.get("VIRTUAL_ENV"),
    "conda_env": os.environ.get("CONDA_PREFIX") or (sys.prefix if os.path.isdir(
        os.path.join(sys.prefix, "conda-meta")) else None),
    "distributions": sorted(dists, key=lambda d: d["name"]),
    "externally_managed": venv is None and os.path.isfile(os.path.join(
        sysconfig.get_path("stdlib") or "", "EXTERNALLY-MANAGED")),
}))
'''


def parse(data: dict[str, Any]) -> PythonFacts:
    """Build :class:`PythonFacts` from the JSON object :data:`SCRIPT` prints.

    Raises:
        KeyError, TypeError, ValueError: the object is not what the script prints.
    """
    dists = tuple(
        Distribution(
            name=str(d["name"]),
            version=str(d["version"]),
            location=str(d["location"]) if d.get("location") else None,
            requires=tuple(str(r) for r in d.get("requires") or ()),
        )
        for d in data.get("distributions") or ()
    )
    return PythonFacts(
        version=str(data["version"]),
        executable=str(data["executable"]),
        implementation=str(data["implementation"]) if data.get("implementation") else None,
        bits=int(data["bits"]) if data.get("bits") else None,
        virtualenv=str(data["virtualenv"]) if data.get("virtualenv") else None,
        conda_env=str(data["conda_env"]) if data.get("conda_env") else None,
        distributions=tuple(sorted(dists, key=lambda d: d.name)),
        externally_managed=bool(data.get("externally_managed")),
    )


def _in_process() -> dict[str, Any]:
    out: dict[str, Any] = {}
    buf: list[str] = []
    exec(
        compile(SCRIPT, "<tfgpu-python-probe>", "exec"),
        {"__name__": "__tfgpu_probe__", "print": buf.append},
    )
    out = json.loads(buf[-1])
    return out


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe ``ctx.python_executable``; never raises.

    On failure (the interpreter is missing, crashes, or prints garbage) the result holds
    a :class:`PythonFacts` with ``version=None`` and an ``ERROR``/``MISSING`` record.
    """
    start = time.perf_counter()
    exe = ctx.python_executable
    command: tuple[str, ...] = (exe, "-c", "<python probe>")
    try:
        if same_interpreter(exe):
            command = ("importlib.metadata", exe)
            facts = parse(_in_process())
            record = ProbeRecord(NAME, ProbeStatus.OK, command,
                                 duration_s=round(time.perf_counter() - start, 4))
            return ProbeResult(records=(record,), python=facts)
        res = ctx.runner([exe, "-c", SCRIPT], ctx.timeout_s)
        if res.status is not ProbeStatus.OK:
            rec = res.record(NAME)
            return ProbeResult(
                records=(ProbeRecord(NAME, res.status, command, res.returncode,
                                     round(res.duration_s, 4), _describe_failure(res.returncode,
                                                                                 rec.message),
                                     rec.raw_excerpt),),
                python=PythonFacts(version=None, executable=exe),
            )
        line = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
        try:
            answer = json.loads(line)
        except ValueError:
            # it ran and exited 0, but printed nothing or what is not the probe's answer
            said = (f"printed {line[:80]!r}, not the probe's answer" if line
                    else "printed no answer")
            record = ProbeRecord(NAME, ProbeStatus.ERROR, command, res.returncode,
                                 round(res.duration_s, 4),
                                 f"{RAN_NO_ANSWER} (exit {res.returncode}) but {said} "
                                 "(is it a Python interpreter?)")
            return ProbeResult(records=(record,), python=PythonFacts(version=None,
                                                                     executable=exe))
        facts = parse(answer)
        record = ProbeRecord(NAME, ProbeStatus.OK, command, res.returncode,
                             round(res.duration_s, 4))
        return ProbeResult(records=(record,), python=facts)
    except (ValueError, KeyError, TypeError, OSError, IndexError) as exc:
        record = ProbeRecord(NAME, ProbeStatus.ERROR, command,
                             duration_s=round(time.perf_counter() - start, 4),
                             message=f"could not read the interpreter's answer: {exc}")
        return ProbeResult(records=(record,), python=PythonFacts(version=None,
                                                                 executable=exe))


#: How the probe's message starts when the interpreter ran but gave no answer to read:
#: it was run, so "could not be run" would be wrong (:func:`tfgpu.cli.common.interpreter_failure`).
RAN_NO_ANSWER = "ran"


def _describe_failure(returncode: int | None, message: str | None) -> str | None:
    if returncode is not None and returncode < 0:
        import signal

        try:
            sig = signal.Signals(-returncode).name
        except ValueError:
            sig = f"signal {-returncode}"
        return f"the interpreter was killed by {sig}"
    return message
