"""Choose the TensorFlow release and route for a target host, with the reasons.

Pure: ``(TargetHost, Knowledge, requested route) -> Plan``.  Every number in a
reason comes from a knowledge row, and the reason names that row.

Decision order (the rules, each with its source in the knowledge rows it cites):

1. macOS: Apple's ``tensorflow-metal`` plugin on Apple silicon (no official GPU build
   exists for macOS).  AMD on Linux: ``tensorflow-rocm``.  Intel, unknown or no GPU:
   the CPU build.
2. NVIDIA on Linux/WSL2: walk the Linux tested configurations newest first and take
   the first release where (a) the Python version is inside the tested range, (b) the
   GPU's compute capability is at or above the wheel's minimum, (c) the driver is at or
   above the minimum of the release's CUDA family (minor-version compatibility), (d)
   when the GPU has no matching cubin and kernels are JIT-compiled from PTX, the driver
   is at least the build toolkit's own driver, and (e) for the default ``pip`` route the
   ``and-cuda`` extra exists.
3. Native Windows: WSL2 with the Linux choice by default; native GPU only with the last
   release that had it (2.10) and conda ``cudatoolkit``/``cudnn``.
4. No release fits the GPU (compute capability below every wheel's minimum): CPU plan,
   saying so.  Driver too old for CUDA 12: the newest release it can run, and the driver
   upgrade as the alternative.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tfgpu.knowledge import Knowledge, MinDriver, docs, driver_at_least, parse_cc
from tfgpu.plan.model import (
    Alternative,
    CondaCreate,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    Reason,
    Route,
    Shell,
    Step,
    Verify,
)
from tfgpu.plan.routes._shared import DEFAULT_CONDA_ENV, DEFAULT_VENV, ROUTES_FOR_OS, PlanError
from tfgpu.plan.routes.planner import _Planner
from tfgpu.plan.target import PCI_VENDOR_CHECK, TargetHost


def make_plan(
    target: TargetHost,
    kb: Knowledge,
    route: Route | None = None,
    env_path: str | None = None,
    *,
    alternatives: bool = True,
) -> Plan:
    """Choose the newest TensorFlow that will use the target's GPU, and the steps.

    An explicit ``route`` is honoured or refused, never silently replaced: ``pip`` and
    ``conda`` on a host without a usable GPU give the CPU build by that route; any other
    route that cannot apply raises :class:`PlanError`.  Every alternative that names a
    ``tfgpu plan --route X`` command is computed by planning that route (so its text is
    what the command prints).

    Args:
        target: the host (see :mod:`tfgpu.plan.target`).
        kb: the knowledge (:func:`tfgpu.knowledge.load_knowledge`).
        route: a route the user asked for (``--route``); ``None`` = the default route.
        env_path: virtual environment folder; for conda routes a plain environment
            name (``-n``) or a path (``-p``); default :data:`DEFAULT_VENV` /
            :data:`DEFAULT_CONDA_ENV`.
        alternatives: compute the route alternatives (off for the inner plans).

    Returns:
        The plan.

    Raises:
        PlanError: ``route`` does not apply to the target, or ``env_path`` is neither a
            plain conda environment name nor a path for a conda route.
    """
    plan = _make_plan(target, kb, route, env_path)
    if route is not None and plan.route is not route:
        plan = _honour_route(plan, route, target, kb, env_path)
    conda = next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)), None)
    if conda is not None:
        check_conda_env(conda.name)
    planner = _Planner(target, kb, env_path)
    warnings = list(plan.warnings)
    if planner.cc_warning is not None:
        warnings.insert(0, planner.cc_warning)
    # a GPU the knowledge says the wheels are reported to fail on (RTX 50 /
    # Blackwell: platform_facts blackwell-no-cubins, the fact explain reads too) is not a
    # verified "uses the GPU": the header says so and names the known working route
    blackwell_ref = kb.platform_fact("blackwell-no-cubins").ref
    jetson = plan.route is Route.JETSON
    gpu_unverified = plan.gpu_presence_unknown or jetson or (
        plan.uses_gpu and target.gpu_vendor == "nvidia"
        and (planner.cc is None or any(w.ref == blackwell_ref for w in warnings))
    )
    # only when the compute capability is really unknown (the table row of
    # an RTX 50 GPU gives it; the Blackwell note alone is no reason to ask for --cc)
    if gpu_unverified and planner.cc is None and not plan.gpu_presence_unknown and not jetson \
            and not any("--cc" in w.text for w in warnings):
        warnings.append(
            Reason(
                f"the compute capability of {target.gpu_name or 'the GPU'!r} is unknown; pass "
                "--cc X.Y (nvidia-smi --query-gpu=compute_cap --format=csv) to check it "
                "against the wheel"
            )
        )
    warnings[:0] = _driver_problem_warnings(plan, target, kb)
    if jetson:
        pass  # a Jetson's driver is part of Jetson Linux (_jetson says so)
    elif target.driver and target.gpu_vendor != "nvidia":
        warnings.append(_driver_without_nvidia_gpu(target))
    else:
        column = _driver_column(target, kb)
        warnings.extend(_driver_unknown_to_knowledge(target, column))
        warnings.extend(_driver_older_than_knowledge(target, kb, planner.cc, column))
    warnings.extend(_wsl2_driver_warnings(plan, target, kb))
    below_wsl = _wsl2_gpu_floor_warnings(plan, target, kb, planner.cc)
    warnings[:0] = below_wsl
    gpu_unverified = gpu_unverified or bool(below_wsl)
    distro_python = _wsl2_distribution_python(plan, target, kb)
    if distro_python is not None:
        plan = distro_python
    elif target.python is None and plan.python and plan.tf_version and conda is None:
        # (a conda environment brings its own Python: nothing for the user to install)
        p = plan.python
        warnings.append(
            Reason(
                f"no Python version was given, so the plan assumes Python {p}, the newest "
                f"that TensorFlow {plan.tf_version} supports; if `python3 --version` shows "
                "another version, rerun with --python 3.X, or install Python "
                f"{p} (`uv python install {p}`, pyenv, or on Ubuntu the deadsnakes PPA's "
                f"python{p} and python{p}-venv packages)"
            )
        )
    plan = replace(plan, warnings=tuple(warnings), gpu_unverified=gpu_unverified)
    if alternatives:
        plan = replace(
            plan, alternatives=_route_alternatives(plan, target, kb, env_path)
        )
    return plan


def _driver_key(version: str) -> tuple[int, ...]:
    """A driver version (``"535.104.05"``) as numbers to compare; ``ValueError`` when a part
    is not a number."""
    return tuple(int(x) for x in version.split("."))


#: One driver of cuda_min_driver.toml's column: (its version as numbers, as written, the row).
_KnownDriver = tuple[tuple[int, ...], str, MinDriver]
#: What :func:`_driver_column` gives: the target's driver as numbers and its column's drivers.
_DriverColumn = tuple[tuple[int, ...], list[_KnownDriver]]


def _driver_column(target: TargetHost, kb: Knowledge) -> _DriverColumn | None:
    """The target's driver and the drivers of its ``cuda_min_driver.toml`` column (Linux, or
    Windows for Windows and WSL2; NVIDIA's CUDA toolkit release notes), as numbers to compare.

    One rule for versions that are not dotted numbers: a row whose driver is one (or empty)
    is left out, and a target driver that is one (or none) gives ``None``: unknown, so the
    callers warn about nothing. Never raises.

    Returns:
        ``(given, known)``: the target's driver as a tuple of ints, and one
        ``(key, version, row)`` per comparable row, in table order; ``None`` when the target
        has no comparable driver.
    """
    if not target.driver:
        return None
    try:
        given = _driver_key(target.driver)
    except ValueError:
        return None  # not a driver version the table compares (normalize_driver checks it)
    column = "windows" if target.driver_is_windows else "linux"
    known: list[_KnownDriver] = []
    for row in kb.drivers:
        version = row.driver_for(column)
        if not version:
            continue
        try:
            known.append((_driver_key(version), version, row))
        except ValueError:
            continue  # a row this table cannot compare says nothing about the driver
    return given, known


#: How many driver branches (majors) past the newest minimum driver the knowledge names a
#: driver may be before its version reads as a typo: the data's newest minimum is a CUDA
#: release's floor, and drivers of later branches (R590, R595, Windows 591.xx) run it; NVIDIA
#: numbers about forty branches a year (R535 in 2023, R570 and R580 in 2025).
_NEWER_BRANCH_MARGIN = 100

# --- a driver version newer than every driver the knowledge names ---
def _driver_unknown_to_knowledge(target: TargetHost,
                                 column: _DriverColumn | None) -> list[Reason]:
    """A warning when the NVIDIA driver (``--driver``, facts) has a higher branch (major)
    than every driver in ``cuda_min_driver.toml`` (NVIDIA's CUDA toolkit release notes) of
    its column (Linux, or Windows for Windows and WSL2): a typo (``999.99``) or a driver
    released after the data.  The plan then treats it as new enough for every CUDA it
    lists, so it says so and how to check the version; ``[]`` otherwise, and when a version
    is not comparable.  ``column``: :func:`_driver_column` of the target."""
    if column is None or not column[1]:
        return []
    given, known = column
    key, newest, row = max(known, key=lambda k: k[0])
    if given[0] <= key[0] + _NEWER_BRANCH_MARGIN:
        return []  # a released driver newer than the data (its branches come ~40 a year)
    return [Reason(
        f"NVIDIA driver {target.driver} is newer than every driver the knowledge names (the "
        f"newest: {newest}, CUDA {row.cuda_version}'s minimum): the plan treats it as new "
        "enough for every CUDA it lists; check the version (nvidia-smi prints it) if this is "
        "a typo", row.ref)]


# --- a driver version older than every driver the knowledge names, or than the GPU ---
def _driver_older_than_knowledge(target: TargetHost, kb: Knowledge, cc: str | None,
                                 column: _DriverColumn | None) -> list[Reason]:
    """A warning when the NVIDIA driver (``--driver``, facts) is of an older branch than
    the own minimum driver of the first CUDA release that knows the GPU's architecture
    (:meth:`Knowledge.gpu_min_driver`: compute capability ``cc`` as ``sm_XY`` in
    ``cuda_arch.toml``, its driver in ``cuda_min_driver.toml``; both from NVIDIA's CUDA
    toolkit release notes), or, for a GPU the arch table does not list,
    older than every driver ``cuda_min_driver.toml`` names for the target's column (Linux,
    or Windows for Windows and WSL2), by branch (major): most likely a typo (``99.99``);
    ``[]`` otherwise, and when a version is not comparable.  ``column``:
    :func:`_driver_column` of the target."""
    if column is None:
        return []
    given, known = column
    floor = kb.gpu_min_driver(cc, "windows" if target.driver_is_windows else "linux") \
        if cc else None
    if floor is not None:
        # the first driver branch of the GPU's architecture (Knowledge.gpu_min_driver)
        if not floor.predates(target.driver or ""):
            return []
        gpu = target.gpu_name or f"a compute capability {cc} GPU"
        return [Reason(
            f"NVIDIA driver {target.driver} is older than {floor.minimum.version} (R"
            f"{floor.branch}, CUDA {floor.arch.first_cuda}'s own minimum), the first driver "
            f"branch of the architecture of {gpu} ({floor.arch.arch}; CUDA "
            f"{floor.arch.first_cuda} is the first CUDA that knows it) [{floor.arch.ref}]: "
            "check the version (nvidia-smi prints it), this may be a typo",
            floor.minimum.row.ref)]
    if not known:
        return []
    key, oldest, row = min(known, key=lambda k: k[0])
    if given[0] >= key[0]:
        return []
    return [Reason(
        f"NVIDIA driver {target.driver} is older than every driver the knowledge names (the "
        f"oldest: {oldest}, CUDA {row.cuda_version}'s minimum): check the version "
        "(nvidia-smi prints it), this may be a typo", row.ref)]


def _driver_without_nvidia_gpu(target: TargetHost) -> Reason:
    """The note for an NVIDIA driver version (``--driver``, facts) on a target with no
    NVIDIA GPU: the plan is for that target and does not use the driver version."""
    if target.gpu_vendor is None:
        where = ("no GPU was given (--gpu)" if target.origin == "described"
                 else "no GPU was found or given (--gpu)")
        return Reason(
            f"NVIDIA driver {target.driver} was given but {where}: the plan is for no GPU and "
            "does not use the driver version; to plan for an NVIDIA GPU add --gpu NAME "
            "(nvidia-smi -L prints it)")
    return Reason(
        f"NVIDIA driver {target.driver} does not apply to {target.gpu_name or target.gpu_vendor} "
        "(not an NVIDIA GPU): the plan does not use it")


# --- wsl2 python ---
def _wsl2_distribution_python(plan: Plan, target: TargetHost, kb: Knowledge) -> Plan | None:
    """Inside WSL2 with no ``--python`` (a Windows host's own interpreter does not count:
    :attr:`TargetHost.linux_python`): build the venv with the distribution's own
    ``python3`` (there after ``wsl --install -d Ubuntu``), after installing its venv module,
    ``python3-venv`` (platform fact ``debian-python3-venv``), rather than a
    ``python3.X`` the distribution may not have.  ``None`` when this does not apply."""
    in_wsl2 = target.os == "wsl2" or plan.route is Route.WSL2
    if not in_wsl2 or not plan.tf_version:
        return None
    at = next((i for i, s in enumerate(plan.steps)
               if isinstance(s.action, CreateVenv) and s.shell is Shell.POSIX), None)
    if at is None:
        return None
    if target.linux_python is not None:
        # (this WSL2 host's own interpreter is there already)
        return plan if target.python_from_host else _wsl2_given_python(plan, at, kb)
    fact = kb.platform_fact("debian-python3-venv")
    venv = plan.steps[at]
    assert isinstance(venv.action, CreateVenv)
    steps = list(plan.steps)
    steps[at] = replace(venv, action=replace(venv.action, python=("python3",)))
    steps.insert(at, Step(
        "Install the distribution's venv module (inside WSL2)",
        Manual(f"{fact.title}; the plan uses the distribution's own python3",
               (fact.value("install"),), True, kb.doc_url(fact) or ""),
        Shell.POSIX))
    tested = next((r for r in kb.releases("linux") if r.release == plan.tf_version), None)
    within = f" ({tested.python_range()})" if tested is not None else ""
    reason = Reason(
        "inside WSL2 the environment uses the distribution's own python3 (`python3 "
        f"--version` must be one TensorFlow {plan.tf_version} supports{within}); Debian and "
        f"Ubuntu ship its venv module as {fact.value('package')}", fact.ref)
    return replace(plan, steps=tuple(steps), python="3", reasons=(*plan.reasons, reason))


def _wsl2_given_python(plan: Plan, at: int, kb: Knowledge) -> Plan:
    """A WSL2 plan for a given Python 3.X: the distribution ``wsl --install`` brings may
    ship another python3, so a manual step before the venv (index ``at``) installs
    ``python3.X`` and its venv module from the deadsnakes PPA (platform fact
    ``ubuntu-other-python``), to skip where ``python3.X --version`` already works."""
    fact = kb.platform_fact("ubuntu-other-python")
    p = plan.python
    steps = list(plan.steps)
    steps.insert(at, Step(
        f"Install Python {p} and its venv module inside WSL2, unless "
        f"`python{p} -c 'import ensurepip, venv'` works there",
        Manual(fact.title,
               (fact.value("add_repository"), fact.value("install").format(version=p)),
               True, kb.doc_url(fact) or ""),
        Shell.POSIX))
    return replace(plan, steps=tuple(steps))
# --- end wsl2 python ---


def _driver_problem_warnings(plan: Plan, target: TargetHost, kb: Knowledge) -> list[Reason]:
    """Warnings for a broken NVIDIA driver (``target.driver_problem``): fix it first
    (quoting its message), and, when its version is unknown, that the TensorFlow choice
    could not be checked against it (with the minimum the chosen CUDA needs)."""
    if not target.driver_problem:
        return []
    out = [
        Reason(
            f"fix the NVIDIA driver first: {target.driver_problem!r}; until nvidia-smi "
            "works, TensorFlow cannot use the GPU (see the first step)"
        )
    ]
    if target.driver is None and plan.uses_gpu and plan.tf_version:
        floor = (
            kb.min_driver(plan.cuda, "windows" if target.driver_is_windows else "linux")
            if plan.cuda else None
        )
        need = floor.version if floor else None
        out.append(
            Reason(
                f"the driver version is unknown (its tools failed), so TensorFlow "
                f"{plan.tf_version} was chosen without checking it against the driver"
                + (
                    f"; it needs driver >= {need} (CUDA {plan.cuda}): rerun tfgpu plan "
                    "once nvidia-smi works"
                    if need
                    else ""
                ),
                floor.row.ref if floor else "",
            )
        )
    return out


def _wsl2_driver_warnings(plan: Plan, target: TargetHost, kb: Knowledge) -> list[Reason]:
    """A Windows driver that meets CUDA's table but not TensorFlow's WSL2 minimum.

    Source: platform fact ``wsl2-min-driver`` (TensorFlow's pip install page,
    https://www.tensorflow.org/install/pip: driver >= 528.33 on WSL2, while the CUDA 12.x
    Windows floor is 527.41).  Applies when the plan runs TensorFlow inside WSL2 (a WSL2
    target, or native Windows sent to the WSL2 route) with a CUDA 12 build, and the
    driver's full version is known.
    """
    fact = kb.platform_fact("wsl2-min-driver")
    in_wsl2 = target.os == "wsl2" or plan.route is Route.WSL2
    if not in_wsl2 or not target.driver or not plan.uses_gpu or not plan.cuda:
        return []
    need = fact.value("min_driver")
    if plan.cuda.split(".")[0] != fact.value("cuda_major"):
        return []
    if driver_at_least(target.driver, need) is not False:
        return []
    floor = fact.value("cuda_floor_windows")
    if driver_at_least(target.driver, floor) is False:
        return []  # below CUDA's own minimum: the driver step already says upgrade
    return [
        Reason(
            f"Windows driver {target.driver} meets CUDA {plan.cuda}'s minimum ({floor}) but "
            f"TensorFlow's install page asks for >= {need} on WSL2: update the Windows "
            f"NVIDIA driver to {need} or newer "
            f"({kb.doc_url(fact) or 'TensorFlow pip install page'})",
            fact.ref,
        )
    ]


def _wsl2_gpu_floor_warnings(plan: Plan, target: TargetHost, kb: Knowledge,
                             cc: str | None) -> list[Reason]:
    """An NVIDIA GPU below the compute capability NVIDIA's CUDA on WSL guide names (platform
    fact ``wsl2-gpu-min-cc``: Pascal, 6.0, in WDDM mode; no Tesla GPU in TCC mode) on a plan
    that runs TensorFlow inside WSL2: WSL2 most likely does not see it; on a native Windows
    host the windows-native route (the last release with native GPU support) is the one that
    can use it.  ``cc``: the GPU's compute capability (``None``: unknown, no warning)."""
    in_wsl2 = target.os == "wsl2" or plan.route is Route.WSL2
    if not in_wsl2 or not plan.uses_gpu or cc is None or target.gpu_vendor != "nvidia":
        return []
    fact = kb.platform_fact("wsl2-gpu-min-cc")
    floor = fact.value("min_cc")
    if parse_cc(cc) >= parse_cc(floor):
        return []
    other = (" On native Windows the windows-native route (TensorFlow's last release with "
             "native GPU support) can use it: tfgpu plan --route windows-native."
             if target.os == "windows" else "")
    return [Reason(
        f"{target.gpu_name or 'this GPU'} has compute capability {cc}, below {floor}: NVIDIA's "
        f"CUDA on WSL guide names Pascal ({floor}) or newer GPUs in WDDM mode, and no Tesla GPU "
        "in TCC mode, so WSL2 will most likely not see this GPU." + other,
        fact.ref,
    )]


