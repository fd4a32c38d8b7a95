"""NVIDIA module lookups under a WSL kernel or beside a working driver, faceswap's NVML probe
printing a Python error rather than one of NVML's own strings, TF-TRT's build-optional kernels
and add-ons' namespaced ops without a GPU kernel, the cut "Ignoring visible gpu device" line
only in the log's own form, LD_LIBRARY_PATH naming a CUDA toolkit before a wheel's runtime.
Rows: kind_cases/module_lookups_nvml_strings_and_optional_kernels.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("module_lookups_nvml_strings_and_optional_kernels")
