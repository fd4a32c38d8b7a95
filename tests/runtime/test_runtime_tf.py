"""Real TensorFlow on the CPU: setup(), mirrored strategy, the example, TensorBoard, launch.

Each scenario runs in its own Python process, because TensorFlow fixes its devices once
per process.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from proc_helpers import children as _children

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
EXAMPLE = ROOT / "examples" / "train_guide_model.py"
FASHION = Path("/usr/share/datasets/fashion-mnist")


def _default_sigint() -> None:
    """Let the child take Ctrl-C even when pytest runs as a background job (which
    inherits SIGINT ignored, and Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TF_CONFIG",)}
    env = {k: v for k, v in env.items() if not k.startswith("SLURM_")}
    env.update(PYTHONPATH=str(SRC), TF_CPP_MIN_LOG_LEVEL="2", **extra)
    return env


#: tf.keras flavours: Keras 3 (the venv's), and tf-keras when the ``tf-keras`` package is
#: installed (TF_USE_LEGACY_KERAS=1 makes tf.keras resolve to it).
KERAS_FLAVOURS = {"keras3": {"TF_USE_LEGACY_KERAS": "0"},
                  "tf_keras": {"TF_USE_LEGACY_KERAS": "1"}}


@pytest.fixture(params=sorted(KERAS_FLAVOURS))
def keras_env(request: pytest.FixtureRequest) -> dict[str, str]:
    if request.param == "tf_keras" and importlib.util.find_spec("tf_keras") is None:
        pytest.skip("tf-keras is not installed (pip install tf-keras to run this variant)")
    return KERAS_FLAVOURS[request.param]


def _run_py(code: str, timeout_s: float = 180,
            extra_env: dict[str, str] | None = None) -> dict[str, object]:
    """Run ``code`` in a fresh Python; it prints one JSON line last."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_env(**(extra_env or {})), timeout=timeout_s)
    lines = [x for x in out.stdout.splitlines() if x.startswith("{")]
    assert lines, f"no JSON from child (rc {out.returncode}):\n{out.stdout}\n{out.stderr[-3000:]}"
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def test_import_tfgpu_does_not_import_tensorflow() -> None:
    code = ("import sys, json, tfgpu\n"
            "f = tfgpu.setup; g = tfgpu.tensorboard_callback; e = tfgpu.SetupError\n"
            "try:\n    tfgpu.no_such_name\n    bad = False\n"
            "except AttributeError:\n    bad = True\n"
            "print(json.dumps({'tf': 'tensorflow' in sys.modules, 'attr_error': bad,\n"
            "  'runtime_error': issubclass(e, RuntimeError), 'in_dir': 'setup' in dir(tfgpu)}))\n")
    assert _run_py(code, 60) == {"tf": False, "attr_error": True, "runtime_error": True,
                                 "in_dir": True}


@pytest.mark.tf
def test_setup_after_devices_are_initialised_raises_the_clear_error() -> None:
    code = (
        "import json, tensorflow as tf, tfgpu\n"
        "tf.constant(1.0) + 1  # the runtime starts: devices are now fixed\n"
        "try:\n"
        "    tfgpu.setup(logical_cpus=2)\n"
        "    print(json.dumps({'raised': None}))\n"
        "except tfgpu.SetupError as exc:\n"
        "    print(json.dumps({'raised': type(exc).__name__, 'msg': str(exc),\n"
        "        'is_runtime_error': isinstance(exc, RuntimeError)}))\n"
    )
    res = _run_py(code)
    assert res["raised"] == "DevicesAlreadyInitializedError"
    assert res["is_runtime_error"] is True
    msg = str(res["msg"])
    assert "tfgpu.setup() came too late" in msg
    assert "at the very top of your script" in msg          # where to move the call
    assert "logical_cpus=2" in msg                           # what could not be applied
    assert "cannot be modified after being initialized" in msg  # TensorFlow's own words


MIRRORED_CODE = r"""
import json, warnings, numpy as np, tensorflow as tf, tfgpu
run = tfgpu.setup(logical_cpus=3)
keras = tf.keras
rng = np.random.default_rng(0)
x = rng.random((96, 28, 28), dtype=np.float32); y = rng.integers(0, 10, 96)

def build():
    m = keras.Sequential([keras.Input((28, 28)), keras.layers.Flatten(),
        keras.layers.Dense(128, activation="relu"),
        keras.layers.Dense(10, dtype=tfgpu.output_layer_dtype())])
    m.compile(optimizer=keras.optimizers.SGD(0.1),
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return m

with run.strategy.scope():
    mirrored = build()
with tf.distribute.OneDeviceStrategy("/cpu:0").scope():
    single = build()
single.set_weights(mirrored.get_weights())
start = [w.copy() for w in mirrored.get_weights()]
ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(48)  # global batch 48 = 3 x 16
mirrored.fit(ds, epochs=2, verbose=0, shuffle=False)
single.fit(ds, epochs=2, verbose=0, shuffle=False)
pairs = zip(mirrored.get_weights(), single.get_weights())
diff = max(float(np.max(np.abs(a - b))) for a, b in pairs)
moved = max(float(np.max(np.abs(a - b))) for a, b in zip(mirrored.get_weights(), start))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    cb = tfgpu.tensorboard_callback("/tmp/unused-logs", profile_batch=(2, 4))
print(json.dumps({
    "strategy": type(run.strategy).__name__, "replicas": run.num_replicas,
    "policy": run.policy, "devices": list(run.logical_devices), "summary": run.summary,
    "diff": diff, "moved": moved,
    "callback": type(cb).__name__,
    "warnings": [(w.category.__name__, str(w.message)) for w in caught],
    "out_dtype": str(tfgpu.float32_output()(tf.constant([[1.0]], dtype=tf.float16)).dtype),
}))
"""


@pytest.mark.tf
def test_mirrored_strategy_on_logical_cpus_matches_one_device(
    keras_env: dict[str, str]
) -> None:
    res = _run_py(MIRRORED_CODE, extra_env=keras_env)
    assert res["strategy"] == "MirroredStrategy"
    assert res["replicas"] == 3
    assert res["policy"] == "float32"
    assert [d.rsplit("device:", 1)[-1] for d in res["devices"]] == ["CPU:0", "CPU:1", "CPU:2"]
    summary = str(res["summary"])
    assert "MirroredStrategy" in summary and "3 logical CPU devices" in summary
    assert "no GPU visible" in summary
    flavour = "tf-keras 2." if keras_env["TF_USE_LEGACY_KERAS"] == "1" else "Keras 3."
    assert f"keras      {flavour}" in summary
    # Training moved the weights, and 3 replicas x 16 equals one device x 48.
    assert float(res["moved"]) > 1e-3  # type: ignore[arg-type]
    assert float(res["diff"]) < 1e-5  # type: ignore[arg-type]
    # The TensorBoard callback: returned, with the CPU-host profiler warning.
    assert res["callback"] == "TensorBoard"
    warns = res["warnings"]
    assert isinstance(warns, list) and any(
        cat == "ProfilerWarning" and "no GPU" in msg for cat, msg in warns)
    assert res["out_dtype"] == "<dtype: 'float32'>"


@pytest.fixture(scope="module")
def trained_logdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Train the guide model once (real Fashion-MNIST when installed) with TensorBoard logs."""
    logdir = tmp_path_factory.mktemp("tb") / "logs"
    data = (["--samples", "1024"] if (FASHION / "train-images-idx3-ubyte.gz").is_file()
            else ["--synthetic"])
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), *data, "--steps", "4", "--batch-size", "64",
         "--logical-cpus", "2", "--logdir", str(logdir)],
        capture_output=True, text=True, env=_env(), timeout=240,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]
    assert "2 replicas" in out.stdout
    return logdir


