"""Kinds read from host facts that name a CUDA / cuDNN while the installed TensorFlow's
version is unknown: the CUDA major a runtime library's SONAME names, and a cuDNN handle
failure that a host cuDNN version alone cannot tell from a version mismatch (rows:
kind_cases/host_facts_without_tf_version.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("host_facts_without_tf_version")
