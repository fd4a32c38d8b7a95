"""TensorFlow 1.x era container runtimes: dockerd's volume lookup for nvidia-docker 1.0's
plugin, in each Docker release's wording.  Rows: kind_cases/tf1_era_containers.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("tf1_era_containers")
def test_case(case: Case) -> None:
    """A row of kind_cases/tf1_era_containers.toml: its lines give its finding, not the
    others."""
    check(case)
