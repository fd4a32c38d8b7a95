"""Select the rows ``tfgpu matrix`` shows (pure: no printing, no I/O).

The command parses its options, calls :func:`select_matrix`, and renders the
:class:`MatrixView` as rich tables or JSON.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from packaging.version import Version

from tfgpu.knowledge._knowledge import (
    CCSupport,
    DriverMinimum,
    GpuMatch,
    Knowledge,
    WheelArchs,
    normalise_os,
)
from tfgpu.knowledge._rows import (
    AndCudaPin,
    KnowledgeQueryError,
    MinDriver,
    PlatformFact,
    Row,
    TestedConfig,
    parse_cc,
    parse_version,
    series,
)

#: What ``--show`` accepts.
SECTIONS: tuple[str, ...] = ("configs", "drivers", "pins", "archs", "gpus", "facts")


@dataclass(frozen=True, slots=True)
class ConfigLine:
    """One tested configuration with what the other tables say about it.

    Attributes:
        config: the ``tf_tested_configs`` row.
        driver: minimum driver for its CUDA (minor-version rule) on its platform's
            driver column; ``None`` for CPU rows.
        archs: SASS/PTX of the release's wheel; ``None`` for CPU rows.
        gpu: how the release runs on the ``--gpu`` GPU; ``None`` without ``--gpu``.
        gpu_driver: with ``--gpu`` and PTX JIT, the toolkit minimum driver JIT needs.
        gpu_floor: with ``--gpu``, the first driver of the GPU's architecture
            (:meth:`~tfgpu.knowledge.Knowledge.gpu_min_driver`) when it is above both
            :attr:`driver` and :attr:`gpu_driver`: on that GPU it is the minimum.
    """

    config: TestedConfig
    driver: DriverMinimum | None
    archs: WheelArchs | None
    gpu: CCSupport | None = None
    gpu_driver: DriverMinimum | None = None
    gpu_floor: DriverMinimum | None = None


@dataclass(frozen=True, slots=True)
class MatrixView:
    """What ``tfgpu matrix`` prints for one set of filters.

    Attributes:
        filters: the filters as given (``{"tf": "2.12", "os": "linux"}``).
        sections: the sections to print, in order.
        configs: tested configurations that match.
        drivers: driver-table rows that match ``--cuda`` (all rows without it).
        pins: and-cuda pins of ``--tf`` (all rows without it).
        archs: wheel SASS/PTX rows that match ``--tf`` (all without it).
        gpus: GPU rows (the matched one with ``--gpu``; all without it).
        gpu: the ``--gpu`` match; ``None`` when ``--gpu`` was a bare CC or not given.
        gpu_cc: the ``--gpu`` compute capability.
        facts: platform facts that bear on the filters (all without filters).
        notes: plain-language remarks (why a filter combination is empty).
    """

    filters: Mapping[str, str]
    sections: tuple[str, ...]
    configs: tuple[ConfigLine, ...]
    drivers: tuple[MinDriver, ...]
    pins: tuple[AndCudaPin, ...]
    archs: tuple[WheelArchs, ...]
    gpus: tuple[Row, ...]
    gpu: GpuMatch | None
    gpu_cc: str | None
    facts: tuple[PlatformFact, ...]
    notes: tuple[str, ...]


def _cuda_matches(row_cuda: str, wanted: str) -> bool:
    want = parse_version(wanted, "CUDA version").release
    have = parse_version(row_cuda).release
    return have[: len(want)] == want if len(want) < 2 else have[:2] == want[:2]


def _jit_cuda(build_cuda: str, tested_cuda: str) -> str:
    """The CUDA toolkit that made the wheel's PTX, as precisely as the knowledge says.

    ``tf_compute_capabilities.toml`` takes ``build_cuda`` from the wheel's build_info,
    which for TensorFlow 2.0 and 2.2 holds the major only (``"10"``; its row's note: "the
    tested-config table says CUDA 10.1").  Looked up as is, ``"10"`` is CUDA 10.0's driver
    (410.48) while the same line's minimum is CUDA 10.1's (418.39).  When the tested
    configuration's CUDA (``tf_tested_configs.toml``) is in that major, it names the
    toolkit, so it is used; a ``build_cuda`` with a minor is kept as it is.
    """
    if "." not in build_cuda and tested_cuda.split(".", 1)[0] == build_cuda:
        return tested_cuda
    return build_cuda


def known_ccs(kb: Knowledge) -> tuple[str, ...]:
    """Every compute capability the knowledge names: the GPU table's and the wheels'
    SASS/PTX targets, ascending (``("3.0", "3.5", ..., "12.0")``)."""
    ccs = {g.compute_capability for g in kb.gpus if g.compute_capability}
    for a in kb.wheel_archs:
        ccs.update(a.sass_cc)
        ccs.update(a.ptx_cc)
    return tuple(sorted(ccs, key=parse_cc))


def _resolve_gpu(kb: Knowledge, gpu: str) -> tuple[str, GpuMatch | None]:
    try:
        cc = parse_cc(gpu)
    except KnowledgeQueryError:
        pass
    else:
        text = f"{cc[0]}.{cc[1]}"
        known = known_ccs(kb)
        if text not in known:
            raise KnowledgeQueryError(
                f"compute capability {text} is not a known NVIDIA compute capability "
                f"(the knowledge names {', '.join(known)})"
            )
        return text, None
    match = kb.gpu_compute_capability(gpu)
    if match is None:
        raise KnowledgeQueryError(
            f"GPU {gpu!r} is not in the compute-capability table (or its name is cut short "
            "or ambiguous); give the full name as nvidia-smi -L prints it, or its compute "
            "capability, e.g. --gpu 8.6"
        )
    return match.cc, match


def _note_release_rows(configs: tuple[TestedConfig, ...], notes: list[str]) -> None:
    """Add to ``notes`` what the rows of ``configs`` do not say themselves.

    TensorFlow's tested-configurations tables list a few releases twice with different
    values (macOS 2.0.0: Python 2.7, 3.5-3.7 with Bazel 0.27.1 and 2.7, 3.3-3.7 with Bazel
    0.26.1); the knowledge keeps both rows, tfgpu uses the first
    (:meth:`Knowledge.config_for`, :meth:`Knowledge.releases`), and the text table shows
    only that one.  A row whose Python range the source
    does not give (native Windows 2.13.0: the Windows table has no 2.13.0 row) is named
    with the row's note."""
    seen: dict[tuple[str, str, str], TestedConfig] = {}
    for r in configs:
        first = seen.setdefault((r.tf_version, r.platform, r.kind), r)
        if first is not r:
            notes.append(
                f"TensorFlow's {r.platform} table lists {r.tf_version} twice (Python "
                f"{first.python_versions}, {first.build_tools or '?'}; and Python "
                f"{r.python_versions}, {r.build_tools or '?'}): tfgpu uses the first "
                f"(knowledge rows {first.ref}, {r.ref})")
        elif not r.python_min:
            label = r.tf_version + (f"-{r.tf_version_last}" if r.tf_version_last else "")
            notes.append(f"{r.platform} {label}: the source gives no Python range "
                         f"(knowledge row {r.ref}: {r.note or r.python_versions})")


def select_matrix(
    kb: Knowledge,
    *,
    tf: str | None = None,
    cuda: str | None = None,
    gpu: str | None = None,
    os: str | None = None,
    show: tuple[str, ...] = (),
) -> MatrixView:
    """Apply ``tfgpu matrix``'s filters to the knowledge.

    Args:
        kb: the knowledge.
        tf: a release or series (``"2.12"``): that x.y only.
        cuda: a CUDA version (``"11.8"``, or ``"12"`` for the family).
        gpu: a GPU name (``"RTX 3060"``) or a compute capability (``"8.6"``): GPU
            configurations only, each with how its wheel runs on that GPU.
        os: ``"linux"``, ``"windows"``, ``"wsl2"`` or ``"macos"``.
        show: sections to print (:data:`SECTIONS`); empty = the configurations plus the
            sections the filters make relevant.

    Returns:
        The selected rows.

    Raises:
        KnowledgeQueryError: a filter value that is not understood or matches nothing
            in the knowledge at all (unknown release, CUDA version, GPU or OS); the
            message says what is known.
    """
    filters = {k: v for k, v in (("tf", tf), ("cuda", cuda), ("gpu", gpu), ("os", os)) if v}
    notes: list[str] = []
    canon_os = normalise_os(os) if os else None
    if tf is not None:
        tf_v = parse_version(tf, "TensorFlow version")
        if len(tf_v.release) < 2:
            raise KnowledgeQueryError(
                f"--tf {tf}: give a release series such as 2.12 or a release such as 2.16.1 "
                "(the knowledge has rows per x.y series)"
            )
        if not kb.tested_configs(tf=tf):
            known = sorted({r.tf_version for r in kb.tested}, key=parse_version)
            raise KnowledgeQueryError(
                f"no TensorFlow {tf} in the knowledge (it covers {known[0]} to "
                f"{kb.latest_tf()}; data version {kb.version})"
            )
    if cuda is not None:
        parse_version(cuda, "CUDA version")
        in_configs = any(r.cuda and _cuda_matches(r.cuda, cuda) for r in kb.tested)
        in_drivers = any(_cuda_matches(d.cuda_version, cuda) for d in kb.drivers)
        if not (in_configs or in_drivers):
            known = sorted({r.cuda for r in kb.tested if r.cuda}, key=parse_version)
            raise KnowledgeQueryError(
                f"CUDA {cuda} is in neither the tested configurations ({', '.join(known)}) "
                "nor NVIDIA's driver table"
            )
    if tf is not None and len(parse_version(tf, "TensorFlow version").release) >= 3:
        rows = {r.tf_version for r in kb.tested_configs(tf=tf)}
        if rows and tf not in rows and not any(
            r.tf_version_last == tf for r in kb.tested_configs(tf=tf)
        ):
            notes.append(
                f"TensorFlow {tf} has no row of its own; the knowledge's rows are per x.y "
                f"series, so the {', '.join(sorted(rows))} "
                + ("rows of the same series are" if len(rows) > 1
                   else "row of the same series is") + " shown"
            )
    gpu_cc: str | None = None
    match: GpuMatch | None = None
    if gpu is not None:
        gpu_cc, match = _resolve_gpu(kb, gpu)

    configs = kb.tested_configs(tf=tf, os=canon_os, kind="gpu" if gpu else None)
    if cuda is not None:
        configs = tuple(r for r in configs if r.cuda and _cuda_matches(r.cuda, cuda))
    _note_release_rows(configs, notes)
    lines: list[ConfigLine] = []
    floor_noted: set[str] = set()
    for r in configs:
        driver = archs = support = jit = floor = None
        if r.kind == "gpu" and r.cuda:
            # WSL2 runs the Linux wheels on the Windows driver
            driver_os = "wsl2" if canon_os == "wsl2" else r.platform
            driver = kb.min_driver(r.cuda, driver_os)
            archs = kb.wheel_compute_capabilities(r.tf_version)
            if gpu_cc is not None:
                support = kb.cc_support(r.tf_version, gpu_cc)
                if support is not None and support.status == "ptx-jit":
                    jit = kb.min_driver(_jit_cuda(support.row.build_cuda, r.cuda),
                                        driver_os, ptx_jit=True)
                gpu_floor = kb.gpu_min_driver(gpu_cc, driver_os)
                if gpu_floor is not None and all(
                        d is None or Version(gpu_floor.minimum.version) > Version(d.version)
                        for d in (driver, jit)):
                    floor = gpu_floor.minimum
                    if driver_os not in floor_noted:
                        floor_noted.add(driver_os)
                        notes.append(
                            f"compute capability {gpu_cc} ({gpu_floor.arch.arch}) needs a "
                            f"{'Windows' if driver_os != 'linux' else 'Linux'} driver of "
                            f"branch R{gpu_floor.branch} or newer (>= {floor.version}, the "
                            f"minimum of CUDA {gpu_floor.arch.first_cuda}, the first CUDA "
                            f"that knows {gpu_floor.arch.arch}; {gpu_floor.arch.ref}, "
                            f"{floor.row.ref}): an older driver does not list this GPU, so "
                            "where 'min driver' (each CUDA's own minimum) is lower, the "
                            "GPU's minimum applies")
        lines.append(ConfigLine(r, driver, archs, support, jit, floor))

    if canon_os == "windows" and tf is not None and gpu is not None and not lines:
        fact = kb.platform_fact("windows-native-gpu-last")
        notes.append(f"TensorFlow {tf} has no GPU build for native Windows ({fact.ref}): "
                     f"{fact.title}")
    if canon_os == "macos" and gpu is not None:
        notes.append(kb.platform_fact("macos-metal-plugin").title)

    drivers = tuple(
        d for d in kb.drivers if cuda is None or _cuda_matches(d.cuda_version, cuda)
        or (d.kind == "minor_compat" and d.cuda_version == f"{parse_version(cuda).major}.x")
    )
    pins = kb.and_cuda_pins(tf) if tf is not None else kb.pins
    def fact_version(fact_id: str) -> Version:
        return parse_version(kb.platform_fact(fact_id).value("tf_version"))

    first_and_cuda = fact_version("and-cuda-extra-first")
    if tf is not None and not pins and parse_version(tf) < first_and_cuda:
        notes.append(kb.platform_fact("and-cuda-extra-first").title)
    archs_rows = tuple(
        WheelArchs(a.sass_cc, a.ptx_cc, a) for a in kb.wheel_archs
        if tf is None or a.covers(tf)
    )
    gpus: tuple[Row, ...] = (match.row,) if match else kb.gpus
    if gpu is not None and match is None:
        gpus = tuple(g for g in kb.gpus if g.compute_capability == gpu_cc)

    facts = kb.facts
    if filters:
        wanted_ids: list[str] = []
        if tf is not None:
            v = parse_version(tf)
            last_windows = kb.platform_fact("windows-native-gpu-last").value("tf_version")
            if series(tf) > series(last_windows) and canon_os in (None, "windows"):
                wanted_ids.append("windows-native-gpu-last")
            if series(tf) >= series(kb.platform_fact("keras3-switch").value("tf_version")):
                wanted_ids.append("keras3-switch")
            if v < fact_version("numpy2-first-tf"):
                wanted_ids.append("numpy2-first-tf")
        if cuda is not None:
            wanted_ids += ["cuda-minor-version-compat", "ptx-jit-needs-new-driver"]
        if gpu_cc is not None and any(ln.gpu and ln.gpu.status == "ptx-jit" for ln in lines):
            wanted_ids += ["ptx-jit-slow-first-run", "ptx-jit-needs-new-driver"]
        if gpu_cc is not None and parse_cc(gpu_cc) >= (10, 0):
            wanted_ids.append("blackwell-no-cubins")
        facts = tuple(f for f in kb.facts if f.id in dict.fromkeys(wanted_ids))

    sections: tuple[str, ...]
    if show:
        bad = [s for s in show if s not in SECTIONS]
        if bad:
            raise KnowledgeQueryError(
                f"unknown section {bad[0]!r}: use {', '.join(SECTIONS)}"
            )
        sections = tuple(dict.fromkeys(show))
    else:
        auto = ["configs"]
        if cuda is not None:
            auto.append("drivers")
        if tf is not None and pins and canon_os in (None, "linux", "wsl2"):
            auto.append("pins")  # the and-cuda extra is for Linux and WSL2
        if tf is not None:
            auto.append("archs")
        if facts and filters:
            auto.append("facts")
        sections = tuple(auto)
    return MatrixView(
        filters=filters, sections=sections, configs=tuple(lines), drivers=drivers,
        pins=pins, archs=archs_rows, gpus=gpus, gpu=match, gpu_cc=gpu_cc,
        facts=facts, notes=tuple(notes),
    )


def _plain(value: object) -> object:
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def row_to_dict(row: Row) -> dict[str, object]:
    """JSON form of a row: its fields (dates as ISO text) plus ``ref``."""
    out: dict[str, object] = {"ref": row.ref}
    for f in dataclasses.fields(row):
        out[f.name] = _plain(getattr(row, f.name))
    return out


def view_to_dict(view: MatrixView) -> dict[str, object]:
    """JSON form of a :class:`MatrixView` (every section, whatever ``sections`` says)."""

    def _drv(d: DriverMinimum | None) -> dict[str, object] | None:
        return None if d is None else {"version": d.version, "rule": d.rule, "ref": d.row.ref}

    return {
        "filters": dict(view.filters),
        "gpu": None if view.gpu_cc is None else {
            "compute_capability": view.gpu_cc,
            "match": None if view.gpu is None else {
                "how": view.gpu.how, "ref": view.gpu.row.ref, "name": view.gpu.row.name},
        },
        "configs": [
            {
                "config": row_to_dict(ln.config),
                "min_driver": _drv(ln.driver),
                "wheel_archs": None if ln.archs is None else {
                    "sass": list(ln.archs.sass), "ptx": list(ln.archs.ptx),
                    "ref": ln.archs.row.ref},
                "gpu_support": None if ln.gpu is None else {
                    "status": ln.gpu.status, "via": ln.gpu.via, "ref": ln.gpu.row.ref,
                    "ptx_jit_min_driver": _drv(ln.gpu_driver),
                    "gpu_min_driver": _drv(ln.gpu_floor)},
            }
            for ln in view.configs
        ],
        "drivers": [row_to_dict(d) for d in view.drivers],
        "pins": [row_to_dict(p) for p in view.pins],
        "archs": [row_to_dict(a.row) for a in view.archs],
        "gpus": [row_to_dict(g) for g in view.gpus],
        "facts": [row_to_dict(f) for f in view.facts],
        "notes": list(view.notes),
    }
