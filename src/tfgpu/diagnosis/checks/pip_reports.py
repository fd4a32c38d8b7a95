"""pip's (and uv's, Poetry's) reports about TensorFlow's own distributions: the retired
``tensorflow-gpu`` name, no matching distribution for the Python or platform at hand (Apple's
and Intel's distributions too), the resolver's conflicts (the ``and-cuda`` pins, Keras beside
TensorFlow), and the other pip failures a pasted install log shows.

Package facts are from compat/FACTS.md ("Packages and variants") and the platform facts each
check names (``windows-native-gpu-last``, ``macos-metal-plugin``...); the host half of the
same facts (what the probed interpreter has installed) is :mod:`.tf_install`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from packaging.version import Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._and_cuda_pins import PinConflict, pin_conflict
from tfgpu.diagnosis.checks._common import dist_key as _norm
from tfgpu.diagnosis.checks._gpu_pin import gpu_pin_requirement
from tfgpu.diagnosis.checks._rosetta_wheel import rosetta_no_wheel
from tfgpu.diagnosis.checks._spec_meet import common_version, specifiers
from tfgpu.diagnosis.checks.addon_pin_lines import addon_pin_fix
from tfgpu.diagnosis.checks.gpu_package_routes import (
    log_other_vendor_gpu,
    other_vendor_route,
    windows_route,
)
from tfgpu.diagnosis.checks.keras_modules import keras3_series
from tfgpu.diagnosis.checks.macos_arm64_pin import (
    apple_silicon_none_listed,
    apple_silicon_pin,
    apple_silicon_requirement,
)
from tfgpu.diagnosis.checks.no_matching_wheel import (
    _tf1_pythons,
    companion_ranges_read_here,
    listed_release_rules_out_python,
    old_release_pin,
    tag_or_index_cause,
    tf_range_fits_listed,
    tf_ranges_read_here,
)
from tfgpu.diagnosis.checks.nvidia_tools import wrong_project_wanted
from tfgpu.diagnosis.checks.pip_every_release import every_release_sunk
from tfgpu.diagnosis.checks.pip_index import (
    index_unread_before,
    listed_releases,
    retried_before,
)
from tfgpu.diagnosis.checks.pip_machine_wheels import aarch64_no_wheel, other_interpreter
from tfgpu.diagnosis.checks.pip_nightly_pin import nightly_build_pin
from tfgpu.diagnosis.checks.pip_sole_dependency import sole_dependency
from tfgpu.diagnosis.checks.pip_unreleased_pin import unreleased_reading
from tfgpu.diagnosis.checks.python_32bit import pip_tensorflow_32bit
from tfgpu.diagnosis.checks.resolver_python_range import python_range_shown
from tfgpu.diagnosis.checks.tf_install import version_or_none, windows_last_fix
from tfgpu.diagnosis.checks.uv_reports import (
    tag_python,
    uv_hint,
    uv_no_tensorflow_wheel,
    uv_no_wheel,
    uv_no_wheel_is_cause,
)
from tfgpu.diagnosis.checks.versions import _parses
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError, parse_version


def _gpu_pin_version(f: Facts, nod: list[Hit], named: list[Hit]) -> str | None:
    """The version a ``tensorflow-gpu==X`` pin names in pip's no-matching lines
    (``nod``) or its "Collecting tensorflow-gpu==X" lines (``named``), else ``None``."""
    for h in (*nod, *named):
        m = re.search(r"==\s*([0-9][0-9a-z.*]*)", h.g("spec") or "")
        if m:
            return m.group(1)
    return None


def tensorflow_gpu_package_log(f: Facts) -> Iterator[Finding]:
    """The log half of :func:`tensorflow_gpu_package`: pip failing on the retired
    tensorflow-gpu / tf-nightly-gpu (stub, or no version)."""
    removed, named, failed = f.h("pip.tfgpu_removed"), f.h("pip.tfgpu_named"), f.h("pip.failed")
    nod = [h for h in f.h("pip.no_dist").all()
           if _norm(h.g("pkg") or "") in ("tensorflow-gpu", "tf-nightly-gpu")
           and not old_release_pin(h)  # a real 1.x release (no_matching_wheel.tf1_pin_no_wheel)
           and not gpu_pin_not_offered(f, h)  # a real release list without the pin: _no_matching
           and not gpu_name_none_listed(f, h)]  # no wheel at all, placeholder unlisted: the same
    kb = f.kb
    gone = kb.platform_fact("tensorflow-gpu-removed")
    if nod and f.windows:
        pin = (nod[0].g("spec") or "").lstrip("=<>~!")
        last = kb.platform_fact("windows-native-gpu-last")
        pv, lv = version_or_none(pin), version_or_none(last.value("tf_version"))
        if pv is not None and lv is not None and (*pv.release, 0)[:2] > (*lv.release, 0)[:2]:
            yield catalogue.make(
                "tensorflow-windows-native-no-gpu", version=pin, last=last.value("tf_version"),
                ref=last.ref, evidence=log_evidence(nod),
                fix=windows_last_fix(f),
                knowledge_ref=last.ref,
            )
            return
    if any(gpu_name_none_listed(f, h) for h in f.h("pip.no_dist").all()):
        return  # no wheel for this platform: _no_matching's finding names the plain package
    # "Collecting tensorflow-gpu==1.x" names a real release, not the retired name; so does a
    # 1.x wheel file ("pip install tensorflow_gpu-1.8.0-cp27-cp27mu-manylinux1_x86_64.whl":
    # its tags are the reading, checks/wheel_file_tags.py; review b48b 03.log)
    old_pins = all(re.search(r"==\s*[01]\.|[-_]gpu-[01]\.\d{1,3}\.\d{1,3}-[^\s]*\.whl\b",
                             h.g("spec") or "") for h in named.all())
    if not (removed.count or nod or (named.count and failed.count)):
        if named.count and not old_pins:
            linux = ".".join(gone.value("last_linux").split(".")[:2])
            # a pinned version keeps its release under the plain name (the rule)
            pinned = _gpu_pin_version(f, [], named.all())
            rule = gpu_pin_requirement(kb, pinned, windows=f.windows) if pinned else None
            if rule is not None and rule.keeps_name:
                return  # tensorflow-gpu==2.0.x is that release's GPU package (plain is CPU)
            cause = (f"tensorflow-gpu stopped at {linux} (Linux) / "
                     f"{gone.value('last_windows')} (Windows); use tensorflow.")
            if rule is not None:
                yield catalogue.make(
                    "tensorflow-gpu-package-removed", variant="named-pin",
                    requirement=rule.requirement, evidence=log_evidence(named),
                    cause=cause, knowledge_ref=gone.ref,
                    fix=(f'pip install "{rule.requirement}"   # {rule.why}',),
                )
            else:
                # the and-cuda extra is Linux's; native Windows has no GPU build past
                # windows-native-gpu-last
                win_last = kb.platform_fact("windows-native-gpu-last").value("tf_version")
                other = log_other_vendor_gpu(f)  # another vendor's GPU: no CUDA route
                said, lines = (other_vendor_route(f, other[0], other[1]) if other is not None
                               else ("", ()))
                yield catalogue.make(
                    "tensorflow-gpu-package-removed", variant="named",
                    evidence=log_evidence(named, [other[2]] if other else []),
                    cause=cause + said, knowledge_ref=gone.ref,
                    fix=(lines if other is not None else
                         (f'pip install "tensorflow=={win_last}.*"   # the last native-Windows '
                          "GPU release, under its own name (later ones are CPU only there; "
                          "the GPU then needs WSL2 with tensorflow[and-cuda])",) if f.windows
                         else ('pip install "tensorflow[and-cuda]"',)),
                )
        return
    and_cuda, _ = kb.fact_series("and-cuda-extra-first")
    same, _ = kb.fact_series("tensorflow-is-cuda-build")
    stub, _ = kb.fact_series("tensorflow-gpu-removed", "stub_version")
    pkg = next((_norm(h.g("pkg") or "") for h in nod), None) or next(
        (_norm(n) for h in named.all() if (n := h.g("dir") or (h.g("spec") or "").split("=")[0]
                                            .split("<")[0].split(">")[0])), "tensorflow-gpu")
    pkg = "tf-nightly-gpu" if pkg.startswith("tf-nightly-gpu") else "tensorflow-gpu"
    fix = [
        f'replace "{pkg}" with "{pkg.replace("-gpu", "")}" in requirements/environment files',
        f'pip install "tensorflow[and-cuda]"   # Linux, TensorFlow >= {and_cuda[0]}.{and_cuda[1]}'
        if not f.windows else "pip install tensorflow",
    ]
    # a pinned tensorflow-gpu==X: the rule (checks/_gpu_pin.py) names the release to pin
    pinned = _gpu_pin_version(f, nod, named.all())
    rule = (gpu_pin_requirement(kb, pinned, windows=f.windows)
            if pinned and pkg == "tensorflow-gpu" else None)
    if rule is not None:
        fix = [f'pip install "{rule.requirement}"   # {rule.why}',
               f'replace "{pkg}=={pinned}" with "{rule.requirement}" in requirements/'
               "environment files"]
    cause = (f"The {pkg} name was retired in {gone.value('retired')}: versions from "
             f"{stub[0]}.{stub[1]} are empty placeholder packages that fail on install. "
             f'"{pkg.replace("-gpu", "")}" has been the same GPU-enabled build since '
             f"{same[0]}.{same[1]}.")
    if not removed.count:
        cause += (" Newer pip/setuptools fail while reading the placeholder's metadata, so the "
                  "'package has been removed' notice may not even show.")
    host = f.host
    # the log's machine: another vendor's GPU, native Windows (checks/gpu_package_routes.py)
    other = log_other_vendor_gpu(f) if rule is None else None
    if other is not None:
        said, lines = other_vendor_route(f, other[0], other[1])
        cause += said
        fix = [fix[0], *lines]
        removed_ev = [other[2]]
    elif f.windows and rule is None:
        said, lines = windows_route(f)
        cause = cause.replace(" since ", " (on Linux) since ", 1) + said
        fix = list(lines)
        removed_ev = []
    else:
        removed_ev = []
    if host is not None and host.gpus and not host.nvidia_gpus:
        vendors = ", ".join(sorted({g.vendor for g in host.gpus}))
        cause += (f" Also, this host's GPU is {vendors}, not NVIDIA: CUDA builds of TensorFlow "
                  "cannot use it.")
        fix.append("for an AMD GPU: tensorflow-rocm on a ROCm-supported Radeon (Linux), or the "
                   "DirectML plugin on Windows; otherwise TensorFlow runs on the CPU")
    yield catalogue.make(
        "tensorflow-gpu-package-removed",
        evidence=log_evidence(removed, named, nod, failed.first[:2], removed_ev),
        cause=cause, fix=tuple(fix), knowledge_ref=gone.ref,
    )


#: Distributions pip reports that are TensorFlow itself (the -gpu ones are handled above;
#: tensorflow-intel/-macos/-metal/-rocm have their own findings).
_TF_ITSELF = ("tensorflow", "tensorflow-cpu", "tf-nightly", "tf-nightly-cpu",
              "tensorflow-aarch64", "tensorflow-cpu-aws")
#: Apple's distributions (platform fact macos-metal-plugin).
_APPLE = ("tensorflow-macos", "tensorflow-metal")


#: Names users give pip that are conda packages (or Python itself), never pip projects: the
#: fix line for each.  cudatoolkit and cudnn are the conda packages of TensorFlow's old GPU
#: recipe (platform fact tf-install-pip-page: "conda install -c conda-forge cudatoolkit=11.2
#: cudnn=8.1.0"); pip's own CUDA libraries are the nvidia-*-cu11/-cu12 projects.
_CONDA_ONLY: dict[str, str] = {
    **{n: (f"# {n} is a conda package, not a pip project: conda install -c conda-forge "
           f"{n}=<version> in a conda environment; with pip, the CUDA libraries are the "
           'nvidia-*-cu11/-cu12 projects (pip install "tensorflow[and-cuda]" brings those '
           "TensorFlow 2.14+ needs on Linux)")
       for n in ("cudatoolkit", "cudnn", "cuda-toolkit", "cuda-nvcc")},
    "python": "# pip cannot install Python itself: create a venv or conda environment with "
              "that Python (python3.X -m venv .venv, or conda create -n env python=3.X)",
}


#: The names a typo hint may point at (:func:`near_tensorflow_name`): TensorFlow's own
#: package and the retired GPU name a version is written into. Suffixed distributions
#: (tensorflow-cpu, -intel, -metal, ...) are never guessed: a name near them is as likely
#: another project or a wish (tensorflow-lite, tensorflow-cuda) as a typo.
_TYPO_TARGETS = ("tensorflow",)
#: Names a version may be written into (``tensorflow2.15``, ``tensorflow-gpu-2.4``).
_VERSIONED_NAMES = ("tensorflow", "tensorflow-gpu")


def near_tensorflow_name(raw: str) -> str | None:
    """The requirement a user most likely meant by ``raw``, a name pip lists no release of:
    ``tensorflow`` or ``tensorflow-gpu`` with a full version written into the name
    (``tensorflow-gpu-2.4.0``, ``tensorflow2.15.1`` -> ``tensorflow-gpu==2.4.0``,
    ``tensorflow==2.15.1``; a major.minor gets ``==X.Y.*``, a major alone nothing), or a
    typo of ``tensorflow`` of the same length give or take one letter that neither extends
    nor shortens it (``tensorflw``, ``tenserflow``; difflib ratio >= 0.85: ``tensorflowjs``
    is another project), else ``None``."""
    import difflib

    low = raw.strip().lower().replace("_", "-")
    if low in _TYPO_TARGETS or low in _VERSIONED_NAMES:
        return None
    m = re.fullmatch(r"([a-z][a-z-]*?)-?v?(\d+\.\d+(?:\.\d+)?)", low)
    if m and m.group(1) in _VERSIONED_NAMES:
        version = m.group(2)
        return f"{m.group(1)}=={version}" + (".*" if version.count(".") == 1 else "")
    for target in _TYPO_TARGETS:
        if (abs(len(low) - len(target)) <= 1 and not low.startswith(target)
                and not target.startswith(low)
                and difflib.SequenceMatcher(None, low, target).ratio() >= 0.85):
            return target
    return None


def _near_requirement(ctx: Facts, raw: str) -> str | None:
    """The fix line for a name pip lists nothing for that is near TensorFlow's own
    (:func:`near_tensorflow_name`); a retired ``tensorflow-gpu`` with a version becomes
    the requirement the tensorflow-gpu rule gives (checks/_gpu_pin.py).  ``None`` when the
    log shows pip reading another index than the default or failing to read one: then the
    name may be a real project that index does not carry."""
    if ctx.h("pip.other_index").count or ctx.h("pip.index_unreachable").count:
        return None
    near = near_tensorflow_name(raw)
    if near is None:
        return None
    name, _, version = near.partition("==")
    if name == "tensorflow-gpu" and version:
        rule = gpu_pin_requirement(ctx.kb, version.rstrip(".*"), windows=ctx.windows)
        if rule is not None:
            near = rule.requirement
    how = ("writes the version into the name" if version else "is most likely a misspelling")
    return (c.pip(ctx, "install", near) + f"   # {raw} {how}: pip knows no project of that "
            f"name; {near} is the requirement meant")


def _yanked_all(ctx: Facts, h: Hit) -> bool:
    """Whether pip said, just above its "Could not find a version" line ``h``, that it ignored
    yanked versions ("Ignored the following yanked versions: ...", pattern
    ``pip.ignored_versions``): every release pip saw was withdrawn by its publisher."""
    return any(i.g("what") == "yanked versions" and 0 < h.line - i.line <= 3
               for i in ctx.h("pip.ignored_versions").all())




def _same_series(pin: str, listed: list[str]) -> list[str]:
    """The final releases in ``listed`` of ``pin``'s major.minor, oldest first, when ``pin`` is
    a full X.Y.Z release not among them; else ``[]``."""
    if not re.fullmatch(r"\d+\.\d+\.\d+", pin) or pin in listed:
        return []
    series = pin.rsplit(".", 1)[0] + "."
    return sorted((v for v in listed if v.startswith(series) and re.fullmatch(r"\d+\.\d+\.\d+", v)),
                  key=lambda v: [int(x) for x in v.split(".")])


def _series_releases(pin: str, listed: list[str]) -> list[str]:
    """The final releases pip listed of the series a pin of one or two numbers names (pin
    "0.12", listed "0.12.1" -> ["0.12.1"]), oldest first; empty for a pin of three numbers,
    or when the pin itself (zero-padded, PEP 440) is among them."""
    if not re.fullmatch(r"\d+(?:\.\d+)?", pin):
        return []
    head = [int(x) for x in pin.split(".")]
    out = []
    for v in listed:
        if not re.fullmatch(r"\d+(?:\.\d+)*", v):
            continue
        nums = [int(x) for x in v.split(".")]
        if nums[:len(head)] != head:
            continue
        if all(n == 0 for n in nums[len(head):]):
            return []  # the pin's own release is listed: another reading
        out.append(v)
    return sorted(out, key=lambda v: [int(x) for x in v.split(".")])


def _highest(listed: list[str]) -> str | None:
    finals = [v for v in listed if re.fullmatch(r"\d+(?:\.\d+)*", v)] or listed
    if not finals:
        return None
    return max(finals, key=lambda v: [int(x) for x in re.findall(r"\d+", v)])


def rule_pip(ctx: Facts) -> list[Finding]:
    """pip's resolver: no matching distribution (per TensorFlow distribution and for
    TensorFlow's dependencies), wheels for another platform, requires-python, the and-cuda
    extra, zsh globbing, PEP 668, version pins of TensorFlow add-ons."""
    out: list[Finding] = []
    out.extend(_no_matching(ctx))
    out.extend(_pip_misc(ctx))
    return out


# --- pip's resolver found no consistent set of versions --------------------------------


#: Distributions that make a PubGrub report (Poetry's, uv's) one about TensorFlow's stack.
_TF_STACK = r"tensorflow[\w-]*|tf-[\w-]+|keras[\w-]*|tensorboard[\w-]*"
_PYTHON_SIDE = re.compile(rf"^(?:{_TF_STACK})$")
#: The same names with a Python version after them, as Poetry's closing line names the
#: project's two requirements ("depends on both jax[cuda12] (0.4.23) and tensorflow[and-cuda]
#: (2.15.0)") or uv writes them ("tensorflow==2.15.0").
_PYTHON_SIDE_NAMED = re.compile(rf"\b(?:{_TF_STACK})(?:\[[\w,-]+\])?(?: \(\d|==\d)")
#: uv's conflict line naming TensorFlow's stack with a range ("tensorflow>=2.16.1 depends on
#: numpy... and your project depends on ...").
_PYTHON_SIDE_RANGED = re.compile(rf"\b(?:{_TF_STACK})(?:\[[\w,-]+\])?[<>=!~]=?\d")


def _pip_form(h: Hit) -> bool:
    """Whether ``h`` (pattern ``pip.depends``) is pip's own line under "The conflict is caused
    by:", "<name> <version> depends on <requirement>" (factory.py get_installation_error:
    f"{parent.name} {parent.version} depends on " + req.format_for_error()), not a PubGrub
    derivation ("Because tensorflow (2.12.1) depends on", uv's "tensorflow==2.12.1 depends
    on")."""
    return h.text.lstrip().startswith(f"{h.g('pkg')} {h.g('v')} depends on ")


def headerless_report(ctx: Facts) -> list[Hit]:
    """pip's "The conflict is caused by:" lines pasted without pip's own lines around them
    ("Cannot install ...", "ResolutionImpossible"): the pip-form lines (:func:`_pip_form`)
    and "The user requested <req>" lines (pattern ``pip.user_requested``) when at least two
    of them name the same requirement and one of those is TensorFlow's stack (the requirement
    or the package that depends on it: :data:`_PYTHON_SIDE`); pip writes two lines of one
    requirement only in that report (sony/nnabla#1228: nnabla's, onnx's and tensorflow
    2.12.1's numpy lines).  ``[]`` otherwise: a single line is no report."""
    lines = [h for h in ctx.h("pip.depends").kept() if _pip_form(h)]
    if not lines:
        return []
    asked = ctx.h("pip.user_requested").all()
    by: dict[str, list[tuple[str, Hit]]] = {}
    for h in lines:
        name = c.requirement_name(h.g("req") or "")
        if name is not None:
            by.setdefault(name, []).append((_norm((h.g("pkg") or "").split("[")[0]), h))
    for r in asked:
        name = c.requirement_name(r.g("req") or "")
        if name is not None:
            by.setdefault(name, []).append(("", r))
    for name, named in by.items():
        if len(named) >= 2 and any(_PYTHON_SIDE.match(x) for x in (name, *(p for p, _ in named))):
            return [*lines, *asked]
    return []


def pip_resolution_conflict(ctx: Facts) -> list[Finding]:
    """pip's "Cannot install A and B because these package versions have conflicting
    dependencies" (ResolutionImpossible, pip >= 20.3): two requirements exclude each other.

    The "The conflict is caused by:" lines ("tensorflow 2.10.1 depends on keras<2.11 and
    >=2.10.0") name the side TensorFlow pins; every TensorFlow release pins its Keras,
    protobuf, NumPy, tensorboard ranges (its setup.py REQUIRED_PACKAGES), and tf-keras X.Y
    requires TensorFlow X.Y.
    """
    hits = ctx.h("pip.resolution").all() or headerless_report(ctx)
    if not hits or python_range_shown(ctx):
        return []  # TensorFlow's Python range left out: checks/resolver_python_range.py
    # every derivation line kept (one per depending package beyond the first five)
    depends = ctx.h("pip.depends").kept()
    if all(h.g("pubgrub") for h in hits) and not any(
            _PYTHON_SIDE.match(_norm((x or "").split("[")[0]))
            for h in depends for x in (h.g("pkg"), h.g("req"))) and not any(
            _PYTHON_SIDE_NAMED.search(h.text) for h in hits) and not any(
            _PYTHON_SIDE_RANGED.search(h.text) for h in ctx.h("pip.pubgrub_conflict").all()):
        return []  # a PubGrub report of another ecosystem (Dart's pub) or none of TensorFlow's
    pubgrub = all(h.g("pubgrub") for h in hits)
    if pubgrub and any(uv_no_wheel(h) and uv_no_wheel_is_cause(ctx, h)
                       for h in ctx.h("pip.no_dist").all()):
        # uv's report derives the failure from a release with no wheel for this interpreter
        # ("has no wheels with a matching ... tag"): that release is the cause (_no_matching),
        # not two requirements excluding each other
        return []
    # pip's own report only: a PubGrub report's lines are derivations, not candidates
    sole = None if pubgrub else (sole_dependency(ctx, depends)
                                 or every_release_sunk(ctx, hits))
    if sole is not None:
        return [sole]
    tf_side = [h for h in depends
               if _norm((h.g("pkg") or "").split("[")[0]) in (*_TF_ITSELF, "tf-keras")]
    named = tf_side[0] if tf_side else None
    if not ctx.h("pip.resolution").count:
        overlap = _shown_lines_overlap(ctx, hits, named)
        if overlap is not None:
            return [overlap]
    pins = pin_conflict(ctx.kb, depends)
    if pins is not None:
        return [_and_cuda_pin_conflict(ctx, pins, hits, pubgrub)]
    fix = [
        *(addon_pin_fix(ctx, depends) if not pubgrub else ()),
        *(f"# no {n.g('pkg')} release matches {n.g('spec') or n.g('spec2') or 'that requirement'}"
          " on the index the resolver read: the package that requires it (the lines above) "
          "needs another release, or a platform marker that leaves it out"
          for n in ctx.h("pip.pubgrub_no_versions").all()[:1] if pubgrub),
        (f"# {named.g('pkg')} {named.g('v') or named.g('v2')} depends on {named.g('req')}"
         + (f" ({named.g('rspec')})" if named.g("rspec") else named.g("rspec2") or "")
         + ": pin that range in your requirements, or drop your pin and let the resolver "
         "choose")
        if named is not None else
        ("# read the 'Because A depends on X and B depends on Y' lines: they name the two "
         "requirements that exclude each other; pin the range the package you keep depends on, "
         "or drop your pin" if pubgrub else
         "# read the 'The conflict is caused by:' lines: they name the two requirements that "
         "exclude each other; pin the range the package you keep depends on, or drop your pin"),
        # only when tf-keras is in the conflict (not a NumPy or protobuf one)
        *(["# tf-keras must match TensorFlow's major.minor: pip install \"tf-keras~=X.Y.0\" "
           "for TensorFlow X.Y"] if any(re.search(r"tf[-_]keras", h.text, re.I)
                                        for h in (*hits, *depends)) else []),
        "# two tools that need disjoint ranges (e.g. NumPy) cannot share one environment: "
        "give each its own virtual environment",
    ]
    return [catalogue.make(
        "pip-tensorflow-pin-conflict", variant="pubgrub" if pubgrub else None,
        evidence=log_evidence(hits, tf_side[:2] or depends[:2], limit=4),
        fix=tuple(fix),
    )]


def _shown_lines_overlap(ctx: Facts, hits: list[Hit], named: Hit | None) -> Finding | None:
    """``pip-tensorflow-pin-conflict`` variant ``shown-lines-overlap``: pip's "depends on" /
    "The user requested" lines pasted without its header (``hits``, :func:`headerless_report`)
    whose requirements on one package admit a common version
    (:func:`_spec_meet.common_version`): the requirement that excludes them was cut from the
    paste; ``None`` when those shown exclude each other (or do not parse)."""
    by: dict[str, list[Hit]] = {}
    for h in hits:
        name = c.requirement_name(h.g("req") or "")
        if name is not None:
            by.setdefault(name, []).append(h)
    for dep, lines in by.items():
        specs = [specifiers(h.g("req") or "") for h in lines]
        if len(lines) < 2 or any(s is None for s in specs):
            continue
        meet = common_version([s for s in specs if s is not None])
        if meet is None:
            return None  # these lines exclude each other: the plain reading
        reqs = "; ".join(f"{h.g('pkg')} {h.g('v')}: {h.g('req')}" if h.g("pkg")
                         else f"you: {h.g('req')}" for h in lines[:3])
        return catalogue.make(
            "pip-tensorflow-pin-conflict", variant="shown-lines-overlap", dep=dep,
            version=str(meet), count=str(len(lines)), reqs=reqs,
            evidence=log_evidence(lines, limit=4),
            fix=(f"# pip's whole report: the line under 'The conflict is caused by:' whose "
                 f"{dep} requirement excludes {meet} names the package to change",
                 *((f"# {named.g('pkg')} {named.g('v')} depends on {named.g('req')}: pin "
                    "that range in your requirements, or drop your pin and let the resolver "
                    "choose",) if named is not None else ()),
                 "# two tools that need disjoint ranges cannot share one environment: give "
                 "each its own virtual environment"))
    return None


def _and_cuda_pin_conflict(ctx: Facts, p: PinConflict, hits: list[Hit],
                           pubgrub: bool) -> Finding:
    """``pip-tensorflow-pin-conflict`` variant ``and-cuda-wheel``: TensorFlow's and-cuda
    pin of an NVIDIA wheel against another package's range of it (:mod:`._and_cuda_pins`)."""
    if p.fits:
        asked = (f"pins of {', '.join(p.wheels)} fit {p.other}'s" if len(p.wheels) > 1
                 else f"pin of {p.wheel} fits {p.other_spec}")
        fits = f"TensorFlow releases whose and-cuda {asked}: {', '.join(p.fits)}."
        # the first fitting release after the one asked for (the smallest move), else the
        # newest fitting one
        after = [v for v in p.fits if _parses(v) and _parses(p.tf_version)
                 and Version(v) > Version(p.tf_version)]
        pick, why = ((after[0], "the first TensorFlow after " + p.tf_version) if after
                     else (p.fits[-1], "the newest TensorFlow"))
        fix: tuple[str, ...] = (
            c.pip(ctx, "install", f"tensorflow[and-cuda]=={pick}",
                  f"{p.other}=={p.other_version}")
            + f"   # {why} whose {'pins fit' if len(p.wheels) > 1 else p.wheel + ' pin fits'};"
            " the resolver then checks the rest",
            f"# or, when {p.other} is your own project, loosen its pin of {p.wheel}; or give "
            "each framework its own virtual environment")
    else:
        asked = ", ".join(p.wheels) if len(p.wheels) > 1 else f"{p.wheel} ({p.other_spec})"
        fits = (f"No TensorFlow release in tfgpu's table pins versions of {asked} that fit "
                f"{p.other}'s.")
        fix = (f"# no tensorflow[and-cuda] release pins versions of {asked} that fit "
               f"{p.other}'s: give TensorFlow and {p.other} a virtual environment each, or, "
               f"when {p.other} is your own project, loosen its pins",)
    return catalogue.make(
        "pip-tensorflow-pin-conflict", variant="and-cuda-wheel",
        tool="The resolver" if pubgrub else "pip", wheel=p.wheel,
        tf_pkg=p.tf_line.g("pkg") or "tensorflow[and-cuda]",
        tf_version=p.tf_version or "(this release)", tf_spec=str(p.tf_spec),
        other=p.other, other_version=p.other_version, other_spec=str(p.other_spec),
        fits=fits,
        evidence=log_evidence(hits, [p.tf_line, p.other_line], limit=4),
        fix=fix,
        knowledge_ref=(f"tf_pip_cuda_wheels:{p.tf_version}-{p.wheel}"
                       if p.tf_version else None),
    )


def keras_minor_mismatch(ctx: Facts) -> list[Finding]:
    """Keras 2 or tf-keras of another minor than TensorFlow (tensorflow/tensorflow#59763,
    #52937): it calls private ``tf.__internal__`` APIs of the TensorFlow it was built for
    ("has no attribute 'register_load_context_function'"), or, with TensorFlow 2.6.0/2.6.1
    (which required keras~=2.6, so pip took Keras 2.7), registers TensorFlow's metrics a
    second time ("Another metric with the same name already exists")."""
    hits = ctx.h("keras.minor").all()
    if not hits:
        return _keras_pair_installed(ctx)
    mm = ctx.tf_mm
    ver = f"{mm[0]}.{mm[1]}" if mm is not None else "X.Y"
    k3_tf, k2_tf = keras3_series(ctx.kb)
    first = tf_minor(k3_tf)
    dist = "tf-keras" if mm is not None and first is not None and mm >= first else "keras"
    fix = [
        "pip show tensorflow keras tf-keras   # their major.minor must match",
        f'pip install "{dist}~={ver}.0"   # the Keras of TensorFlow {ver}'
        + ("" if mm is not None else
           f" (keras for TensorFlow <= {k2_tf}, tf-keras from {k3_tf})"),
    ]
    if mm is None or mm == (2, 6):
        fix.append('# TensorFlow 2.6.0/2.6.1: pip install "keras<2.7" (or TensorFlow 2.6.2+)')
    return [catalogue.make(
        "keras-version-mismatch-tensorflow",
        evidence=log_evidence(hits),
        fix=tuple(fix),
    )]


def _keras_pair_installed(ctx: Facts) -> list[Finding]:
    """``keras-version-mismatch-tensorflow`` variant ``installed-pair`` (a warning): pip's
    "Successfully installed" line names keras 2.K and TensorFlow 2.T with K != T, both in the
    paired era (platform fact ``keras2-paired-minor`` up to the minor before ``keras3-switch``):
    the import that follows fails (tensorflow/tensorflow#52922: TF 2.6.1 with keras 2.7)."""
    hits = ctx.h("pip.keras_tf_installed").all()
    if not hits:
        return []
    first = tf_minor(ctx.kb.platform_fact("keras2-paired-minor").value("tf_version"))
    k3_tf, k2_tf = keras3_series(ctx.kb)
    last = tf_minor(k2_tf)
    assert first is not None and last is not None
    for h in hits:
        k, t = tf_minor(h.g("k") or ""), tf_minor(h.g("t") or "")
        if k is None or t is None:
            continue
        if k[0] == 3 and t <= last and h.g("kd") == "keras":
            # Keras 3 beside a TensorFlow before the Keras 3 switch (keras3-switch: 2.16 is
            # the first built for it; 2.15 pins keras<2.16)
            return [catalogue.make(
                "keras-version-mismatch-tensorflow", variant="installed-keras3",
                keras=f"{k[0]}.{k[1]}", tf=f"{t[0]}.{t[1]}", first=k3_tf,
                evidence=log_evidence([h]),
                fix=(f'pip install "keras~={t[0]}.{t[1]}.0"   # the Keras 2 of TensorFlow '
                     f"{t[0]}.{t[1]}",
                     f'# or keep Keras 3: pip install "tensorflow>={k3_tf}"'),
            )]
        if k == t or not all(first <= v <= last for v in (k, t)):
            continue
        ver = f"{t[0]}.{t[1]}"
        dist = h.g("kd") or "keras"
        return [catalogue.make(
            "keras-version-mismatch-tensorflow", variant="installed-pair",
            keras=f"{dist} {k[0]}.{k[1]}", tf=ver, evidence=log_evidence([h]),
            fix=(f'pip install "{dist}~={ver}.0"   # the {dist} of TensorFlow {ver}',
                 f"pip show tensorflow {dist}   # their major.minor must match"),
        )]
    return []


def _no_matching(ctx: Facts) -> Iterator[Finding]:
    """"No matching distribution" / "Could not find a version" / poetry's "Unable to find
    installation candidates", classified by the distribution pip names."""
    # a line listing no release after pip failed to read the index: pip-index-unreachable
    hits = [h for h in ctx.h("pip.no_dist").all() if not index_unread_before(ctx, h)
            and not retried_before(ctx, h) and uv_no_wheel_is_cause(ctx, h)]
    by: dict[str, list[Hit]] = {}
    for h in hits:
        by.setdefault(_norm(h.g("pkg") or ""), []).append(h)
    # a range on TensorFlow that another project sets is that project's pin (no_matching_wheel)
    # a range on TensorFlow is read with the releases offered (no_matching_wheel), and pip's
    # name mismatch is its own finding; a range a listed final release meets is no "no wheel"
    others = tf_ranges_read_here(ctx) | wrong_project_wanted(ctx)
    fits = {_norm(h.g("pkg") or "") for h in (*hits, *ctx.h("pip.range_not_offered").all())
            if tf_range_fits_listed(h)}
    # an exact pin to one dated nightly build the index no longer (or not yet) offers
    nightly = {k: f for k, hs in by.items() if (f := nightly_build_pin(ctx, k, hs)) is not None}
    yield from nightly.values()
    # a TensorFlow companion's range above every release offered: no_matching_wheel's reading
    others |= set(nightly) | companion_ranges_read_here(ctx)
    tf_hits = [h for k, hs in by.items() if k in _TF_ITSELF and k not in others | fits
               for h in hs]
    tf_hits += [h for k in ("tensorflow-gpu", "tf-nightly-gpu") for h in by.get(k, ())
                if (gpu_pin_not_offered(ctx, h) or gpu_name_none_listed(ctx, h))
                and not old_release_pin(h)]
    if tf_hits:
        yield _no_tensorflow_wheel(ctx, tf_hits)
    for apple in _APPLE:
        if apple in by:
            yield _apple_no_wheel(ctx, apple, by[apple])
            break
    if "tensorflow-intel" in by:
        yield _intel_no_wheel(ctx, by["tensorflow-intel"])
    if "tensorflow-rocm" in by:
        amd = ctx.kb.platform_fact("amd-rocm")
        yield catalogue.make(
            "tensorflow-rocm-not-available", evidence=log_evidence(by["tensorflow-rocm"]),
            knowledge_ref=amd.ref,
        )
    deps = [(k, hs) for k, hs in by.items()
            if k not in others
            and k not in (*_TF_ITSELF, *_APPLE, "tensorflow-intel", "tensorflow-rocm",
                         "tensorflow-gpu", "tf-nightly-gpu",
                         "tensorflow-directml")  # checks/no_matching_wheel.py
            and (k.startswith(("tensorflow-", "tf")) or k in ("tensorrt", "tensorrt-libs")
                 # any project asked for by name of which pip lists no version at all (a
                 # library around TensorFlow such as dm-sonnet-gpu): no file for this Python
                 or (c.pip_asked_for(ctx, k) and hs[0].g("versions") is not None
                     and not listed_releases(hs[0]))
                 # any other name pip lists no version of at all, given on its command line
                 # or required by a named project, from the default index
                 or k in _none_listed(ctx, by)
                 # uv names a release with wheels, none for this interpreter or platform
                 or any(uv_no_wheel(h) for h in hs))]
    if deps and not tf_hits and deps[0][0] == "tensorflow-directml-plugin":
        # the plugin asked for by name, not a dependency to loosen
        hs = deps[0][1]
        dml = ctx.kb.platform_fact("directml-plugin-tf-pin")
        tfv = dml.value("tf_version")
        try:
            prow = ctx.kb.config_for(tfv, "windows")
        except KnowledgeQueryError:
            prow = None
        pyr = prow.python_range() if prow is not None else "unknown"
        yield catalogue.make(
            "tensorflow-dependency-no-wheel", variant="directml-plugin", tf=tfv,
            evidence=log_evidence(hs), knowledge_ref=dml.ref,
            cause=(f"tensorflow-directml-plugin's last release ({dml.value('plugin_version')}) "
                   f"is built for TensorFlow {tfv} and pins {dml.value('pip_requirement')}, with "
                   "wheels for Windows and WSL only; pip found none for this interpreter: "
                   f"most likely a Python outside TensorFlow {tfv}'s range ({pyr}"
                   + (f", knowledge row {prow.ref}" if prow is not None else "")
                   + "), a 32-bit Python, or another OS."),
            fix=("python -c \"import sys, struct, platform; print(sys.version, "
                 "struct.calcsize('P') * 8, platform.system())\"",
                 f"# a 64-bit Python {pyr} venv on Windows or WSL, then: pip install "
                 f"\"{dml.value('pip_requirement')}\" tensorflow-directml-plugin",
                 "# an NVIDIA GPU with a newer TensorFlow: WSL2 with pip install "
                 "\"tensorflow[and-cuda]\""),
        )
    elif deps and not tf_hits:
        name, hs = deps[0]
        h = hs[0]
        pin = (h.g("spec") or h.g("poetry") or "").lstrip("=")
        listed = listed_releases(h)
        offered = (f" (pip offers {', '.join(listed[-3:])} ...)" if listed else
                   " (pip lists no version at all)" if h.g("versions") is not None else "")
        asked = c.pip_asked_for(ctx, name) or (
            _top_level(hs) if name in _none_listed(ctx, by) else [])
        # a pin whose release candidates alone are listed: not published yet
        early = (unreleased_reading(name, pin, listed, hs)
                 if (h.g("spec") or "").startswith("==") else None)
        if early is not None:
            yield catalogue.make(
                "tensorflow-dependency-no-wheel", variant="not-yet-published", package=name,
                pin=pin, pre=early[2], why=early[0], fix=early[1], evidence=log_evidence(hs))
            return
        parent = next((m.group(1) for x in hs
                       if (m := _FROM_PROJECT.search(x.text)) is not None), None)
        if parent is not None:
            asked = []  # pip's own line names the project requiring it: not asked by name
        if parent is None and uv_no_wheel(h):
            # uv's report: "... and tensorflow==2.20.0 depends on numpy>=1.26.0"
            parent = next((d.g("pkg") for d in ctx.h("pip.depends").kept()
                           if _norm((d.g("req") or "").split("[")[0]) == name), None)
        interpreter = ("python -c \"import sys, platform; print(sys.version, platform.system(), "
                       "platform.machine())\"   # the interpreter pip installs for")
        variant: str | None = None
        evidence = log_evidence(hs)
        if asked and not listed and _yanked_all(ctx, h):
            return  # every release yanked (pip said so above): not a wheel missing here
        if (asked and not listed and h.g("versions") is not None
                and not name.startswith(("tensorflow-", "tf"))):
            # nothing listed at all for a name outside TensorFlow's family: a name pip does
            # not know (misspelt, an import name) is as likely as no file here
            shown = h.g("pkg") or name
            conda = _CONDA_ONLY.get(name)
            near = _near_requirement(ctx, shown)
            yield catalogue.make(
                "tensorflow-dependency-no-wheel", variant="asked-for-none", package=shown,
                pin=f" {pin}" if pin else "", evidence=log_evidence(asked[:1], hs),
                fix=(*((conda,) if conda else ()),
                     *((near,) if near else ()),
                     "# look the name up on the index's site or the project's install page: "
                     "a name the index does not know has no project page; a project's page "
                     "lists the Python versions and platforms its files are for",
                     "# an import name is not always the project's pip name (cv2 is "
                     "opencv-python, PIL is Pillow, sklearn is scikit-learn)",
                     interpreter))
            return
        if asked:
            # asked for by name ("pip install <it>", "Collecting <it>" without a parent):
            # not a dependency's pin to loosen
            variant, evidence = "asked-for", log_evidence(asked[:1], hs)
            cause = (f"{name} was asked for by name, and pip finds no file of it"
                     + (f" (version {pin})" if pin else "")
                     + f" for this Python and platform{offered}: the project publishes "
                     "wheels for some platforms and Python versions only (often Linux "
                     "only), or the index used does not carry it"
                     + (" (or the name is misspelt: pip lists no release of a name it "
                        "does not know either)" if not listed else "") + ".")
            near = _near_requirement(ctx, h.g("pkg") or name) if not listed else None
            fix: tuple[str, ...] = (*((near,) if near else ()),
                interpreter,
                f"pip index versions {name}   # the releases the index offers this interpreter",
                "# the project's install page names the platforms and Python versions it "
                "builds for: use one of them (on Windows, often WSL2), or a release or "
                "alternative that provides the same feature here")
        elif parent is not None:
            # another project's requirement (pip's "(from <project>)"): its pin, not the user's
            cause = (f"{name} (not TensorFlow itself), which {parent} requires, has no wheel"
                     + (f" of version {pin}" if pin else "")
                     + f" for this Python and platform{offered}: {name} publishes wheels for "
                     "some platforms and Python versions only.")
            fix = (interpreter,
                   f"# a Python/platform {name} publishes wheels for (its install page), or a "
                   f"release of {parent} that does not require it here",
                   c.pip(ctx, "install", "--no-deps", parent)
                   + f"   # or install {parent} without {name}, then its other requirements "
                   "yourself (what needs it will not work)")
        else:
            cause = (f"{name} (not TensorFlow itself) has no wheel"
                     + (f" of version {pin}" if pin else "")
                     + f" for this Python and platform{offered}"
                     + ". It is a dependency (of TensorFlow or of the project's lock/requirements "
                     "file), often pinned on another OS or Python.")
            fix = (f"# drop or loosen the {name} pin (or guard it with an environment marker, "
                   f"e.g. ; sys_platform != 'win32'), and let pip resolve TensorFlow's own "
                   "dependencies",
                   "pip install tensorflow   # then: pip check",
                   "# if TensorFlow itself requires it: use a Python version for which it has "
                   "wheels (python -c \"import sys; print(sys.version)\")")
        hint = next((x for x in hs if uv_hint(x)), None)
        if hint is not None:
            cause += (f" uv's hint lists the {hint.g('uvtag')} tags it has wheels for "
                      f"({hint.g('tags')}), none of them this environment's "
                      f"{hint.g('uvwant')}{tag_python(hint.g('uvwant') or '')}.")
        elif uv_no_wheel(h) and h.g("uvwant"):
            cause += (f" uv names the {h.g('uvtag') or 'wheel'} tag this environment needs: "
                      f"{h.g('uvwant')}{tag_python(h.g('uvwant') or '')}.")
        yield catalogue.make(
            "tensorflow-dependency-no-wheel", variant=variant, package=name,
            pin=f" {pin}" if pin else "", evidence=evidence, cause=cause, fix=fix,
        )


#: pip's "(from <project>)" after a requirement: the project that requires it (not a
#: requirements file's "(from -r requirements.txt (line 3))", which is the user's own pin).
_FROM_PROJECT = re.compile(r"\(from ([A-Za-z0-9][\w.-]{0,80})(?:[<>=!~\[][^)]{0,80})?\)")


def _top_level(hs: list[Hit]) -> list[Hit]:
    """pip's "Could not find a version that satisfies the requirement <req> (from versions:
    ...)" lines with no "(from <parent>)" / "(from -r <file> ...)" before the list: a
    requirement given on pip's command line.  pip writes the requirement's origin only when it
    has one (resolvelib factory.py _report_single_requirement_conflict: "<req> (from
    <parent>)"; the legacy resolver's "<req> (from <comes_from>)"), so no clause means no
    parent and no requirements file (google-research/google-research#779: "... the
    requirement scann (from versions: none)")."""
    return [h for h in hs if h.g("versions") is not None
            and "(from " not in h.text.split("(from versions", 1)[0]]


def _none_listed(ctx: Facts, by: dict[str, list[Hit]]) -> set[str]:
    """Names outside TensorFlow's family of which pip lists no version at all ("(from
    versions: none)", pip before 20.3 "(from versions: )"), given on the command line
    (:func:`_top_level`) or required by a named project ("(from dm-acme==0.2.4)"), while pip
    read its default index with no source restriction (no --no-index, --find-links, other
    index: there an empty list may be that source's gap) and skipped none it saw (pip's
    "Ignored the following ... versions" line: the list is empty for that reason).  An empty
    list means no file of any release for this interpreter and platform (or, on the command
    line, a name the index does not know): google-deepmind/acme#179 (dm-reverb, Linux wheels
    only, on macOS), google-deepmind/reverb#2 (dm-reverb-nightly, cp36/cp37 wheels only, on
    Python 3.8)."""
    if ctx.h("pip.source_restricted").count or ctx.h("pip.other_index").count:
        return set()
    # pip skipped releases it saw (yanked, or for another Python: "Ignored the following
    # versions that require a different python version"): the list is empty for that reason
    if ctx.h("pip.ignored_versions").count:
        return set()
    out = set()
    for k, hs in by.items():
        shown = [h for h in hs if h.g("versions") is not None]
        if (k.startswith(("tensorflow-", "tf")) or not shown
                or any(listed_releases(h) for h in shown)):
            continue
        if _top_level(shown) or any(_FROM_PROJECT.search(h.text) for h in shown):
            out.add(k)
    return out


def gpu_name_none_listed(ctx: Facts, h: Hit) -> bool:
    """Pip's "... tensorflow-gpu (from versions: none)" (or "(from versions: )", pip before
    20.3) for tensorflow-gpu / tf-nightly-gpu asked for without a version: the retired name's
    placeholder (platform fact ``tensorflow-gpu-removed`` ``stub_version``) is a source
    distribution, which pip offers on every platform and Python from the public index, so a
    list without it means the log predates the placeholders and the name's real releases had
    no wheel for this platform or interpreter (macOS, 32-bit or too new a Python): not the
    retired name.  False
    when pip ignored releases for their Requires-Python (``pip.requires_python``: the
    placeholder may be among them), printed the placeholder's own notice, or was kept from
    source distributions or the public index (``pip.source_restricted``: --only-binary,
    --no-index, --find-links, --platform, another index)."""
    pkg = _norm(h.g("pkg") or "")
    if (h.g("spec") or pkg not in ("tensorflow-gpu", "tf-nightly-gpu")
            or ctx.h("pip.tfgpu_removed").count or ctx.h("pip.requires_python").count
            or ctx.h("pip.source_restricted").count):
        return False
    # pip prints the list once ("Could not find a version ... (from versions: )") and then
    # "No matching distribution found for <pkg>" without it
    same = [o for o in ctx.h("pip.no_dist").all() if _norm(o.g("pkg") or "") == pkg]
    return (any(o.g("versions") is not None for o in same)
            and not any(listed_releases(o) for o in same))


def gpu_pin_not_offered(ctx: Facts, h: Hit) -> bool:
    """Pip's "No matching distribution ... tensorflow-gpu==X (from versions: ...)" where
    the listed versions are real tensorflow-gpu releases (all older than the empty
    placeholder packages, platform fact ``tensorflow-gpu-removed`` ``stub_version``) and X
    is not among them but not newer than the newest listed: the pinned version has no wheel
    for this interpreter (a release candidate or a release built for other Pythons), not the
    retired name; the resolver lists only the versions with a file this interpreter accepts."""
    pin = (h.g("spec") or "")
    if not pin.startswith("==") or "*" in pin:
        return False
    stub, _ = ctx.kb.fact_series("tensorflow-gpu-removed", "stub_version")
    want = version_or_none(pin[2:])
    # Checked on threads (QData/AdversarialDNN-Playground#15: tensorflow-gpu==2.5.1
    # "(from versions: none)" in 2022, before the name was retired): a 2.x release older than
    # the placeholders has real wheels, for other Pythons than this one; native Windows pins
    # past its last GPU release stay tensorflow-windows-native-no-gpu's
    if (want is not None and want.release[0] == 2 and (*want.release, 0)[:2] < tuple(stub[:2])
            and not any(listed_releases(o) for o in ctx.h("pip.no_dist").all()
                        if o.g("pkg") == h.g("pkg"))):
        last = version_or_none(ctx.kb.platform_fact("windows-native-gpu-last").value("tf_version"))
        if not (ctx.windows and last is not None
                and (*want.release, 0)[:2] > (*last.release, 0)[:2]):
            return True
    # pip prints the list once ("Could not find a version ... (from versions: ...)") and then
    # "No matching distribution found for <same pin>" without it
    listed = next((listed_releases(o) for o in ctx.h("pip.no_dist").all()
                   if o.g("pkg") == h.g("pkg") and o.g("spec") == pin and o.g("versions")), [])
    if not listed or pin[2:] in listed:
        return False
    stub, _ = ctx.kb.fact_series("tensorflow-gpu-removed", "stub_version")
    top, want = version_or_none(_highest(listed) or ""), version_or_none(pin[2:])
    # a real release pinned (older than the placeholders) while pip
    # offers only placeholders: that release has no wheel for this interpreter (tensorflow-gpu
    # 2.10.0 on a Python newer than its wheels), not the retired name
    if (want is not None and (*want.release, 0)[:2] < tuple(stub[:2])
            and all((v := version_or_none(x)) is not None and (*v.release, 0)[:2] >= tuple(stub[:2])
                    for x in listed)):
        return True
    # a pin past the newest listed is another story (the retired name, native Windows)
    return (top is not None and want is not None and want <= top
            and (*top.release, 0)[:2] < tuple(stub[:2]))


def _intel_mac_stop(ctx: Facts, pkg: str, pin: str,
                    highest: str) -> tuple[str, str, list[str]] | None:
    """``tensorflow`` pinned past the last series with macOS x86 wheels (platform
    fact ``macos-x86-last``: 2.16; the TF 2.16 release notes) while pip's newest offer is of
    that series: on an Intel Mac no Python has the pinned wheel.  Returns ``(variant, cause,
    fix lines)``: ``intel-mac`` when the host facts or the log show macOS on x86_64 (the fix
    replaces the Python one), ``intel-mac-or-python`` when the platform is unknown (a
    hedge whose lines are added); ``None`` when the list does not stop there or the host
    is known to be something else."""
    if pkg != "tensorflow" or ctx.intel_mac is False:
        return None
    last, fact = ctx.kb.fact_series("macos-x86-last")
    want, top = tf_minor(pin), tf_minor(highest)
    if want is None or top is None or top != last or want <= last:
        return None
    why = (f"2.{last[1]} is the last TensorFlow series with macOS x86_64 wheels: from "
           f"2.{last[1] + 1} TensorFlow publishes none for Intel Macs (knowledge row "
           f"{fact.ref}), whatever the Python version")
    # the pin is the fact's release (plan picks the same one); an index that offers
    # only an older release of that series gets the newest it offers
    last_release = fact.value("last_release")
    top_v, last_v = version_or_none(highest), version_or_none(last_release)
    pin_to = last_release if top_v is None or last_v is None or top_v >= last_v else highest
    keep = (f'pip install "tensorflow=={pin_to}"   # the newest release with Intel Mac wheels'
            + (f" (knowledge row {fact.ref})" if pin_to == last_release else
               f" this index offers ({last_release} is the last, knowledge row {fact.ref})"))
    other = ("# a newer TensorFlow: run it on Linux (Docker, a Linux machine) or on an Apple "
             "silicon Mac, or use a community build (conda)")
    if ctx.intel_mac:
        return ("intel-mac",
                f"pip offers tensorflow up to {highest} but not {pin}, and this is an Intel Mac "
                f"(macOS on x86_64, {ctx.os_source}): {why}.", [keep, other])
    return ("intel-mac-or-python",
            f" Or this is an Intel Mac (macOS x86_64; the list stops at 2.{last[1]}): {why}.",
            ["python -c \"import platform; print(platform.system(), platform.machine())\"   # "
             f"Darwin x86_64 is an Intel Mac: {keep.split('   #')[0]}, or see below", other])


def _intel_mac_python(ctx: Facts, pkg: str, python: str | None) -> tuple[str, list[str]] | None:
    """On a Mac (host facts, or a log that shows macOS: a Mac's shell prompt, a /Users path)
    not known to be Apple silicon, pip's empty list for ``tensorflow`` may be the Intel Mac
    case: TensorFlow's last macOS x86_64 wheels (platform fact ``macos-x86-last``: 2.16.2,
    from TF 2.17 none) cover only the Pythons of that release's tested row (3.9-3.12), so an
    Intel Mac, or an x86_64 Python under Rosetta, with a newer (or older) Python lists no
    version at all.  Returns ``(cause sentence, fix lines)``; ``None`` for another package
    or OS, a host known not to be an Intel Mac, or a ``python`` (``"3.12.4"``) those wheels
    cover."""
    if pkg != "tensorflow" or ctx.os != "macos" or ctx.intel_mac is False:
        return None
    fact = ctx.kb.platform_fact("macos-x86-last")
    last = str(fact.value("last_release"))
    covered, row = ctx.kb.wheel_for_python(last, "macos", python)
    if covered is True or row is None or not row.python_min or not row.python_max:
        return None
    rng = f"{row.python_min}-{row.python_max}"
    who = ("This is an Intel Mac (macOS on x86_64, host facts)" if ctx.intel_mac else
           "This log is a Mac's: on an Intel Mac, or with an x86_64 Python under Rosetta on "
           "Apple silicon,")
    cause = (f" {who} TensorFlow's last wheels are {last}'s, for Python {rng} (macOS x86_64 "
             f"wheels end with the {last} release: knowledge rows {fact.ref}, {row.ref}), so "
             + (f"Python {python}" if python else f"a Python outside {rng}")
             + " gets no TensorFlow version at all; an arm64 Python on Apple silicon gets "
             "current releases.")
    fix = ["python3 -c \"import platform; print(platform.machine())\"   # x86_64: an Intel "
           "Mac or a Rosetta Python; arm64: Apple silicon",
           f"# x86_64: a Python {rng} venv, then pip install \"tensorflow=={last}\" (the last "
           "release with Intel Mac wheels); on Apple silicon use an arm64 Python"]
    return cause, fix


def _listed_hit(ctx: Facts, nod: list[Hit], pin_hit: Hit | None) -> Hit | None:
    """The hit whose "(from versions: ...)" list answers the pin of ``pin_hit``: pip prints
    one list per requirement, so another distribution's list (tensorflow-gpu's, pinned in
    the same paste) says nothing of this one's.  The pinned distribution's own list first
    (pattern ``pip.no_dist``, else ``pip.range_not_offered``, which reads a list wrapped
    over more lines), then any list of ``nod``."""
    if pin_hit is not None:
        pkg = _norm(pin_hit.g("pkg") or "")
        for h in (*nod, *ctx.h("pip.range_not_offered").all()):
            if h.g("versions") is not None and _norm(h.g("pkg") or "") == pkg:
                return h
    return next((h for h in nod if h.g("versions") is not None), None)


def _arm32_board(ctx: Facts, nod: list[Hit]) -> Finding | None:
    """Variant ``arm32``: the log shows a 32-bit ARM machine (``armv7l``/``armv6l``) and no
    aarch64: the package index has no TensorFlow for it at all (platform fact
    ``tensorflow-arm32-boards``), so a Python version or a pip upgrade is no fix. pip reading
    piwheels alone is no proof (64-bit Raspberry Pi OS adds that index too). ``None``
    otherwise."""
    arm = ctx.h("tools.arm_board").all()
    arches = {a for h in arm if (a := h.g("arch"))}
    if "aarch64" in arches or not arches & {"armv7l", "armv6l"}:
        return None
    fact = ctx.kb.platform_fact("tensorflow-arm32-boards")
    what = next(iter(sorted(arches & {"armv7l", "armv6l"})), None) or "a Raspberry Pi"
    last, pys = fact.value("piwheels_last"), fact.value("piwheels_pythons")
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="arm32", machine=what,
        evidence=log_evidence(nod, arm[:1], ctx.h("pip.other_index").all()[:1]),
        knowledge_ref=fact.ref,
        cause=(f"This machine is a 32-bit ARM board ({what}): the package index has no "
               "TensorFlow for 32-bit ARM at all, for any Python (knowledge row "
               f"{fact.ref}). On Raspberry Pi OS pip also reads piwheels, which holds the "
               f"TensorFlow team's old Pi builds only (up to {last}, for Python {pys}), none "
               "for the Pythons of newer OS releases; the TensorFlow team moved the Pi to "
               f"TensorFlow Lite ({fact.value('successor')})."),
        fix=("python3 -c \"import platform; print(platform.machine())\"   # armv7l/armv6l: a "
             "32-bit OS",
             "# to run a model: TensorFlow Lite's runtime (pip install tflite-runtime, or its "
             "successor ai-edge-litert), with the model converted to .tflite",
             f"# code that needs TensorFlow 1.x: piwheels' builds, with a Python they were made "
             f"for (Python {pys.split(', ')[-1]}: an older Raspberry Pi OS) and "
             f"tensorflow=={last}",
             "# for full TensorFlow: a 64-bit OS on the board (aarch64), which takes the "
             "package index's aarch64 wheels (a Pi 3 or newer), or a community build for this "
             "OS and Python"))


