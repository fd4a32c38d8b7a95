"""What a pip log shows of the machine and of the interpreter, read against the platforms
TensorFlow publishes wheels for.

* :func:`log_machine`: the machine a log names (lscpu's or an issue template's
  ``Architecture: aarch64``, ``uname -m`` alone on its line, ``armv7l``, ``arm64``, a 32-bit
  ``uname -a``), outside wheel file names; one CPU family or nothing.
* :func:`log_interpreter`: the Python a log names (host facts, ``Python 3.8.5``, an issue
  template's ``Python version: 3.7.5 [64-bit]``, ``python3.8 -m pip install``).
* :func:`aarch64_no_wheel`: pip finds no ``tensorflow`` on a Linux aarch64 machine: the
  package index has aarch64 wheels only from 2.10.0 (platform fact
  ``tensorflow-linux-aarch64-first``, read from pip's own answers), so a pin or range below
  it has none whatever the Python (KumaTea/tensorflow-aarch64#10), and a bare requirement
  finds none on a log older than that release, a Python no release has an aarch64 wheel for,
  or a pip older than the manylinux2014 tags (tensorflow/tensorflow#48733).
* :func:`other_interpreter`: the log states a Python version (64-bit or unknown) that
  TensorFlow has wheels for on this OS (knowledge ``tf_tested_configs``), yet pip lists no
  release at all: pip lists every release with a file for the interpreter it runs in
  (pip ``resolvelib/factory.py``), so that pip runs in another interpreter (the Windows ``py``
  launcher's default, a 32-bit build, another environment): tensorflow/tensorflow#42977
  (``py -m pip`` on Windows with Python 3.8.5 stated, cured by the Anaconda prompt's pip).
  The launcher (CPython ``PC/launcher-usage.txt``): without a version "an active virtual
  environment or global default will be selected"; ``py -0p`` lists the Pythons it knows with
  their paths, the default marked with an asterisk (What's New in Python 3.7, bpo-30362).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

#: A machine name as written -> its CPU family.
_FAMILY = {"x86_64": "x86_64", "amd64": "x86_64", "i386": "x86", "i486": "x86", "i586": "x86",
           "i686": "x86", "win32": "x86", "aarch64": "aarch64", "arm64": "aarch64",
           "armv6l": "arm32", "armv7l": "arm32", "armv8l": "arm32"}
#: A CPU family in words.
FAMILY_WORDS = {"x86_64": "64-bit x86 (x86_64/AMD64)", "x86": "32-bit x86",
                "aarch64": "64-bit ARM (aarch64/arm64)", "arm32": "32-bit ARM (armv7l/armv6l)"}


def family(machine: str) -> str | None:
    """The CPU family (``x86_64``, ``x86``, ``aarch64``, ``arm32``) of a machine name or a
    wheel's platform tag (``linux_armv7l``, ``manylinux2014_aarch64``, ``win32``,
    ``macosx_11_0_arm64``), else ``None`` (``universal2``, ``ppc64le``, unknown)."""
    m = machine.lower()
    if m in _FAMILY:
        return _FAMILY[m]
    if m == "win_amd64":
        return "x86_64"
    if m == "win_arm64":
        return "aarch64"
    first = m.split(".")[0]
    tail = next((k for k in _FAMILY if first.endswith("_" + k)), None)
    if tail is not None and first.startswith(("linux", "manylinux", "musllinux")):
        return _FAMILY[tail]
    if tail in ("x86_64", "arm64", "i386") and first.startswith("macosx"):
        return _FAMILY[tail]
    return None


def _machine_hits(ctx: Facts) -> list[tuple[str, Hit]]:
    out: list[tuple[str, Hit]] = []
    for name in ("ctx.stated_machine", "tools.arm_board", "ctx.uname_32bit", "ctx.arm64_word"):
        out += [(a, h) for h in ctx.h(name).all() if (a := h.g("arch") or
                                                      ("arm64" if name == "ctx.arm64_word"
                                                       else ""))]
    out += [("x86_64", h) for h in ctx.h("ctx.x86_64").all()]
    # a wheel's (or a download's) file name, a package name (tensorflow-aarch64) or a path
    # part is not the machine
    out = [(a, h) for a, h in out if ".whl" not in h.text and "/simple/" not in h.text
           and "platform_machine" not in h.text  # an environment marker, not the machine
           and re.search(r"(?<![\w/.-])" + re.escape(a) + r"(?![\w-])", h.text)]
    if not out and any(h.g("board") in ("Raspberry Pi", "Jetson")
                       for h in ctx.h("tools.arm_board").all()):
        # a Raspberry Pi or Jetson with a 64-bit OS named: aarch64
        out = [("aarch64", h) for h in ctx.h("ctx.os_64bit").all()[:1]]
    return out


def log_machine(ctx: Facts) -> tuple[str, str, Hit] | None:
    """``(family, machine as written, hit)`` when the log names one CPU family (see the
    module docstring), else ``None`` (none named, or two families)."""
    hits = _machine_hits(ctx)
    fams = {f for a, _ in hits if (f := family(a))}
    if len(fams) != 1:
        return None
    fam = fams.pop()
    a, h = next((a, h) for a, h in hits if family(a) == fam)
    if h in ctx.h("ctx.os_64bit").all():
        a = "aarch64: an ARM board with a 64-bit OS"
    return fam, a, h


def log_interpreter(ctx: Facts, near: int | None = None) -> tuple[str, str | None, str] | None:
    """``("3.8", bits or None, where)``: the Python the host facts or the log name (see the
    module docstring): the one written nearest above log line ``near`` (a paste of two
    environments names two), else the first; ``None`` when none is named, or, without
    ``near``, when the log names two versions."""
    if ctx.host is not None and ctx.host.python.version:
        host_bits = ctx.host.python.bits
        return (".".join(ctx.host.python.version.split(".")[:2]),
                str(host_bits) if host_bits else None, "host facts")
    cands = [(h, h.g("v") or "", h.g("bits")) for name in
             ("ctx.stated_python", "ctx.python_version", "ctx.pip_python")
             for h in ctx.h(name).all() if h.g("v")]
    if not cands:
        return None
    cands.sort(key=lambda x: x[0].line)
    if near is not None:
        above = [x for x in cands if x[0].line <= near]
        h, v, bits = above[-1] if above else cands[0]
    else:
        if len({v for _, v, _ in cands}) > 1:
            return None
        h, v, bits = cands[0]
    if bits is None and any(b == "32" for _, w, b in cands if w == v):
        bits = "32"
    return v, bits, f"line {h.line}"


def _tf_pkg(pkg: str) -> bool:
    return pkg in ("tensorflow", "tensorflow-cpu", "tensorflow-cpu-aws", "tf-nightly")


def aarch64_no_wheel(ctx: Facts, pkg: str, spec: str, listed: list[str],
                     hits: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` on a Linux machine the log shows as 64-bit
    ARM (see the module docstring): variant ``linux-aarch64-pin`` when the requirement
    ``spec`` (``"==2.1.0"``, ``"<=2.1.0"``) admits no release from the first with aarch64
    wheels on (every such pin has no aarch64 wheel, whatever the Python), variant
    ``linux-aarch64`` (a hedge) for a requirement that admits one.  ``None`` off Linux
    aarch64, for another package, or when pip listed an older release (then this machine
    is not what keeps the pin out)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    seen = log_machine(ctx)
    if (not _tf_pkg(pkg) or seen is None or seen[0] != "aarch64" or ctx.os in ("macos",
                                                                                 "windows")):
        return None
    fact = ctx.kb.platform_fact("tensorflow-linux-aarch64-first")
    first = Version(fact.value("tf_version"))
    try:
        want = SpecifierSet(spec.strip().rstrip(",")) if spec.strip() else SpecifierSet()
        older = [v for x in listed if (v := Version(x)) < first and not v.is_prerelease]
    except (InvalidSpecifier, InvalidVersion):
        return None
    if older:
        return None  # pip lists releases older than the first aarch64 one: another index
    ev = log_evidence(hits, [seen[2]])
    where = f"line {seen[2].line}"
    pipmin = ctx.kb.platform_fact("pip-platform-tag-first")
    tag_pip = next((t.partition("=")[2] for t in pipmin.items("tags")
                    if t.startswith("manylinux2014=")), "19.3")
    lo, hi, _ = ctx.kb.newest_python_range("linux")
    community = ("# an older TensorFlow on aarch64: a community aarch64 build for that release "
                 "and this Python, or a source build (an NVIDIA Jetson: NVIDIA's own builds "
                 "for its JetPack release)")
    # the versions the requirement could admit from the first aarch64 release on: that
    # release, the versions its clauses name, the listed ones, and one beyond them all
    probes = {first, Version("99.0"), *(Version(x) for x in listed),
              *(Version(sp.version) for sp in want if "*" not in sp.version)}
    if spec and not any(v >= first and want.contains(v, prereleases=True) for v in probes):
        cause = (f"The log shows a 64-bit ARM machine ({seen[1]}, {where}). The package index "
                 f"has Linux aarch64 wheels of {pkg} only from {first} on (knowledge row "
                 f"{fact.ref}: pip's own answers for every Python version), and {pkg}{spec} "
                 f"allows only older releases: they have no aarch64 wheel at all, so no Python "
                 "version and no pip upgrade brings them here"
                 + (f" (pip lists {', '.join(listed[:3])}{', ...' if len(listed) > 3 else ''}"
                    f": releases from {first} on only)." if listed else "."))
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="linux-aarch64-pin", spec=spec,
            machine=seen[1], first=str(first), evidence=ev, cause=cause,
            knowledge_ref=fact.ref,
            fix=(f'pip install "{pkg}>={first}"   # the releases with aarch64 wheels (with a '
                 f"Python they support; current releases: {lo}-{hi}), if the code runs on them",
                 community))
    cause = (f"The log shows a 64-bit ARM machine ({seen[1]}, {where}). The package index has "
             f"Linux aarch64 wheels of {pkg} only from {first} on (knowledge row {fact.ref}), "
             "each for the Python versions that release supports. So pip finds none here when "
             f"the log is older than {first} (then no Python version helps: only a community "
             "aarch64 build), when this Python is one no aarch64 release was built for (current "
             f"releases: Python {lo}-{hi}), or when pip is older than {tag_pip}, the first that "
             "reads the wheels' manylinux2014 tags (knowledge row "
             f"{pipmin.ref}). A 32-bit Python on a 64-bit OS is another such interpreter.")
    got = log_interpreter(ctx)
    built = _releases_for(ctx, got[0], first) if got is not None and got[1] != "32" else []
    if got is not None and built:
        cause += (f" The log names Python {got[0]} ({got[2]}), which TensorFlow {built[0]} to "
                  f"{built[-1]} were built for: unless pip belongs to another Python, the log's "
                  "age or an old pip is what remains.")
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="linux-aarch64", machine=seen[1],
        first=str(first), evidence=ev, cause=cause, knowledge_ref=fact.ref,
        fix=("python3 -c \"import sys, platform; print(sys.version, platform.machine())\"   "
             "# the Python version, and aarch64 (armv7l: a 32-bit Python or OS)",
             f"python3 -m pip install --upgrade pip   # pip >= {tag_pip} reads the aarch64 "
             "wheels' manylinux2014 tags",
             f'python3 -m pip install "{pkg}>={first}"   # in a venv of a Python those releases '
             f"support (current releases: {lo}-{hi})",
             community))


def _releases_for(ctx: Facts, py: str, since: object) -> list[str]:
    """The Linux releases from ``since`` (a ``Version``) on built for Python ``py``
    (knowledge ``tf_tested_configs``), oldest first."""
    from packaging.version import InvalidVersion, Version

    have = tf_minor(py)
    out: list[tuple[Version, str]] = []
    for row in ctx.kb.releases("linux"):
        lo, hi = tf_minor(row.python_min or ""), tf_minor(row.python_max or "")
        try:
            v = Version(row.release)
        except InvalidVersion:
            continue
        if (have is not None and lo is not None and hi is not None and lo <= have <= hi
                and isinstance(since, Version) and v >= since):
            out.append((v, row.release))
    return [r for _, r in sorted(out)]


def other_interpreter(ctx: Facts, pkg: str, nod: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` variant ``other-interpreter`` (see the
    module docstring): a bare requirement on ``tensorflow``, pip's list empty ("from
    versions: none"), the log naming one Python version (not 32-bit) that some release has
    wheels for on this OS (Linux or Windows: macOS has its own readings).  ``None``
    otherwise."""
    if pkg != "tensorflow" or ctx.os == "macos" or ctx.host:
        return None
    if any((h.g("spec") or "").strip() for h in nod):
        return None
    lists = [h for h in nod if h.g("versions") is not None]
    if not lists or any((h.g("versions") or "").strip() not in ("", "none") for h in lists):
        return None
    got, machine = log_interpreter(ctx), log_machine(ctx)
    if got is None or got[1] == "32" or (machine is not None and machine[0] != "x86_64"):
        return None
    py, _, where = got
    have = tf_minor(py)
    os_name = "windows" if ctx.windows else "linux"
    rows = []
    for row in ctx.kb.releases(os_name):
        lo, hi = tf_minor(row.python_min or ""), tf_minor(row.python_max or "")
        if have is not None and lo is not None and hi is not None and lo <= have <= hi:
            rows.append(row)
    if not rows:
        return None
    try:
        rows.sort(key=lambda r: [int(x) for x in re.findall(r"\d+", r.release)])
    except ValueError:
        return None
    first, last = rows[0].release, rows[-1].release
    newest = ctx.kb.newest_python_range(os_name)[1]
    launcher = next((h for h in ctx.h("ctx.py_launcher").all()), None)
    if launcher is None and not ctx.h("ctx.stated_python").count:
        return None  # a bare "Python X.Y.Z" line: pip_reports' in-range hedge reads it
    how = (f"the py launcher (line {launcher.line}) runs its default Python (an active virtual "
           "environment, else the one PY_PYTHON names, else the newest installed), not "
           "necessarily this one; " if launcher is not None else "")
    cause = (f"The log names Python {py} ({where}), and TensorFlow {first} to {last} have "
             f"{'Windows' if ctx.windows else 'Linux'} wheels for 64-bit CPython {py} "
             f"(knowledge rows {rows[0].ref}, {rows[-1].ref}). pip lists every release that has "
             "a file for the interpreter it runs in, and it listed none at all: so the pip that "
             f"ran is most likely not that 64-bit Python {py}: {how}a 32-bit build, another "
             "installation or environment whose pip comes first on PATH"
             + ("" if ctx.windows else " (or a Linux without glibc, such as Alpine's musl: "
                "the manylinux wheels need glibc)") + ". Unless the log is "
             f"older than {first}, the first release built for Python {py}, a new Python "
             "version is not the fix; running pip with that interpreter is.")
    fix = (("py -0p   # the Pythons the launcher knows (the one marked * is what py runs)",
            f"py -{py} -m pip install tensorflow   # pip of the Python {py} the log names "
            "(check it is 64-bit: py -{py} -c \"import struct; print(struct.calcsize('P') * 8)\")"
            .replace("{py}", py))
           if launcher is not None or ctx.windows else
           ("python -m pip --version   # pip names the Python it belongs to: '(python 3.X)'",
            "python -c \"import sys, struct; print(sys.executable, sys.version, "
            "struct.calcsize('P') * 8)\"   # that interpreter's path, version and bits",
            f"/path/to/python{py} -m pip install tensorflow   # with the 64-bit Python {py} "
            "itself (its venv's python)"))
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="other-interpreter", python=py,
        evidence=log_evidence(nod, [launcher] if launcher else []), cause=cause,
        fix=(*fix, f"# only if no 64-bit Python {py} is there: a new environment with a Python "
             "current TensorFlow supports: " + c.venv_fix(ctx, newest)),
        knowledge_ref=rows[-1].ref)
