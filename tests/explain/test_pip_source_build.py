"""pip compiling a dependency from source that stops on a missing C header is
``tensorflow-dependency-no-wheel`` variant ``source-build-header``
(checks/pip_source_build.py): rows in kind_cases/pip_source_build.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_source_build")
