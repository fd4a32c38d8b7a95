"""pip's "Could not find a version that satisfies the requirement" where no version pip offers
for this interpreter is within the requirement's specifier (with or without the requiring
project, an environment marker, a long list), the lines that are not this kind (a fitting
release listed, an empty list, TensorFlow's family), and TensorFlow's own pins read past
the requiring project's "(from <parent>)" (``checks/no_matching_wheel.py``,
``tf_install.py``).  Rows: kind_cases/pip_range_not_offered.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_range_not_offered")
