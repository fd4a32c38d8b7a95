"""A notebook kernel's death is a consequence: when the log shows an error just above it,
that error leads the report, whichever notebook wording reports the death (jupyter_client's
server-log "KernelRestarter: restarting kernel (N/M)", JupyterLab's "appears to have died"
dialog, VS Code's "Kernel crashed"), and the host-RAM reading becomes a note naming that
error (checks/host_killed.py ``kernel_death_after_error``).  Without such an error the RAM
reading stays a hedge (a warning): a dead kernel alone shows no OOM record."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Finding, Severity

_DEVICE = ("2024-01-01 10:00:03.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"
           "1929] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 7000 MB "
           "memory:  -> device: 0, name: NVIDIA GeForce RTX 3070, pci bus id: 0000:01:00.0, "
           "compute capability: 8.6")
# cuDNN 8's own loader message for a sub-library whose dependency is missing, and cuDNN 8.3+'s
# Windows message for zlibwapi.dll (both abort the process at the first convolution)
_NVRTC = ("Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so: cannot open "
          "shared object file: No such file or directory")
_ZLIB = "Could not locate zlibwapi.dll. Please make sure it is in your library path!"
_SERVER = "[W 2024-10-10 10:00:40.001 ServerApp] Saving file at /train.ipynb"
_DEATHS = [
    "[I 2024-10-10 10:00:40.000 ServerApp] AsyncIOLoopKernelRestarter: restarting kernel (1/5), "
    "keep random ports",
    "[I 2024-10-10 10:00:40.000 ServerApp] KernelRestarter: restarting kernel (1/5), new random "
    "ports",
    "The kernel for train.ipynb appears to have died. It will restart automatically.",
    "The Kernel crashed while executing code in the current cell or a previous cell.",
]
_RAM = "host-ram-exhausted-process-killed"


def _run(lines: list[str]) -> tuple[str, dict[str, Finding]]:
    result = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died,
                            failure=result.failure)
    return report.verdict.headline, {f.id: f for f in result.findings}


@pytest.mark.parametrize("death", _DEATHS)
@pytest.mark.parametrize(("error", "cause_id"), [(_NVRTC, "library-dependency-missing"),
                                                 (_ZLIB, "windows-zlibwapi-missing")])
def test_the_error_above_a_kernel_death_leads_whatever_the_wording(death: str, error: str,
                                                                   cause_id: str) -> None:
    headline, found = _run([_DEVICE, error, _SERVER, death])
    assert found[cause_id].title in headline, headline
    assert "ran out of RAM" not in headline, headline
    ram = found[_RAM]
    assert ram.severity is Severity.INFO, ram
    assert cause_id in ram.title and cause_id in ram.cause, ram
    assert "RAM" in ram.cause  # still named, as the other reason


@pytest.mark.parametrize("death", _DEATHS)
def test_a_kernel_death_alone_stays_a_ram_hedge(death: str) -> None:
    headline, found = _run([_DEVICE, death])
    assert found[_RAM].severity is Severity.WARNING
    assert "most often the host ran out of RAM" in headline, headline


def test_an_error_the_program_trained_past_is_not_the_kernel_death_cause() -> None:
    # the error was printed, then training went on (Keras epochs): the kernel died later
    _, found = _run([_DEVICE, _NVRTC, "Epoch 1/10", "Epoch 2/10", _DEATHS[0]])
    assert found[_RAM].severity is Severity.WARNING
    assert "library-dependency-missing" not in found[_RAM].title


def test_an_error_far_above_the_kernel_death_is_not_its_cause() -> None:
    filler = [f"[I 2024-10-10 10:00:{n:02d}.000 ServerApp] Saving file at /train.ipynb"
              for n in range(20)]
    _, found = _run([_DEVICE, _NVRTC, *filler, _DEATHS[0]])
    assert found[_RAM].severity is Severity.WARNING
