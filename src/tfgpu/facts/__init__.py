"""Facts: what tfgpu knows about a host (probed, or loaded from a snapshot) and a log.

* :mod:`tfgpu.facts.host`: :class:`HostFacts` and its parts, frozen dataclasses that
  round-trip through JSON (``tfgpu facts``, ``doctor --facts``).
* :mod:`tfgpu.facts.log`: :class:`LogFacts`, the typed hits of one log.
* :mod:`tfgpu.facts.view`: :class:`Facts`, host and log facts in one view, where host
  facts win over log hints and each answer says where it came from.
"""

from __future__ import annotations

from tfgpu.facts.host import (
    DEFAULT_PROBE_TIMEOUT_S,
    DEFAULT_TF_TIMEOUT_S,
    FACTS_SCHEMA_VERSION,
    GPU,
    MAX_FACTS_BYTES,
    CPUFacts,
    CudaToolkit,
    Distribution,
    DriverFacts,
    FactsFormatError,
    HostFacts,
    OSFacts,
    ProbeRecord,
    ProbeStatus,
    PythonFacts,
    SharedLibrary,
    TFDevice,
    TFFacts,
    read_facts_file,
    validate,
)

__all__ = [
    "DEFAULT_PROBE_TIMEOUT_S",
    "DEFAULT_TF_TIMEOUT_S",
    "FACTS_SCHEMA_VERSION",
    "GPU",
    "MAX_FACTS_BYTES",
    "CPUFacts",
    "CudaToolkit",
    "Distribution",
    "DriverFacts",
    "FactsFormatError",
    "HostFacts",
    "OSFacts",
    "ProbeRecord",
    "ProbeStatus",
    "PythonFacts",
    "SharedLibrary",
    "TFDevice",
    "TFFacts",
    "read_facts_file",
    "validate",
]
