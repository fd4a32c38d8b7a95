"""TensorFlow add-on packages whose op library does not load or that do not fit the installed
TensorFlow (checks/addons.py): rows in kind_cases/addon_loads.toml."""

from __future__ import annotations

import dataclasses

from tfgpu.facts import HostFacts
from tfgpu.findings import Severity

from .kind_helpers import fix_text, host_facts, ids, table_test

test_case = table_test("addon_loads")


_TFDF_CANNOT_OPEN = [
    "tensorflow.python.framework.errors_impl.NotFoundError: /home/dev/venv/lib/python3.9/"
    "site-packages/tensorflow_decision_forests/tensorflow/ops/inference/inference.so: cannot "
    "open shared object file: No such file or directory",
]


def _on(machine: str) -> HostFacts:
    """Linux host facts of a ``machine`` CPU (no GPU, no TensorFlow known)."""
    base = host_facts("Linux")
    return dataclasses.replace(base, os=dataclasses.replace(base.os, machine=machine))


def test_tfdf_cannot_open_on_a_known_aarch64_host_says_there_is_no_arm_build() -> None:
    found = ids(_TFDF_CANNOT_OPEN, _on("aarch64"))
    f = found["tensorflow-dependency-no-wheel"]
    assert f.severity is Severity.ERROR, f
    assert "aarch64" in f.title and "no build" in f.title, f.title
    assert "x86_64" in fix_text(f), f.fix


def test_tfdf_cannot_open_on_another_cpu_than_x86_or_arm_is_not_claimed() -> None:
    found = ids(_TFDF_CANNOT_OPEN, _on("ppc64le"))
    assert "tensorflow-dependency-no-wheel" not in found, found