_CONDA_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]*")


def conda_env_is_path(name: str) -> bool:
    """A conda ``--venv`` value is a path (``-p``/``prefix:``) when it has a path
    separator or starts with ``~`` or ``.``; otherwise it is an environment name."""
    return CondaCreate(name, "3").is_path


def check_conda_env(name: str) -> None:
    """Refuse a conda environment name conda would reject.

    Raises:
        PlanError: neither a path nor a plain name (letters, digits, ``._-``).
    """
    if not conda_env_is_path(name) and not _CONDA_NAME_RE.fullmatch(name):
        raise PlanError(
            f"--venv {name!r}: a conda environment name may hold only letters, digits and "
            "._- (give a path such as ./envs/tf for a prefix environment)"
        )


def _describe(plan: Plan) -> str:
    """``TensorFlow 2.11.0 with system CUDA 11.2 + cuDNN 8.1, Python 3.10``."""
    tf = f"TensorFlow {plan.tf_version}"
    how = {
        Route.PIP: " with its CUDA wheels (tensorflow[and-cuda])"
        if any("[and-cuda]" in r for r in plan.requirements)
        else " from pip",
        Route.SYSTEM_CUDA: f" with system CUDA {plan.cuda} + cuDNN {plan.cudnn}",
        Route.CONDA: " in a conda environment"
        + (
            " with conda " + " ".join(c.packages)
            if (c := next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)),
                          None)) is not None and c.packages
            else ""
        ),
        Route.WINDOWS_NATIVE: " on native Windows with conda "
        + " ".join(
            next(
                (s.action.packages for s in plan.steps if isinstance(s.action, CondaCreate)),
                (),
            )
        ),
        Route.WSL2: " inside WSL2",
        Route.CPU: " (CPU only)",
    }.get(plan.route, "")
    own = " (conda installs it)" if plan.route is Route.CONDA and plan.python else ""
    return f"{tf}{how}" + (f", Python {plan.python}{own}" if plan.python else "")


