"""An op library that does not fit the TensorFlow it is loaded into: another release's
framework library file, tensorflow::OpKernel's own constructor or destructor missing, an
add-on built in another C++ standard mode (``checks/framework_soname.py``,
``checks/custom_ops.py``).  Rows: kind_cases/op_library_builds.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("op_library_builds")
