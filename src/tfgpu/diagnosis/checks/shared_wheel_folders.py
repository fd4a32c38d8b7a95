"""Fix lines that would pip-install TensorFlow's CUDA wheels into an environment holding
another CUDA major's cuDNN or NCCL wheel go to a virtual environment of their own (pure).

The cuDNN wheels of different CUDA majors (``nvidia-cudnn-cu12``, ``nvidia-cudnn-cu13``)
install the same file names into ``site-packages/nvidia/cudnn/lib``, and the NCCL wheels
(``nvidia-nccl-cu12``, ``nvidia-nccl-cu13``) ``libnccl.so.2`` into
``site-packages/nvidia/nccl/lib`` (platform facts ``cudnn-wheels-share-folder`` and
``nccl-wheels-share-folder``): one environment holds only one of each, so installing
``tensorflow[and-cuda]`` (its CUDA 12 pins) beside PyTorch's CUDA 13 wheels would replace
PyTorch's libraries, and the reverse.  Whatever check wrote the line (the CUDA major, the
wheel pins, a missing runtime), an install of ``tensorflow[and-cuda]`` goes to ``~/tf``
instead (``~/tf-cudaN`` when the environment examined is ``~/tf`` itself), created with the
same interpreter; a line that installs a wheel alone, or that cannot be rewritten (a
comment, a compound command), is kept and followed by a warning; a comment says why.
Distributions come from the host facts, or from package listings in the log (pattern
``pip.cuda_wheel_listed``; a wheel the log shows uninstalled afterwards,
``pip.cuda_wheel_uninstalled``, no longer counts).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import Knowledge, KnowledgeQueryError, parse_version
from tfgpu.knowledge._rows import AndCudaPin

#: ``nvidia-cudnn-cu12``, ``nvidia-nccl-cu13``: (kind, CUDA major).
_WHEEL = re.compile(r"(?i)\bnvidia[-_](cudnn|nccl)[-_]cu(\d{2})\b")
#: The platform fact of each kind's shared folder.
_FACT = {"cudnn": "cudnn-wheels-share-folder", "nccl": "nccl-wheels-share-folder"}
#: ``<python> -m pip install <requirements>   # comment`` or ``pip install ...`` (the
#: interpreter's path quoted when it holds a space).
_PIP_LINE = re.compile(r"^(?P<exe>(?:'[^']+'|\"[^\"]+\"|\S+) -m pip|pip3?) install "
                       r"(?P<args>.+?)(?P<note>\s{3}#.*)?$")
#: Any pip install in a line (a comment's "or: pip install ...", a compound command).
_ANY_INSTALL = re.compile(r"\bpip3?\s+install\b")
#: ``tensorflow[and-cuda]`` with its specifier, in a pip line.
_AND_CUDA = re.compile(r"tensorflow\[and-cuda\](?P<spec>[=~<>!][^'\"\s]*)?")


def installed_cuda_wheels(f: Facts) -> dict[str, list[tuple[str, str, int]]]:
    """The cuDNN and NCCL wheels of this environment: ``{kind: [(name, version, CUDA
    major)]}`` from the host facts' distributions and from package listings in the log."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    seen: set[str] = set()
    named = [(d.name, d.version) for d in f.host.python.distributions] if f.host else []
    named += [(h.g("dist") or "", h.g("v") or "") for h in f.h("pip.cuda_wheel_listed").all()]
    gone = {(h.g("dist") or "").lower().replace("_", "-"): h.line
            for h in f.h("pip.cuda_wheel_uninstalled").all()}
    listed_at = {(h.g("dist") or "").lower().replace("_", "-"): h.line
                 for h in f.h("pip.cuda_wheel_listed").all()}
    for name, version in named:
        norm = name.strip().lower().replace("_", "-")
        if norm in gone and gone[norm] > listed_at.get(norm, -1):
            continue  # uninstalled later in the log
        m = _WHEEL.fullmatch(name.strip())
        key = name.strip().lower().replace("_", "-")
        if m is not None and key not in seen:
            seen.add(key)
            out.setdefault(m.group(1).lower(), []).append((name, version, int(m.group(2))))
    return out


def _installs(line: str, kb: Knowledge) -> dict[str, int]:
    """The cuDNN/NCCL wheels (kind -> CUDA major) the pip command ``line`` would install."""
    out: dict[str, int] = {}
    for m in _WHEEL.finditer(line):
        out[m.group(1).lower()] = int(m.group(2))
    tf = _AND_CUDA.search(line)
    if tf is not None:
        pins = _and_cuda_pins(tf.group("spec") or "", kb)
        for p in pins:
            w = _WHEEL.fullmatch(p.package)
            if w is not None:
                out.setdefault(w.group(1).lower(), int(w.group(2)))
    return out


def _and_cuda_pins(spec: str, kb: Knowledge) -> tuple[AndCudaPin, ...]:
    """The and-cuda pins of the release ``spec`` names (``==2.21.0``, ``~=2.21.0``,
    ``==2.15.*``), else of the newest release the table lists (pip takes the newest)."""
    versions = sorted({p.tf_version for p in kb.pins}, key=parse_version)
    m = re.match(r"(?:==|~=)\s*(\d+\.\d+(?:\.\d+)?)", spec)
    try:
        if m is not None:
            return kb.and_cuda_pins(m.group(1))
        return kb.and_cuda_pins(versions[-1]) if versions else ()
    except KnowledgeQueryError:
        return ()


