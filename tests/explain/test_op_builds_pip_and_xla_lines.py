"""Op libraries, builds, pip, uv and XLA lines read as their own kinds (the symbol of a
one-line traceback, a project's .cu kernel, a header's C++ standard check, h5py's HDF5 probe,
libraries of no GPU stack, uv, tensorflow-datasets' check, the file-system registry, XLA's
per-op line, conda-forge's metapackage, an add-on replacing TensorFlow).
Rows: kind_cases/op_builds_pip_and_xla_lines.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_builds_pip_and_xla_lines")
