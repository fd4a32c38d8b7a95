"""TensorFlow names missing under Python 2 (whose AttributeError names no module), read with
the traceback's tf.* code line and dated by TensorFlow's release notes, and tf.contrib
members missing from a 1.x. Rows: kind_cases/python2_tf_names_and_contrib_members.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("python2_tf_names_and_contrib_members")