def _no_tensorflow_wheel(ctx: Facts, nod: list[Hit]) -> Finding:
    """No wheel of TensorFlow itself for this interpreter (Python version, 32-bit, OS)."""
    arm32 = _arm32_board(ctx, nod)
    if arm32 is not None:
        return arm32
    py = ctx.host.python.version if ctx.host is not None else None
    bits = ctx.host.python.bits if ctx.host is not None else None
    lo, hi, _ = ctx.kb.newest_python_range("linux")
    cause = ("pip found no TensorFlow wheel for this interpreter and platform. Wheels exist only "
             f"for 64-bit CPython; current releases cover Python {lo}-{hi}.")
    if py:
        cause += f" This Python is {py}" + (f" ({bits}-bit)" if bits else "") + "."
    # the log's own `python --version` line; inside the covered range the version
    # is not the cause, so the fix must not be "a venv with the Python it already has"
    printed = (ctx.printed_python or next(iter(ctx.h("ctx.pip_python").first), None)
               if not py else None)
    pin_pkg = _norm(next((h for h in nod if "==" in (h.g("spec") or "")), nod[0]).g("pkg")
                    or "tensorflow")
    x86mac = (_intel_mac_python(ctx, pin_pkg, py or (printed.g("v") if printed else None))
              if not any("==" in (h.g("spec") or "") for h in nod) else None)
    in_range = False
    if printed is not None:
        pv = printed.g("v") or ""
        vlo, vpv, vhi = version_or_none(lo), version_or_none(pv), version_or_none(hi)
        in_range = None not in (vlo, vpv, vhi) and vlo <= vpv <= vhi  # type: ignore[operator]
        cause += (f" The log shows Python {pv} (line {printed.line}), "
                  + ("which current releases cover on Apple silicon, Linux and Windows, "
                     "but not on an Intel Mac (below)." if in_range and x86mac else
                     "which current releases cover: if pip belongs to that interpreter, the "
                     "version is not the cause; a 32-bit build, a platform or CPU with no "
                     "TensorFlow wheel (e.g. musl/Alpine Linux: the manylinux wheels need "
                     "glibc), or an old pip "
                     "is." if in_range else
                     f"which current releases do not cover ({lo}-{hi})."))
    pin_hit = next((h for h in nod if "==" in (h.g("spec") or "")), None)
    listed_hit = _listed_hit(ctx, nod, pin_hit)
    listed = listed_releases(listed_hit) if listed_hit else []
    highest = _highest(listed)
    pin = (pin_hit.g("spec") or "").lstrip("=") if pin_hit else None
    pkg = _norm((pin_hit or nod[0]).g("pkg") or "tensorflow")
    # the extra asked for ("tensorflow[and-cuda]") stays in the install line
    extra = re.search(r"\b" + re.escape(pkg) + r"(\[[\w,-]{1,40}\])", (pin_hit or nod[0]).text,
                      re.IGNORECASE)
    install = f"pip install '{pkg}{extra.group(1)}'" if extra else f"pip install {pkg}"
    if pkg in ("tensorflow-gpu", "tf-nightly-gpu") and pin_hit is None:
        plain = pkg.removesuffix("-gpu")
        retired = f"{pkg} is retired (its newest versions are empty placeholders)"
        if ctx.windows:
            win_last = ctx.kb.platform_fact("windows-native-gpu-last").value("tf_version")
            try:
                row = ctx.kb.config_for(win_last, "windows")
                pys = (f" (Python {row.python_min}-{row.python_max})"
                       if row is not None and row.python_min else "")
            except KnowledgeQueryError:
                pys = ""
            install = (f"pip install tensorflow   # {retired}; native Windows runs it on the "
                       "CPU; the GPU: WSL2 with tensorflow[and-cuda], or "
                       f'"tensorflow=={win_last}.*", the last native-Windows GPU release{pys}')
        elif ctx.os == "macos":
            install = (f"pip install {plain}   # {retired}; macOS has no CUDA build: on "
                       "Apple silicon add tensorflow-metal for the GPU")
        else:
            install = (f"pip install '{plain}[and-cuda]'   # in that venv: {retired} and "
                       f"{plain} is the same GPU build")
    py_hint = f"{lo}-{hi}"
    py_unknown = False
    req = ctx.h("pip.requires_python").first
    if req:
        cause += " pip skipped releases that need another Python: " + req[0].text.strip()[:200]
    same = _series_releases(pin, listed) if pin and highest else []
    if same:
        return catalogue.make(
            "tensorflow-no-matching-distribution", variant="series-pin", pkg=pkg, pin=pin,
            same=same[-1], evidence=log_evidence(nod),
            fix=(f'pip install "{pkg}=={same[-1]}"   # the {pin} series\' release pip lists '
                 "here (in a requirements file: change the pin there)",
                 f'# or pip install "{pkg}=={pin}.*": any release of the series'))
    if pin and highest:
        cause = (f"pip offers {pkg} up to {highest} for this interpreter and platform but not "
                 f"the pinned {pin}: {pkg} {pin} was published for other Python versions. "
                 f"Either this Python is too old or too new for {pin}, or it is 32-bit.")
        try:
            prow = ctx.kb.config_for(pin, "windows" if ctx.windows else "linux")
        except KnowledgeQueryError:
            prow = None  # a pin the log gives that is not a version
        if prow is not None and prow.python_min and prow.python_max:
            py_hint = f"{prow.python_min}-{prow.python_max}"
            cause += f" TensorFlow {pin} supports Python {py_hint} (knowledge row {prow.ref})."
        elif prow is None and re.fullmatch(r"[01]\.\d+(?:\.\d+)?", pin):
            # a 0.x/1.x pin: its own Pythons (no tested-config row), never today's range
            os_name = "windows" if ctx.windows else "linux"
            neighbour = (listed_release_rules_out_python(ctx, pin, listed, os_name)
                         if pin.count(".") == 2 else None)
            if neighbour is not None:
                tag_cause, tag_fix = tag_or_index_cause(ctx, pkg, pin, neighbour)
                return catalogue.make(
                    "tensorflow-no-matching-distribution", variant="tag-or-index", pkg=pkg,
                    listed=neighbour[0], pin=pin, evidence=log_evidence(nod),
                    cause=tag_cause, fix=tag_fix,
                    knowledge_ref=ctx.kb.platform_fact("tf1-python-versions").ref)
            tf1_built = _tf1_pythons(ctx, pin, os_name)
            if tf1_built is not None:
                py_hint = tf1_built[0]
                cause += (f" TensorFlow {pin} was built for Python {py_hint} (knowledge row "
                          f"{tf1_built[1]}).")
            else:
                py_unknown = True  # an old release the tables do not give Pythons for
        # tensorflow-gpu's newest versions are empty placeholders
        stub, _ = ctx.kb.fact_series("tensorflow-gpu-removed", "stub_version")
        hv = version_or_none(highest)
        placeholder = (pkg in ("tensorflow-gpu", "tf-nightly-gpu") and hv is not None
                       and (*hv.release, 0)[:2] >= tuple(stub[:2]))
        # the pin's replacement comes from the rule (checks/_gpu_pin.py): plain
        # tensorflow of the same version from 2.1, tensorflow-gpu itself for 2.0 and 1.x
        rule = (gpu_pin_requirement(ctx.kb, pin, windows=ctx.windows)
                if pkg == "tensorflow-gpu" else None)
        if placeholder and rule is not None:
            install = (f'pip install "{rule.requirement}"   # in that venv: {rule.why} ({pkg} '
                       f"{highest} is an empty placeholder); or keep this Python with a newer "
                       "release: pip install tensorflow (native Windows "
                       "GPU ends at " + ctx.kb.platform_fact("windows-native-gpu-last")
                       .value("tf_version") + ", later ones via WSL2)")
        else:
            install = (f'pip install "{pkg}=={pin}"   # in that venv; or keep this Python: '
                       + ("pip install tensorflow   # the same GPU build under its own name "
                          f"({pkg} {highest} is an empty placeholder); native Windows GPU ends "
                          "at " + ctx.kb.platform_fact("windows-native-gpu-last")
                          .value("tf_version") + ", later ones via WSL2" if placeholder else
                          f'pip install "{pkg}=={highest}"'))
    elif listed_hit is not None and not listed:
        cause += " pip lists no TensorFlow versions at all for it (from versions: none)."
    if x86mac is not None and not listed:
        cause += x86mac[0]
    else:
        x86mac = None
    if pin and not highest:
        # Checked on threads (ratschlab/RGAN#38: tensorflow==1.4.1, cured by Python
        # 3.6): a pin names a release built for its own Pythons; the fix keeps the pin.
        try:
            prow = ctx.kb.config_for(pin, "windows" if ctx.windows else "linux")
        except KnowledgeQueryError:
            prow = None  # a pin the log gives that is not a version
        tf1 = (_tf1_pythons(ctx, pin, "windows" if ctx.windows else "linux")
               if prow is None and re.fullmatch(r"[01]\.\d+(?:\.\d+)?", pin) else None)
        built = (f"{prow.python_min}-{prow.python_max}", prow.ref) if (
            prow is not None and prow.python_min and prow.python_max) else tf1
        if built is not None:
            py_hint = built[0].split(", ")[-1]
            cause += (f" The pinned {pkg} {pin} was built for Python {built[0]} (knowledge row "
                      f"{built[1]}).")
            install = (f'pip install "{pkg}=={pin}"   # in that venv; or drop the pin and use '
                       "a current release with this Python")
    # claim audit (tensorflow/tensorflow#37457, #40640: the maintainers' first answer is to
    # upgrade pip): an old pip does not accept the wheels' platform tags and lists none
    pipmin = ctx.kb.platform_fact("pip-min-version")
    uv = next((h for h in nod if uv_no_wheel(h)), None)
    uv_finding = uv_no_tensorflow_wheel(ctx, uv, pkg, pin) if uv is not None else None
    if uv_finding is not None:
        return uv_finding
    if uv is not None:
        # uv reads the tags itself and names the one this environment wants
        want = uv.g("uvwant")
        cause = cause.replace("pip found", "uv found", 1) + (
            f" uv says so itself: {pkg}{(' ' + pin) if pin else ''} has wheels, none with "
            f"this environment's {uv.g('uvtag') or 'valid'} tag"
            + (f" ({want}{tag_python(want)})" if want else "") + ".")
    if not (pin and highest) and uv is None:
        cause += (" Or pip itself is too old to accept the wheels' platform tags: TensorFlow "
                  f"needs pip >= {pipmin.value('linux_windows')} on Linux and Windows, >= "
                  f"{pipmin.value('macos')} on macOS (knowledge row {pipmin.ref}); pip "
                  "--version tells.")
    py_pick = py_hint.split("-")[-1]
    fix = ["python -c \"import sys, struct; print(sys.version, struct.calcsize('P') * 8)\"",
           (f"# create a venv with the 64-bit Python {pkg} {pin} was built for (that "
            "release's install page names it; not a current release's range)") if py_unknown
           else f"create a venv with a 64-bit Python {py_hint}: {c.venv_fix(ctx, py_pick)}",
           install]
    if in_range and not (pin and highest):
        fix[0] = ("python -c \"import sys, struct, platform; print(sys.version, "
                  "struct.calcsize('P') * 8, platform.system(), platform.machine())\"   # "
                  "compare with the platforms the install page lists wheels for")
        fix[1] = ("# if that prints 32, or a platform without TensorFlow wheels: install a "
                  "64-bit CPython, or use WSL2/Docker there")
    if not (pin and highest) and uv is None:
        fix.insert(1, "python -m pip install --upgrade pip   # an old pip lists no wheel "
                      f"(TensorFlow needs pip >= {pipmin.value('linux_windows')}, macOS >= "
                      f"{pipmin.value('macos')})")
    if x86mac is not None:
        # the machine check replaces the interpreter check (no 32-bit Python on a current
        # Mac) and the Mac's two routes replace the generic venv line; pip and install stay
        fix = [*x86mac[1], *fix[1:2], fix[-1]]
    arm = ((rosetta_no_wheel(ctx, nod) if pkg == "tensorflow" else None)
           or apple_silicon_pin(ctx, pkg, pin, listed, nod)
           or (apple_silicon_requirement(ctx, pkg, listed, nod) if not pin else None)
           or (apple_silicon_none_listed(ctx, pkg, listed, nod) if not pin else None)
           or pip_tensorflow_32bit(ctx, pkg, nod)
           # the machine and the interpreter the log names (checks/pip_machine_wheels.py)
           or aarch64_no_wheel(ctx, pkg, ((pin_hit or nod[0]).g("spec") or "").strip(),
                               listed, nod)
           or other_interpreter(ctx, pkg, nod))
    if arm is not None:
        return arm
    if pin and highest:
        # release candidates of the pin listed, not the pin: not published yet
        early = unreleased_reading(pkg, pin, listed, nod)
        if early is not None:
            return catalogue.make(
                "tensorflow-no-matching-distribution", variant="not-yet-published",
                package=pkg, pin=pin, pre=early[2], why=early[0], fix=early[1],
                evidence=log_evidence(nod))
        mac = _intel_mac_stop(ctx, pkg, pin, highest)
        if mac is not None and mac[0] == "intel-mac":
            # the title names the fact's last release, as the fix and plan do
            last_x86 = ctx.kb.platform_fact("macos-x86-last").value("last_release")
            return catalogue.make("tensorflow-no-matching-distribution", variant="intel-mac",
                                  pin=pin, highest=last_x86, evidence=log_evidence(
                                      nod, ctx.h("ctx.x86_64").first[:1],
                                      ctx.h("ctx.macos_tool").first[:1]),
                                  cause=mac[1], fix=mac[2])
        if mac is not None:
            return catalogue.make("tensorflow-no-matching-distribution",
                                  variant="intel-mac-or-python", pin=pin, highest=highest,
                                  evidence=log_evidence(nod), cause=cause + mac[1],
                                  fix=[*fix, *mac[2]])
        siblings = _same_series(pin, listed)
        if siblings:
            # pip offers this interpreter other releases of the pin's major.minor: the series
            # has wheels for this Python, so the pinned release itself does not exist
            # (misremembered, or withdrawn), not a Python it lacks
            newest = siblings[-1]
            return catalogue.make(
                "tensorflow-no-matching-distribution", variant="pin-not-released", pin=pin,
                evidence=log_evidence(nod),
                cause=(f"pip offers {pkg} {', '.join(siblings)} of the same series for this "
                       f"interpreter and platform, but no {pin}: the series has wheels for this "
                       f"Python, so {pkg} {pin} is not a release the index has (a misremembered "
                       "version number, or a release withdrawn). The Python is not the problem."),
                fix=(c.pip(ctx, "install", f"{pkg}=={newest}") + f"   # the newest {pkg} "
                     f"{'.'.join(pin.split('.')[:2])} release pip offers here",))
        return catalogue.make("tensorflow-no-matching-distribution", variant="pinned", pin=pin,
                              highest=highest, evidence=log_evidence(nod), cause=cause, fix=fix)
    return catalogue.make("tensorflow-no-matching-distribution",
                          evidence=log_evidence(nod, ctx.h("ctx.macos").first[:1]
                                                if x86mac is not None else []),
                          cause=cause, fix=fix)