def separate_env_for_other_cuda_wheels(f: Facts, found: tuple[Finding, ...]
                                       ) -> tuple[Finding, ...]:
    """Rewrite the pip lines of ``found`` that would put a cuDNN or NCCL wheel of one CUDA
    major into an environment that holds that kind's wheel of another (see the module
    docstring); the findings are otherwise unchanged.

    Returns:
        ``found`` itself when nothing clashes (no such wheel installed, or no such line).
    """
    have = installed_cuda_wheels(f)
    if not have:
        return found
    kb = f.kb
    out: list[Finding] = []
    changed = False
    for finding in found:
        lines: list[str] = []
        clashes: dict[str, tuple[tuple[str, str, int], int]] = {}
        for line in finding.fix:
            # a command is read without its trailing "   # ..." note (which may name the
            # release whose pin it installs); a comment line whole ("# or: pip install ...")
            cmd = line if line.lstrip().startswith("#") else line.split("   # ", 1)[0]
            clash = ({k: (other, major) for k, major in _installs(cmd, kb).items()
                      for other in have.get(k, ()) if other[2] != major}
                     if _ANY_INSTALL.search(cmd) else {})
            if not clash:
                lines.append(line)
                continue
            clashes.update(clash)
            m = _PIP_LINE.match(line)
            if m is None or _AND_CUDA.search(cmd) is None:
                # a wheel alone, a comment, a compound command: kept, with the warning
                lines += [line, _why(clash, kb, f.tf_version)]
                continue
            exe = m.group("exe").removesuffix(" -m pip")
            exe = "python3" if exe.startswith("pip") else exe
            venv = _venv_name(exe, sorted({major for _, major in clash.values()}))
            lines += [f"{exe} -m venv {venv} && {venv}/bin/python -m pip install "
                      f"{m.group('args')}{m.group('note') or ''}", _why(clash, kb, None)]
        if clashes:
            changed = True
            finding = dataclasses.replace(finding, fix=tuple(dict.fromkeys(lines)))
        out.append(finding)
    return tuple(out) if changed else found


def _venv_name(exe: str, majors: list[int]) -> str:
    """``~/tf``, or ``~/tf-cudaN`` when the interpreter examined is ``~/tf``'s own."""
    plain = exe.strip("'\"").replace("\\", "/")
    if re.search(r"(?:^|/)tf/(?:bin|Scripts)/", plain):
        return f"~/tf-cuda{majors[0] if majors else ''}"
    return "~/tf"


def _why(clashes: dict[str, tuple[tuple[str, str, int], int]], kb: Knowledge,
         tf: str | None) -> str:
    """The warning under a line that would install into the clashing environment: which
    wheels share which folder; for a line that stays, how to give TensorFlow its own venv
    (``tf``: the TensorFlow release to install there, when known)."""
    held = " and ".join(f"{name} {version}" for (name, version, _), _ in clashes.values())
    theirs = sorted({their for (_, _, their), _ in clashes.values()})
    ours = sorted({major for _, major in clashes.values()})
    folders = " and ".join(f"site-packages/{kb.platform_fact(_FACT[k]).value('folder')}"
                           for k in clashes)
    refs = ", ".join(f"platform_facts:{_FACT[k]}" for k in clashes)
    text = (f"# not into this environment: it holds {held} "
            f"(CUDA {'/'.join(map(str, theirs))}), and the CUDA {'/'.join(map(str, ours))} "
            f"wheels put their libraries into the same {folders}, so one would replace the "
            f"other's (knowledge rows {refs}); a virtual environment of its own keeps both")
    if tf is not None:
        text += (f": python3 -m venv ~/tf && ~/tf/bin/python -m pip install "
                 f"'tensorflow[and-cuda]=={tf}'")
    return text


def cuda_wheels_overwrote_each_other(f: Facts) -> Iterator[Finding]:
    """``cuda-wheels-overwrote-each-other``: the host's environment holds one kind's wheels
    (cuDNN, NCCL) of two CUDA majors (``nvidia-cudnn-cu12`` and ``nvidia-cudnn-cu13``),
    which write the same files into one folder (platform facts ``*-wheels-share-folder``);
    one finding per kind."""
    if f.host is None:
        return
    for kind, wheels in installed_cuda_wheels(f).items():
        if len({major for _, _, major in wheels}) < 2:
            continue
        fact = f.kb.platform_fact(_FACT[kind])
        names = " and ".join(f"{name} {version}" for name, version, _ in wheels)
        yield catalogue.make(
            "cuda-wheels-overwrote-each-other", wheels=names, folder=fact.value("folder"),
            fact=_FACT[kind], knowledge_ref=f"platform_facts:{_FACT[kind]}",
            evidence=tuple(Evidence("python.distributions", f"{name}=={version}")
                           for name, version, _ in wheels),
            fix=(pip_list_grep("nvidia-(cudnn|nccl)", "tensorflow", "torch", "jax")
                 + "   # the frameworks and their CUDA wheels in this environment",
                 "# one CUDA major per environment: a virtual environment for TensorFlow "
                 "(python -m venv ~/tf && ~/tf/bin/python -m pip install 'tensorflow[and-cuda]')"
                 " and one for the framework of the other major; here, uninstall both wheels "
                 "and reinstall the one this environment's framework needs "
                 "(pip install --force-reinstall <that wheel>)"),
        )
