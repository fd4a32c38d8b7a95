"""Kinds of w1: cuBLAS execution failures as a hedge, Horovod's own version check and CUDA
runtime needs, cuInit's INVALID_DEVICE, and the NVIDIA driver version read from Windows' form
(rows in kind_cases/third_party_loads_and_blas.toml)."""

from __future__ import annotations

import pytest

from tfgpu.facts.driver_text import nvidia_driver_version

from .kind_helpers import host_facts, ids, table_test

test_case = table_test("third_party_loads_and_blas")


@pytest.mark.parametrize(("text", "want"), [
    # Windows' display-driver form -> NVIDIA's (sources in facts/driver_text.py)
    ("21.21.13.7651 (Windows display driver version)", "376.51"),
    ("31.0.15.7652", "576.52"),
    ("32.0.16.1047", "610.47"),
    ("30.0.14.7196", "471.96"),
    ("8.17.12.9573", "295.73"),
    # NVIDIA's own form stays
    ("376.51", "376.51"),
    ("525.60.13", "525.60.13"),
    ("NVIDIA 460.32.03", "460.32.03"),
    # no driver version: unknown, never a guess
    ("10.1", None),
    ("R418", None),
    ("1.2.3.4", None),
    ("21.21.23.7651", None),
    (None, None),
])
def test_driver_version_from_text(text: str | None, want: str | None) -> None:
    """A driver version typed or printed as text is read in NVIDIA's form, or unknown."""
    assert nvidia_driver_version(text) == want


def test_windows_form_in_a_log_is_not_an_old_driver() -> None:
    """dxdiag's "Driver Version: 21.21.13.7651" (NVIDIA 376.51) beside a cuDNN handle failure of
    a TF 1.1 build (CUDA 8.0) is no driver older than CUDA 8.0 needs."""
    found = ids(["Driver Version: 21.21.13.7651",
                 "E c:\\tf_jenkins\\home\\workspace\\release-win\\device\\gpu\\os\\windows\\"
                 "tensorflow\\stream_executor\\cuda\\cuda_dnn.cc:359] could not create cudnn "
                 "handle: CUDNN_STATUS_NOT_INITIALIZED"],
                host_facts("Windows", tf="1.1.0"))
    assert "driver-too-old-for-cuda" not in found, found
    assert "dnn-handle-failed-gpu-memory" in found, found


@pytest.mark.parametrize(("given", "stored"), [
    ("21.21.13.7651", "376.51"),   # Windows' form, typed into a facts file
    ("1.2.3.4", None),             # four fields that are no driver: unknown
    ("535.161.08", "535.161.08"),  # NVIDIA's form, as NVML and nvidia-smi give it
    ("525", "525"),                # a branch as users type it stays (driver_at_least)
])
def test_host_driver_facts_store_nvidias_form(given: str, stored: str | None) -> None:
    """DriverFacts keeps NVIDIA's version form: Windows' display-driver form is converted,
    an unreadable four-field number becomes unknown."""
    from tfgpu.facts import DriverFacts, ProbeStatus

    assert DriverFacts(ProbeStatus.OK, version=given).version == stored