def _apple_no_wheel(ctx: Facts, pkg: str, hits: list[Hit]) -> Finding:
    """tensorflow-macos / tensorflow-metal: not on this OS, CPU or Python, or a pin that
    does not exist (tensorflow-metal has its own version numbers)."""
    metal = ctx.kb.platform_fact("macos-metal-plugin")
    h = hits[0]
    pin = (h.g("spec") or "").lstrip("=<>~!")
    listed = listed_releases(next((x for x in hits if x.g("versions") is not None), h))
    highest = _highest(listed)
    since = metal.value("tf_version")
    hv, pv = version_or_none(highest), version_or_none(pin)
    early = (unreleased_reading(pkg, pin, listed, hits)
             if (h.g("spec") or "").startswith("==") and ctx.os not in ("linux", "windows",
                                                                         "wsl2") else None)
    if early is not None:
        return catalogue.make(
            "tensorflow-metal-no-wheel", variant="not-yet-published", package=pkg, pin=pin,
            pre=early[2], why=early[0], fix=early[1], evidence=log_evidence(hits),
            knowledge_ref=metal.ref)
    if ctx.os in ("linux", "windows", "wsl2"):
        variant = "wrong-platform"
    elif hv is not None and pv is not None and pv > hv:
        variant = "no-such-version"
    else:
        variant = None
    fix = (("python -c \"import sys, platform; print(sys.version, platform.machine())\"   "
              "# arm64 and a Python version the plugin has wheels for",
              f"pip install tensorflow tensorflow-metal   # TensorFlow >= {since}: no "
              "tensorflow-macos; use a Python the newest tensorflow-metal has wheels for",
              "# a requirement for every platform: add the marker "
              "; sys_platform == 'darwin' and platform_machine == 'arm64'")
             if variant != "wrong-platform" else
             (f"# {pkg} is for macOS only: require plain tensorflow here (Linux: "
              "tensorflow[and-cuda] for the NVIDIA GPU)",
              "# guard the Apple requirement with ; sys_platform == 'darwin' and "
              "platform_machine == 'arm64'"))
    ev = log_evidence(hits)
    if variant == "no-such-version":
        # tensorflow-macos follows TensorFlow's numbers (platform fact
        # macos-arm64-tensorflow-first's MACOS-IDX: 2.5.0 ... 2.16.2); tensorflow-metal has
        # its own
        return catalogue.make("tensorflow-metal-no-wheel",
                              variant=("macos-past-listed" if pkg == "tensorflow-macos"
                                       else "no-such-version"),
                              package=pkg, pin=pin, highest=highest, evidence=ev, fix=fix,
                              knowledge_ref=metal.ref)
    if variant == "wrong-platform":
        return catalogue.make("tensorflow-metal-no-wheel", variant="wrong-platform",
                              package=pkg, evidence=ev, fix=fix, knowledge_ref=metal.ref)
    return catalogue.make("tensorflow-metal-no-wheel", package=pkg, highest=highest or "none",
                          since=since, min_python=metal.value("min_python"), evidence=ev,
                          fix=fix, knowledge_ref=metal.ref)


