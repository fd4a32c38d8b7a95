"""Reading the training or prediction data from files (checks/input_files.py): Keras's image
helpers without Pillow, flow_from_dataframe labels its class_mode does not take, an image
iterator that found no image, the image module's name bound to an image, a data path that does
not exist (never a library, a tool or a package's own file); and the data's shape against the
model's: NumPy's reshape, Keras 2's predict check that prints no prefix.
Rows: kind_cases/input_files.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("input_files")