def _route_alternatives(
    plan: Plan, target: TargetHost, kb: Knowledge, env_path: str | None
) -> tuple[Alternative, ...]:
    """The plan's own non-route alternatives plus one per other applicable route,
    each made by planning that route."""
    keep = [a for a in plan.alternatives if "--route" not in a.summary]
    had_cpu = any(a.route is Route.CPU for a in plan.alternatives)
    out: list[Alternative] = []
    for r in ROUTES_FOR_OS[target.os]:
        if r is plan.route or (r is Route.CPU and not had_cpu):
            continue
        if (r is Route.ROCM and target.gpu_vendor != "amd") or r is Route.JETSON:
            continue  # not another way for this target (a Jetson gets only that route)
        try:
            other = make_plan(target, kb, r, env_path, alternatives=False)
        except PlanError:
            continue
        if other.route is not r or not other.requirements:
            continue
        if other.uses_gpu is not plan.uses_gpu and r is not Route.CPU:
            continue
        same_kind = {type(s.action) for s in other.steps} == {type(s.action) for s in plan.steps}
        if other.requirements == plan.requirements and same_kind:
            continue  # the same install under another label (pip vs cpu on a CPU host)
        out.append(
            Alternative(
                r,
                f"{_describe(other)}"
                + (", GPU use unverified" if other.uses_gpu and other.gpu_unverified else "")
                + f" (tfgpu plan --route {r.value})",
                other.tf_version,
                _own_reason(other, plan),
            )
        )
    return (*keep, *out)


