"""conda / mamba could not install what was asked.

Sources (``knowledge/data/messages_tools.toml``): conda's ``exceptions.py``
(``UnsatisfiableError``: "The following specifications were found to be incompatible with
each other / with the existing python installation / with your system", ``PackagesNotFoundError``,
``ClobberError``), conda-libmamba-solver's ``LibMambaUnsatisfiableError`` ("Could not solve
for environment specs"), libsolv's "nothing provides X needed by Y", and conda's virtual
package ``__cuda`` (conda docs, "Managing virtual packages": conda sets it from the CUDA
version the installed NVIDIA driver supports; ``CONDA_OVERRIDE_CUDA`` sets it by hand).
conda-forge's CUDA builds of TensorFlow (``tensorflow-X-cudaNNNpy...``) require ``__cuda``.

libsolv ``src/problems.c``: "nothing provides requested %s" (mamba/micromamba).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._conda_one_spec import one_spec, override_channels, spec_text
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A conda-forge CUDA build string: ``cuda112py310...`` -> CUDA 11.2, ``cuda120py311`` -> 12.0.
_BUILD_CUDA_RE = re.compile(r"cuda(?P<maj>1\d|[89])(?P<min>\d)py")
#: A match spec's build glob that names only the CUDA major (``build=cuda11*``).
_BUILD_MAJOR_RE = re.compile(r"build=cuda(1\d)\*")


def _near(hits: list[Hit], anchors: list[Hit], window: int = 12) -> list[Hit]:
    return [h for h in hits if any(0 < h.line - a.line <= window for a in anchors)]


def _build_cuda(hits: list[Hit]) -> str | None:
    """The CUDA x.y a conda-forge build string in the hits names (``cuda112py310`` -> 11.2)."""
    for h in hits:
        m = _BUILD_CUDA_RE.search(h.g("pkg") or h.text)
        if m:
            return f"{m.group('maj')}.{m.group('min')}"
    return None


def conda_cuda_virtual_package(ctx: Facts) -> list[Finding]:
    """``conda-cuda-virtual-package-missing``: the solver needs ``__cuda`` (a CUDA build of
    TensorFlow) and conda has none (no NVIDIA driver detected: a login node, a docker build,
    no driver) or, variant ``too-old``, one older than the build requires (conda's "Your
    installed version is: X": the driver's CUDA)."""
    hits = ctx.h("tools.conda_cuda").all()
    if not hits:
        return []
    feats = [h for h in hits if h.g("have")]
    # "Your installed version is: X" speaks of the system record listed above it: __cuda's
    # only when one is listed (not __glibc's 2.17 beside a chain to a bare __cuda)
    have_hits = feats + (ctx.h("tools.conda_your_version").all() if feats else [])
    have = next((h.g("have") or h.g("v") for h in have_hits), None)
    want = next(((h.g("want") or h.g("want2") or "").strip() for h in hits
                 if h.g("want") or h.g("want2")), "")
    cuda = _build_cuda(hits) or (re.sub(r"[^\d.]", "", want) or None)
    override = cuda or "12.0"
    evidence = log_evidence(hits, have_hits, ctx.h("tools.conda_unsat").first[:1])
    if have is not None and not want and any(h.g("feat") for h in hits) and all(
            h.g("feat") or h.g("chain") for h in hits):
        # conda 4.8's conflict report lists the system's own __cuda record
        # ("feature:/win-64::__cuda==11.0=0", resolve.py _classify_bad_deps at 4.8.3: every
        # chain ending in __cuda) even when no requested package depends on it (goatools,
        # gym): no package is shown to need a newer driver, so none is claimed
        return [catalogue.make(
            "conda-cuda-virtual-package-missing", variant="listed", have=have,
            what="the request", evidence=evidence,
        )]
    if (have is not None and any(h.g("feat") for h in hits)) or (
            have is not None and want and not any(h.g("vp") or h.g("missing") for h in hits)):
        return [catalogue.make(
            "conda-cuda-virtual-package-missing", variant="too-old",
            have=have, want=want or "a newer CUDA",
            evidence=evidence,
            fix=("nvidia-smi   # 'CUDA Version' is what the driver supports: conda's __cuda",
                 f"# update the NVIDIA driver to one that supports CUDA {want or '(the build)'}, "
                 "or ask for a build for the CUDA you have, e.g. "
                 f"conda install -c conda-forge \"tensorflow=*=cuda{have.split('.')[0]}*\""
                 f"   # conda-forge's builds for CUDA {have.split('.')[0]}.x"),
        )]
    pkg = next((h.g("pkg") or h.g("chain") for h in hits if h.g("pkg") or h.g("chain")), None)
    # a spec that names only the build's CUDA major ("build=cuda11*"): the override needs a
    # major.minor, which only the target's driver tells
    major = next((m.group(1) for h in hits if (m := _BUILD_MAJOR_RE.search(h.text))), None)
    # conda-forge's channel for its TensorFlow builds; another package keeps the user's channels
    channel = "-c conda-forge " if (pkg or "tensorflow").startswith("tensorflow") else ""
    if cuda is None and major is not None:
        override_line = (f"CONDA_OVERRIDE_CUDA=\"{major}.<minor>\" conda install {channel}"
                         f"{pkg or 'tensorflow'}   # the CUDA {major}.x the target's driver "
                         "supports (nvidia-smi there): the build asked for is a CUDA " + major
                         + " one")
    else:
        override_line = (f"CONDA_OVERRIDE_CUDA=\"{override}\" conda install {channel}"
                         f"{pkg or 'tensorflow'}" + ("   # the build named above is for CUDA "
                                                     + cuda if cuda else ""))
    return [catalogue.make(
        "conda-cuda-virtual-package-missing",
        what=f"{pkg}" if pkg else "a CUDA build",
        evidence=evidence,
        fix=("nvidia-smi   # conda sets __cuda from the driver: no driver seen, no __cuda",
             "conda info   # 'virtual packages' must list __cuda=<version>",
             "# installing where the GPU is not (a login node, docker build): say which CUDA "
             "the target's driver supports, e.g.",
             override_line),
        doc="conda-virtual-packages",
    )]


def conda_solver_failed(ctx: Facts) -> list[Finding]:
    """``conda-specs-incompatible``: conda/mamba found no set of packages that satisfies the
    request (``UnsatisfiableError``, ``LibMambaUnsatisfiableError``); variant ``python``: the
    request conflicts with the environment's Python; ``report-crash``: conda 4.7.x-4.8.2
    crashed writing the conflict report ("TypeError: sequence item 0: expected str instance,
    MultiChannel found", ``tools.conda_report_crash``; fixed in conda 4.8.3, conda PR #9748),
    so the conflict lines are hidden.  ``__cuda`` conflicts are
    ``conda-cuda-virtual-package-missing`` (it supersedes this one)."""
    crash = ctx.h("tools.conda_report_crash").all()
    hits = sorted([*ctx.h("tools.conda_unsat").all(), *crash], key=lambda h: h.line)
    if not hits:
        return []
    items = _near(ctx.h("tools.conda_list_item").all(), hits, 40)
    named = ", ".join(dict.fromkeys((h.g("pkg") or "").strip() for h in items[:6])) or None
    python = any((h.g("with") or h.g("with2") or "").startswith("the existing python")
                 for h in hits)
    windows = ctx.windows or any((h.g("subdir") or "").startswith("win-")
                                 for h in ctx.h("tools.conda_platform").all())
    fix: tuple[str, ...] = (
        "# create a fresh environment with only what TensorFlow needs; without a Python "
        "pin the solver picks one the TensorFlow build supports:",
        "conda create -n tf -c conda-forge tensorflow",
        "# or, in an existing environment, drop the pins the conflict lines name "
        "(python=..., cudatoolkit=..., tensorflow-gpu=...) and let the solver pick")
    if windows:
        # conda-forge's Windows TensorFlow stopped at 1.14 (conda-forge/tensorflow-feedstock
        # #124, #186, #466): a conda-forge "tensorflow" there is an old CPU build; the pip
        # wheels are current (CPU only on native Windows from 2.11)
        fix = ("# on native Windows conda-forge has no current TensorFlow (its Windows builds "
               "stopped at 1.14): make the environment with conda, install TensorFlow with "
               "pip inside it",
               "conda create -n tf python=3.11",
               "conda activate tf && python -m pip install tensorflow   # native Windows runs "
               "TensorFlow 2.11+ on the CPU only: for the GPU use WSL2 (tfgpu plan)",
               "# or, in an existing environment, drop the pins the conflict lines name "
               "(python=..., cudatoolkit=..., tensorflow-gpu=...) and let the solver pick")
    if crash:
        # conda's own crash while writing the conflict report hides the conflict lines
        said = re.search(r"TypeError: [^\"\n]{1,200}? found", crash[0].text)
        return [catalogue.make(
            "conda-specs-incompatible", variant="report-crash",
            named=f" ({named})" if named else "",
            crash=(f"\"{said.group(0) if said else 'TypeError'}\" (line {crash[0].line})"),
            evidence=log_evidence(crash, hits, items),
            fix=("conda --version   # 4.7.x-4.8.2 crash here; the fix shipped in 4.8.3",
                 "conda update -n base -c defaults conda   # then run the same install "
                 "again: conda prints the conflict lines instead of the TypeError",
                 *fix),
        )]
    lone = None if python else next(
        (x for h in hits if "in conflict" in h.text if (x := one_spec(ctx, h)) is not None),
        None)
    if lone is not None:
        return [_one_spec_finding(ctx, lone, hits)]
    return [catalogue.make(
        "conda-specs-incompatible", variant="python" if python else None,
        named=f" ({named})" if named else "",
        evidence=log_evidence(hits, items),
        fix=fix,
    )]


def _one_spec_finding(ctx: Facts, lone: Hit, hits: list[Hit]) -> Finding:
    """``conda-specs-incompatible`` variant ``one-spec`` (a warning): the conflict list
    names one spec (checks/_conda_one_spec.py), so no pins clash: a dependency of it has no
    fitting version in the channels searched; with ``--override-channels`` those are only
    the channels the command names."""
    spec = spec_text(lone)
    name = spec.split()[0].split("=")[0] if spec else "the package"
    over = override_channels(ctx)
    chans = over[1] if over else ()
    searched = (f"only {', '.join(chans)} (--override-channels)" if chans
                else "only the -c channels given (--override-channels)" if over
                else "the configured channels")
    extra = " ".join(f"-c {c}" for c in chans)
    py = re.search(r"\bpy(\d)(\d{1,2})\w*", spec)
    return catalogue.make(
        "conda-specs-incompatible", variant="one-spec", spec=spec, searched=searched,
        evidence=log_evidence([over[0]] if over else [], hits, [lone]),
        fix=(f'conda search {"--override-channels " + extra + " " if chans else ""}'
             f'"{name}" --info   # its dependencies (depends: ...), then look each up in '
             "the channels searched",
             "# add the channel that has them after the package's own: "
             + (f"conda install {extra} -c conda-forge {spec.split()[0]} (or -c defaults),"
                if chans else "conda install -c <its channel> -c conda-forge <package>,")
             + " or drop --override-channels",
             *((f"# its build {py.group(0)} is for Python {py.group(1)}.{py.group(2)}: the "
                "environment's Python must be that one (conda create -n tf "
                f"python={py.group(1)}.{py.group(2)})",) if py else ())))


# "zlib==1.2.13=h4dc903c_0", "tensorflow-gpu==2.6.0=cuda112py39h0bbbad9_2": a build string
# pinned after the version, as conda env export writes it (ali-ghanbari/deepmufl-ase-2023#2,
# jiangyi15/tf-pwa#173).
_BUILD_PIN = re.compile(r"^[A-Za-z0-9_.\-]+==?[^=\s]+=[A-Za-z0-9_.]*\d[A-Za-z0-9_.]*$")


#: conda package names that are CUDA-only (NVIDIA's and conda-forge's CUDA packages).
_CUDA_PACKAGE = re.compile(r"^(?:cudatoolkit|cudnn|cuda(?:-[\w-]+)?|nccl|cupti|cutensor|"
                           r"tensorflow-gpu|libcu\w+)(?:[=<>!\s]|$)", re.I)


def conda_packages_not_found(ctx: Facts) -> list[Finding]:
    """``conda-packages-not-found``: the configured channels have no package of that name and
    version for this platform (``PackagesNotFoundError``)."""
    # conda's classic solver says ResolvePackageNotFound for the same fault (its list
    # entries may carry a channel: "apple::tensorflow-deps")
    hits = (ctx.h("tools.conda_not_found").all()
            or ctx.h("tools.conda_resolve_not_found").all())
    if not hits:
        return []
    items = sorted(_near(ctx.h("tools.conda_list_item").all(), hits, 8)
                   + _near(ctx.h("ctx.conda_channel_item").all(), hits, 8),
                   key=lambda h: h.line)
    # ... and any other package of the list (numpy, a misspelt name): the entries between
    # the error line and the channel list ("Current channels:" URLs, tools.conda_platform)
    if not items:
        spec = ctx.h("ctx.conda_spec_item")
        urls = [h.line for h in ctx.h("tools.conda_platform").all()]
        near = {h.line: h for h in _near([*spec.all(), *spec.by_key.values()], hits, 8)}
        items = [h for n, h in sorted(near.items())
                 if not any(a.line < u < n for u in urls for a in hits)]
    names = list(dict.fromkeys((h.g("pkg") or "").strip() for h in items[:6]))
    deps = _tensorflow_deps(ctx, hits, items, names) or _conda_32bit(ctx, hits, items, names)
    if deps:
        return deps
    # CUDA packages asked for while conda solves for macOS
    subdir = next((h.g("subdir") for h in ctx.h("tools.conda_platform").all()
                   if (h.g("subdir") or "").startswith("osx-")), None)
    cuda_pkgs = [n for n in names if _CUDA_PACKAGE.match(n)]
    if subdir and cuda_pkgs:
        metal = ctx.kb.platform_fact("macos-metal-plugin")
        return [catalogue.make(
            "conda-packages-not-found", variant="macos-cuda",
            packages=", ".join(cuda_pkgs), subdir=subdir,
            metal=f"{metal.title} (knowledge row {metal.ref}).",
            evidence=log_evidence(hits, items, ctx.h("tools.conda_platform").all()),
            knowledge_ref=metal.ref,
            fix=(*(("# this conda is an x86_64 one (Platform: osx-64) on an Apple-silicon "
                    "Mac (its kernel line: ARM64), so it runs under Rosetta: make an arm64 "
                    "environment first (Miniforge's arm64 installer, or "
                    "CONDA_SUBDIR=osx-arm64 conda create -n tf python=3.11), then install "
                    "there",) if subdir == "osx-64" and ctx.h("ctx.darwin_arm64").count
                   else ()),
                 "# drop cudatoolkit/cudnn (CUDA-only) from the environment; on macOS:",
                 "pip install tensorflow tensorflow-metal   # Apple's GPU plugin "
                 "(macOS 12.0+, Apple silicon or AMD GPU)",
                 "tfgpu plan --os macos   # the TensorFlow and tensorflow-metal releases "
                 "for this Mac"),
        )]
    chains = _near(ctx.h("ctx.conda_chain_item").all(), hits, 8)
    if chains:
        return [_dependency_chain(hits, chains)]
    first = re.split(r"\s*[=<>!]", names[0])[0].rsplit("::", 1)[-1] if names else None
    fix = [f"conda search -c conda-forge {first}   # the versions and builds that exist for "
           "this platform" if first else
           "conda search -c conda-forge <name>   # each package conda listed under the error: "
           "the versions and builds that exist for this platform",
           "# then ask for one of those (add -c conda-forge), or install it with pip inside "
           "the activated environment"]
    if any(_BUILD_PIN.search(n) for n in names):
        fix.append("# the entries pin build strings (name=version=build) from the OS the file "
                   "was exported on: re-export there with conda env export --no-builds (or "
                   "--from-history), or drop the build part")
    if any(n.startswith("tensorflow-gpu") for n in names):
        fix.append("# tensorflow-gpu is the old name: ask for tensorflow (conda-forge's CUDA "
                   "builds carry 'cuda' in their build string)")
    return [catalogue.make(
        "conda-packages-not-found",
        packages=", ".join(names) if names else "of the requested names",
        evidence=log_evidence(hits, items),
        fix=tuple(fix),
    )]


def _dependency_chain(hits: list[Hit], chains: list[Hit]) -> Finding:
    """``conda-packages-not-found`` variant ``dependency-chain``: the not-found entry is a
    chain ("A -> B"): A exists in the channel, and a dependency its metadata names (B) exists
    for no channel of this platform: the channel's metadata (or a build pinned whose
    dependency was removed), not a misspelt name (AnacondaRecipes/repodata-hotfixes#33: a
    typo in the channel's repodata hotfix gave tensorflow 1.8.0 a dependency
    _tflow_select==1.2.0=eigen that no build matched; fixed on the channel's side)."""
    parent, dep = chains[0].need("parent"), chains[0].need("dep")
    name = parent.rsplit("::", 1)[-1].split("=", 1)[0]
    return catalogue.make(
        "conda-packages-not-found", variant="dependency-chain", parent=parent, dep=dep,
        evidence=log_evidence(hits, chains[:2]),
        fix=(f"conda search {name} --info   # the builds of {name} and the dependencies each "
             f"names: another build or version whose dependencies exist",
             f"# drop the build string of {name} (name=version only), or ask for another "
             "version; a dependency the channel itself names but does not carry is the "
             "channel's fault: report it to the channel (its repodata)"),
    )


def conda_clobber(ctx: Facts) -> list[Finding]:
    """``conda-clobber-shared-path``: two packages of one transaction write the same file
    (``ClobberError``), typically packages mixed from two channels."""
    hits = ctx.h("tools.conda_clobber").all()
    if not hits:
        return []
    return [catalogue.make(
        "conda-clobber-shared-path",
        evidence=log_evidence(hits),
    )]


__all__ = ["conda_clobber", "conda_cuda_virtual_package", "conda_packages_not_found",
           "conda_solver_failed", "solver_nothing_provides_requested"]


def solver_nothing_provides_requested(f: Facts) -> list[Finding]:
    """mamba/micromamba (libsolv): "nothing provides requested <spec>": the channels hold no
    build of that spec for this platform."""
    hits = f.h("eco.solver_nothing_requested").all()
    if not hits:
        return []
    spec = (hits[0].g("spec") or "the package").strip()
    name = spec.split()[0].split("=")[0].split(">")[0].split("<")[0]
    return [catalogue.make(
        "conda-nothing-provides-requested", spec=spec, evidence=log_evidence(hits),
        fix=(f"mamba search -c conda-forge {name}   # the versions that exist for this "
             "platform (conda info: 'platform')",
             "# ask for one of those; conda-forge builds of recent TensorFlow exist for Linux "
             "and macOS, not for Windows: on Windows use pip (CPU) or WSL2 for the GPU"),
    )]


# --- Apple's tensorflow-deps (conda channel "apple") --------------------------------
# Apple's tensorflow-metal instructions (developer.apple.com/metal/tensorflow-plugin, the
# "arm64: Apple silicon" steps: Miniforge3-MacOSX-arm64, conda install -c apple tensorflow-deps)
# use the package only on Apple silicon's native conda; the apple channel has no osx-64 build:
# threads https-deeplearning-ai/machine-learning-engineering-for-production-public#70 and #90,
# dstalzjohn/py-poetry-m1#1 list "Current channels: .../apple/osx-64" with tensorflow-deps not
# found, fixed by an arm64 Miniforge; jeffheaton/t81_558_deep_learning#129 (classic solver's
# ResolvePackageNotFound, fixed by following Apple's instructions).
_TF_DEPS = re.compile(r"^(?:apple::)?tensorflow-deps(?:[=<>!\s]|$)")


def _tensorflow_deps(ctx: Facts, hits: list[Hit], items: list[Hit],
                     names: list[str]) -> list[Finding]:
    """``conda-packages-not-found`` (variant ``tensorflow-deps``): conda found no
    tensorflow-deps, which Apple's channel builds for osx-arm64 only (sources above)."""
    if not any(_TF_DEPS.match(n) for n in names):
        return []
    subdir = next((h.g("subdir") for h in ctx.h("tools.conda_platform").all()
                   if h.g("subdir")), None)
    return [catalogue.make(
        "conda-packages-not-found", variant="tensorflow-deps",
        packages=", ".join(names),
        seen=f" This conda solved for {subdir}." if subdir else "",
        evidence=log_evidence(hits, items, ctx.h("tools.conda_platform").all()),
        fix=("conda info | grep -i platform   # osx-arm64 is needed; osx-64 is an Intel "
             "(x86_64) conda, running under Rosetta on an Apple-silicon Mac",
             "# on Apple silicon: install the arm64 Miniforge (Miniforge3-MacOSX-arm64.sh), "
             "create the environment with it, then: conda install -c apple tensorflow-deps; "
             "python -m pip install tensorflow-macos tensorflow-metal (Apple's tensorflow-metal "
             "instructions)",
             "# on an Intel Mac or another OS: drop apple::tensorflow-deps from the environment "
             "file and pip install tensorflow (plus tensorflow-metal on a Mac)"),
    )]


# --- a 32-bit conda ----------------------------------------------------------------------
#: The TensorFlow packages (and the CUDA packages beside them) a 32-bit conda cannot get.
_TF_PACKAGE = re.compile(r"^(?:[\w.-]{1,40}::)?(?:tensorflow(?:-[a-z0-9]+)?|tf-nightly[\w-]*|"
                         r"keras)(?:[=<>!\s]|$)", re.I)


def _conda_32bit(ctx: Facts, hits: list[Hit], items: list[Hit],
                 names: list[str]) -> list[Finding]:
    """``python-32bit-interpreter`` (variant ``conda-32bit``): conda found no TensorFlow (or
    CUDA) package and every platform the log shows it searching (its channel URLs, ``conda
    info``'s "platform :") is a 32-bit subdir: a 32-bit conda, for which no TensorFlow is
    built (platform fact ``tensorflow-64bit-only``).  Nothing when the log shows a 64-bit
    subdir too, or when no such package is among the missing ones."""
    fact = ctx.kb.platform_fact("tensorflow-64bit-only")
    plats = ctx.h("tools.conda_platform").all()
    subdirs = {h.g("subdir") for h in plats}
    wanted = [n for n in names if _TF_PACKAGE.match(n) or _CUDA_PACKAGE.match(n)]
    if not wanted or not subdirs or not subdirs <= set(fact.items("subdirs_32bit")):
        return []
    subdir = sorted(s for s in subdirs if s)[0]
    return [catalogue.make(
        "python-32bit-interpreter", variant="conda-32bit", subdir=subdir,
        packages=", ".join(wanted), subdirs=", ".join(fact.items("conda_subdirs")),
        evidence=log_evidence(hits, items, plats[:2]), knowledge_ref=fact.ref,
    )]
