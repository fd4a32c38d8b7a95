"""A TensorFlow wheel file pip refuses ("<file>.whl is not a supported wheel on this
platform"), read from the file name's tags against what the log shows of the interpreter and
the machine: ``tensorflow-no-matching-distribution`` variants ``wheel-file``,
``wheel-file-abi-misnamed``, ``wheel-file-other-machine`` and ``wheel-file-tags-match``.

PEP 427 names a wheel ``{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl`` and PEP
425 defines the tags (``packaging.utils.parse_wheel_filename`` reads them): the Python tag
(``cp38``: CPython 3.8), the ABI tag (``cp38``, ``cp37m``: ``cp`` + the version +
``sys.abiflags``; ``none``; ``abi3``) and the platform tag, whose machine part gives the CPU
and its bits (``linux_armv7l`` 32-bit ARM, ``manylinux2014_aarch64`` 64-bit ARM, ``win32``
32-bit x86, ``macosx_11_0_arm64`` Apple silicon).  pip installs the file only when one of its
tag triples is among the tags it accepts for this interpreter (``pip debug --verbose`` lists
them from pip 19.2, platform fact ``pip-debug-first``).

* ``wheel-file-abi-misnamed``: an ABI tag ``cpXYm`` of Python 3.8 or newer, which no CPython
  has (3.8 removed the ``m`` flag: platform fact ``cpython-abi-m-flag-removed``): the file is
  mis-named, and renaming its ABI tag to the one pip lists is the builders' answer
  (PINTO0309/Tensorflow-bin#28: ``cp38-cp38m-linux_aarch64`` installed once renamed).
* ``wheel-file-other-machine``: the log names a machine of another CPU family than the file's
  platform tag (an armv7l file on a 64-bit Raspberry Pi OS: raspberrypi/Raspberry-Pi-OS-64bit
  #42).
* ``wheel-file-tags-match``: the log shows the interpreter the Python tag names (and no other
  machine): not "another interpreter" but the ABI or platform tag, or a pip that does not
  accept them (tensorflow/tensorflow#467: a ``cp34-cp34m`` file refused in a Python 3.4.3
  virtualenv, installed once renamed ``cp34-none``).
* ``wheel-file-abi-build``: the same, with an ABI tag whose flags name a build the
  interpreter may not be (``cp27mu`` wide unicode vs ``cp27m`` narrow, ``d`` debug, ``t``
  free-threaded: checks/_abi_flags.py): those are real ABIs, so the fix is a Python of
  that build or a file of this one, never a renamed tag (review b48b P5).
* ``wheel-file``: the hedge, whose words follow the file's bits: the official 64-bit wheels,
  or a 32-bit community build (the package index has no 32-bit TensorFlow: platform fact
  ``tensorflow-arm32-boards``) that installs only into a 32-bit Python
  (Qengineering/TensorFlow-Raspberry-Pi#1, samjabrahams/tensorflow-on-raspberry-pi#81).
"""

from __future__ import annotations

import re
from typing import Any

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._abi_flags import abi_build, build_words, flags_cause_and_fix
from tfgpu.diagnosis.checks._rosetta_wheel import rosetta_wheel
from tfgpu.diagnosis.checks.pip_machine_wheels import (
    FAMILY_WORDS,
    family,
    log_interpreter,
    log_machine,
)
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _tags(h: Hit, tag_hit: Hit | None) -> tuple[str, str, str, str] | None:
    """``(file name, python tag, abi tag, platform tag)`` of the refused wheel (its first tag
    triple; a compressed tag set ``a.b`` keeps its first platform), else ``None``."""
    from packaging.utils import InvalidWheelFilename, parse_wheel_filename

    src = tag_hit if tag_hit is not None else h
    m = re.search(r"([\w.+!-]+\.whl) is not a supported wheel", src.text)
    if m is None:
        return None
    name = m.group(1)
    try:
        _, _, _, tags = parse_wheel_filename(name)
    except InvalidWheelFilename:
        return None
    parts = name[:-4].split("-")
    if len(parts) < 5:
        return None
    py, abi, plat = parts[-3], parts[-2], parts[-1].split(".")[0]
    if not any(t.interpreter == py.split(".")[0] and t.abi == abi.split(".")[0]
               for t in tags):
        return None
    return name, py, abi, plat