def _own_reason(other: Plan, plan: Plan) -> Reason | None:
    """The reason an alternative route's plan gives of its own: its first reason the plan
    does not give too (a sentence both share, such as why the GPU's presence is unknown or
    which release is the newest, says nothing about that route) and that is not the note
    that its route "was asked for" (true of the command that planned it, not of the
    alternative), else its first."""
    own = next((r for r in other.reasons
                if r not in plan.reasons and "was asked for" not in r.text), None)
    return own or (other.reasons[0] if other.reasons else None)


def _honour_route(
    plan: Plan, route: Route, target: TargetHost, kb: Knowledge, env_path: str | None
) -> Plan:
    """An explicit route the planner did not take: the CPU build by pip or conda, or
    a :class:`PlanError` that says why."""
    if plan.route is Route.CPU and plan.requirements and route in (Route.PIP, Route.CONDA):
        why = Reason(
            f"route {route.value} was asked for; no usable GPU, so it installs the CPU build"
        )
        if route is Route.PIP:
            return replace(plan, route=Route.PIP, reasons=(*plan.reasons, why))
        name = env_path or DEFAULT_CONDA_ENV
        steps: list[Step] = []
        for st in plan.steps:
            if isinstance(st.action, CreateVenv):
                steps.append(
                    Step(
                        "Create a conda environment",
                        CondaCreate(name, plan.python or "3", "conda-forge"),
                        st.shell,
                    )
                )
            elif isinstance(st.action, PipInstall) and st.action.requirements == ("pip",):
                continue
            else:
                steps.append(st)
        return replace(
            plan, route=Route.CONDA, reasons=(*plan.reasons, why), steps=tuple(steps),
            env_path=name,
        )
    first = plan.reasons[0].text if plan.reasons else "it does not apply"
    raise PlanError(
        f"route {route.value!r} cannot be used for this target ({target.summary()}): {first}; "
        f"this target gets route {plan.route.value!r} (run tfgpu plan without --route)"
    )




