"""pip running out of disk space ("Could not install packages due to an OSError: [Errno 28] No
space left on device") is ``pip-install-no-space`` (checks/pip_install.py): rows in
kind_cases/pip_install_no_space.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_install_no_space")
