"""The gatherer's contract: probe modules have NAME/ORDER/run; helpers have no NAME."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import tfgpu.probes

MINE = {"nvidia": 10, "cuda-toolkits": 20, "cuda-libs": 30, "gpus-other": 40}
HELPERS = ("nvidia_smi_parse", "libs_names", "host_paths", "tf_child_script")


def _modules() -> dict[str, Any]:
    return {
        info.name: importlib.import_module(f"tfgpu.probes.{info.name}")
        for info in pkgutil.iter_modules(tfgpu.probes.__path__)
    }


def test_probe_modules_expose_the_contract() -> None:
    found = {
        m.NAME: m.ORDER for m in _modules().values() if hasattr(m, "NAME") and hasattr(m, "run")
    }
    assert MINE.items() <= found.items()
    for mod in _modules().values():
        if getattr(mod, "NAME", None) in MINE:
            params = list(inspect.signature(mod.run).parameters.values())
            assert params[0].name == "ctx"
            assert all(p.default is not inspect.Parameter.empty for p in params[1:])


def test_helpers_are_not_probes() -> None:
    mods = _modules()
    for name in HELPERS:
        assert not hasattr(mods[name], "NAME"), name