@pytest.mark.tf
def test_example_trains_single_process(trained_logdir: Path) -> None:
    assert list((trained_logdir / "train").glob("events.out.tfevents.*"))


@pytest.mark.tf
def test_tensorboard_server_serves_the_logdir_and_stops(trained_logdir: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfgpu", "tensorboard", str(trained_logdir), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
        preexec_fn=_default_sigint,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # blocks until the server answers (or the CLI fails)
        assert "TensorBoard serving" in line, line + (proc.stderr.read() if proc.stderr else "")
        url = line.split(" at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.status == 200
            assert b"<html" in resp.read(4096).lower()
        runs: list[str] = []
        deadline = time.monotonic() + 60
        while "train" not in runs and time.monotonic() < deadline:
            with urllib.request.urlopen(url + "data/runs", timeout=10) as resp:
                runs = json.loads(resp.read())
            time.sleep(0.5)
        assert "train" in runs, runs
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # SIGTERM lets the CLI stop its TensorBoard child too
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    assert proc.returncode == 0, err
    assert "stopped" in err
    port = int(url.rsplit(":", 1)[1].strip("/"))
    import socket
    with socket.socket() as s:  # the server is gone: its port can be bound again
        s.bind(("127.0.0.1", port))


@pytest.mark.tf
@pytest.mark.slow
def test_two_workers_on_loopback_end_with_identical_weights(
    tmp_path: Path, keras_env: dict[str, str]
) -> None:
    weights = tmp_path / "weights"
    t0 = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-m", "tfgpu", "launch", "--workers", "2", "--",
         sys.executable, str(EXAMPLE), "--synthetic", "--steps", "5", "--batch-size", "32",
         "--save-weights", str(weights)],
        capture_output=True, text=True, env=_env(**keras_env), timeout=300,
    )
    took_s = time.monotonic() - t0
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "all 2 workers finished successfully" in out.stderr
    assert "[worker 0]" in out.stdout and "[worker 1]" in out.stdout
    assert "MultiWorkerMirroredStrategy" in out.stdout
    flavour = "tf-keras 2." if keras_env["TF_USE_LEGACY_KERAS"] == "1" else "Keras 3."
    assert f"keras      {flavour}" in out.stdout
    assert "2 replicas" in out.stdout
    w0, w1 = np.load(weights / "worker-0.npz"), np.load(weights / "worker-1.npz")
    i0 = np.load(weights / "worker-0-initial.npz")
    assert w0.files == w1.files and len(w0.files) == 4  # 2 Dense layers x (kernel, bias)
    for k in w0.files:
        assert np.array_equal(w0[k], w1[k]), f"{k} differs between workers"
    assert any(not np.array_equal(w0[k], i0[k]) for k in w0.files), "weights never moved"
    print(f"two-worker launch took {took_s:.1f} s")


