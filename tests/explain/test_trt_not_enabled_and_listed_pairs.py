"""TF-TRT in a TensorFlow whose TensorRT is not enabled, TrtGraphConverter asked of the 1.14+
module path, the add-on pair a package listing in the same log shows, and the quote-less /
prefix-less library-load and CUDA out-of-memory lines (checks/trt_api.py, checks/addons.py,
logs/patterns.py): rows in kind_cases/trt_not_enabled_and_listed_pairs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("trt_not_enabled_and_listed_pairs")