def _gpu_presence_unknown(target: TargetHost, kb: Knowledge, route: Route | None,
                          env_path: str | None) -> Plan:
    """A Linux or WSL2 host whose snapshot cannot tell whether it has an NVIDIA GPU
    (``target.gpu_unknown``): the NVIDIA plan (``tensorflow[and-cuda]`` by default), which
    runs on the CPU until a GPU and its driver are there and uses the GPU then, instead of
    ``tensorflow-cpu``, which never could (platform fact ``tensorflow-is-cuda-build``).
    The first reason says why; the driver step is marked "only if there is an NVIDIA GPU",
    with a check that can answer where the snapshot's could not (``target.gpu_check``); the
    final check expects no GPU, and ``uses_gpu`` is false: no GPU is promised while its
    presence is unknown (``gpu_unverified`` and the first reason say so).  ``tfgpu plan
    --route cpu`` stays the smaller CPU-only alternative."""
    plan = _Planner(replace(target, gpu_vendor="nvidia"), kb, env_path).nvidia(route)
    if not plan.uses_gpu:
        return plan
    fact = kb.platform_fact("tensorflow-is-cuda-build")
    why = Reason(
        f"whether this host has an NVIDIA GPU is unknown ({target.gpu_unknown}), so the plan "
        "installs the CUDA build: it runs on the CPU until an NVIDIA GPU and its driver are "
        "there and uses the GPU then, while `tensorflow-cpu` never could; for the smaller "
        "CPU-only install run tfgpu plan --route cpu", fact.ref)
    look = target.gpu_check or PCI_VENDOR_CHECK
    steps: list[Step] = []
    for st in plan.steps:
        a = st.action
        if isinstance(a, Manual) and st.title.startswith("Install the NVIDIA driver"):
            st = replace(st, title="Only if this host has an NVIDIA GPU: i" + st.title[1:],
                         action=replace(a, text=f"Only if this host has an NVIDIA GPU ({look})"
                                                f": {a.text}"))
        elif isinstance(a, Verify):
            st = replace(st, title="Check that TensorFlow imports and computes (it lists a "
                                   "GPU once an NVIDIA GPU and its driver are there)",
                         action=Verify(expect_gpu=False))
        steps.append(st)
    cpu_only = Alternative(Route.CPU, "CPU only (tfgpu plan --route cpu)")
    return replace(plan, target_summary=target.summary(), reasons=(why, *plan.reasons),
                   steps=tuple(steps), gpu_presence_unknown=True, uses_gpu=False,
                   alternatives=(*plan.alternatives, cpu_only))


