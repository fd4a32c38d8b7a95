"""tfgpu's TensorFlow probe, run as a script in a CHILD interpreter.

Self-contained on purpose (standard library + TensorFlow; no tfgpu import) so it runs in
any environment the user points tfgpu at.  It prints exactly one line that starts with
``TFGPU-TF-PROBE:`` followed by a JSON object; everything TensorFlow logs goes to stderr
and is read by the parent as ``log_lines``.  The parent enforces the time limit.

Written for any Python TensorFlow 2.x ever supported (3.5+): ``%`` formatting, no
f-strings, types in PEP 484 type comments.

Arguments: ``--tf-installed`` (the parent already looked), or ``--tf-dists=NAME,NAME``:
the distributions that install ``tensorflow`` (the parent passes the knowledge's list,
platform fact ``tf-distributions``; without it only the import spec is checked).

JSON keys: ``missing`` (true when no TensorFlow distribution is installed), ``error``
(the import failed: "ModuleNotFoundError: ..."), ``version``, ``build_info`` (strings),
``devices`` (list of objects), ``import_s``.

Writes nothing of the user's: Keras creates ``$KERAS_HOME/keras.json`` (default
``~/.keras/keras.json``) when it is imported, so ``KERAS_HOME`` points at a temporary
folder (holding a copy of the user's ``keras.json``, if any, so that its settings still
apply), removed before exit.  When the home folder does not exist, the CUDA JIT cache
(``CUDA_CACHE_PATH``, default ``~/.nv/ComputeCache``) and matplotlib's folder
(``MPLCONFIGDIR``: Keras 3 imports ``matplotlib.pyplot``, which writes
``~/.config/matplotlib`` and ``~/.cache/matplotlib``) go there too, so that nothing
creates the home folder.  With a home folder they stay where they are: a fresh
matplotlib font cache costs about a second per run.
"""

# ruff: noqa: UP031  (see the docstring: runs on Python 3.5+)
import contextlib
import json
import os
import sys
import time

#: Not typing.TYPE_CHECKING: Python 2.7 and 3.4 have no typing module, and the script
#: must run there far enough to say that the interpreter is too old (type checkers treat
#: a name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:  # type comments keep the script runnable on Python 3.5
    from typing import Any  # noqa: F401 - used in type comments

MARK = "TFGPU-TF-PROBE:"
DISTS_ARG = "--tf-dists="
#: The oldest Python this script runs on (the parent says so for an older one).
MIN_PYTHON = (3, 5)


def emit(data):
    # type: (dict[str, Any]) -> None
    sys.stdout.write(MARK + json.dumps(data) + "\n")
    sys.stdout.flush()


def tf_dists():
    # type: () -> list[str]
    for arg in sys.argv[1:]:
        if arg.startswith(DISTS_ARG):
            return [n for n in arg[len(DISTS_ARG):].split(",") if n]
    return []


def tf_installed(names=None):
    # type: (list[str] | None) -> bool
    """True when a distribution ``names`` lists (default: ``--tf-dists``) is installed or
    ``tensorflow`` is importable.  Without ``importlib.metadata`` (Python < 3.8) only the
    import spec is checked (``importlib.util.find_spec``, Python 3.4+), which is what an
    import would find."""
    import importlib.util

    try:
        import importlib.metadata as md
    except ImportError:
        return importlib.util.find_spec("tensorflow") is not None
    for name in tf_dists() if names is None else names:
        try:
            md.distribution(name)
        except md.PackageNotFoundError:
            continue
        return True
    return importlib.util.find_spec("tensorflow") is not None


def too_old():
    # type: () -> dict[str, Any] | None
    """For a Python older than :data:`MIN_PYTHON` (2.7...): the result that says so, with
    whether a ``tensorflow`` package is importable there (``pkgutil.find_loader``, which
    does not import it); ``None`` on a Python this script runs on."""
    if sys.version_info >= MIN_PYTHON:
        return None
    import pkgutil

    try:
        found = pkgutil.find_loader("tensorflow") is not None
    except Exception:  # noqa: BLE001 - a broken package: unknown
        found = None
    return {"python_too_old": ".".join(str(v) for v in sys.version_info[:3]),
            "tf_found": found}


