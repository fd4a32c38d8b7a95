"""Open MPI refusing to start more processes than the slots it counts (mpirun, horovodrun).

Open MPI 5 launches through PRRTE (its help text says 'A "slot" is the PRRTE term ...';
"PRRTE ERROR" lines): there oversubscription is ``--map-by :OVERSUBSCRIBE`` (Open MPI 5's
docs, launching-apps/scheduling.rst) and PRRTE reads its own MCA parameters: ``--prtemca``,
``PRTE_MCA_<param>`` variables (PRRTE's mca_base_var.c "PRTE_MCA_%s"; open-mpi/ompi#8955:
"the envar is now PRTE_MCA_rmaps_base_oversubscribe, the default MCA parameter file is
prte-mca-params.conf"), ``$prefix/etc/prte-mca-params.conf`` (docs/mca.rst), so Open MPI 4's
``OMPI_MCA_rmaps_base_oversubscribe`` or openmpi-mca-params.conf no longer apply
(open-mpi/ompi#7413, openpmix/prrte#393; mpi4py's CI writes
``rmaps_default_mapping_policy=:oversubscribe`` to ~/.prte/mca-params.conf for Open MPI 5).

Source: Open MPI's help text ``orte/mca/rmaps/base/help-orte-rmaps-base.txt`` (``prte`` in
5.x), "There are not enough slots available in the system to satisfy the %d slots that were
requested by the application: ... Either request fewer slots for your application, or make
more slots available for use.", which Open MPI 4+ goes on to explain: a slot is a unit where
a process can be launched, counted from a hostfile's "slots=N" (N defaulting to the number of
cores), the ``--host`` parameter's ":N" suffix (N defaulting to 1), or the resource manager
(Slurm, PBS, LSF); ``--oversubscribe`` lifts the limit.  horovodrun passes its ``-H``/
``--hosts`` list to mpirun as ``--host``, so ``-H localhost`` gives one slot
(horovod/horovod#978: ``-np 2 -H localhost`` failed, ``-H localhost:2`` ran).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The process count option of mpirun/mpiexec (-np, -n, --np, -c) and horovodrun (-np).
_NP = re.compile(r"(?<!\S)(?:-np|-n|--np|-c)(?:[ \t]+|=)(?P<n>\d{1,7})(?!\S)")

#: The host list option: horovodrun's -H/--hosts, mpirun's --host/-host/-H.
_HOSTS = re.compile(r"(?<!\S)(?:-H|--hosts?|-host)(?:[ \t]+|=)(?P<hosts>[\w.:,-]{1,300})(?!\S)")


def _own_line(h: Hit) -> str:
    """The launch line's own text, without a prompt before the launcher: a wrapped message's
    reading may have joined the lines below it (:attr:`Hit.parts`)."""
    text = h.parts[0][1] if h.parts else h.text
    m = re.search(r"\b(?:horovodrun|mpirun|mpiexec)\b.*", text)
    return m.group(0).strip() if m else text.strip()


def _launch(ctx: Facts, n: str) -> tuple[Hit, re.Match[str], list[tuple[str, int | None]]] | None:
    """The launch line that asked for ``n`` processes with a host list: the line, its host
    option's match and the hosts with their ``:N`` slot counts (``None`` where a host has
    none); ``None`` when the log shows no such line."""
    for h in ctx.h("mpi.launch").all():
        args = _own_line(h)
        np_m = _NP.search(args)
        hosts_m = _HOSTS.search(args)
        if np_m is None or np_m.group("n") != n or hosts_m is None:
            continue
        hosts: list[tuple[str, int | None]] = []
        for part in hosts_m.group("hosts").split(","):
            name, _, count = part.partition(":")
            hosts.append((name, int(count) if count.isdigit() else None))
        if hosts and all(name for name, _ in hosts):
            return h, hosts_m, hosts
    return None


def not_enough_slots(ctx: Facts) -> list[Finding]:
    """``mpi-not-enough-slots``: Open MPI's "not enough slots available" (pattern
    ``mpi.not_enough_slots``), with the number of processes asked for; the fix lines give a
    slot count per host in each launcher's form."""
    hits = ctx.h("mpi.not_enough_slots").all()
    if not hits:
        return []
    n = hits[0].g("n") or "N"
    prrte = ctx.h("ctx.prrte").all()
    if prrte:
        return [_prrte(ctx, n, hits, prrte)]
    launch = _launch(ctx, n) if n.isdigit() else None
    if launch is not None:
        line, hosts_m, hosts = launch
        text = _own_line(line)
        counts = [k for _, k in hosts]
        if all(k is not None for k in counts):
            slots = sum(k for k in counts if k is not None)
            if slots < int(n):
                # every host has its count: the counts add up to fewer than -np
                fewer = _NP.sub(lambda m: m.group(0).replace(n, str(slots)), text, count=1)
                return [catalogue.make(
                    "mpi-not-enough-slots", variant="slots-given", n=n, slots=str(slots),
                    hosts=hosts_m.group("hosts"),
                    evidence=log_evidence([line], hits, limit=3),
                    fix=(f"{fewer}   # as many processes as the slots given (Horovod: one "
                         "per GPU)",
                         "# or more slots: more hosts in the list (-H host1:4,host2:4), each "
                         "with the number of its GPUs"))]
        else:
            # the hosts without a count share what the counted ones leave (at least 1 each)
            left = int(n) - sum(k for k in counts if k is not None)
            bare = sum(1 for k in counts if k is None)
            per = max(1, -(-left // bare))
            given = ",".join(f"{name}:{k if k is not None else per}" for name, k in hosts)
            fixed = text.replace(hosts_m.group("hosts"), given, 1)
            return [catalogue.make(
                "mpi-not-enough-slots", n=n, evidence=log_evidence([line], hits, limit=3),
                fix=(f"{fixed}   # each host with its slot count (Horovod: its GPUs; "
                     "without one, a host counts 1)",
                     "# under Slurm the allocation sets the slots: ask for as many tasks as "
                     f"processes (sbatch --ntasks={n}); --oversubscribe only when the "
                     "processes really fit (one process per GPU)"))]
    return [catalogue.make(
        "mpi-not-enough-slots", n=n, evidence=log_evidence(hits, limit=2),
        fix=(f"# e.g. horovodrun -np {n} -H localhost:{n} python train.py: one host's slot "
             "count after a colon (without it, 1); several: -H host1:4,host2:4",
             f"# e.g. mpirun -np {n} --host localhost:{n} python train.py: the same for "
             "mpirun; or a hostfile with 'host slots=N' lines (--hostfile)",
             "# under Slurm the allocation sets the slots: ask for as many tasks as processes "
             f"(sbatch --ntasks={n}, or --ntasks-per-node); --oversubscribe only when the "
             "processes really fit (one process per GPU)"))]


def _prrte(ctx: Facts, n: str, hits: list[Hit], prrte: list[Hit]) -> Finding:
    """``mpi-not-enough-slots`` variant ``prrte``: Open MPI 5's runtime (PRRTE) refused; its
    settings are ``--map-by :OVERSUBSCRIBE`` and PRRTE's own MCA parameters
    (``PRTE_MCA_*``, ``--prtemca``, prte-mca-params.conf), not Open MPI 4's
    ``rmaps_base_oversubscribe``."""
    launch = next((_own_line(h) for h in ctx.h("mpi.launch").all()
                   if (m := _NP.search(_own_line(h))) and m.group("n") == n), None)
    over = (_NP.sub(lambda m: m.group(0) + " --map-by :OVERSUBSCRIBE", launch, count=1)
            if launch and launch.split()[0] in ("mpirun", "mpiexec") else
            f"mpirun -np {n} --map-by :OVERSUBSCRIBE ./my_app")
    return catalogue.make(
        "mpi-not-enough-slots", variant="prrte", n=n,
        evidence=log_evidence(prrte[:1], hits, limit=3),
        fix=(f"{over}   # Open MPI 5's form of --oversubscribe: more processes than slots, "
             "sharing cores (slower; one process per GPU under Horovod); or --map-by :HWTCPUS "
             "to count hardware threads as slots instead of cores",
             "export PRTE_MCA_rmaps_default_mapping_policy=:oversubscribe   # the same as a "
             "setting: Open MPI 5's launcher reads PRTE_MCA_* variables (--prtemca on the "
             "command line, <prefix>/etc/prte-mca-params.conf), not Open MPI 4's "
             "OMPI_MCA_rmaps_base_oversubscribe or openmpi-mca-params.conf",
             f"# or give the hosts their slots: --host localhost:{n}, a hostfile's "
             "'host slots=N' lines, or under Slurm as many tasks as processes (--ntasks)"))
