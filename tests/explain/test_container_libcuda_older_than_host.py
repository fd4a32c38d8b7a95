"""A libcuda older than the host's kernel module inside a container: a copy on the container's
library path, whose fix is to take it off that path (not another image, not a newer host
driver). Rows: ``kind_cases/container_libcuda_older_than_host.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("container_libcuda_older_than_host")
def test_case(case: Case) -> None:
    """A row of kind_cases/container_libcuda_older_than_host.toml: its lines give its
    finding, not the others."""
    check(case)
