"""``doctor --no-tf`` does not call a GPU ready for a TensorFlow whose CUDA and cuDNN needs
the knowledge does not hold (a release newer than its tables): the library check cannot look
for libraries of unknown majors, so readiness is unknown."""

from __future__ import annotations

import dataclasses

from test_no_false_green import GOOD, _host, _report

from tfgpu import facts as F


def _with(version: str) -> F.HostFacts:
    host = _host(GOOD)
    return dataclasses.replace(host, python=dataclasses.replace(
        host.python, distributions=(F.Distribution("tensorflow", version),)))


def test_a_release_the_knowledge_lacks_is_not_ready_but_unknown() -> None:
    v = _report(_with("2.99.0")).verdict
    assert "looks ready" not in v.headline
    assert "readiness unknown" in v.headline and "not in tfgpu's knowledge" in v.headline
    assert v.gpu_usable is None
    # a known release with its libraries on the loader path still looks ready
    assert "looks ready" in _report(_with("2.15.1")).verdict.headline
