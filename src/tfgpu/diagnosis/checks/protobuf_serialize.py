"""protobuf's C++ serializer aborting because the size it computed is not the size it wrote.

Source: protocolbuffers/protobuf src/google/protobuf/message_lite.cc (read at v3.6.1, v3.9.0,
v3.19.0, v3.21.0, v21.12, v25.0 and v31.1): ``SerializeToArrayImpl`` checks
``(GOOGLE_|ABSL_)DCHECK(target + size == res)`` after writing a message into a buffer of the
size ``ByteSizeLong()`` gave, and ``ByteSizeConsistencyError`` aborts with "<type> was
modified concurrently during serialization." or "Byte size calculation and serialization were
inconsistent.  This may indicate a bug in protocol buffers or it may be caused by concurrent
modification of <type>."  The source names two causes: the message changed while it was
written (another thread), or a protobuf bug.  In a TensorFlow process a third is a library
whose protobuf code does not match the one the message came from: the thread read for this
kind (tensorflow/tensorflow#64507) crashed on this line when tensorflow-metal, built for
another TensorFlow, loaded into TensorFlow 2.16.1 (the supported pair fixed it).  No other
thread was checked, so the finding is a hedge (category unknown) that names the causes and
how to tell them apart, never one of them as the cause.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def protobuf_serialize_size_check(ctx: Facts) -> list[Finding]:
    """``protobuf-serialization-size-check``: protobuf's C++ serializer aborted on a size check
    (``protobuf.size_check``).  A warning of category unknown: the line does not say which of
    the causes it was.  When the host facts list tensorflow-metal, the plugin/TensorFlow pair
    comes first in the fix (variant ``metal-installed``)."""
    hits = ctx.h("protobuf.size_check").all()
    if not hits:
        return []
    msg_type = next((h.g("type") for h in hits if h.g("type")), None)
    what = f"a {msg_type} message" if msg_type else "a message"
    metal = ctx.dist_version("tensorflow-metal")
    pair_fix = (pip_list_grep("tensorflow", "protobuf", windows=ctx.windows)
                + "   # TensorFlow, its plugins (tensorflow-metal, tensorflow-io, ...) and "
                "protobuf: each plugin must be the release made for this TensorFlow")
    fix: tuple[str, ...] = (
        pair_fix,
        "# then run once without the plugins or custom op libraries (pip uninstall <plugin>, "
        "or a fresh environment with TensorFlow alone): if the crash goes, install the "
        "plugin release its project lists for this TensorFlow",
        "# if it stays with TensorFlow alone: the program changes a message (a graph, a "
        "config) from another thread while it is saved or sent; serialise that step",
    )
    evidence = log_evidence(hits, limit=2)
    if metal:
        return [catalogue.make("protobuf-serialization-size-check", variant="metal-installed",
                               what=what, metal=metal, evidence=evidence, fix=fix)]
    return [catalogue.make("protobuf-serialization-size-check", what=what, evidence=evidence,
                           fix=fix)]
