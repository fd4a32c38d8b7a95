"""pip's "<wheel> is not a supported wheel on this platform" read from the wheel's tags:
another package's wheel is a hedge (Python/OS/CPU or the pip version), TensorFlow's own wheel
keeps its finding and names the pip version for tags older pips reject (rows:
kind_cases/pip_wheel_tags.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_wheel_tags")