def _py_of(tag: str) -> str | None:
    """``"3.8"`` for ``cp38``, ``"2.7"`` for ``cp27``; else ``None``."""
    m = re.fullmatch(r"cp(\d)(\d{1,2})", tag)
    return f"{m.group(1)}.{m.group(2)}" if m else None


def wheel_file_finding(ctx: Facts, h: Hit, pip_fix: tuple[str, ...],
                       pip_part: str, newer: tuple[str, str, str] | None,
                       evidence_hits: list[Hit]) -> Finding | None:
    """The finding for TensorFlow's wheel file refused on ``h`` (see the module docstring);
    ``pip_fix``/``pip_part``/``newer`` are the pip-version reading of checks/pip_reports.py
    (a platform tag older pips reject).  ``None`` when the file name does not parse."""
    tag_hit = next((t for t in ctx.h("pip.wheel_tags").all() if t.line == h.line), None)
    read = _tags(h, tag_hit)
    if read is None:
        return None
    name, py_tag, abi, plat = read
    wpy = _py_of(py_tag) or py_tag
    fam = family(plat)
    machine = log_machine(ctx)
    interp = log_interpreter(ctx, near=h.line)
    # 32-bit ARM boards differ among themselves: an armv7l file is not for an armv6l Pi
    arm_other = (machine is not None and fam == "arm32" and machine[0] == fam
                 and machine[1] in ("armv6l", "armv7l") and not plat.endswith(machine[1]))
    ev = log_evidence(evidence_hits, [machine[2]] if machine else [])
    debug = ctx.kb.platform_fact("pip-debug-first")
    triple = f"{py_tag}-{abi}-{plat}"
    debug_line = (f"python -m pip debug --verbose   # pip >= {debug.value('pip_version')}: the "
                  "Python it runs under and its 'Compatible tags'; the file installs only if "
                  f"{triple} is among them")
    pip_first: dict[str, Any] = {} if newer is None else {"first": newer[1]}
    m_flag = re.fullmatch(r"cp(\d)(\d{1,2})(d?)m(u?)", abi)
    if m_flag and (int(m_flag.group(1)), int(m_flag.group(2))) >= (3, 8) and fam is not None:
        # (a platform tag of no known platform, "window", is a file name typed by hand)
        fact = ctx.kb.platform_fact("cpython-abi-m-flag-removed")
        proper = f"cp{m_flag.group(1)}{m_flag.group(2)}"
        renamed = name.replace(f"-{abi}-", f"-{proper}-", 1)
        shown = ""
        if interp is not None and interp[0] == wpy:
            shown += f" The log shows Python {interp[0]} ({interp[2]})"
            if machine is not None and machine[0] == fam and not arm_other:
                shown += f" on {machine[1]} ({'line ' + str(machine[2].line)})"
            shown += ": the interpreter the file is meant for, so no other Python is needed."
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="wheel-file-abi-misnamed",
            abi=abi, wheel_python=wpy, evidence=ev, knowledge_ref=fact.ref,
            cause=(f"The file's ABI tag is {abi}: CPython {wpy} built with the 'm' (pymalloc) "
                   "ABI flag. Python 3.8 removed that flag (sys.abiflags is empty from 3.8; "
                   f"knowledge row {fact.ref}), so no CPython {wpy} has the ABI {abi} and pip "
                   "refuses this file on every interpreter: it is mis-named by whoever built "
                   f"it. Its proper ABI tag is {proper} (or none), which is what pip lists "
                   f"for CPython {wpy}.{shown}"),
            fix=(f"python -m pip debug --verbose   # pip >= {debug.value('pip_version')}: its "
                 f"'Compatible tags' for this Python hold {py_tag}-{proper}-{plat} (or "
                 f"{py_tag}-none-{plat}) if it is CPython {wpy} on this platform, never {abi}",
                 f"# rename the file to the ABI tag listed there, then pip install it: mv {name} "
                 f"{renamed}   (Windows: ren) - the wheel builders' own answer",
                 "# or ask the wheel's publisher for a correctly named file"))
    if machine is None and fam == "aarch64":
        # two machines named, a Python's x86_64 and a native shell's arm64: Rosetta
        # (checks/_rosetta_wheel.py)
        rosetta = rosetta_wheel(ctx, name, plat, evidence_hits)
        if rosetta is not None:
            return rosetta
    if machine is not None and fam is not None and (machine[0] != fam or arm_other):
        # an arm64 macOS wheel, an Apple-silicon Mac, an x86_64 Python: Rosetta, not the
        # machine (checks/_rosetta_wheel.py)
        rosetta = rosetta_wheel(ctx, name, plat, evidence_hits)
        if rosetta is not None:
            return rosetta
        other = ("a 64-bit ARM system's pip (a 64-bit OS, or a 64-bit kernel that an older pip "
                 "reads as the platform) wants aarch64 wheels"
                 if machine[0] == "aarch64" and fam == "arm32" else
                 f"pip there wants {machine[1]} wheels, and an armv6l CPU (Pi Zero, Pi 1) lacks "
                 "armv7 instructions" if arm_other else
                 f"pip there wants {FAMILY_WORDS[machine[0]]} wheels")
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="wheel-file-other-machine",
            platform=plat, machine=machine[1], evidence=ev,
            cause=(f"The file's platform tag is {plat}: a build for {FAMILY_WORDS[fam]}. The "
                   f"log shows this machine as {machine[1]} (line {machine[2].line}): "
                   f"{other}, so it refuses this file whatever the Python version. What "
                   "installs here is a build for this machine's CPU (and its Python version)."),
            fix=("python3 -c \"import sys, platform; print(sys.version, platform.machine())\"   "
                 "# the CPU and Python a wheel must name",
                 debug_line,
                 f"# a wheel whose platform tag names {machine[1]} (and whose cpXY tag is this "
                 "Python's)" + ("; on a Raspberry Pi: a 64-bit OS takes the package index's "
                                "aarch64 wheels, a 32-bit OS needs an armv7l build"
                                if machine[0] in ("aarch64", "arm32") or fam == "arm32"
                                or ctx.h("tools.arm_board").count
                                else "")))
    matches = interp is not None and interp[0] == wpy and interp[1] != "32"
    if matches and interp is not None and (fam is None or fam in ("x86_64", "aarch64")
                                           or machine is not None):
        where = f"Python {interp[0]} ({interp[2]})"
        if machine is not None:
            where += f" on {machine[1]} (line {machine[2].line})"
        build = abi_build(abi)
        if build is not None:
            # the ABI flags name a build (wide/narrow unicode, debug, free-threaded): a real
            # ABI, never a name to change (checks/_abi_flags.py)
            verdict, part, lines, width_ev = flags_cause_and_fix(ctx, abi, build, py_tag, wpy)
            return catalogue.make(
                "tensorflow-no-matching-distribution", variant="wheel-file-abi-build",
                wheel_python=wpy, abi=abi, build=build_words(build), verdict=verdict,
                evidence=log_evidence(evidence_hits, [machine[2]] if machine else [], width_ev),
                cause=(f"The log shows {where}: the version the file's Python tag {py_tag} "
                       f"names, and its ABI tag {abi} names the build too." + part
                       + f" (Or the pip that ran belongs to another Python, or its platform "
                       f"tag {plat} is refused: pip debug --verbose tells.)" + pip_part),
                fix=(*pip_fix, *lines, debug_line))
        # m of 3.3-3.7 (every standard build), no flags, none, abi3: the file may be tagged
        # for a pip that reads no ABI tags (tensorflow/tensorflow#467: cp34m refused,
        # installed once renamed cp34-none)
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="wheel-file-tags-match",
            wheel_python=wpy, platform=plat, evidence=ev, **pip_first,
            cause=(f"The log shows {where}: the interpreter the file's Python tag {py_tag} "
                   "names. So a Python version is not what pip refuses here; another tag of "
                   f"the file name is: its ABI tag {abi} (a pip that reads no ABI tags accepts "
                   f"only none: tensorflow/tensorflow#467's cp34m file installed once renamed "
                   "cp34-none), or its platform tag "
                   f"{plat}{' (an older pip rejects it)' if newer else ''}, or the pip that ran "
                   "belongs to another Python than the one shown." + pip_part),
            fix=(*pip_fix, debug_line,
                 "python -m pip install --upgrade pip   # an old pip accepts fewer tags",
                 f"# if {py_tag}-none-{plat} is listed there but no {py_tag} ABI tag with "
                 "flags (a pip that reads no ABI tags): upgrade pip, or rename its ABI tag to "
                 "none; never to another flagged ABI (m, mu, d name other builds)"))
    bits32 = fam in ("arm32", "x86")
    if bits32:
        fact = ctx.kb.platform_fact("tensorflow-arm32-boards")
        cause = (f"The file is built for CPython {wpy} on {plat}, a 32-bit "
                 f"{'ARM' if fam == 'arm32' else 'x86'} platform: the package index has no "
                 f"32-bit TensorFlow (knowledge row {fact.ref}), so this is a community build, "
                 f"and pip installs it only into a 32-bit {'ARM' if fam == 'arm32' else 'x86'} "
                 f"CPython {wpy}: another Python version, or a 64-bit Python or OS "
                 f"({'aarch64' if fam == 'arm32' else 'x86_64'}) refuses it." + pip_part)
        if machine is not None and machine[0] == fam and not arm_other:
            cause += (f" The log shows the machine as {machine[1]} (line {machine[2].line}), "
                      "which fits the file: what is left is the Python pip runs under (it must "
                      f"be {wpy}) or the file's other tags, which pip debug --verbose checks.")
        arm_os = " (a 64-bit OS: an aarch64 wheel)" if fam == "arm32" else ""
        use = (f"# use a 32-bit {'ARM (armv7l)' if fam == 'arm32' else 'x86'} Python {wpy} "
               "for this file (the OS release the build was made for), or a build whose tags "
               f"match this Python and machine{arm_os}")
        ref = fact.ref
    else:
        bits = ctx.kb.platform_fact("tensorflow-64bit-only")
        cause = (f"The wheel file is built for CPython {wpy} on {plat}; pip installs a wheel only "
                 "into the Python version, OS and architecture its tags name, and this "
                 "interpreter is a different one. TensorFlow's wheels are 64-bit only: a 32-bit "
                 "Python of the same version (on a 64-bit OS too) is another architecture."
                 + pip_part)
        use = (f"# use a 64-bit Python {wpy} (a venv made from it) for this wheel, or download "
               "the wheel whose cpXY tag matches this Python (or a newer TensorFlow release "
               "that has one)")
        ref = bits.ref
    return catalogue.make(
        "tensorflow-no-matching-distribution",
        variant="wheel-file" if newer is None else "wheel-file-pip-tag",
        wheel_python=wpy, platform=plat, **pip_first, evidence=ev, cause=cause,
        fix=(*pip_fix,
             "python -c \"import sys, struct, platform; print(sys.version, "
             "struct.calcsize('P') * 8, platform.machine())\"   # the version, and 32 or 64: the "
             "bits of this Python (on Windows platform.machine() names the OS's CPU)",
             debug_line, use),
        knowledge_ref=newer[2] if newer is not None else ref)
