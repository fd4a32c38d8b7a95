"""TF-TRT's TensorFlow 1.x version check, nvcc refusing a GPU architecture, and the NGC
container banner's GPU check, each told apart by its variable part:
``kind_cases/build_tools_and_banners.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("build_tools_and_banners")
