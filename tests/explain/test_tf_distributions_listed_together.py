"""Two TensorFlow distributions in a pasted pip list / pip freeze / pip show / conda list are
``tensorflow-variants-conflict`` (checks/tf_install.py tensorflow_variants_log): rows in
kind_cases/tf_distributions_listed_together.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf_distributions_listed_together")
