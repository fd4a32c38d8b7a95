"""TensorFlow 0.x-1.x loader wordings and the OS loaders' own (glibc's dlerror retyped without
its colon, macOS's dlerror in dso_loader's status), read with the TensorFlow 1.x builds' CUDA
and cuDNN (rows: kind_cases/tf1_loader_and_os_loader_wordings.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf1_loader_and_os_loader_wordings")
