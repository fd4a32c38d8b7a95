"""A cuFFT plan that cuda_fft.cc reports with a status other than cuFFT's memory status
(cufft.h cufftResult 5 CUFFT_INTERNAL_ERROR, 7 CUFFT_SETUP_FAILED; checks/cufft_plan.py): a
cuFFT older than the GPU's architecture when the facts show it, else both reported causes
named; 2 CUFFT_ALLOC_FAILED stays memory. Rows in kind_cases/cufft_plan_status.toml (TF 1.x
and XLA wordings, Linux and Windows runtimes, host facts that pin or do not pin the CUDA)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cufft_plan_status")
