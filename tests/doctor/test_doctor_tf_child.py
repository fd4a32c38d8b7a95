"""The TensorFlow child probe: real TF on the CPU, and every way a child can fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from doctor_helpers import CPU_ONLY_LOG, cpu_only_log, fake_python

from tfgpu._proc import CommandResult, FakeRunner, run_command
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.knowledge import load_knowledge
from tfgpu.probes import ProbeContext, tf_child


def _ctx(exe: str, timeout_s: float = 20) -> ProbeContext:
    return ProbeContext(runner=run_command, python_executable=exe, timeout_s=timeout_s)


def _fake_tf_site(tmp: Path, init_body: str) -> Path:
    site = tmp / "site"
    (site / "tensorflow").mkdir(parents=True)
    (site / "tensorflow" / "__init__.py").write_text(init_body)
    info = site / "tensorflow-2.15.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tensorflow\nVersion: 2.15.0\n")
    return site


def test_segfault_on_import_is_an_error_fact_not_a_crash(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-segv", "kill -SEGV $$")
    res = tf_child.run(_ctx(exe))
    assert res.tf is not None and res.tf.status is ProbeStatus.ERROR
    assert res.tf.returncode == -11
    assert res.tf.error == ("the TensorFlow probe killed by SIGSEGV (signal 11): a segmentation "
                            "fault inside a native library")


def test_illegal_instruction_names_avx(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-sigill", "kill -ILL $$")
    res = tf_child.run(_ctx(exe))
    assert res.tf is not None and "SIGILL" in (res.tf.error or "")
    assert "AVX" in (res.tf.error or "")


def test_hung_child_is_a_timeout_fact_within_the_limit(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-hang", "echo 'importing...' >&2; sleep 60")
    start = time.perf_counter()
    res = tf_child.run(_ctx(exe, timeout_s=1.0))
    assert time.perf_counter() - start < 5
    assert res.tf is not None and res.tf.status is ProbeStatus.TIMEOUT
    assert res.tf.log_lines == ("importing...",)
    assert "within 1 s" in (res.tf.error or "")


def test_garbage_stdout_is_an_error_fact(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-garbage", "echo 'Hello from a strange python'")
    res = tf_child.run(_ctx(exe))
    assert res.tf is not None and res.tf.status is ProbeStatus.ERROR
    assert res.tf.error == "the TensorFlow probe printed no result (unexpected output on stdout)"


def test_missing_interpreter_is_an_error_fact(tmp_path: Path) -> None:
    res = tf_child.run(_ctx(str(tmp_path / "no-such-python")))
    assert res.tf is not None and res.tf.status is ProbeStatus.ERROR
    assert "not found" in (res.tf.error or "")


def test_import_error_is_reported_with_its_message(tmp_path: Path) -> None:
    site = _fake_tf_site(tmp_path, "raise ImportError('libcudnn.so.8: cannot open shared "
                                   "object file: No such file or directory')\n")
    exe = fake_python(tmp_path, "python", f'PYTHONPATH="{site}" exec "{sys.executable}" "$@"')
    res = tf_child.run(_ctx(exe))
    assert res.tf is not None and res.tf.status is ProbeStatus.ERROR
    assert res.tf.error == ("ImportError: libcudnn.so.8: cannot open shared object file: "
                            "No such file or directory")


def test_fake_tensorflow_with_a_gpu_reports_devices_and_op(tmp_path: Path) -> None:
    # A stand-in module with the API the child script calls, so the GPU path runs here.
    body = '''
import sys
__version__ = "2.15.0"
print("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device GPU:0",
      file=sys.stderr)
class _D:
    def __init__(s, n, t): s.name, s.device_type = n, t
class sysconfig:
    @staticmethod
    def get_build_info():
        return {"cuda_version": "12.2", "cuda_compute_capabilities": ["sm_50", "sm_90"],
                "is_cuda_build": True}
class _Exp:
    @staticmethod
    def get_device_details(d): return {"device_name": "NVIDIA L4", "compute_capability": (8, 9)}
class config:
    experimental = _Exp
    @staticmethod
    def list_physical_devices(kind=None):
        return [_D("/physical_device:CPU:0", "CPU"), _D("/physical_device:GPU:0", "GPU")]
class _T:
    device = "/job:localhost/replica:0/task:0/device:GPU:0"
    def numpy(s):
        class L:
            def tolist(s): return [[7.0, 10.0], [15.0, 22.0]]
        return L()
class _Ctx:
    def __enter__(s): return s
    def __exit__(s, *a): return False
def device(name): return _Ctx()
def constant(v): return v
class linalg:
    @staticmethod
    def matmul(a, b): return _T()
'''
    site = _fake_tf_site(tmp_path, body)
    exe = fake_python(tmp_path, "python", f'PYTHONPATH="{site}" exec "{sys.executable}" "$@"')
    res = tf_child.run(_ctx(exe))
    tf = res.tf
    assert tf is not None and tf.status is ProbeStatus.OK, tf
    assert tf.version == "2.15.0"
    assert tf.build_info == {"cuda_version": "12.2", "cuda_compute_capabilities": "sm_50,sm_90",
                             "is_cuda_build": "True"}
    (gpu,) = tf.gpus
    assert gpu.details == {"device_name": "NVIDIA L4", "compute_capability": "8.9"}
    assert gpu.op_ok is True and gpu.op_device is not None and gpu.op_device.endswith("GPU:0")
    assert tf.log_lines[-1].endswith("Created device GPU:0")


def test_tf_not_installed_is_missing_without_spawning(tmp_path: Path) -> None:
    site = tmp_path / "empty"
    site.mkdir()
    exe = fake_python(tmp_path, "python", f'PYTHONPATH="{site}" exec "{sys.executable}" -S "$@"')
    res = tf_child.run(_ctx(exe))
    assert res.tf is not None and res.tf.status is ProbeStatus.MISSING


def test_parse_keeps_the_recorded_cpu_only_log_lines() -> None:
    err, _out = cpu_only_log()
    result_line = tf_child.MARK + json.dumps({"version": "2.21.0", "import_s": 4.6, "devices": [
        {"name": "/physical_device:CPU:0", "device_type": "CPU", "details": {}}],
        "build_info": {"is_cuda_build": "True", "cuda_version": "12.5.1"}})
    res = CommandResult(("py",), ProbeStatus.OK, 0, "noise\n" + result_line + "\n",
                        "\n".join(err) + "\n", 5.7)
    tf = tf_child.parse(res, 60)
    assert tf.status is ProbeStatus.OK and tf.version == "2.21.0"
    assert tf.log_lines == err
    assert tf.gpus == ()
    assert any("Could not find cuda drivers" in line for line in tf.log_lines)
    assert CPU_ONLY_LOG.exists()


def test_crash_after_answering_keeps_the_answer_and_notes_the_crash() -> None:
    line = tf_child.MARK + json.dumps({"version": "2.16.1", "devices": [], "import_s": 1.0})
    tf = tf_child.parse(CommandResult(("py",), ProbeStatus.ERROR, -6, line + "\n", ""), 60)
    assert tf.status is ProbeStatus.OK and tf.version == "2.16.1"
    assert tf.error == "the TensorFlow probe killed by SIGABRT (signal 6) after answering"


def test_windows_illegal_instruction_exit_code_is_named() -> None:
    assert "ILLEGAL_INSTRUCTION" in tf_child.describe_returncode(0xC000001D)
    assert "ILLEGAL_INSTRUCTION" in tf_child.describe_returncode(-1073741795)


def test_fake_runner_answer_is_used_for_the_child() -> None:
    exe = "/other/python"
    dists = ",".join(load_knowledge().tf_distributions())
    argv = (exe, str(tf_child.SCRIPT_PATH), "--tf-dists=" + dists)
    assert "tensorflow-gpu" in dists  # the list comes from platform_facts:tf-distributions
    runner = FakeRunner({argv: CommandResult(argv, ProbeStatus.TIMEOUT, None, "", "", 30.0,
                                             "stopped")})
    res = tf_child.run(ProbeContext(runner=runner, python_executable=exe, timeout_s=30))
    assert res.tf is not None and res.tf.status is ProbeStatus.TIMEOUT
    assert runner.calls == [argv]


@pytest.mark.tf
def test_real_tensorflow_on_this_cpu_machine() -> None:
    # Run the probe in a fresh interpreter: other tests may have imported TensorFlow here.
    code = ("import sys\n"
            "from tfgpu.probes import tf_child\n"
            "from tfgpu.probes import ProbeContext\n"
            "res = tf_child.run(ProbeContext(timeout_s=180))\n"
            "assert 'tensorflow' not in sys.modules, 'the parent imported TensorFlow'\n"
            "from tfgpu.facts import HostFacts, OSFacts, PythonFacts\n"
            "host = HostFacts(os=OSFacts('x'), python=PythonFacts('3', 'x'), tf=res.tf)\n"
            "print(host.to_json())\n")
    env = dict(os.environ, PYTHONPATH=str(Path(tf_child.__file__).parents[2]))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    tf = HostFacts.from_json(out.stdout).tf
    assert tf is not None
    if tf.status is ProbeStatus.MISSING:
        pytest.skip("TensorFlow is not installed in this interpreter")
    assert tf.status is ProbeStatus.OK, tf.error
    assert tf.version and tf.version.startswith("2.")
    assert tf.import_s is not None and tf.import_s > 0
    assert any(d.device_type == "CPU" for d in tf.devices)
    assert tf.build_info.get("is_cuda_build") in ("True", "False")
