"""cuDNN 8 on Windows not finding one of its sub-libraries ("Could not locate
cudnn_ops_infer64_8.dll. Please make sure it is in your library path!"): cuDNN 8's front
library found without the rest of cuDNN 8 on PATH, never cuDNN 9's message.  Rows:
kind_cases/cudnn8_windows_sub_dll.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn8_windows_sub_dll")
