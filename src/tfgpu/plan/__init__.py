"""Install plans: ``(host, knowledge, route) -> Plan``; renderers; the installer.

* :func:`make_plan` chooses the newest TensorFlow that will use the target's GPU and
  the route (pip ``and-cuda`` wheels in a fresh venv by default), with reasons that
  cite the knowledge rows (:mod:`tfgpu.plan.select`).
* :func:`render` writes it as text, JSON, POSIX sh, PowerShell, ``requirements.txt``
  or a conda ``environment.yml`` (:mod:`tfgpu.plan.render`).
* :func:`run_install` runs it into a new virtual environment and verifies it
  (:mod:`tfgpu.plan.install`); it and its names are imported only when first used
  (module ``__getattr__``, PEP 562), so ``tfgpu plan`` never loads the installer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # static types for the lazy exports below; never run
    from tfgpu.plan.install import InstallRefused, InstallResult, VerifyOutcome, run_install
from tfgpu.plan.model import Plan, Reason, Route, Step
from tfgpu.plan.render import FORMATS, render
from tfgpu.plan.select import DEFAULT_VENV, PlanError, make_plan
from tfgpu.plan.target import (
    TargetError,
    TargetHost,
    target_from_description,
    target_from_facts,
    target_this_host,
)

__all__ = [
    "DEFAULT_VENV",
    "FORMATS",
    "InstallRefused",
    "InstallResult",
    "Plan",
    "PlanError",
    "Reason",
    "Route",
    "Step",
    "TargetError",
    "TargetHost",
    "VerifyOutcome",
    "make_plan",
    "render",
    "run_install",
    "target_from_description",
    "target_from_facts",
    "target_this_host",
]

#: Names served lazily from :mod:`tfgpu.plan.install`.
_INSTALL_EXPORTS = frozenset({"InstallRefused", "InstallResult", "VerifyOutcome", "run_install"})


def __getattr__(name: str) -> object:
    if name in _INSTALL_EXPORTS:
        from tfgpu.plan import install

        return getattr(install, name)
    raise AttributeError(f"module 'tfgpu.plan' has no attribute {name!r}")