def _intel_no_wheel(ctx: Facts, hits: list[Hit]) -> Finding:
    """tensorflow-intel: the Windows CPU build that Windows ``tensorflow`` pulls in
    (platform fact windows-cpu-wheels-intel); pinned off Windows, or no wheel for this
    Python on Windows."""
    fact = ctx.kb.platform_fact("windows-cpu-wheels-intel")
    pin = (hits[0].g("spec") or "").lstrip("=")
    listed = [v for h in hits for v in listed_releases(h)]
    # off Windows the index offers only the 0.0.1 placeholder of tensorflow-intel
    off = ctx.os in ("linux", "wsl2", "macos") or (bool(listed) and set(listed) == {"0.0.1"})
    pin_part = f" {pin}" if pin else ""
    ev = log_evidence(hits)
    if off:
        return catalogue.make(
            "windows-only-tensorflow-intel-pinned", pin=pin_part, evidence=ev,
            fix=(f"# replace the tensorflow-intel pin with tensorflow{'==' + pin if pin else ''} "
                 "(pip list/freeze on Windows writes it; on Linux/WSL/macOS it does not exist)",
                 "# or guard it: tensorflow-intel==... ; sys_platform == 'win32'"),
            knowledge_ref=fact.ref,
        )
    return catalogue.make(
        "tensorflow-dependency-no-wheel", package="tensorflow-intel", pin=pin_part, evidence=ev,
        cause=(f"tensorflow-intel{pin_part} has no wheel for this Python: it is the Windows CPU "
               "build that the Windows tensorflow package depends on (from TensorFlow "
               f"{fact.value('tf_version')}), published per Python version, and that wheel was "
               "not published for this one (or this is not Windows)."),
        fix=(f"pip install \"tensorflow{'==' + pin if pin else ''}\"   # let it pick its own "
             "tensorflow-intel",
             "# or another Python version (py -3.X -m venv ...) or another patch release that "
             "has a wheel for this Python"),
        knowledge_ref=fact.ref,
    )


