"""cuDNN 8 on Linux not finding one of its own sub-libraries ("Could not load library
libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file"): the
front library libcudnn.so.8 loaded without the rest of cuDNN 8 on the loader's path, never
"TensorFlow tried to load it".  Rows: kind_cases/cudnn8_linux_sub_so.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn8_linux_sub_so")
