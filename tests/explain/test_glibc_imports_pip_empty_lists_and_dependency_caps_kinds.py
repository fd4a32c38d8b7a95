"""Install faults whose line carries the cause: the loader's missing GLIBC_x.y for a native
module (ImportError, Java's UnsatisfiedLinkError), pip's empty release list for a command-line
name or a project's requirement, typing_extensions older than its importer against
TensorFlow's typing-extensions caps, pkg_resources' conflict report in setup.py install, and
bash's SIGILL message retyped in a report.
Rows: kind_cases/glibc_imports_pip_empty_lists_and_dependency_caps.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("glibc_imports_pip_empty_lists_and_dependency_caps")
