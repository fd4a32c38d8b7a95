"""SetupResult text, device names and error mapping, without TensorFlow."""

from __future__ import annotations

import shutil
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from tfgpu.runtime._decide import Choice
from tfgpu.runtime._setup import (
    DevicesAlreadyInitializedError,
    SetupError,
    SetupResult,
    _initialized_error,
    _is_initialized_error,
    _short,
    _slurm_resolver,
    keras_version,
    output_layer_dtype,
)


def _result(task_index: int = 0) -> SetupResult:
    return SetupResult(
        strategy=object(), policy="mixed_float16",
        logical_devices=("/job:localhost/replica:0/task:0/device:CPU:0",
                         "/job:localhost/replica:0/task:0/device:GPU:0"),
        num_replicas=1, keras_version="3.15.1", num_workers=1, task_index=task_index,
        choices=(Choice("precision", "mixed_float16",
                        "auto: lowest compute capability 7.5 >= 7.0, so Tensor Cores run "
                        "float16 math."),
                 Choice("strategy", "OneDeviceStrategy", "one GPU: every variable and op "
                        "on /gpu:0.")),
    )


def test_summary_golden_text() -> None:
    assert _result().summary == (
        "tfgpu.setup():\n"
        "  precision  mixed_float16\n"
        "      auto: lowest compute capability 7.5 >= 7.0, so Tensor Cores run float16 math.\n"
        "  strategy   OneDeviceStrategy\n"
        "      one GPU: every variable and op on /gpu:0.\n"
        "  devices    CPU:0, GPU:0"
    )
    assert str(_result()) == _result().summary


def test_result_is_frozen_and_knows_the_chief() -> None:
    r = _result()
    with pytest.raises(AttributeError):
        r.policy = "float32"  # type: ignore[misc]
    assert r.is_chief and not _result(task_index=1).is_chief


@pytest.mark.parametrize(
    ("name", "short"),
    [("/job:localhost/replica:0/task:0/device:GPU:1", "GPU:1"),
     ("/device:CPU:0", "CPU:0"),
     ("/job:worker/replica:0/task:1/device:CPU:0", "task 1 CPU:0")],
)
def test_short_device_names(name: str, short: str) -> None:
    assert _short(name) == short


def test_tensorflow_messages_are_recognised() -> None:
    assert _is_initialized_error(RuntimeError(
        "Physical devices cannot be modified after being initialized"))
    assert _is_initialized_error(RuntimeError(
        "Virtual devices cannot be modified after being initialized"))
    assert not _is_initialized_error(RuntimeError("out of memory"))
    err = _initialized_error(RuntimeError("Physical devices cannot be modified after being "
                                          "initialized"), "memory_growth=True")
    assert isinstance(err, DevicesAlreadyInitializedError)
    assert isinstance(err, SetupError) and isinstance(err, RuntimeError)
    assert "memory_growth=True cannot be applied" in str(err)
    assert "at the very top of your script" in str(err)


class _FakeResolver:
    calls: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, **kwargs: Any) -> None:
        _FakeResolver.calls.append(kwargs)


def _fake_tf() -> Any:
    return SimpleNamespace(distribute=SimpleNamespace(
        cluster_resolver=SimpleNamespace(SlurmClusterResolver=_FakeResolver)))


def test_slurm_resolver_defaults_when_gpus_can_be_counted() -> None:
    _FakeResolver.calls.clear()
    _slurm_resolver(_fake_tf(), {"CUDA_VISIBLE_DEVICES": "0,1"}, 4)
    assert _FakeResolver.calls == [{}]


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="host has nvidia-smi")
def test_slurm_resolver_on_cpu_only_node_gets_notional_gpus() -> None:
    _FakeResolver.calls.clear()
    _slurm_resolver(_fake_tf(), {}, 4)
    assert _FakeResolver.calls == [{"gpus_per_node": 4, "gpus_per_task": 1,
                                    "auto_set_gpu": False}]


def test_keras_version_of_keras3_and_unknown() -> None:
    assert keras_version(SimpleNamespace(keras=SimpleNamespace(__version__="3.15.1"))) == \
        "3.15.1"
    assert keras_version(SimpleNamespace(keras=SimpleNamespace(__name__="keras"))) == \
        "unknown"


def test_output_layer_dtype() -> None:
    assert output_layer_dtype() == "float32"


def test_missing_tensorflow_gives_the_install_hint() -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, json\n"
        "sys.modules['tensorflow'] = None  # as if it were not installed\n"
        "import tfgpu\n"
        "try:\n"
        "    tfgpu.setup()\n"
        "except ImportError as exc:\n"
        "    print(json.dumps(str(exc)))\n"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(src)}, timeout=60)
    msg = json.loads(out.stdout.strip().splitlines()[-1])
    assert "tfgpu.setup() needs TensorFlow" in msg
    assert "tfgpu install" in msg and sys.executable in msg


@pytest.mark.parametrize(("kwargs", "name"), [
    ({"memory_growth": "false"}, "memory_growth"),
    ({"memory_growth": 0}, "memory_growth"),
    ({"memory_growth": None}, "memory_growth"),
    ({"jit": "x"}, "jit"),
    ({"jit": 1}, "jit"),
])
def test_setup_on_off_options_refuse_anything_but_a_bool(
        kwargs: dict[str, Any], name: str) -> None:
    import tfgpu

    with pytest.raises(TypeError, match=f"{name} must be True or False") as err:
        tfgpu.setup(**kwargs)
    assert isinstance(err.value, tfgpu.SetupError)  # like the other argument errors
    if isinstance(next(iter(kwargs.values())), str):
        assert "would count as True" in str(err.value)
