"""Kinds of the tools around TensorFlow (stage 3, "nvidia tools"), grown from the sources that
print the messages (nvidia-smi, libnvidia-container, pip, TensorFlow Addons, ROCm HIP) and tested
with VARIANTS: other versions, OSes, wordings, quotes, prefixes and line wrapping than any case.
Also the general matching of messages wrapped over several lines (logs/engine.py, reader.py)."""

from __future__ import annotations

import io
import time

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import GPU, Distribution, HostFacts, OSFacts, PythonFacts
from tfgpu.facts.log import MAX_FOLLOW_LINES
from tfgpu.findings import Finding, Severity
from tfgpu.logs import read_lines, read_stream
from tfgpu.logs.reader import continues, starts_record

from .kind_helpers import Case, check, table


def _ids(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines, facts)}


def _claims(found: dict[str, Finding]) -> set[str]:
    return {i for i, f in found.items()
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless
            and f.category not in ("unknown", "notice")}


def _host(system: str = "Linux", *, name: str | None = None, kernel: str | None = None,
          wsl: int | None = None, tf: str | None = None, gpu: str | None = None) -> HostFacts:
    return HostFacts(
        os=OSFacts(system=system, name=name or system, kernel=kernel, is_wsl=wsl is not None,
                   wsl_version=wsl),
        python=PythonFacts(version="3.10.12", executable="python", distributions=(
            (Distribution("tensorflow", tf),) if tf else ())),
        gpus=(GPU(index=0, vendor="amd" if gpu and "Radeon" in gpu else "nvidia", name=gpu,
                  source="test"),) if gpu else (),
    )


# ------------------------------------------------------------------ nvidia-smi cannot reach it

_SMI = ("NVIDIA-SMI has failed because it couldn{q}t communicate with the NVIDIA driver. Make "
        "sure that the latest NVIDIA driver is installed and running.")


@pytest.mark.parametrize("quote", ["'", "\u2019", "&#39;", "", "`"])
def test_smi_no_driver_any_apostrophe(quote: str) -> None:
    found = _ids(["user@node:~$ nvidia-smi", _SMI.format(q=quote)])
    f = found["nvidia-driver-not-loaded"]
    assert f.severity is Severity.ERROR
    assert any("dkms status" in x for x in f.fix)
    assert any("mokutil --sb-state" in x for x in f.fix)
    assert _claims(found) == {"nvidia-driver-not-loaded"}


def test_smi_no_driver_wrapped_and_quoted() -> None:
    found = _ids(["> NVIDIA-SMI has failed because it could not communicate with the NVIDIA",
                  "> driver. Make sure that the latest NVIDIA driver is installed and running."])
    # "NVIDIA" / "driver" cut apart by the wrap: the engine joins the two quoted lines (its
    # keyword spans the break, logs/engine.py _wrap_join), so nvidia-smi's message is read
    assert "nvidia-driver-not-loaded" in found
    # a line that ends the sentence is not joined: the cut message alone makes no claim
    found = _ids(["> NVIDIA-SMI has failed because it could not communicate with the NVIDIA.",
                  "> driver. Make sure that the latest NVIDIA driver is installed and running."])
    assert "nvidia-driver-not-loaded" not in found
    found = _ids(["NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver.",
                  "Make sure that the latest NVIDIA driver is installed and running."])
    assert "nvidia-driver-not-loaded" in found


def test_smi_no_driver_on_windows_has_windows_fixes() -> None:
    found = _ids(["C:\\Users\\me> nvidia-smi", _SMI.format(q="'")], _host("Windows"))
    f = found["nvidia-driver-not-loaded"]
    assert "Windows" in f.cause
    assert not any("dkms" in x or "modprobe" in x for x in f.fix)


def test_smi_no_driver_on_wsl2_points_at_the_windows_driver() -> None:
    found = _ids([_SMI.format(q="'")], _host(name="Ubuntu 22.04 (WSL2), Windows 11 build 22631",
                                             wsl=2))
    f = found["nvidia-driver-not-loaded"]
    assert "WSL2" in f.cause
    assert any("WINDOWS" in x for x in f.fix)


def test_smi_no_driver_on_wsl1_from_the_log_kernel() -> None:
    found = _ids(["$ uname -r", "4.4.0-19041-Microsoft", "$ nvidia-smi", _SMI.format(q="'")])
    assert "wsl1-has-no-gpu" in found
    assert "nvidia-driver-not-loaded" not in found