def _wsl1(planner: _Planner, kb: Knowledge) -> Plan:
    """A Linux distribution under WSL1, which can never reach a GPU (CUDA runs only in
    WSL2: platform fact ``wsl1-convert-to-wsl2``, from NVIDIA's CUDA on WSL guide and
    Microsoft's WSL commands): the CPU build, whatever GPU the Windows side has, with a
    first step, run on the Windows side and never by tfgpu, that converts the distribution
    to WSL2 (``wsl --set-version <distro> 2``), after which ``tfgpu plan`` run inside it
    plans the GPU install.  No GPU route is promised here: WSL1 cannot give one."""
    fact = kb.platform_fact("wsl1-convert-to-wsl2")
    listing, convert = fact.items("commands")
    why = Reason(
        "this is WSL1, which cannot reach a GPU (CUDA runs only in WSL2), so TensorFlow runs on "
        "the CPU here; to use an NVIDIA GPU, convert this distribution to WSL2 (step 1) and "
        "run tfgpu plan again inside it", fact.ref)
    plan = planner.cpu([why])
    step = Step(
        "To use a GPU: convert this distribution to WSL2 (from Windows)",
        Manual(
            "WSL1 can never use the GPU. In Windows PowerShell (or wsl.exe from this shell) "
            f"list the distributions with their WSL version (`{listing}`), back up a large "
            f"one first (the conversion can take long and fail), convert this one (`{convert}`, "
            "<distro> being its NAME), then run tfgpu plan again inside it: it plans the GPU "
            "install there. The steps below install the CPU build, all WSL1 can run; skip "
            "them if you convert",
            (f"{listing}   # NAME and VERSION of each distribution", convert),
            False, kb.doc_url(fact) or ""),
        Shell.POWERSHELL)
    return replace(plan, steps=(step, *plan.steps))


