"""The one wording of the Blackwell fact (``platform_facts:blackwell-no-cubins``).

Stock pip TensorFlow has no kernels for Blackwell GPUs (compute capability 10.x/12.x), only
``compute_90`` PTX, and public issues report the PTX JIT failing there
(tensorflow/tensorflow#89272, #97387, #99592, #101746).  The knowledge row holds the
sentence (``says``) and what to do (``remedy``); ``tfgpu doctor`` (:func:`host_finding`),
``tfgpu explain`` (:mod:`tfgpu.diagnosis.checks.compute_capability`) and ``tfgpu plan``
(:mod:`tfgpu.plan.routes.linux_nvidia`) print those strings as they are, so the three
cannot word the fact differently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.knowledge import parse_cc

if TYPE_CHECKING:
    from tfgpu.facts import GPU, HostFacts
    from tfgpu.facts.view import Facts
    from tfgpu.findings import Evidence, Finding
    from tfgpu.knowledge import Knowledge

#: The platform fact's id.
FACT_ID = "blackwell-no-cubins"


def says(kb: Knowledge) -> str:
    """The fact in one sentence (lower-case start, no full stop).

    Raises:
        tfgpu.knowledge.KnowledgeError: the row or its ``says`` value is missing (a data-file
            edit removed it).
    """
    return kb.platform_fact(FACT_ID).value("says")


def remedy(kb: Knowledge) -> str:
    """What to do on a Blackwell GPU (lower-case start, no full stop).

    Raises:
        tfgpu.knowledge.KnowledgeError: the row or its ``remedy`` value is missing.
    """
    return kb.platform_fact(FACT_ID).value("remedy")


def from_older_ptx(cc: str, via: str | None) -> bool:
    """A Blackwell GPU (compute capability ``cc`` 10.x or higher) left to PTX of an older
    major (``via``, stock wheels' ``compute_90``): the case the fact is about.

    Raises:
        tfgpu.knowledge.KnowledgeQueryError: ``cc`` or ``via`` is not ``X.Y``.
    """
    return parse_cc(cc)[0] >= 10 and parse_cc(via or "0.0")[0] < parse_cc(cc)[0]


def host_finding(f: Facts, facts: HostFacts, tf: str,
                 jit: list[tuple[GPU, str, Evidence, str | None]], archs: str,
                 tf_evidence: Evidence) -> Finding:
    """``gpu-needs-ptx-jit`` (variant ``blackwell``) for this host's Blackwell GPUs ``jit``
    (GPU, compute capability, evidence, PTX it JIT-compiles from): the fact and the remedy in
    the row's words, and what the TensorFlow probe's test op showed here, when it ran.

    Raises:
        tfgpu.knowledge.KnowledgeError: the platform fact or its values are missing.
    """
    bw = f.kb.platform_fact(FACT_ID)
    ops = [d.op_ok for d in (facts.tf.devices if facts.tf is not None else ())
           if d.device_type == "GPU" and d.op_ok is not None]
    here = ("; a GPU op failed on this host (tensorflow-gpu-op-failed), as those reports "
            "describe" if False in ops else
            "; here a GPU op ran, so the JIT worked on this host (expect a slow first start)"
            if ops else
            "; `tfgpu verify` shows whether TensorFlow computes on this host's GPU")
    return catalogue.make(
        "gpu-needs-ptx-jit", variant="blackwell", tf=tf, cc=jit[0][1], archs=archs,
        gpus=", ".join(f"GPU {g.index} ({g.name}, CC {cc})" for g, cc, _, _ in jit),
        says=says(f.kb), ref=bw.ref, here=here,
        evidence=(tf_evidence, *(ev for _, _, ev, _ in jit)),
        fix=(f"# {remedy(f.kb)}", "tfgpu verify   # whether TensorFlow computes on the GPU"),
        doc_url=f.kb.doc_url(bw),
        knowledge_ref=bw.ref,
    )
