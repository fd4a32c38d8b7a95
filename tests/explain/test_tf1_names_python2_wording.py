"""A TensorFlow 1 name missing on TensorFlow 2 under Python 2.7, whose AttributeError names no
module ("'module' object has no attribute 'X'"): recognised only under the traceback code line
that calls ``tf.X``; another module's name, a name TensorFlow gained late in 0.x, or an error
without its code line say nothing.  Rows: kind_cases/tf1_names_python2_wording.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf1_names_python2_wording")