@pytest.mark.parametrize("build", [17134, 18363, 19042])
def test_smi_no_driver_on_wsl_of_an_old_windows_build(build: int) -> None:
    facts = _host(name=f"Windows 10 Pro (Build {build}) + WSL Debian", wsl=2)
    found = _ids([_SMI.format(q="'")], facts)
    f = found["wsl1-has-no-gpu"]
    assert str(build) in f.title
    assert "19044" in f.cause
    assert "nvidia-driver-not-loaded" not in found


def test_smi_no_driver_on_wsl_of_a_new_windows_build_is_not_wsl1() -> None:
    found = _ids([_SMI.format(q="'")], _host(name="Windows 11 build 22621 + WSL Ubuntu", wsl=2))
    assert "wsl1-has-no-gpu" not in found
    assert "nvidia-driver-not-loaded" in found


# ------------------------------------------------------------------ No devices were found


def test_no_devices_found_in_wsl2_is_the_wsl_variant() -> None:
    found = _ids(["No devices were found"], _host(name="Ubuntu (WSL2)", wsl=2))
    f = found["nvidia-no-devices-found"]
    assert f.category == "wsl2"
    assert any("WDDM" in x for x in f.fix)


# ------------------------------------------------------------------ driver/library mismatch


def test_mismatch_line_counted_once() -> None:
    facts = read_lines(["Failed to initialize NVML: Driver/library version mismatch"])
    assert facts.get("driver.mismatch").count == 1


# ------------------------------------------------------------------ pip's dependency check


def test_pip_requires_not_installed() -> None:
    found = _ids(["tf-nightly 2.12.0.dev20230101 requires tensorboard<2.13,>=2.12, which is "
                  "not installed."])
    f = found["pip-tensorflow-pin-conflict"]
    assert "not installed" in f.title
    assert f.severity.value == "info"  # often a metadata-only requirement: a notice


# ------------------------------------------------------------------ TensorFlow Addons

_TFA = ("{pre}/opt/conda/lib/python3.9/site-packages/tensorflow_addons/utils/ensure_tf_install.py"
        ":53: UserWarning: Tensorflow Addons supports using Python ops for all Tensorflow "
        "versions above or equal to 2.10.0 and strictly below 2.13.0 (nightly versions are not "
        "supported). ")
_TFA2 = "{pre} The versions of TensorFlow you are currently using is 2.15.1 and is not supported. "


@pytest.mark.parametrize("pre", ["", "[1,0]<stderr>:"])
def test_addons_warning_over_two_lines(pre: str) -> None:
    found = _ids([_TFA.format(pre=pre), _TFA2.format(pre=pre),
                  f"{pre}Some things might work, some things might not."])
    # workplan kinds: the warning alone is a notice (nothing failed yet)
    f = found["tensorflow-addons-version-warning"]
    assert f.severity is Severity.INFO and f.harmless
    assert ">=2.10.0,<2.13.0" in f.title and "2.15.1" in f.title
    assert any("tensorflow>=2.10.0,<2.13.0" in x for x in f.fix)
    assert "tensorflow-addon-version-pin" not in found


def test_addons_warning_then_a_custom_op_that_fails_is_the_pin() -> None:
    found = _ids([_TFA.format(pre=""), _TFA2.format(pre=""),
                  "tensorflow.python.framework.errors_impl.NotFoundError: /venv/lib/python3.10/"
                  "site-packages/tensorflow_addons/custom_ops/image/_image_ops.so: undefined "
                  "symbol: _ZN10tensorflow8OpKernel11TraceStringEv"])
    f = found["tensorflow-addon-version-pin"]
    assert f.severity is Severity.WARNING
    assert ">=2.10.0,<2.13.0" in f.title and "2.15.1" in f.title


def test_addons_warning_version_from_host_facts() -> None:
    found = _ids([_TFA.format(pre="")], _host(tf="2.16.2"))
    assert "2.16.2" in found["tensorflow-addons-version-warning"].title


# ------------------------------------------------------------------ HIP code objects

def test_hip_no_binary_with_the_target_from_rocminfo() -> None:
    found = _ids(["  Name:                    gfx1010",
                  "Successfully opened dynamic library libamdhip64.so",
                  ":3:hip_code_object.cpp:505 : \"hipErrorNoBinaryForGpu: Unable to find code "
                  "object for all current devices!\"",
                  "Aborted (core dumped)"])
    f = found["rocm-gpu-arch-unsupported"]
    assert "gfx1010" in f.title
    assert "unrecognised-error" not in _claims(found)