@pytest.mark.tf
def test_slurm_resolver_works_on_a_cpu_only_node() -> None:
    """Scenario: TF's SlurmClusterResolver() crashes without nvidia-smi; tfgpu's does not."""
    code = (
        "import json, os\n"
        "os.environ.update(SLURM_STEP_NUM_TASKS='2', SLURM_PROCID='1',\n"
        "    SLURM_STEP_NODELIST='node[01-02]', SLURM_STEP_TASKS_PER_NODE='1(x2)')\n"
        "os.environ.pop('CUDA_VISIBLE_DEVICES', None)\n"
        "import tensorflow as tf\n"
        "from tfgpu.runtime._setup import _slurm_resolver\n"
        "r = _slurm_resolver(tf, os.environ, 2)\n"
        "spec = r.cluster_spec().as_dict()\n"
        "import tfgpu\n"
        "del os.environ['SLURM_STEP_NODELIST']  # a broken step: srun would set it\n"
        "try:\n"
        "    tfgpu.setup()\n"
        "    err = None\n"
        "except tfgpu.SetupError as exc:\n"
        "    err = str(exc)\n"
        "print(json.dumps({'spec': spec, 'task': [r.task_type, r.task_id], 'err': err}))\n"
    )
    res = _run_py(code)
    assert res["spec"] == {"worker": ["node01:8888", "node02:8888"]}
    assert res["task"] == ["worker", 1]
    assert "SlurmClusterResolver failed" in str(res["err"])
    assert "SLURM_STEP_NODELIST" in str(res["err"])


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _gone_within(pid: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


@contextlib.contextmanager
def _serving(logdir: Path, env: dict[str, str]) -> Iterator[tuple[subprocess.Popen[str],
                                                                  list[int]]]:
    """Run ``tfgpu tensorboard LOGDIR --port 0`` until it serves; yield it and the pid of
    its one server child; afterwards kill whichever of the two is still running."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfgpu", "tensorboard", str(logdir), "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    server_pids: list[int] = []
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "TensorBoard serving" in line, line + (proc.stderr.read() if proc.stderr else "")
        server_pids = _children(proc.pid)
        assert len(server_pids) == 1
        yield proc, server_pids
    finally:
        if proc.poll() is None:
            proc.kill()
        for p in server_pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)


@pytest.mark.tf
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")
def test_scenario_sighup_stops_tensorboard(tmp_path: Path) -> None:
    """Reviewer: closing the terminal (SIGHUP) left TensorBoard running."""
    logdir = tmp_path / "empty-logs"
    logdir.mkdir()
    with _serving(logdir, _env()) as (proc, server_pids):
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 129, err  # 128 + SIGHUP, the README's exit-code table
    assert "no event files yet" in err  # the empty-folder note (defect 6)
    assert "stopped" in err
    assert _gone_within(server_pids[0], 10)


FAKE_TENSORBOARD = r'''
import argparse, http.server
p = argparse.ArgumentParser(); p.add_argument("--logdir"); p.add_argument("--host")
p.add_argument("--port", type=int); a = p.parse_args()
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b"[]")
    def log_message(self, *args):
        pass
http.server.HTTPServer((a.host, a.port), H).serve_forever()
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_scenario_sigkilled_cli_leaves_no_tensorboard(tmp_path: Path) -> None:
    """A SIGKILLed `tfgpu tensorboard` cannot clean up; the kernel stops the server.

    A stand-in ``tensorboard.main`` (a 10-line HTTP server) keeps this fast: what is
    tested is the process lifetime, not TensorBoard.
    """
    fake = tmp_path / "fake"
    (fake / "tensorboard").mkdir(parents=True)
    (fake / "tensorboard" / "__init__.py").write_text("")
    (fake / "tensorboard" / "main.py").write_text(FAKE_TENSORBOARD)
    env = _env()
    env["PYTHONPATH"] = f"{fake}{os.pathsep}{SRC}"
    with _serving(tmp_path, env) as (proc, server_pids):
        proc.kill()
        proc.wait(timeout=10)
        assert _gone_within(server_pids[0], 10), "the server outlived its SIGKILLed launcher"


REGRESSION_CODE = r"""
import json, os, tensorflow as tf, tfgpu
out = {}
first = tfgpu.setup(mixed_precision="mixed_bfloat16")
second = tfgpu.setup(mixed_precision="float32")
out["policies"] = [first.policy, second.policy]
out["first_summary"] = first.summary
out["second_summary"] = " ".join(second.summary.split())
keras = tf.keras
inp = keras.Input((4,))
h = keras.layers.Dense(3)(inp)
a, b = tfgpu.float32_output()(h), tfgpu.float32_output()(keras.layers.Dense(2)(h))
model = keras.Model(inp, [a, b])
out["outputs"] = [o.shape[-1] for o in model(tf.zeros((1, 4)))]
out["names"] = [layer.name for layer in model.layers]
errors = {}
for key, kwargs in {"int": {"visible_gpus": 0}, "bool": {"visible_gpus": True},
                    "str": {"visible_gpus": "0"}}.items():
    try:
        tfgpu.setup(**kwargs)
        errors[key] = None
    except Exception as exc:
        errors[key] = [type(exc).__name__, str(exc)]
bad = json.dumps({"cluster": {"worker": ["127.0.0.1:23456", "127.0.0.1:23457"]},
                  "task": {"type": "worker", "index": 5}})
try:
    tfgpu.setup(env={"TF_CONFIG": bad})
    errors["tf_config"] = None
except Exception as exc:
    errors["tf_config"] = [type(exc).__name__, str(exc)]
out["errors"] = errors
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def regressions() -> dict[str, object]:
    """One TensorFlow process for the reviewer's setup()/float32_output() findings."""
    return _run_py(REGRESSION_CODE)


@pytest.mark.tf
def test_scenario_two_float32_outputs_in_one_model(regressions: dict[str, object]) -> None:
    """Reviewer: every float32_output() was named "float32_output", so two clashed."""
    assert regressions["outputs"] == [3, 2]
    names = regressions["names"]
    assert isinstance(names, list) and len(set(names)) == len(names)


@pytest.mark.tf
def test_scenario_second_setup_says_it_replaces_the_policy(
    regressions: dict[str, object]
) -> None:
    assert regressions["policies"] == ["mixed_bfloat16", "float32"]
    assert ("replaces the mixed-precision policy set by an earlier call: mixed_bfloat16 -> "
            "float32") in str(regressions["second_summary"])
    assert "replaces" not in str(regressions["first_summary"])


@pytest.mark.tf
def test_scenario_visible_gpus_int_and_bad_types(regressions: dict[str, object]) -> None:
    """Reviewer: visible_gpus=0 gave a raw TypeError."""
    errors = regressions["errors"]
    assert isinstance(errors, dict)
    # An int means [int]; this host has no GPU, so index 0 is out of range: SetupError.
    assert errors["int"][0] == "SetupError" and "lists 0 GPUs" in errors["int"][1]
    for key in ("bool", "str"):
        assert errors[key][0] == "SetupError"
        assert "visible_gpus must be a list of GPU indices" in errors[key][1]


@pytest.mark.tf
def test_scenario_tf_config_index_out_of_range_through_setup(
    regressions: dict[str, object]
) -> None:
    """Reviewer: TensorFlow's "The task_id 5 exceeds the maximum id of worker." leaked."""
    errors = regressions["errors"]
    assert isinstance(errors, dict)
    assert errors["tf_config"][0] == "SetupError"
    assert "TF_CONFIG task.index 5 is outside 0..1" in errors["tf_config"][1]


LONE_WORKER = r"""
import tfgpu
tfgpu.setup()
print("setup returned", flush=True)
"""


@pytest.mark.tf
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sigaction via libc")
def test_scenario_lone_worker_says_it_waits_and_ctrl_c_ends_it() -> None:
    """Reviewer: a worker whose peer is not running blocked silently and ignored signals.

    TensorFlow blocks in C++ holding the GIL, so Python's Ctrl-C handler never ran;
    setup() now gives SIGINT the default action for the wait.
    """
    from tfgpu.runtime.tensorboard import free_port

    ports = [free_port(), free_port()]
    cfg = json.dumps({"cluster": {"worker": [f"127.0.0.1:{p}" for p in ports]},
                      "task": {"type": "worker", "index": 0}})
    proc = subprocess.Popen([sys.executable, "-c", LONE_WORKER], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(TF_CONFIG=cfg),
                            preexec_fn=_default_sigint)
    try:
        assert proc.stderr is not None
        waiting = ""
        for line in proc.stderr:
            if line.startswith("tfgpu: waiting"):
                waiting = line.strip()
                break
        assert waiting == (f"tfgpu: waiting for 2 workers at 127.0.0.1:{ports[0]},"
                           f"127.0.0.1:{ports[1]} (this is worker 0); start the others or "
                           f"press Ctrl-C")
        time.sleep(3)  # let it get into TensorFlow's blocking call
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)
        took_s = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGINT
    assert took_s < 5
