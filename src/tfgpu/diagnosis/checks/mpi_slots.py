"""Open MPI refusing to start more processes than the slots it counts (mpirun, horovodrun).

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

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def not_enough_slots(ctx: Facts) -> list[Finding]:
    """``mpi-not-enough-slots``: Open MPI's "not enough slots available" (pattern
    ``mpi.not_enough_slots``), with the number of processes asked for; the fix lines give a
    slot count per host in each launcher's form."""
    hits = ctx.h("mpi.not_enough_slots").all()
    if not hits:
        return []
    n = hits[0].g("n") or "N"
    return [catalogue.make(
        "mpi-not-enough-slots", n=n, evidence=log_evidence(hits, limit=2),
        fix=(f"horovodrun -np {n} -H localhost:{n} python train.py   # one host: its slot "
             "count after a colon (without it, 1); several: -H host1:4,host2:4",
             f"mpirun -np {n} --host localhost:{n} python train.py   # the same for mpirun; "
             "or a hostfile with 'host slots=N' lines (--hostfile)",
             "# under Slurm the allocation sets the slots: ask for as many tasks as processes "
             f"(sbatch --ntasks={n}, or --ntasks-per-node); --oversubscribe only when the "
             "processes really fit (one process per GPU)"))]