def jetson_evidence(target: TargetHost, kb: Knowledge) -> str | None:
    """What shows that a Linux target is an NVIDIA Jetson (a Tegra system-on-chip), or
    ``None``: the snapshot's Tegra evidence (``target.soc``), or a described GPU whose row
    in the knowledge's GPU table is a Jetson module (segment ``jetson``, NVIDIA's CUDA GPUs
    list)."""
    if target.os != "linux":
        return None
    if target.soc:
        return target.soc
    if target.gpu_vendor == "nvidia" and target.gpu_name:
        match = kb.gpu_compute_capability(target.gpu_name)
        if match is not None and match.row.segment == "jetson":
            return f"{target.gpu_name}: a Jetson module, knowledge row {match.row.ref}"
    return None


def _jetson(planner: _Planner, target: TargetHost, kb: Knowledge, evidence: str) -> Plan:
    """An NVIDIA Jetson: TensorFlow uses its on-chip GPU only as NVIDIA's build for the
    JetPack release installed on it, from NVIDIA's JetPack index, never as the package
    index's aarch64 wheels (``tensorflow``, ``tensorflow[and-cuda]``): platform fact
    ``jetson-gpu-on-chip`` (NVIDIA's Jetson Linux guide and "Installing TensorFlow for Jetson
    Platform").  The knowledge has no table of which TensorFlow each JetPack release gets,
    so the plan pins none (no requirement, no TensorFlow version): its steps, all manual,
    find the JetPack release, install NVIDIA's build as NVIDIA's page gives it, and check
    that TensorFlow lists the GPU.  The CPU build stays the alternative."""
    fact = kb.platform_fact("jetson-gpu-on-chip")
    page = docs.url("jetson-tensorflow")
    reasons = (
        Reason(f"this is an NVIDIA Jetson ({evidence}): its GPU is on the chip, and TensorFlow "
               "uses it only as NVIDIA's build for the JetPack release installed here, from "
               "NVIDIA's JetPack index; the aarch64 wheels of the Python package index "
               "(tensorflow, tensorflow[and-cuda]) do not use it", fact.ref),
        Reason("which TensorFlow release each JetPack release gets is NVIDIA's list, and the "
               "knowledge has no table of it, so the plan pins no version: NVIDIA's "
               f"'Installing TensorFlow for Jetson Platform' ({page}) names the release and "
               "its index", fact.ref),
    )
    release = fact.value("release_file")
    steps = (
        Step("Find this Jetson's JetPack release",
             Manual("Read the Jetson Linux (L4T) release; NVIDIA's Jetson Linux release notes "
                    "name the JetPack release it belongs to",
                    (f"cat {release}   # e.g. '# R35 (release), REVISION: 4.1, ...'",),
                    False, kb.doc_url(fact) or "")),
        Step("Install NVIDIA's TensorFlow for that JetPack release (needs root)",
             Manual("Install TensorFlow as NVIDIA's 'Installing TensorFlow for Jetson Platform' "
                    "gives it for that JetPack release: its prerequisites, then pip's "
                    "tensorflow==<release>+nv<YY.MM> from the NVIDIA JetPack index the page "
                    "names. Not `pip install tensorflow` nor `tensorflow[and-cuda]`: those "
                    "wheels do not use the Jetson's GPU",
                    (), True, page)),
        Step("Check that TensorFlow lists the Jetson's GPU",
             Manual("Run it with the Python NVIDIA's build was installed for; a GPU listed "
                    "means TensorFlow uses the Jetson's GPU",
                    ("python3 -c \"import tensorflow as tf; "
                     "print(tf.__version__, tf.config.list_physical_devices('GPU'))\"",),
                    False, page)),
    )
    warnings: tuple[Reason, ...] = ()
    if target.driver:
        warnings = (Reason(
            f"NVIDIA driver {target.driver} was given, but a Jetson's GPU driver is part of "
            "Jetson Linux (JetPack): the plan does not use it", fact.ref),)
    cpu_only = Alternative(Route.CPU, "CPU only (tfgpu plan --route cpu)")
    return Plan(target.summary(), Route.JETSON, None, (), target.python, True, reasons, steps,
                planner.env_path or DEFAULT_VENV, kb.version, warnings, (cpu_only,),
                target_os=target.os)


