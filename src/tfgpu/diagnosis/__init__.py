"""Diagnosis: what tfgpu concludes, and how it says it.

:mod:`tfgpu.diagnosis.catalogue` holds what is constant per finding id (severity,
category, area, title and cause templates, documentation link, which finding supersedes
which) as data, ``tfgpu/knowledge/data/findings.toml``; every check builds its findings
with :func:`tfgpu.diagnosis.catalogue.make`.  The checks themselves (the reasoning, the
version arithmetic, the OS-specific fixes) stay Python.

This package imports nothing heavy: the catalogue is read on first use.
"""

from __future__ import annotations