def _pip_misc(ctx: Facts) -> Iterator[Finding]:
    """Wheels for another platform, requires-python, the and-cuda extra, zsh, PEP 668,
    add-on pins."""
    wheel = [h for h in ctx.h("pip.wheel_unsupported").all()
             if _norm(h.g("pkg") or "") in (*_TF_ITSELF, "tensorflow-gpu")]
    if wheel and not ctx.h("pip.no_dist").count:
        h = wheel[0]
        tag = h.g("py") or "?"
        wpy = f"{tag[2]}.{tag[3:]}" if tag.startswith("cp") and len(tag) > 3 else tag
        # a platform tag older pips reject (manylinux2010/2014/_X_Y, macOS
        # 11+; platform fact pip-platform-tag-first): the pip version is a cause too
        from tfgpu.diagnosis.checks.pip_wheel_tags import tag_needs_newer_pip

        newer = tag_needs_newer_pip(ctx, h.g("plat") or "")
        pip_part = ""
        pip_fix: tuple[str, ...] = ()
        pip_first: dict[str, Any] = {} if newer is None else {"first": newer[1]}
        if newer is not None:
            pip_part = (f" Or this pip is older than {newer[1]}, the first pip that accepts "
                        f"{newer[0]} wheels: it rejects them on any Python.")
            pip_fix = (f"python -m pip install --upgrade \"pip>={newer[1]}\"   # pip < "
                       f"{newer[1]} does not know {newer[0]} wheels",)
        stray = bool(h.g("stray"))
        if stray:
            # PEP 427: the platform tag runs up to ".whl": a space typed before it (a
            # renamed or re-downloaded file) is part of the tag, which no Python accepts
            pip_fix = ("# rename the file: no space before '.whl' (pip reads it as part of "
                       "the platform tag), then install it again", *pip_fix)
        # the file name's tags read against the log's interpreter and machine
        # (checks/wheel_file_tags.py); the code below is the reading when they do not parse
        from tfgpu.diagnosis.checks.wheel_file_tags import wheel_file_finding

        read = None if stray else wheel_file_finding(ctx, h, pip_fix, pip_part, newer, wheel)
        # TensorFlow's wheels are 64-bit only (platform fact tensorflow-64bit-only): a 32-bit
        # Python of the wheel's version, on a 64-bit OS too, is another architecture, and on
        # Windows platform.machine() names the OS's CPU (PROCESSOR_ARCHITEW6432 first), not
        # this Python's: the pointer size tells
        bits = ctx.kb.platform_fact("tensorflow-64bit-only")
        cause = (f"The wheel file is built for CPython {wpy} on {h.g('plat')}; pip installs "
                 "a wheel only into the Python version, OS and architecture its tags name, "
                 "and this interpreter is a different one. TensorFlow's wheels are 64-bit "
                 "only: a 32-bit Python of the same version (on a 64-bit OS too) is another "
                 "architecture." + pip_part)
        if stray:
            cause = (f"The file name has a space before '.whl', so pip read the platform tag as "
                     f"'{h.g('plat')}{h.g('stray')}', which no Python accepts: the file is "
                     "refused whatever this interpreter is. Renamed, it is a wheel for CPython "
                     f"{wpy} on {h.g('plat')}, which installs only into that Python version, OS "
                     "and architecture (TensorFlow's wheels are 64-bit only).")
        yield read if read is not None else catalogue.make(
            "tensorflow-no-matching-distribution",
            variant=("wheel-file-name-space" if stray else "wheel-file" if newer is None
                     else "wheel-file-pip-tag"),
            **({} if stray else {"wheel_python": wpy, "platform": h.g("plat") or "?",
                                 **pip_first}),
            evidence=log_evidence(wheel),
            cause=cause,
            fix=(*pip_fix,
                 "python -c \"import sys, struct, platform; print(sys.version, "
                 "struct.calcsize('P') * 8, platform.machine())\"   # the version, and 32 or 64: "
                 "the bits of this Python (on Windows platform.machine() names the OS's CPU)",
                 f"# use a 64-bit Python {wpy} (a venv made from it) for this wheel, or download "
                 "the wheel whose cpXY tag matches this Python (or a newer TensorFlow release "
                 "that has one)"),
            knowledge_ref=newer[2] if newer is not None else bits.ref,
        )
    req = [h for h in ctx.h("pip.requires_python").all()
           if h.g("py") and _norm(h.g("pkg") or "").startswith(("tensorflow", "tf-"))]
    if req and not ctx.h("pip.no_dist").count and req[0].g("py"):
        h = req[0]
        yield catalogue.make(
            "tensorflow-no-matching-distribution", variant="requires-python",
            package=h.g("pkg") or "tensorflow", python=h.g("py") or "?",
            spec=h.g("spec") or "?", evidence=log_evidence(req),
            cause=(f"{h.g('pkg')} declares Requires-Python {h.g('spec')} and this Python is "
                   f"{h.g('py')}: pip refuses it."),
            fix=(f"# a venv with a Python inside {h.g('spec')}: "
                 + c.venv_fix(ctx, m.group(0) if (m := re.search(r"\d+\.\d+", h.g("spec") or ""))
                              else "3"),
                 f"or an older {h.g('pkg')} release that supports Python {h.g('py')}"),
        )
    ignored = [h for h in ctx.h("pip.requires_python").all() if h.g("list")]
    if ignored and not req and not ctx.h("pip.no_dist").count:
        m = re.search(r"Requires-Python\s*([<>=!~][^;\s]*)", ignored[0].g("list") or "")
        spec = m.group(1) if m else None
        ver = re.search(r"\d+\.\d+", spec or "")
        fix = ("python -c \"import sys; print(sys.version)\"",
               f"# a venv with a Python that satisfies {spec or 'its Requires-Python'}: "
               + c.venv_fix(ctx, ver.group(0) if ver else "3"),
               "# or pin the last release of that package that supports this Python")
        if spec is None:
            yield catalogue.make(
                "tensorflow-no-matching-distribution",
                variant="requires-python-ignored-unshown", evidence=log_evidence(ignored),
                cause=("pip skipped releases whose Requires-Python excludes this interpreter "
                       "(the log does not show the range); the package it was resolving "
                       "(TensorFlow, Keras or another) has no release left for this Python."),
                fix=fix)
        else:
            yield catalogue.make(
                "tensorflow-no-matching-distribution", variant="requires-python-ignored",
                spec=spec, evidence=log_evidence(ignored),
                cause=(f"pip skipped releases whose Requires-Python ({spec}) excludes this "
                       "interpreter; the package it was resolving (TensorFlow, Keras or "
                       "another) has no release left for this Python."),
                fix=fix)
    extra = ctx.h("pip.no_extra")
    if extra.count:
        h = extra.first[0]
        first = ctx.kb.platform_fact("and-cuda-extra-first")
        xver = h.g("v") or ""
        if (_parses(xver) and parse_version(xver) >= parse_version(first.value("tf_version"))
                and ctx.os != "linux"):
            # a release that has the extra lacks it only off Linux
            win = ctx.kb.platform_fact("windows-native-gpu-last")
            mac = ctx.kb.platform_fact("macos-metal-plugin")
            win_fix = ("# Windows: run TensorFlow in WSL2 and there: pip install "
                       '"tensorflow[and-cuda]"',
                       f'# or native Windows GPU (last release {win.value("tf_version")}): '
                       f'pip install "{win.value("pip_requirement")}" with CUDA/cuDNN from '
                       "conda (tfgpu plan)")
            mac_fix = ("# macOS: no CUDA; the GPU through Apple's plugin: pip install "
                       f"tensorflow {mac.value('package')}",)
            yield catalogue.make(
                "tensorflow-and-cuda-extra-unavailable", variant="not-linux", version=xver,
                extra=h.g("extra") or "and-cuda", first=first.value("tf_version"),
                evidence=log_evidence(extra),
                fix=(('python -c "import platform; print(platform.system())"   # Linux is the '
                      "only OS with the extra",)
                     + (win_fix if ctx.os != "macos" else ())
                     + (mac_fix if ctx.os != "windows" else ())),
                knowledge_ref=first.ref,
            )
            return
        yield catalogue.make(
            "tensorflow-and-cuda-extra-unavailable", version=h.g("v") or "?",
            extra=h.g("extra") or "and-cuda", first=first.value("tf_version"),
            evidence=log_evidence(extra),
            fix=(f'pip install "tensorflow[and-cuda]>={first.value("tf_version")}"   # Linux '
                 "or WSL2 only",
                 "# older TensorFlow: install the CUDA/cuDNN of its tested configuration "
                 "system-wide (tfgpu plan)"),
            knowledge_ref=first.ref,
        )
    zsh = ctx.h("pip.zsh_extra")
    if zsh.count:
        spec = zsh.first[0].g("spec") or "tensorflow[and-cuda]"
        bash = "no match:" in zsh.first[0].text and "no matches" not in zsh.first[0].text
        yield catalogue.make(
            "pip-extra-needs-quotes", spec=spec, evidence=log_evidence(zsh),
            variant="other-shell" if bash else None,
            fix=(f"pip install '{spec}'   # quotes stop {'bash' if bash else 'zsh'} expanding "
                 "the [...]",),
        )
    pep = ctx.h("pip.externally_managed")
    if pep.count:
        yield catalogue.make(
            "pip-externally-managed-environment", evidence=log_evidence(pep, limit=2),
        )
    pins = [h for h in ctx.h("pip.pin_conflict").all()
            if _norm(h.g("dep") or "").startswith(("tensorflow", "tf-"))
            and _norm(h.g("pkg") or "").startswith(("tensorflow-", "tf-", "tensorflow_"))]
    if pins:
        h = pins[0]
        yield catalogue.make(
            "tensorflow-addon-version-pin", package=h.g("pkg") or "?",
            version=h.g("v") or "?", requirement=h.g("req") or "?", have=h.g("have") or "?",
            evidence=log_evidence(pins),
            fix=(f"# install the {h.g('pkg')} release built for TensorFlow {h.g('have')} (each "
                 "add-on release pairs with one TensorFlow minor; see its compatibility table)",
                 f"pip install \"{h.g('pkg')}\" \"tensorflow=={h.g('have')}\"   # let pip "
                 "pick the matching add-on, then: pip check"),
        )


