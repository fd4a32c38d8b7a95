"""A TensorFlow built for CUDA X.Y on a host with another minor of that major (X.Z): before CUDA
10.1 the library files carry major.minor, so cuda-minor-soname-mismatch in every loader wording
(ImportError, the 0.x-1.x "Couldn't open CUDA library", "Could not dlopen library", the Windows
self check, prose) and not for the same minor or another major.  Rows in
kind_cases/same_major_other_minor.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("same_major_other_minor")