def test_hip_no_binary_old_wording_target_from_host_facts() -> None:
    found = _ids(["/src/rocclr/hip_code_object.cpp:92: guarantee(false && \"hipErrorNoBinaryForGpu:"
                  " Coudn't find binary for current devices!\")"],
                 _host(gpu="AMD Radeon RX 5500 XT (gfx1012)"))
    assert "gfx1012" in found["rocm-gpu-arch-unsupported"].title


# ------------------------------------------------------------------ keras.src missing

_IMPORT = ['  File "/srv/app/.venv/lib/python3.9/site-packages/kerastuner_ext/core.py", line 4, '
           'in <module>',
           "    from keras.src.layers import Dense",
           "ModuleNotFoundError: No module named 'keras.src'"]


def test_keras_src_from_a_package_import_is_the_library_reading() -> None:
    found = _ids(_IMPORT, _host(tf="2.11.1"))
    assert "keras-model-saved-with-other-keras" not in found
    f = found["keras-private-api-moved"]
    assert "2.13" in f.cause and "TensorFlow 2.11" in f.cause
    assert any("tensorflow" in x for x in f.fix)


def test_keras_src_while_unpickling_is_the_saved_model_reading() -> None:
    found = _ids(['  File "serve.py", line 12, in load', "    model = joblib.load(path)",
                  *_IMPORT[1:]])
    assert "keras-model-saved-with-other-keras" in found


# ------------------------------------------------------------------ wrapped messages (general)


def test_wrapped_messages_read_the_same_from_a_stream_with_tiny_chunks() -> None:
    text = ("2024-05-01 10:00:00 some noise line\nValueError: File format not supported:\n"
            "filepath=/tmp/m.\nmore\n")
    for chunk in (3, 7, 64, 1 << 20):
        facts = read_stream(io.BytesIO(text.encode()), chunk_bytes=chunk)
        assert facts.get("eco.keras3_format").count == 1, chunk


def test_a_new_record_is_never_joined() -> None:
    facts = read_lines(["ValueError: File format not supported:",
                        "2024-05-01 10:00:00.1: I tensorflow/core/x.cc:1] filepath=/tmp/a."])
    assert facts.get("eco.keras3_format").count == 0
    assert starts_record("W tensorflow/stream_executor/dso_loader.cc:60] Could not load")
    assert not starts_record("filepath=/tmp/a.")


def test_a_sentence_end_stops_the_join() -> None:
    facts = read_lines(["ValueError: File format not supported.", "filepath=/tmp/a."])
    assert facts.get("eco.keras3_format").count == 0
    assert continues("File format not supported:") and not continues("done.")


def test_join_is_bounded_to_a_few_lines() -> None:
    words = ["UserWarning: Tensorflow Addons supports using Python ops for all",
             "Tensorflow versions above or equal to 2.10.0 and",
             "strictly below 2.13.0 (nightly versions are not supported)."]
    # five joins: a message of six 80-column lines (the placer's errors run that long)
    assert MAX_FOLLOW_LINES == 5
    facts = read_lines(words)  # two joins: within the bound
    assert facts.get("tfa.unsupported_tf").count == 1
    assert facts.get("tfa.unsupported_tf").first[0].g("max") == "2.13.0"
    split = [words[0], "Tensorflow versions", "above or", "equal to", "2.10.0 and", words[2]]
    assert read_lines(split).get("tfa.unsupported_tf").count == 1  # five joins: the bound
    split = [words[0], "Tensorflow", "versions above", "or", "equal to", "2.10.0 and",
             words[2]]
    assert read_lines(split).get("tfa.unsupported_tf").count == 0  # six joins: past it


def test_a_match_inside_the_next_line_alone_is_not_taken_from_the_join() -> None:
    # line 1 holds the keyword of lib.missing ("dynamic lib") without matching; line 2 is the
    # message itself and is matched on its own line, once
    facts = read_lines(["Successfully opened dynamic library libcudart.so.11.0",
                        "Could not load dynamic library 'libcublas.so.11'; dlerror: x"])
    assert facts.get("lib.missing").count == 1


def test_many_unfinished_lines_stay_linear() -> None:
    lines = ["ValueError: File format not supported: part"] * 20000
    start = time.perf_counter()
    facts = read_lines(lines)
    assert time.perf_counter() - start < 10
    assert facts.get("eco.keras3_format").count == 0


@table("nvidia_tools")
def test_case(case: Case) -> None:
    """A row of kind_cases/nvidia_tools.toml: its lines give its finding, not the others."""
    check(case)
