"""pip's dependency check naming one TensorFlow distribution "which is not installed" for a
package that is not TensorFlow itself: another distribution of the tensorflow module does not
satisfy it, and satisfying it installs a second TensorFlow.  TensorFlow's own pins, other
packages and installed-but-incompatible pins are other kinds.  Rows:
kind_cases/pip_tensorflow_requirement_not_counted.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_tensorflow_requirement_not_counted")
