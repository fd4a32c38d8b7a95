"""TensorFlow 1.x era container runtimes: dockerd's volume lookup for nvidia-docker 1.0's
plugin, in each Docker release's wording.  Rows: kind_cases/tf1_era_containers.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf1_era_containers")
