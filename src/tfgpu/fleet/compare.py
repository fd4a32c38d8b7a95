"""Compare facts snapshots of the workers of one job (pure: snapshots in, table and
findings out).

Multi-worker training runs the same program on every worker and all-reduces the
gradients every step (``tf.distribute.MultiWorkerMirroredStrategy``: "it's recommended to
run exactly the same program on each worker", TensorFlow API docs, docs.toml
``tf-mwms-api``).  So the versions below must agree across the nodes; NCCL's maintainers
trace failures between ranks to "a version or configuration mismatch between two ranks"
and to environment variables "set on one rank but not the other" (NVIDIA/nccl issue
1328, docs.toml ``nccl-rank-mismatch``), and a user's ranks could not talk until every
node had the same NCCL wheel (NVIDIA/nccl issue 1267, docs.toml ``nccl-version-skew``).

Every check takes the list of :class:`~tfgpu.fleet.model.NodeResult` (and the table
built from them) and returns catalogue findings (``findings.toml`` section ``fleet``).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
from collections.abc import Callable, Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.findings import Evidence, Finding, Severity
from tfgpu.fleet.collect import DEFAULT_REMOTE, ENDLESS, NOT_A_FILE, STDERR_FLOOD
from tfgpu.fleet.model import FleetTable, NodeResult, NodeStatus, TableRow

#: Distributions that are TensorFlow itself, in the order their version is believed.
_TF_DISTS = ("tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly", "tf-nightly-cpu")
#: NCCL wheels (pip), newest CUDA first, when no libnccl was found on disk.
_NCCL_DISTS = ("nvidia-nccl-cu13", "nvidia-nccl-cu12", "nvidia-nccl-cu11")
#: Environment variables compared besides the ``NCCL_*`` and ``TF_*`` families.
_ENV_ALSO = ("CUDA_VISIBLE_DEVICES", "XLA_FLAGS")
#: Variables that differ per worker by design (TensorFlow's cluster spec names the task).
_ENV_PER_WORKER = frozenset({"TF_CONFIG"})


def _tf_ok(f: HostFacts) -> bool:
    return f.tf is not None and f.tf.status is ProbeStatus.OK


def tensorflow_version(f: HostFacts) -> str | None:
    """TensorFlow version: the child probe's ``tf.__version__``, else the installed
    distribution's version (``--no-tf`` snapshots); ``"none"`` when the probe found no
    TensorFlow installed."""
    if f.tf is not None and f.tf.version:
        return f.tf.version
    for name in _TF_DISTS:
        d = f.python.dist(name)
        if d is not None:
            return d.version
    if f.tf is not None and f.tf.status is ProbeStatus.MISSING:
        return "none"
    return None


def _build(f: HostFacts, key: str) -> str | None:
    """A version TensorFlow was built for (``tf.sysconfig.get_build_info()``: what its CUDA
    build loads); ``None`` (unknown) when TensorFlow's probe did not run or failed.

    The system's own libcudart/libcudnn is not a stand-in: a pip TensorFlow loads the
    ``nvidia-*`` wheels' copies, not ``/usr/local/cuda``'s, so a ``--no-tf`` snapshot
    would report the toolkit's version as TensorFlow's and make a false mismatch.
    """
    if _tf_ok(f) and f.tf is not None and f.tf.build_info.get(key):
        return f.tf.build_info[key]
    return None


def _dist(*names: str) -> Callable[[HostFacts], str | None]:
    def get(f: HostFacts) -> str | None:
        for name in names:
            d = f.python.dist(name)
            if d is not None:
                return d.version
        return None
    return get


def _nccl(f: HostFacts) -> str | None:
    for lib in f.libraries:
        if lib.name == "nccl" and lib.selected and lib.version:
            return lib.version
    return _dist(*_NCCL_DISTS)(f)


def _driver(f: HostFacts) -> str | None:
    """The driver version; ``"none"`` when the probes found no driver at all (a fact that
    differs from a node with one), ``None`` when not probed or broken."""
    if f.driver is None:
        return None
    if f.driver.status is ProbeStatus.MISSING:
        return "none"
    return f.driver.version


def _gpu_models(f: HostFacts) -> str | None:
    gpus = f.nvidia_gpus
    if not gpus:
        return "none" if f.driver is not None or f.gpus else None
    counts: dict[str, int] = {}
    for g in gpus:
        counts[g.name] = counts.get(g.name, 0) + 1
    return ", ".join(f"{n} x{c}" if c > 1 else n for n, c in counts.items())


def compute_capabilities(f: HostFacts) -> tuple[str, ...]:
    """Compute capabilities of the node's NVIDIA GPUs (from NVML/nvidia-smi; what
    TensorFlow reported only when those do not say), distinct, in ascending order
    ("7.0" < "8.0" < "9.0")."""
    ccs = {g.compute_capability for g in f.nvidia_gpus if g.compute_capability}
    if not ccs and _tf_ok(f) and f.tf is not None:
        ccs = {d.details["compute_capability"] for d in f.tf.gpus
               if d.details.get("compute_capability")}
    return tuple(sorted(ccs, key=_cc_key))


def _cc_key(cc: str) -> tuple[int, int]:
    major, _, minor = cc.partition(".")
    return (int(major or 0), int(minor or 0))


def _ccs(f: HostFacts) -> str | None:
    ccs = compute_capabilities(f)
    return ", ".join(ccs) if ccs else None


def gpus_visible(f: HostFacts) -> int | None:
    """GPUs the training process would see: TensorFlow's count when its probe ran, else
    the NVIDIA GPUs narrowed by ``CUDA_VISIBLE_DEVICES`` (``""`` or ``-1`` hide all; a
    list keeps that many), else ``None`` (unknown).  An NVIDIA GPU on the PCI bus with no
    driver at all (status ``MISSING``) is seen by nothing that uses CUDA: 0; with a
    driver that did not answer (broken, or not probed), ``None``."""
    if _tf_ok(f) and f.tf is not None:
        return len(f.tf.gpus)
    if f.driver is None and not f.gpus:
        return None
    if f.nvidia_gpus and (f.driver is None or f.driver.status is not ProbeStatus.OK):
        return 0 if f.driver is not None and f.driver.status is ProbeStatus.MISSING else None
    n = len(f.nvidia_gpus)
    cvd = f.env.get("CUDA_VISIBLE_DEVICES")
    if cvd is None:
        return n
    items = [x.strip() for x in cvd.split(",") if x.strip()]
    if not items or items[0] == "-1":
        return 0
    return min(n, len(items))


def _visible(f: HostFacts) -> str | None:
    n = gpus_visible(f)
    return None if n is None else str(n)


#: The facts that must agree, in display order: (key, label, how to read it).
FACT_ROWS: tuple[tuple[str, str, Callable[[HostFacts], str | None]], ...] = (
    ("driver", "NVIDIA driver", _driver),
    ("cuda", "CUDA (TF loads)", lambda f: _build(f, "cuda_version")),
    ("cudnn", "cuDNN (TF loads)", lambda f: _build(f, "cudnn_version")),
    ("tensorflow", "TensorFlow", tensorflow_version),
    ("keras", "Keras", _dist("keras", "tf-keras")),
    ("numpy", "NumPy", _dist("numpy")),
    ("nccl", "NCCL", _nccl),
    ("python", "Python", lambda f: f.python.version),
    ("gpu_models", "GPU models", _gpu_models),
    ("compute_capability", "compute capability", _ccs),
    ("gpus_visible", "GPUs visible", _visible),
)
#: Rows whose value is measured by TensorFlow's probe on some snapshots and inferred from
#: the host on others (``--no-tf``): key -> "this snapshot's value was inferred".  When a
#: row mixes the two, the inferred cells are unknown (``?``): TensorFlow may see fewer GPUs
#: than the driver lists (a CPU-only build, a library it cannot load), so comparing them
#: would report a difference nobody measured.  A row inferred on every node compares.
_INFERRED: dict[str, Callable[[HostFacts], bool]] = {
    "gpus_visible": lambda f: not _tf_ok(f),
}
#: Rows whose disagreement is a finding of :func:`check_versions`, with the words used.
VERSION_ROWS: dict[str, str] = {
    "driver": "NVIDIA driver", "cuda": "CUDA", "cudnn": "cuDNN",
    "tensorflow": "TensorFlow", "keras": "Keras", "numpy": "NumPy", "nccl": "NCCL",
    "python": "Python",
}
#: Mismatches that break the job rather than slow or skew it (ERROR): TensorFlow and
#: Keras run the program (TF API docs: the same program on each worker), NCCL versions
#: that differ cannot talk (NVIDIA/nccl issue 1267).  The others are warnings.
_ERROR_ROWS = frozenset({"tensorflow", "keras", "nccl"})
#: The report section of each version row (a driver difference is the driver's).
_ROW_AREA = {"driver": "driver", "cuda": "cuda", "cudnn": "cuda", "nccl": "cuda",
             "python": "python", "numpy": "python", "tensorflow": "tensorflow",
             "keras": "tensorflow"}


def _env_keys(snapshots: Sequence[HostFacts]) -> list[str]:
    keys: set[str] = set()
    for f in snapshots:
        keys.update(k for k in f.env if (k.startswith(("NCCL_", "TF_")) or k in _ENV_ALSO)
                    and k not in _ENV_PER_WORKER)
    return sorted(keys)


def build_table(nodes: Sequence[NodeResult]) -> FleetTable:
    """The comparison table of the nodes whose facts were read.

    Args:
        nodes: every node; only those with ``status`` ``OK`` become columns.

    Returns:
        Rows of :data:`FACT_ROWS` (a value only inferred where other nodes measured it,
        :data:`_INFERRED`, is ``None``: unknown, never a difference), then one
        ``env:NAME`` row per ``NCCL_*``, ``TF_*`` (but ``TF_CONFIG``, which names each
        worker's own task), ``CUDA_VISIBLE_DEVICES`` and ``XLA_FLAGS`` variable set on any node.
    """
    ok = [n for n in nodes if n.status is NodeStatus.OK and n.facts is not None]
    facts = [n.facts for n in ok if n.facts is not None]
    rows: list[TableRow] = []
    for key, label, read in FACT_ROWS:
        values = tuple(read(f) for f in facts)
        inferred = _INFERRED.get(key)
        if inferred is not None:
            guessed = tuple(inferred(f) for f in facts)
            if not all(guessed):  # measured somewhere: the inferred cells are unknown
                values = tuple(None if g else v for v, g in zip(values, guessed, strict=True))
        known = {v for v in values if v is not None}
        rows.append(TableRow(key, label, values, len(known) > 1))
    for name in _env_keys(facts):
        values = tuple(f.env.get(name) for f in facts)
        rows.append(TableRow(f"env:{name}", name, values, len(set(values)) > 1))
    return FleetTable(tuple(n.name for n in ok), tuple(rows))


def _by_value(table: FleetTable, row: TableRow) -> dict[str, list[str]]:
    """value -> node names (unset: ``"(unset)"``), in first-seen order."""
    groups: dict[str, list[str]] = {}
    for node, value in zip(table.nodes, row.values, strict=True):
        groups.setdefault("(unset)" if value is None else value, []).append(node)
    return groups


def _nodes_words(names: Sequence[str], limit: int = 4) -> str:
    shown = ", ".join(names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _spread(groups: dict[str, list[str]]) -> str:
    return "; ".join(f"{v} on {_nodes_words(ns)}" for v, ns in groups.items())


def _row_evidence(table: FleetTable, row: TableRow) -> tuple[Evidence, ...]:
    return tuple(Evidence(f"{node}: {row.label}", "(unset)" if v is None else v)
                 for node, v in zip(table.nodes, row.values, strict=True))


def _majority(groups: dict[str, list[str]]) -> str:
    return max(groups, key=lambda v: len(groups[v]))


#: A version row's value for "not there at all" (no driver found, no TensorFlow
#: installed): a difference from the nodes that have one, never a version to converge on.
_ABSENT = "none"


#: How a node's NVIDIA driver is changed, for the driver row's fix: it is the host's kernel
#: module and its user-space libraries, installed on each node from the distribution's
#: packages or NVIDIA's installer (NVIDIA Driver Downloads, docs.toml ``nvidia-drivers``),
#: loaded by a reboot; a container uses the host's driver, which the NVIDIA Container
#: Toolkit maps into it (docs.toml ``nvidia-container-toolkit``), so no image or lock file
#: changes it.
_DRIVER_HOW = ("# the driver is each node's own: install it there from the distribution's "
               "driver packages or NVIDIA's installer, then reboot the node (loads the new "
               "kernel module); a container image or a lock file cannot change it")


def _absent_fix(key: str, what: str, target: str | None, names: Sequence[str],
                facts: dict[str, HostFacts]) -> list[str]:
    """Fix lines for the nodes where ``what`` was not found at all: install ``target``
    (the version the others agree on; ``None``: they do not agree) there; for the driver,
    nodes shown to have no NVIDIA GPU (:func:`~tfgpu.facts.presence.nvidia_gpu_presence`:
    a listing of the PCI bus answered) are CPU nodes, to leave out of a GPU job."""
    version = f"{what} {target}" if target is not None else \
        f"{what} (the version the other nodes settle on)"
    if key != "driver":
        return [f"# install {version} on {_nodes_words(names)} (none found there)"]
    state = {n: nvidia_gpu_presence(facts[n]).state if n in facts else "unknown"
             for n in names}
    with_gpu = [n for n in names if state[n] == "present"]
    cpu = [n for n in names if state[n] == "absent"]
    unknown = [n for n in names if state[n] == "unknown"]
    out = []
    if with_gpu:
        out.append(f"# install {version} on {_nodes_words(with_gpu)} (an NVIDIA GPU is "
                   "there, but no driver was found)")
    if unknown:
        has = "it has" if len(unknown) == 1 else "they have"
        out.append(f"# install {version} on {_nodes_words(unknown)} if {has} an NVIDIA "
                   "GPU (no driver found; lspci -d 10de: lists one)")
    if cpu:
        them = "a CPU node; leave it" if len(cpu) == 1 else "CPU nodes; leave them"
        out.append(f"# {_nodes_words(cpu)}: no NVIDIA GPU and no driver found: {them} "
                   "out of a GPU job (sbatch --exclude=" + ",".join(cpu) + ")")
    return out


def check_versions(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """One finding per version row of :data:`VERSION_ROWS` on which the nodes disagree
    (unknown values do not count): ``fleet-tensorflow-differs``, ``fleet-driver-differs``...

    The fix names the version the most nodes run as the one to converge on, never
    ``none`` (:data:`_ABSENT`: no driver found, no TensorFlow installed): the nodes
    without one are told to install that version, and nodes with no driver shown to have
    no NVIDIA GPU are CPU nodes, to leave out of a GPU job."""
    facts = {n.name: n.facts for n in nodes if n.facts is not None}
    out: list[Finding] = []
    for key, what in VERSION_ROWS.items():
        row = table.row(key)
        if row is None or not row.differs:
            continue
        groups = {v: ns for v, ns in _by_value(table, row).items() if v != "(unset)"}
        versions = {v: ns for v, ns in groups.items() if v != _ABSENT}
        absent = groups.get(_ABSENT, [])
        lines: list[str] = []
        target: str | None = None
        if versions:
            common = _majority(versions)
            # no majority (2 nodes, 2 versions): pick no "odd ones" arbitrarily
            tie = sum(len(ns) == len(versions[common]) for ns in versions.values()) > 1
            odd = [n for v, ns in versions.items() if v != common for n in ns]
            if tie:
                lines.append(f"# make {what} one version on every node (no majority: "
                             f"{_spread(versions)})")
            else:
                target = common
                if odd:
                    lines.append(f"# make {what} {common} on every node (the odd ones: "
                                 f"{_nodes_words(odd)})")
        if absent:
            lines += _absent_fix(key, what, target, absent, facts)
        if key == "driver":
            # the CPU nodes alone (to leave out of the job) need no driver installed
            if any(ln.startswith(("# make", "# install")) for ln in lines):
                lines.append(_DRIVER_HOW)
        elif lines[0].startswith("# make"):
            lines[0] += "; install from one lock file or one container image"
        out.append(dataclasses.replace(catalogue.make(
            "fleet-{fact}-differs", fact=key.replace("_", "-"), what=what,
            spread=_spread(groups),
            severity=Severity.ERROR if key in _ERROR_ROWS else Severity.WARNING,
            evidence=_row_evidence(table, row),
            fix=(*lines, "tfgpu fleet   # again: every row must agree"),
        ), area=_ROW_AREA.get(key, "tensorflow")))
    return out


def check_gpu_counts(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """``fleet-gpus-visible-differs``: the nodes' workers see different numbers of GPUs
    (a hidden GPU, a ``CUDA_VISIBLE_DEVICES`` set on one node, a broken GPU)."""
    row = table.row("gpus_visible")
    if row is None or not row.differs:
        return []
    groups = {v: ns for v, ns in _by_value(table, row).items() if v != "(unset)"}
    return [catalogue.make(
        "fleet-gpus-visible-differs", spread=_spread(groups),
        evidence=_row_evidence(table, row) + tuple(
            ev for r in table.rows if r.key == "env:CUDA_VISIBLE_DEVICES"
            for ev in _row_evidence(table, r)),
    )]


def check_gpu_generations(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """``fleet-mixed-gpu-generations``: the nodes' GPUs have different compute
    capabilities.  Mixed precision speeds up only GPUs of compute capability 7.0 or
    higher (Tensor Cores) and ``mixed_bfloat16`` needs 8.0 (TensorFlow mixed precision
    guide, docs.toml ``tf-mixed-precision``); a synchronous job runs at the pace of its
    slowest worker."""
    ok = [n for n in nodes if n.status is NodeStatus.OK and n.facts is not None]
    per_node = {n.name: compute_capabilities(n.facts) for n in ok if n.facts is not None}
    known = {n: ccs for n, ccs in per_node.items() if ccs}
    distinct = {cc for ccs in known.values() for cc in ccs}
    if len(distinct) < 2:
        return []
    lowest = min(distinct, key=_cc_key)
    highest = max(distinct, key=_cc_key)
    low_nodes = [n for n, ccs in known.items() if lowest in ccs]
    if _cc_key(lowest) < (7, 0):
        consequence = (f"compute capability {lowest} has no Tensor Cores: mixed_float16 gives "
                       "those workers no speed-up, and every step waits for them")
    elif _cc_key(lowest) < (8, 0) <= _cc_key(highest):
        consequence = (f"compute capability {lowest} has no bfloat16 support: "
                       "mixed_bfloat16 fails or is emulated there; use mixed_float16 "
                       "on every worker")
    else:
        consequence = ("the older GPUs set the pace of every synchronous step "
                       "(and mixed precision speeds up each generation differently)")
    row = table.row("compute_capability")
    return [catalogue.make(
        "fleet-mixed-gpu-generations", ccs=", ".join(sorted(distinct, key=_cc_key)),
        lowest=lowest, low_nodes=_nodes_words(low_nodes),
        cause=f"compute capabilities {', '.join(sorted(distinct, key=_cc_key))} across the "
              f"nodes; {consequence}",
        evidence=_row_evidence(table, row) if row is not None else (),
    )]


def _gpu_use_unmeasured(n: NodeResult) -> bool:
    """The node's snapshot cannot say whether TensorFlow uses its GPU: TensorFlow was not
    probed (``--no-tf``), the node has NVIDIA GPUs and its doctor found no error (its
    verdict: "GPU 0 ... looks ready; TensorFlow itself was not checked")."""
    f = n.facts
    if f is None or n.report is None:
        return False
    skipped = f.tf is None or f.tf.status is ProbeStatus.SKIPPED
    return skipped and bool(f.nvidia_gpus) and n.report.verdict.problems == 0


def check_no_usable_gpu(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """``fleet-node-without-gpu``: some nodes can train on a GPU and others cannot (their
    doctor verdict says TensorFlow will use the CPU only); the whole synchronous job then
    runs at the CPU worker's pace.  A fleet of CPU-only nodes is not a finding, nor is a
    ``--no-tf`` node whose GPU looks ready (unknown, :func:`_gpu_use_unmeasured`)."""
    diagnosed = [n for n in nodes if n.status is NodeStatus.OK and n.report is not None
                 and not _gpu_use_unmeasured(n)]
    with_gpu = [n.name for n in diagnosed if n.report is not None and n.report.verdict.gpu_usable]
    # a node whose GPU state is unknown (gpu_usable None: a probe failed) is neither
    without = [n for n in diagnosed
               if n.report is not None and n.report.verdict.gpu_usable is False]
    if not with_gpu or not without:
        return []
    return [catalogue.make(
        "fleet-node-without-gpu", nodes=_nodes_words([n.name for n in without]),
        count=str(len(without)), total=str(len(diagnosed)),
        evidence=(*(Evidence(f"{n.name}: doctor", n.report.verdict.headline)
                    for n in without if n.report is not None),
                  Evidence("GPU nodes", _nodes_words(with_gpu))),
        fix=(f"tfgpu doctor   # on {without[0].name}: its findings below say why",
             "# or leave the node out: sbatch --exclude=" + ",".join(n.name for n in without)),
    )]


def check_env(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """``fleet-env-differs``: an ``NCCL_*``/``TF_*`` variable (or ``XLA_FLAGS``) is set
    differently across the nodes, or only on some (``CUDA_VISIBLE_DEVICES`` is reported
    with the GPU count instead)."""
    rows = [r for r in table.rows if r.key.startswith("env:") and r.differs
            and r.key != "env:CUDA_VISIBLE_DEVICES"]
    if not rows:
        return []
    names = ", ".join(r.label for r in rows)
    return [catalogue.make(
        "fleet-env-differs", names=names,
        cause="; ".join(f"{r.label}: {_spread(_by_value(table, r))}" for r in rows),
        evidence=tuple(ev for r in rows for ev in _row_evidence(table, r)),
    )]


#: Fix lines per catalogue variant of ``fleet-node-not-examined`` for a node asked through
#: srun: ``{node}`` is its name, ``{cmd}`` the command it ran (``tfgpu facts`` or
#: ``--remote``'s), ``{argv0}`` that command's program; ``{more:...}`` options added only
#: when the command is ``tfgpu facts`` itself (a wrapper script may not take them).
_NOT_EXAMINED_FIX = {
    "timeout": ("srun -w {node} -N1 {cmd}{more: --timeout 60}   # see where it hangs",
                "tfgpu fleet --node-timeout 600   # if TensorFlow's import is just slow "
                "there (a cold shared file system)"),
    "no-tfgpu": ("srun -w {node} -N1 which {argv0}{more: python3}   # what the node's PATH "
                 "has",
                 "# install tfgpu where every node sees it (the shared home or software "
                 "folder), or pass the node's command: "
                 "tfgpu fleet --remote 'python3 -m tfgpu facts'"),
    "unreadable": ("srun -w {node} -N1 {cmd} | head   # what it prints",
                   "# the same tfgpu version on every node reads and writes the same snapshot"),
    "endless": ("srun -w {node} -N1 {cmd} | head -c 2000   # what it prints first",
                "# a wrapper or login script that prints to standard output: send its "
                "messages to standard error (>&2)"),
    "stderr-flood": ("srun -w {node} -N1 {cmd} 2>&1 >/dev/null | head -n 40   # the error "
                     "it repeats, from its first lines",
                     "# fix what that message names on the node (a driver or library "
                     "error): the same flood would fill a training job's log there"),
    "failed": ("srun -w {node} -N1 {cmd}{more: --debug}   # the traceback",),
    "no-answer": ("sinfo -N -n {node}   # the node's state",
                  "scontrol show node {node}   # its Reason= line"),
}
_MORE = re.compile(r"\{more:([^}]*)\}")


def _is_tfgpu_facts(cmd: Sequence[str]) -> bool:
    """``cmd`` runs ``tfgpu facts`` (``tfgpu facts``, ``/opt/venv/bin/tfgpu facts``,
    ``python3 -m tfgpu facts``), so that its options (``--timeout``, ``--debug``) apply."""
    if "facts" not in cmd:
        return False
    head = list(cmd[:cmd.index("facts")])
    return bool(head) and (os.path.basename(head[0]) == "tfgpu" or head[1:] == ["-m", "tfgpu"])


def _srun_fix(line: str, node: str, cmd: Sequence[str]) -> str:
    """One fix line of :data:`_NOT_EXAMINED_FIX` for ``node`` that ran ``cmd``."""
    more = _is_tfgpu_facts(cmd)
    line = _MORE.sub(lambda m: m.group(1) if more else "", line)
    return (line.replace("{node}", shlex.quote(node)).replace("{cmd}", shlex.join(cmd))
            .replace("{argv0}", shlex.quote(cmd[0])))


def check_unreachable(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """``fleet-node-not-examined``: one finding per node whose facts could not be read,
    with the reason (timed out, no ``tfgpu``, garbage, endless output, failed, no
    answer)."""
    out: list[Finding] = []
    for n in nodes:
        if n.status is NodeStatus.TIMEOUT:
            variant = "timeout"
        elif n.status is NodeStatus.NO_TFGPU:
            variant = "no-tfgpu"
        elif n.status is NodeStatus.UNREADABLE:
            said = n.message or ""
            variant = ("endless" if said.startswith(ENDLESS) else
                       "stderr-flood" if said.startswith(STDERR_FLOOD) else "unreadable")
        elif n.status is NodeStatus.FAILED:
            variant = "failed"
        elif n.status is NodeStatus.NO_ANSWER:
            variant = "no-answer"
        else:
            continue
        ev = [Evidence(f"{n.name}: source", n.source)]
        if n.exit_code is not None:
            ev.append(Evidence(f"{n.name}: exit status", str(n.exit_code)))
        if n.message:
            ev.append(Evidence(f"{n.name}: message", n.message[:600]))
        if n.source.startswith("srun"):
            cmd = n.command or DEFAULT_REMOTE
            fix = tuple(_srun_fix(line, n.name, cmd) for line in _NOT_EXAMINED_FIX[variant])
        else:
            # A snapshot file (pdsh, Ansible, a DaemonSet's log): look at it, and write it
            # again on that node; its name is a file's, so it is quoted for the shell.
            path = shlex.quote(n.source)
            look = (f"ls -l {path}   # not a regular file: head would wait on a FIFO"
                    if (n.message or "").startswith(NOT_A_FILE) else
                    f"head -c 400 {path}   # what the file holds")
            fix = (look,
                   f"tfgpu facts -o {path}   # run again on that node (same tfgpu version "
                   "as here)")
        out.append(catalogue.make(
            "fleet-node-not-examined", variant=variant, node=n.name,
            evidence=tuple(ev), fix=fix,
        ))
    return out


#: Every fleet check, in order; each takes ``(nodes, table)`` and returns findings.
FLEET_CHECKS: tuple[Callable[[Sequence[NodeResult], FleetTable], list[Finding]], ...] = (
    check_unreachable, check_versions, check_gpu_counts, check_gpu_generations,
    check_no_usable_gpu, check_env,
)


def run_fleet_checks(nodes: Sequence[NodeResult], table: FleetTable) -> list[Finding]:
    """Run :data:`FLEET_CHECKS`; findings most severe first (then by id)."""
    out: list[Finding] = []
    for check in FLEET_CHECKS:
        out += check(nodes, table)
    return sorted(out, key=lambda f: (-f.severity.rank, f.id, f.title))
