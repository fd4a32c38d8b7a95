"""Windows system error 193 (ERROR_BAD_EXE_FORMAT: the DLL was found, but is no valid 64-bit
image) in Python's, ctypes' and cuDNN 8's forms (checks/windows_bad_image.py), and every plan
step of stream_executor's cuda_fft.cc (pattern cufft.plan); rows in
kind_cases/windows_bad_image_and_cufft_plan.toml (other wordings, Python releases, TF paths,
and the 126 "not found" lines that must keep their own reading)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("windows_bad_image_and_cufft_plan")
