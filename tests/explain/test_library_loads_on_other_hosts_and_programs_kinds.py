"""A CUDA/cuDNN/driver library that did not load, read for the host and program the log shows:
NVIDIA Jetson hosts (JetPack's CUDA, the NVIDIA container runtime), programs other than
TensorFlow built for another CUDA, cuDNN 8's unversioned dependencies (libnvrtc.so,
libcuda.so), cuDNN 8's Windows sub-DLLs with errors 127 and 126, a FATAL line quoting the
failed load, WSL2 named in prose, Markdown bold inside a line, CTranslate2's CUDA major.
Rows: kind_cases/library_loads_on_other_hosts_and_programs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("library_loads_on_other_hosts_and_programs")