# --- amd gpu support (report2) ---
def _amd_linux(planner: _Planner, target: TargetHost, kb: Knowledge, route: Route | None) -> Plan:
    """An AMD GPU on Linux: the ROCm plan only for a model AMD's ROCm Linux support list
    names (supported or deprecated; knowledge table ``amd_gpus``, :meth:`Knowledge.rocm_support`),
    otherwise the CPU plan saying why (an integrated Radeon 780M, a gfx1031 RX 6700 XT...),
    with the unofficial override where a source documents one.  ``--route rocm`` is
    honoured for any AMD GPU, with a warning when AMD does not support the model."""
    support = kb.rocm_support(target.gpu_name or "AMD GPU")
    why = Reason(support.describe(), support.refs[0] if support.refs else "table amd_gpus")
    if not support.uses_rocm and route is not Route.ROCM:
        return planner.cpu([why])
    plan = planner.rocm()
    if plan.route is not Route.ROCM:
        return plan
    warnings = list(plan.warnings)
    if not support.uses_rocm:
        warnings.insert(0, Reason(
            f"--route rocm was asked for, but {support.describe(hint=False)}", why.ref))
    elif support.status == "deprecated":
        warnings.insert(0, why)
    reasons = (*plan.reasons, why) if support.status == "supported" else plan.reasons
    return replace(plan, reasons=reasons, warnings=tuple(warnings))
# --- end amd gpu support ---


def _make_plan(
    target: TargetHost,
    kb: Knowledge,
    route: Route | None = None,
    env_path: str | None = None,
) -> Plan:
    """Choose the newest TensorFlow that will use the target's GPU, and the steps.

    Args:
        target: the host (see :mod:`tfgpu.plan.target`).
        kb: the knowledge (:func:`tfgpu.knowledge.load_knowledge`).
        route: a route the user asked for (``--route``); ``None`` = the default route.
        env_path: virtual environment folder (or conda environment name for conda
            routes); default :data:`DEFAULT_VENV` / :data:`DEFAULT_CONDA_ENV`.

    Returns:
        The plan.  A host whose GPU no wheel supports gets a CPU plan that says why.

    Raises:
        PlanError: ``route`` does not apply to the target (``metal`` on Linux,
            ``windows-native`` on Linux, ``rocm`` without an AMD GPU...).
    """
    if route is not None and route not in ROUTES_FOR_OS[target.os]:
        allowed = ", ".join(r.value for r in ROUTES_FOR_OS[target.os])
        raise PlanError(
            f"route {route.value!r} does not apply to {target.os}; choose one of: {allowed}"
        )
    if route is Route.ROCM and target.gpu_vendor != "amd":
        raise PlanError("route 'rocm' is for AMD GPUs; the target has none")
    planner = _Planner(target, kb, env_path)
    if target.os == "wsl1":
        return _wsl1(planner, kb)
    if route is Route.CPU:
        return planner.cpu([Reason("the CPU route was asked for (--route cpu)")])
    if target.os == "macos":
        return planner.macos()
    jetson = jetson_evidence(target, kb)
    if route is Route.JETSON and jetson is None:
        raise PlanError(
            "route 'jetson' is for an NVIDIA Jetson (a -tegra kernel, /etc/nv_tegra_release, "
            "or --gpu naming a Jetson module); the target is none")
    if jetson is not None:
        return _jetson(planner, target, kb, jetson)
    if target.gpu_vendor == "amd":
        if target.os == "linux":
            return _amd_linux(planner, target, kb, route)
        return planner.cpu(
            [
                Reason(
                    "AMD GPUs run TensorFlow only through tensorflow-rocm on Linux; the target "
                    f"is {target.os}",
                    "platform fact rocm",
                )
            ]
        )
    if target.gpu_vendor is None and target.gpu_unknown and target.os in ("linux", "wsl2"):
        return _gpu_presence_unknown(target, kb, route, env_path)
    if target.gpu_vendor != "nvidia":
        why = (
            ("no GPU given (--gpu)" if target.origin == "described"
             else f"whether this host has an NVIDIA GPU is unknown ({target.gpu_unknown})"
             if target.gpu_unknown else "no GPU was found")
            if target.gpu_vendor is None
            else f"{target.gpu_name or target.gpu_vendor} is not an NVIDIA GPU; "
            "official TensorFlow wheels use CUDA only"
        )
        return planner.cpu([Reason(why)])
    return planner.nvidia(route)


__all__ = [
    "DEFAULT_CONDA_ENV",
    "DEFAULT_VENV",
    "ROUTES_FOR_OS",
    "PlanError",
    "check_conda_env",
    "conda_env_is_path",
    "make_plan",
]