def as_text(value):
    # type: (Any) -> str
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def run_op(tf, index):
    # type: (Any, int) -> dict[str, Any]
    """Run a 2x2 matmul on GPU ``index``; check the values and where the result lives."""
    start = time.perf_counter()
    try:
        with tf.device("/device:GPU:%d" % index):
            a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
            b = tf.linalg.matmul(a, a)
        values = b.numpy().tolist()
        device = b.device
        right = values == [[7.0, 10.0], [15.0, 22.0]]
        on_gpu = ("GPU:%d" % index) in device
        err = None
        if not right:
            err = "wrong result %r (expected [[7, 10], [15, 22]])" % (values,)
        elif not on_gpu:
            err = "the result was placed on %s, not GPU:%d" % (device, index)
        return {"op_ok": right and on_gpu, "op_device": device, "op_error": err,
                "op_duration_s": round(time.perf_counter() - start, 4)}
    except Exception as exc:  # noqa: BLE001 - report, never crash
        return {"op_ok": False, "op_device": None, "op_error": "%s: %s" % (type(exc).__name__, exc),
                "op_duration_s": round(time.perf_counter() - start, 4)}


def private_keras_home():
    # type: () -> str
    """Point ``KERAS_HOME`` (and, without a home folder, ``CUDA_CACHE_PATH`` and
    ``MPLCONFIGDIR``) at a new temporary folder; return it (the caller removes it)."""
    import shutil
    import tempfile

    home = os.path.expanduser("~")
    user_dir = os.environ.get("KERAS_HOME") or os.path.join(home, ".keras")
    tmp = tempfile.mkdtemp(prefix="tfgpu-keras-")
    config = os.path.join(user_dir, "keras.json")
    if os.path.isfile(config):
        with contextlib.suppress(OSError):
            shutil.copyfile(config, os.path.join(tmp, "keras.json"))
    os.environ["KERAS_HOME"] = tmp
    if not os.path.isdir(home):
        os.environ.setdefault("CUDA_CACHE_PATH", os.path.join(tmp, "ComputeCache"))
        os.environ.setdefault("MPLCONFIGDIR", os.path.join(tmp, "matplotlib"))
    return tmp


def main():
    # type: () -> int
    # The parent passes --tf-installed when it has already checked (same interpreter).
    if "--tf-installed" not in sys.argv[1:] and not tf_installed():
        emit({"missing": True})
        return 0
    # Make TensorFlow say why it drops a GPU even if the user silenced it.
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "0"
    start = time.perf_counter()
    try:
        import tensorflow as tf
    except BaseException as exc:  # noqa: BLE001 - SystemExit/ImportError alike
        if isinstance(exc, ImportError) and getattr(exc, "name", None) == "tensorflow":
            emit({"missing": True})  # "No module named 'tensorflow'": not installed here
            return 0
        emit({"error": "%s: %s" % (type(exc).__name__, exc),
              "import_s": round(time.perf_counter() - start, 4)})
        return 0
    out = {"import_s": round(time.perf_counter() - start, 4)}  # type: dict[str, Any]
    out["version"] = str(getattr(tf, "__version__", "unknown"))
    try:
        out["build_info"] = {str(k): as_text(v) for k, v in tf.sysconfig.get_build_info().items()}
    except Exception as exc:  # noqa: BLE001
        out["build_info"] = {"error": "%s: %s" % (type(exc).__name__, exc)}
    devices = []  # type: list[dict[str, Any]]
    try:
        gpu_index = 0
        for dev in tf.config.list_physical_devices():
            entry = {"name": dev.name, "device_type": dev.device_type, "details": {}}
            if dev.device_type == "GPU":
                try:
                    details = tf.config.experimental.get_device_details(dev)
                    entry["details"] = {
                        str(k): (".".join(str(x) for x in v) if isinstance(v, (tuple, list))
                                 else str(v))
                        for k, v in details.items()
                    }
                except Exception as exc:  # noqa: BLE001
                    entry["details"] = {"error": str(exc)}
                entry.update(run_op(tf, gpu_index))
                gpu_index += 1
            devices.append(entry)
    except Exception as exc:  # noqa: BLE001
        out["devices_error"] = "%s: %s" % (type(exc).__name__, exc)
    out["devices"] = devices
    emit(out)
    return 0


if __name__ == "__main__":
    old = too_old()
    if old is not None:
        emit(old)
        sys.stdout.flush()
        os._exit(0)
    scratch = private_keras_home()
    try:
        code = main()
    finally:
        import shutil

        shutil.rmtree(scratch, ignore_errors=True)
    sys.stdout.flush()
    sys.stderr.flush()
    # Skip interpreter teardown: unloading TensorFlow takes 0.5-2 s and tells us nothing.
    os._exit(code)
