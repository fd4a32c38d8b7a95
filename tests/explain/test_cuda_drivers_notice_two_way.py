"""TensorFlow's cudart stub line "Could not find cuda drivers on your machine" (the CUDA
runtime did not load, whatever the driver), read two ways: a conditional warning naming that
runtime when nothing shows whether the host has an NVIDIA GPU, harmless when the host facts or
the log show none, the error when they show one (checks/driver.py drivers_notice_reading):
rows in kind_cases/cuda_drivers_notice_two_way.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cuda_drivers_notice_two_way")


def test_an_unrecognised_exception_of_a_run_without_a_gpu_is_not_sent_to_a_cpu_rerun() -> None:
    """The run already had no GPU (the stub's line): re-running it on the CPU tells nothing, so
    the unrecognised exception's fix says the code or the data failed (checks/unknown.py)."""
    from .kind_helpers import ids

    found = ids([
        "2024-05-02 09:12:01.114523: I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not "
        "find cuda drivers on your machine, GPU will not be used.",
        "Traceback (most recent call last):",
        '  File "train.py", line 21, in <module>',
        "    X = df[['age', 'income']]",
        "KeyError: \"['income'] not in index\"",
    ])
    fix = "\n".join(found["unrecognised-error"].fix)
    assert "CUDA_VISIBLE_DEVICES=-1" not in fix, fix
    assert "already had no GPU" in fix, fix
