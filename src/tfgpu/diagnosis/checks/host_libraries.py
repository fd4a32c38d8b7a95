"""The host's CUDA and cuDNN libraries as the probes found them (``doctor``, ``doctor
--facts``): the majors the loader would pick against the ones the installed TensorFlow loads,
the pip wheels against TensorFlow's ``and-cuda`` pins, several toolkits or an LD_LIBRARY_PATH
that shadows the wheels, and the no-false-green rule (a GPU is ready only when the libraries
TensorFlow needs are loadable). The log's library failures are :mod:`.libraries`'.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.versions import _TF, _cuda_tf, _installed_tf, _major, _parses
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError, series

if TYPE_CHECKING:
    from tfgpu.facts.host import SharedLibrary
    from tfgpu.knowledge import Knowledge

from tfgpu.diagnosis.checks.libraries import (
    CONDA_LIB_ACTIVATE,
    CONDA_LIB_EXPORT,
    NVIDIA_WHEEL_LIBS_EXPORT,
    tf216_libs_not_found,
)

# ---------------------------------------------------------------------- CUDA / cuDNN majors (host)


def _lib_majors(facts: HostFacts, name: str) -> tuple[list[int], list[int], bool]:
    """(majors of selected/usable copies, majors of all copies, any copy from pip wheels)."""
    libs = [lib for lib in facts.libraries if lib.name == name]
    any_selected = any(lib.selected for lib in libs)
    usable = [m for lib in libs if (lib.selected or not any_selected)
              and (m := _major(lib.version)) is not None]
    every = [m for lib in libs if (m := _major(lib.version)) is not None]
    from_pip = any(lib.origin == "tf-runpath" for lib in libs)
    return usable, every, from_pip


def cuda_cudnn_major(f: Facts) -> Iterator[Finding]:
    """System CUDA/cuDNN of the wrong major for the installed TensorFlow.

    TensorFlow dlopens libraries by SONAME major (``libcudart.so.12``, ``libcudnn.so.9``,
    ``cudnn64_8.dll``): a CUDA 11 toolkit cannot serve a TensorFlow built with CUDA 12.
    The expected majors come from ``tf.build_info`` or the tested-configuration row
    (``tf_tested_configs.toml``).  When the pip ``nvidia-*-cuXX`` wheels of the right
    major are installed, TensorFlow loads those and a system toolkit of another major version
    does not matter (an info finding says so).
    """
    host_tf = _cuda_tf(f)
    if host_tf is None:
        return
    facts, tf, cuda = host_tf
    kb = f.kb
    want_cuda = _major(cuda)
    want_cudnn = _major(tf.cudnn)
    ref = tf.config.ref if tf.config else None
    usable_rt, all_rt, pip_rt_lib = _lib_majors(facts, "cudart")
    toolkit_majors = [(t, m) for t in facts.toolkits if (m := _major(t.version)) is not None]
    pip_rt = facts.python.dist(f"nvidia-cuda-runtime-cu{want_cuda}") is not None or pip_rt_lib
    have_cuda = want_cuda in usable_rt or pip_rt or any(m == want_cuda for _, m in toolkit_majors)
    wrong_toolkits = [(t, m) for t, m in toolkit_majors if m != want_cuda]
    wrong_rt = [m for m in all_rt if m != want_cuda]
    if want_cuda is not None and not have_cuda and (wrong_toolkits or wrong_rt):
        found = ", ".join(
            [f"CUDA {t.version} toolkit ({t.root or t.nvcc_path or t.source})"
             for t, _ in wrong_toolkits]
            + [f"libcudart major {m}" for m in sorted(set(wrong_rt))]
        )
        fix = []
        if tf.os in ("linux", "wsl2") and kb.and_cuda_pins(tf.version):
            fix.append(c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
                       + f"   # brings CUDA {want_cuda} as pip wheels; no system toolkit needed")
        fix.append(f"# or install a CUDA {tf.cuda} toolkit and put its libraries on the "
                   + ("PATH" if tf.os == "windows" else "LD_LIBRARY_PATH"))
        yield catalogue.make(
            "cuda-major-mismatch",
            tf=tf.version, major=want_cuda, found=found, cuda=tf.cuda, ref=ref,
            evidence=tuple(e for e in (tf.evidence, tf.cuda_evidence) if e is not None)
            + tuple(Evidence("toolkits", f"{t.version} at {t.root or t.nvcc_path}")
                    for t, _ in wrong_toolkits),
            fix=fix,
            doc_url=kb.doc_url(tf.config) if tf.config else None,
            knowledge_ref=ref,
        )
    elif want_cuda is not None and pip_rt and wrong_toolkits:
        yield catalogue.make(
            "system-cuda-not-used",
            system=wrong_toolkits[0][0].version, tf=tf.version, major=want_cuda, ref=ref,
            system_major=wrong_toolkits[0][1],
            evidence=tuple(Evidence("toolkits", f"{t.version} at {t.root or t.nvcc_path}")
                           for t, _ in wrong_toolkits),
            knowledge_ref=ref,
        )
    if want_cudnn is None:
        return
    usable_dnn, all_dnn, _ = _lib_majors(facts, "cudnn")
    pip_dnn = facts.python.dist(f"nvidia-cudnn-cu{want_cuda}")
    pip_dnn_major = _major(pip_dnn.version) if pip_dnn is not None else None
    have_dnn = want_cudnn in usable_dnn or pip_dnn_major == want_cudnn
    wrong_dnn = sorted({m for m in all_dnn if m != want_cudnn}
                       | ({pip_dnn_major} if pip_dnn_major not in (None, want_cudnn) else set()))
    wrong_dnn_int = [m for m in wrong_dnn if m is not None]
    if not have_dnn and wrong_dnn_int:
        libs = [f"{lib.filename} ({lib.path})" for lib in facts.libraries
                if lib.name == "cudnn" and _major(lib.version) in wrong_dnn_int]
        if pip_dnn is not None and pip_dnn_major in wrong_dnn_int:
            libs.append(f"{pip_dnn.name} {pip_dnn.version}")
        fix = []
        pins = {p.package: p for p in kb.and_cuda_pins(tf.version)}
        pin = pins.get(f"nvidia-cudnn-cu{want_cuda}")
        if pin is not None and tf.os in ("linux", "wsl2"):
            fix.append(c.pip(facts, "install", f"nvidia-cudnn-cu{want_cuda}{pin.specifier}")
                       + f"   # the pin of tensorflow[and-cuda]=={pin.tf_version}")
        fix.append(f"# or install cuDNN {want_cudnn}.x for CUDA {want_cuda} and make it the "
                   "one the loader finds")
        yield catalogue.make(
            "cudnn-major-mismatch",
            tf=tf.version, major=want_cudnn, found="/".join(map(str, wrong_dnn_int)),
            cudnn=tf.cudnn, ref=ref,
            evidence=tuple(e for e in (tf.evidence, tf.cudnn_evidence) if e is not None)
            + tuple(Evidence("libraries", s) for s in libs),
            fix=fix,
            doc_url=kb.doc_url(tf.config) if tf.config else None,
            knowledge_ref=ref,
        )
    elif pip_dnn is not None and pip_dnn_major == want_cudnn:
        system = [lib for lib in facts.libraries if lib.name == "cudnn"
                  and lib.origin != "tf-runpath" and _major(lib.version) not in (None, want_cudnn)]
        if system:
            yield catalogue.make(
                "system-cudnn-not-used",
                system=system[0].version, tf=tf.version, major=want_cudnn, wheel=pip_dnn.name,
                wheel_version=pip_dnn.version, system_major=_major(system[0].version), ref=ref,
                evidence=tuple(Evidence("libraries", f"{lib.filename} ({lib.path})")
                               for lib in system),
                knowledge_ref=ref,
            )


def nvidia_wheels_match_pins(f: Facts) -> Iterator[Finding]:
    """Installed ``nvidia-*`` wheels that differ from the installed TensorFlow's and-cuda pins.

    Source: ``tf_pip_cuda_wheels.toml`` (the release's wheel METADATA).  Only packages
    that are installed are compared; a missing wheel is another rule's business.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    if tf is None:
        return
    pins = kb.and_cuda_pins(tf.version)
    bad: list[tuple[str, str, str]] = []
    for pin in pins:
        d = facts.python.dist(pin.package)
        if d is None or not _parses(d.version):
            continue
        if not pin.allows(d.version):
            bad.append((pin.package, d.version, pin.specifier))
    if not bad:
        return
    release = pins[0].tf_version
    ref = f"tf_pip_cuda_wheels:{release}-{bad[0][0]}"
    listing = "; ".join(f"{p} {v} not {s}" for p, v, s in bad)
    yield catalogue.make(
        "nvidia-wheels-mismatch-tf-pins",
        count=len(bad), release=release, listing=listing,
        evidence=(*(Evidence("python.distributions", f"{p} {v}") for p, v, _ in bad),
                  tf.evidence),
        fix=(c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
             + "   # reinstalls the pinned wheels",
             c.pip(facts, "install", *(f"{p}{s}" for p, _, s in bad))),
        doc_url=kb.doc_url(kb.row(ref)),
        knowledge_ref=ref,
    )




# ---------------------------------------------------------------------- loader path (host)


_CUDA_VER_RE = re.compile(r"cuda[-_/\\]?v?(\d+\.\d+)", re.IGNORECASE)


def several_toolkits_on_path(f: Facts) -> Iterator[Finding]:
    """More than one CUDA toolkit version on PATH: nvcc/ptxas may come from the wrong one.

    Several toolkits installed is only a fact; several on PATH is the fault.
    """
    facts = f.host
    if facts is None:
        return
    kb = f.kb
    versions: dict[str, str] = {}
    for t in facts.toolkits:
        if t.on_path:
            versions.setdefault(t.version or t.root or "?", t.root or t.nvcc_path or "?")
    sep = ";" if facts.os.system == "Windows" else ":"
    for entry in (facts.env.get("PATH") or "").split(sep):
        m = _CUDA_VER_RE.search(entry)
        if m and not any(k.startswith(m.group(1)) for k in versions):
            versions[m.group(1)] = entry
    if len(versions) < 2:
        return
    first = next(iter(versions))
    want = _tf_cuda_major(facts, kb)
    matching = [v for v in versions if want is not None and v.split(".")[0] == str(want)]
    keep = matching[0] if matching else (first if want is None else None)
    others = [v for v in versions if v != keep]
    if facts.os.system == "Windows":
        drop = " -and ".join(f"$_ -notlike '*{versions[o]}*'" for o in others)
        fix = f"$env:Path = ($env:Path -split ';' | Where-Object {{ {drop} }}) -join ';'"
    else:
        pattern = "|".join(re.escape(versions[o]) for o in others)
        fix = (f"export PATH=\"$(printf %s \"$PATH\" | tr ':' '\\n' | grep -v -E "
               f"'{pattern}' | paste -sd: -)\"")
    if keep is not None:
        fix += f"   # keep only CUDA {keep}" + (
            f", the major TensorFlow was built for (CUDA {want})" if want is not None else "")
    else:
        fix += (f"   # neither matches TensorFlow's CUDA {want}; with the pip nvidia-* wheels "
                "(tensorflow[and-cuda]) no toolkit on PATH is needed")
    yield catalogue.make(
        "several-cuda-toolkits-on-path", count=len(versions), versions=", ".join(versions),
        first=first,
        evidence=tuple(Evidence("PATH", f"CUDA {v}: {p}") for v, p in versions.items()),
        fix=(fix,),
    )


def _tf_cuda_major(facts: HostFacts, kb: Knowledge) -> int | None:
    """The CUDA major the installed TensorFlow loads: ``tf.build_info`` when the probe ran,
    else the tested configuration of its version (``tf_tested_configs.toml``); ``None``
    for a CPU build or when unknown."""
    tf = facts.tf
    text: str | None = None
    if tf is not None and tf.build_info.get("is_cuda_build") == "True":
        text = tf.build_info.get("cuda_version")
    if not text:
        version = tf.version if tf is not None and tf.version else None
        if version is None:
            d = facts.python.dist("tensorflow")
            version = d.version if d is not None else None
        os = "wsl2" if facts.os.is_wsl else facts.os.system.lower()
        try:
            config = kb.config_for(version, os) if version and os in ("linux", "wsl2") \
                else None
        except Exception:  # noqa: BLE001 - an unknown version: no advice on the major
            config = None
        text = config.cuda if config is not None and config.kind == "gpu" else None
    m = re.match(r"(\d+)", text or "")
    return int(m.group(1)) if m else None


def ld_library_path_shadows(f: Facts) -> Iterator[Finding]:
    """A library from LD_LIBRARY_PATH is picked over the pip copy TensorFlow ships with."""
    facts = f.host
    if facts is None:
        return
    shadow = []
    for lib in facts.libraries:
        if not (lib.selected and lib.origin == "ld_library_path"):
            continue
        # Shadowing needs the same SONAME: libcublas.so.11 cannot shadow libcublas.so.12.
        pip_copies = [o for o in facts.libraries
                      if o.name == lib.name and o.origin == "tf-runpath" and o.path != lib.path
                      and o.soname == lib.soname]
        if pip_copies and pip_copies[0].version != lib.version:
            shadow.append((lib, pip_copies[0]))
    if not shadow:
        return
    yield catalogue.make(
        "ld-library-path-shadows-pip-libraries",
        picks="; ".join(
            f"lib{a.name} {a.version or '?'} ({a.path}) instead of {b.version or '?'} from the "
            "pip nvidia wheel" for a, b in shadow[:3]),
        evidence=tuple(Evidence("libraries", f"{a.filename} {a.version or '?'} from {a.path} "
                                             f"shadows {b.version or '?'} at {b.path}")
                       for a, b in shadow[:6]),
        fix=(c.unset_env(facts, "LD_LIBRARY_PATH"),),
    )




# ---------------------------------------------------------------------- no false green (host)

#: Libraries without which TensorFlow's GPU build registers no GPU, by the version they must
#: match: the CUDA major (cudart, cublas) or the cuDNN major.
_NEEDED = (("cudart", "cuda"), ("cublas", "cuda"), ("cudnn", "cudnn"))
#: The record the library probe leaves after its Windows DLL search (probes/libs.py
#: ``DLL_SEARCH``; the checks do not import probes).
_DLL_SEARCH = "dll-search"


def _native_windows(facts: HostFacts) -> bool:
    return facts.os.system == "Windows" and not facts.os.is_wsl


def library_search_ran(facts: HostFacts) -> bool:
    """Whether the snapshot shows the search for the CUDA libraries ran, so that a library
    it does not list is one the loader would not find (pure).

    Linux/WSL2: the ``ldconfig`` record (the loader cache, read with the LD_LIBRARY_PATH and
    RUNPATH folders).  Native Windows: the ``dll-search`` record (System32, the Windows
    folder, then PATH), or, in snapshots from before that record, a DLL the search listed
    (``nvcuda.dll`` of a working driver is always in System32).  A search that did not run
    leaves the libraries unknown: neither missing nor loadable.
    """
    if _native_windows(facts):
        rec = facts.probe(_DLL_SEARCH)
        if rec is not None:
            return rec.status is ProbeStatus.OK
        return any(lib.origin in ("system", "path") for lib in facts.libraries)
    return facts.probe("ldconfig") is not None


def tf_library_needs_known(facts: HostFacts, kb: Knowledge) -> bool:
    """Whether the CUDA and cuDNN majors the installed TensorFlow loads are known
    (``tf.build_info``, else its tested configuration, ``tf_tested_configs.toml``): only
    then can :func:`tf_cuda_libraries_missing` look for them, and a GPU without an error
    "looks ready".  ``False`` for a release the knowledge does not have (one newer than
    its tables) or a TensorFlow that is not identified."""
    tf = _installed_tf(facts, kb)
    return tf is not None and _major(tf.cuda) is not None and _major(tf.cudnn) is not None


def tf_cuda_libraries_missing(f: Facts) -> Iterator[Finding]:
    """``doctor --no-tf`` on a GPU host: the CUDA and cuDNN libraries the installed
    TensorFlow needs are not loadable (issue 10, "no false green").

    Needed: ``libcudart``/``libcublas`` of TensorFlow's CUDA major and ``libcudnn`` of its
    cuDNN major (``tf.build_info`` or the tested configuration, ``tf_tested_configs.toml``;
    the ``[and-cuda]`` pins, ``tf_pip_cuda_wheels.toml``, give the fix).  A copy counts
    only when the loader would take it (``selected``, or TensorFlow's own RUNPATH into the
    pip ``nvidia/*/lib`` folders) and its header is an ELF of this CPU's architecture
    (:func:`tfgpu.facts.libnames.arch_matches`): a toolkit whose ``nvcc`` is on PATH but
    whose libraries are not on the loader path does not count, nor does a file only named
    like a library.  Runs on probed snapshots of Linux/WSL2 hosts whose TensorFlow was not
    imported (``--no-tf``, or the import failed); the import, when it ran, says more.
    For the releases whose RUNPATH misses the pip wheels (platform fact
    ``tf-216-nvidia-wheel-libs-not-found``: 2.16.1, 2.17.0rc0) only a copy on
    LD_LIBRARY_PATH or the system cache counts, and wheels that are there but out of reach
    give ``tf-2-16-nvidia-wheel-libs-not-found`` instead.
    """
    from tfgpu.diagnosis.checks.library_files import hidden_junk
    from tfgpu.facts.libnames import arch_matches

    facts = f.host
    if facts is None or not library_search_ran(facts):
        return
    if facts.tf is not None and facts.tf.status is ProbeStatus.OK:
        return
    d = facts.driver
    if not facts.nvidia_gpus or d is None or d.status is not ProbeStatus.OK:
        return
    kb = f.kb
    tf = _installed_tf(facts, kb)
    if tf is None or tf.cuda is None:
        return
    if tf.os == "windows":
        yield from _windows_dlls_missing(f, facts, tf)
        return
    if tf.os not in ("linux", "wsl2"):
        return
    want = {"cuda": _major(tf.cuda), "cudnn": _major(tf.cudnn)}
    # TensorFlow releases whose wheels do not find the nvidia-* wheels through their RUNPATH
    # (platform fact tf-216-nvidia-wheel-libs-not-found: 2.16.1, 2.17.0rc0)
    runpath_broken = tf.version in kb.platform_fact("tf-216-nvidia-wheel-libs-not-found").items(
        "affected")
    missing: list[str] = []
    seen: list[str] = []
    runpath_only: list[str] = []
    in_conda: list[str] = []  # missing ones the active conda environment's lib folder holds
    for name, kind in _NEEDED:
        major = want[kind]
        if major is None:
            continue
        # the not-a-library files run_checks hid are still named below ("not an ELF
        # library"); arch_matches keeps them out of the usable copies
        copies = [lib for lib in (*facts.libraries, *hidden_junk(f)) if lib.name == name]
        usable = [lib for lib in copies if _major(lib.version) == major
                  and arch_matches(lib.binary, facts.os.machine) is not False]
        ok = [lib for lib in usable if (lib.selected or lib.origin == "tf-runpath")
              and not (runpath_broken and lib.origin == "tf-runpath")]
        if ok:
            continue
        if runpath_broken and any(lib.origin == "tf-runpath" for lib in usable):
            runpath_only.append(name)
            continue
        missing.append(f"lib{name}.so.{major}")
        in_conda += [f"lib{name}.so.{major}"] if any(
            lib.origin == "conda" for lib in usable) else []
        for lib in copies:
            why = _unusable(lib, major, facts.os.machine, "an ELF library", "major") \
                or f"not on the loader path ({lib.origin})"
            seen.append(f"{lib.path}: {why}")
    if not missing:
        if runpath_only:  # the wheels are there; this release's RUNPATH misses them
            regression = tf216_libs_not_found(f, f.h("lib.dlopen"))
            if regression is not None:
                yield regression
        return
    pins = kb.and_cuda_pins(tf.version)
    fix: list[str] = []
    if in_conda == missing:
        # conda's cudatoolkit/cudnn put them in $CONDA_PREFIX/lib, which the loader does not
        # search for a pip TensorFlow: TensorFlow's own conda recipe put it on the path
        fix += [CONDA_LIB_EXPORT + f"   # the active conda environment's lib folder holds "
                f"{', '.join(missing)} (tensorflow/docs pip.md, \"Configure the system paths\")",
                CONDA_LIB_ACTIVATE, "# or:"]
    if pins and runpath_broken:  # the wheels alone are not found by this release
        fix += [c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
                + f"   # the CUDA {want['cuda']} / cuDNN {want['cudnn']} pip wheels; TensorFlow "
                f"{tf.version} does not find them through its RUNPATH (knowledge row "
                "platform_facts:tf-216-nvidia-wheel-libs-not-found), so then:",
                NVIDIA_WHEEL_LIBS_EXPORT]
    elif pins:
        fix.append(c.pip(facts, "install", f"tensorflow[and-cuda]=={tf.version}")
                   + f"   # the CUDA {want['cuda']} / cuDNN {want['cudnn']} pip wheels "
                   "TensorFlow loads through its RUNPATH")
    fix.append(f"# or install CUDA {tf.cuda} and cuDNN {tf.cudnn} and put their lib64 on "
               "LD_LIBRARY_PATH (ldconfig -p | grep -E 'libcudart|libcudnn' must list them)")
    toolkits = [t for t in facts.toolkits if t.version]
    yield _host_libraries_missing(
        tf, want, missing, seen, "libraries", "the loader finds no usable",
        (f"; a CUDA {', '.join(t.version or '' for t in toolkits)} toolkit is installed "
         "but its libraries are not on the loader path" if toolkits and not seen else ""),
        fix)


def _windows_dlls_missing(f: Facts, facts: HostFacts, tf: _TF) -> Iterator[Finding]:
    """The Windows half of :func:`tf_cuda_libraries_missing`: TensorFlow (a native-Windows
    GPU release, 2.10 and older) loads its CUDA and cuDNN DLLs by plain name, so the
    ``LoadLibrary`` search finds them in System32, the Windows folder or a PATH folder, or
    not at all (the library probe marks the first copy of each name ``selected``).  The
    names carry the major: ``cudart64_110.dll``/``cublas64_11.dll`` (CUDA 11),
    ``cudnn64_8.dll`` (cuDNN 8); a copy of another major does not serve.  Fix: the CUDA and
    cuDNN of the tested configuration (``tf_tested_configs.toml``) with their folders on
    PATH, or TensorFlow's own native-Windows conda recipe (platform fact
    ``windows-native-gpu-last``) inside a conda environment."""
    from tfgpu.facts.libnames import arch_matches

    want = {"cuda": _major(tf.cuda), "cudnn": _major(tf.cudnn)}
    label = {"cuda": "CUDA", "cudnn": "cuDNN"}
    missing: list[str] = []
    seen: list[str] = []
    for name, kind in _NEEDED:
        major = want[kind]
        if major is None:
            continue
        copies = [lib for lib in facts.libraries if lib.name == name]
        if any(lib.selected and _major(lib.version) == major
               and arch_matches(lib.binary, facts.os.machine) is not False for lib in copies):
            continue
        missing.append(f"{label[kind]} {major}'s {name}64_*.dll")
        for lib in copies:
            why = _unusable(lib, major, facts.os.machine, "a DLL", label[kind]) \
                or _not_picked_dll(facts, lib)
            seen.append(f"{lib.path}: {why}")
    if not missing:
        return
    path = next((v for k, v in facts.env.items() if k.upper() == "PATH"), None)
    fact = f.kb.platform_fact("windows-native-gpu-last")
    recipe = fact.items("conda_packages")
    if not (recipe and series(tf.version)[:2] == series(fact.value("tf_version"))[:2]):
        recipe = (f"cudatoolkit={tf.cuda}", f"cudnn={tf.cudnn}")
    where = "where.exe cudart64_*.dll cublas64_*.dll cudnn64_*.dll"
    toolkit = (f"# install CUDA {tf.cuda} and cuDNN {tf.cudnn} (NVIDIA's installers) and add "
               f"the folders holding their DLLs to PATH (CUDA\\v{tf.cuda}\\bin, and cuDNN's "
               "bin unless its DLLs were copied there); open a new terminal, which reads PATH "
               "when it starts")
    conda = (f"conda install -c conda-forge {' '.join(recipe)}   # TensorFlow's native-Windows "
             f"recipe (knowledge row {fact.ref}); its DLLs go to the environment's "
             "Library\\bin, on PATH while it is activated")
    if facts.python.conda_env:
        fix = [where + "   # what the DLL search finds now", conda,
               "# or " + toolkit.removeprefix("# ")]
    else:
        fix = [where + "   # what the DLL search finds now", toolkit,
               f"# or, in a conda environment: {conda}"]
    yield _host_libraries_missing(
        tf, want, missing, seen, "DLLs by name",
        "the Windows DLL search (System32, the Windows folder, then each PATH folder) finds no",
        "", fix, extra=(Evidence("env.PATH", path),) if path else (),
        doc="tf-pip-windows-native")


def _dll_folder(path: str) -> str:
    """The folder of a DLL's path, case-folded, without a trailing separator."""
    return path.replace("/", "\\").rsplit("\\", 1)[0].rstrip("\\").casefold()


def _not_picked_dll(facts: HostFacts, lib: SharedLibrary) -> str:
    """Why the DLL search does not pick ``lib`` (a copy the probe found, not ``selected``),
    derived from the facts: another copy of that file name the search picks (listed) wins;
    else ``lib``'s folder is one of the folders searched (the ``dll-search`` record's, or
    System32, the Windows folder and PATH from the environment), so an earlier folder holds
    another copy; else it is on none of them: not on the DLL search path.  Neither known (no
    record, no PATH): only that the search does not pick it."""
    earlier = next((o for o in facts.libraries if o is not lib and o.selected
                    and o.filename.casefold() == lib.filename.casefold()), None)
    if earlier is not None:
        return f"an earlier copy of that name is found first ({earlier.path})"
    rec = facts.probe(_DLL_SEARCH)
    path = next((v for k, v in facts.env.items() if k.upper() == "PATH"), None)
    folders: list[str] | None = (list(rec.command) if rec is not None and rec.command
                                 else path.split(";") if path is not None else None)
    if folders is None:
        return "not the copy the DLL search picks"
    here = _dll_folder(lib.path)
    if here in {f.rstrip("\\/").replace("/", "\\").casefold() for f in folders if f}:
        return "an earlier copy of that name is found first"
    folder = lib.path.replace("/", "\\").rsplit("\\", 1)[0]
    return (f"not on the DLL search path ({folder} is not System32, the Windows folder or a "
            "PATH folder)")


def _host_libraries_missing(tf: _TF, want: dict[str, int | None], missing: list[str],
                            seen: list[str], what: str, search: str, after: str,
                            fix: list[str], *, extra: tuple[Evidence, ...] = (),
                            doc: str | None = None) -> Finding:
    """``tf-cuda-runtime-missing`` (``host-libraries``) for both loaders: TensorFlow ``tf``
    loads the CUDA/cuDNN majors ``want`` (its ``what``: "libraries", "DLLs by name"); the
    ``search`` (Linux loader, Windows DLL search) finds none of ``missing``; ``seen`` lists
    the copies found and why each is unusable, ``after`` is said after them."""
    why = (f"TensorFlow {tf.version} loads CUDA {want['cuda']} and cuDNN {want['cudnn']} {what} "
           f"(CUDA {tf.cuda}, cuDNN {tf.cudnn}"
           + (f", knowledge row {tf.config.ref}" if tf.config else "")
           + f"); {search} {', '.join(missing)}"
           + (f" (found: {'; '.join(seen[:4])})" if seen else "") + after
           + ", so TensorFlow will register no GPU and run on the CPU.")
    return catalogue.make(
        "tf-cuda-runtime-missing",
        variant="host-libraries",
        tf=tf.version, missing=", ".join(missing), why=why,
        evidence=tuple(e for e in (tf.evidence, tf.cuda_evidence, tf.cudnn_evidence)
                       if e is not None)
        + tuple(Evidence("libraries", s) for s in seen[:6]) + extra,
        fix=tuple(fix),
        doc=doc,
        knowledge_ref=tf.config.ref if tf.config else None,
    )


def loader_cudnn_older_than_build(f: Facts) -> Iterator[Finding]:
    """The cuDNN the loader picks has TensorFlow's cuDNN major but an older minor than the
    cuDNN the installed TensorFlow was built with: TensorFlow refuses it at the first cuDNN
    use (``cudnn-version-mismatch`` variant ``loader-picks-older``), with no log needed.

    Source of the rule: TensorFlow's ``cuda_dnn.cc`` start-up check, in the 2.21 wheel's
    strings ("Loaded runtime CuDNN library: %u.%u.%u but source was compiled with:
    %u.%u.%u.  CuDNN library needs to have matching major version and equal or higher minor
    version"); the build's cuDNN is the tested configuration of the installed release
    (``tf_tested_configs.toml``, or ``tf.build_info``'s ``cudnn_version``).  The picked copy
    is the library the probe marks ``selected`` (the loader's order: LD_LIBRARY_PATH, the
    ld.so cache, TensorFlow's RUNPATH into the pip ``nvidia/*/lib`` folders), read with its
    full version (``libcudnn.so.9.0.0``, ``cudnn_version.h``).  Another major is a different
    SONAME, which TensorFlow does not load at all (``tf_cuda_libraries_missing``).  Not on a
    CPU build, nor when the log already shows cuDNN refused (``cudnn_older_than_build``), nor
    when the only CUDA runtime the loader reaches is of another major (TensorFlow stops there
    first: ``cuda-major-mismatch``).
    """
    from tfgpu.diagnosis.checks.dnn_init_causes import cudnn_host_older

    facts = f.host
    if facts is None or f.other_framework or cudnn_host_older(f):
        return
    tf = _installed_tf(facts, f.kb)
    if tf is None or not tf.cudnn or tf.os not in ("linux", "wsl2"):
        return
    try:
        want = series(tf.cudnn)
    except KnowledgeQueryError:
        return
    cuda = _major(tf.cuda) if tf.cuda else None
    cudarts = [x for x in facts.libraries if x.name == "cudart" and x.version
               and (x.selected or x.origin == "tf-runpath")]
    if cudarts and cuda is not None and not any(_major(x.version) == cuda for x in cudarts
                                                if x.version):
        return  # TensorFlow stops at its CUDA runtime first (cuda-major-mismatch says so)
    for lib in facts.libraries:
        if lib.name != "cudnn" or not lib.selected or not lib.version or "." not in lib.version:
            continue
        try:
            have = series(lib.version)
        except KnowledgeQueryError:
            continue
        if have[0] != want[0] or have[1] >= want[1]:
            continue
        newer = [o for o in facts.libraries
                 if o.name == "cudnn" and o.path != lib.path and o.version and _minor_at_least(
                     o.version, want)]
        fix: list[str] = []
        if lib.origin == "ld_library_path":
            fix.append(c.unset_env(facts, "LD_LIBRARY_PATH") + (
                f"   # then the loader takes cuDNN {newer[0].version} ({newer[0].path})"
                if newer else f"   # or take {lib.path.rsplit('/', 1)[0]} off it"))
        if not newer:
            fix.append(c.pip(f, "install", f"tensorflow[and-cuda]=={tf.version}")
                       + f"   # its nvidia-cudnn wheel is the cuDNN {tf.cudnn} it was built with")
        # cuDNN 8 is split into sub-libraries (libcudnn_ops_infer, libcudnn_cnn_infer... that
        # it loads at the first convolution, messages_gpu_stack.toml): one file copied over
        # mixes two releases; and a cuDNN release is built per CUDA major
        folder = lib.path.rsplit("/", 1)[0]
        fix.append(f"# or replace every libcudnn*.so.{want[0]} file in {folder} (the "
                   f"sub-libraries of one cuDNN release, never one file alone) with cuDNN "
                   f"{tf.cudnn} or a newer {want[0]}.x"
                   + (f" built for CUDA {cuda}.x, the CUDA TensorFlow {tf.version} uses"
                      if cuda is not None else ""))
        yield catalogue.make(
            "cudnn-version-mismatch", variant="loader-picks-older",
            have=lib.version, path=lib.path, built=tf.cudnn, tf=tf.version,
            ref=tf.config.ref if tf.config is not None else "tf.build_info",
            evidence=(Evidence("libraries", f"{lib.filename} {lib.version} from {lib.path} "
                                            f"(the loader's pick, {lib.origin})"),
                      tf.cudnn_evidence or Evidence("tensorflow", f"{tf.version}")),
            fix=tuple(fix),
            knowledge_ref=tf.config.ref if tf.config is not None else None,
        )
        return


def _minor_at_least(version: str, want: tuple[int, int]) -> bool:
    """Whether ``version`` has ``want``'s major and an equal or higher minor."""
    try:
        have = series(version)
    except KnowledgeQueryError:
        return False
    return have[0] == want[0] and have[1] >= want[1]


def _unusable(lib: SharedLibrary, major: int, machine: str | None, kind: str, major_word: str,
              ) -> str | None:
    """Why the copy ``lib`` cannot be the library of major ``major`` TensorFlow needs on a
    ``machine`` (``platform.machine()``): not a library at all (``kind``: "an ELF library",
    "a DLL"), another CPU's build, another major (``major_word``: "major", "CUDA"); ``None``
    when none of these holds (then where it sits is the reason)."""
    from tfgpu.facts.libnames import NOT_A_LIBRARY, OTHER_LIBRARY, arch_matches

    if lib.binary == NOT_A_LIBRARY:
        return f"not {kind} (a file only named like one)"
    if lib.binary == OTHER_LIBRARY:
        return "another library under this name (its SONAME says so)"
    if arch_matches(lib.binary, machine) is False:
        return f"built for another CPU ({lib.binary}, this host is {machine})"
    if _major(lib.version) != major:
        return f"{major_word} {_major(lib.version)}, not {major}"
    return None
