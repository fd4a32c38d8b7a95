"""Child script of ``tfgpu verify``: self-contained, imports only TensorFlow and numpy.

Run as ``python _verify_child.py '<json args>'`` by any interpreter that has TensorFlow
(for example a freshly installed virtual environment that does not have tfgpu).  It
prints exactly one JSON line on stdout, whose object has the key ``"tfgpu_verify"``;
TensorFlow's own log lines go to stderr, untouched, for the explain engine.  Before each
phase the child writes one marker line ``tfgpu-verify-phase: NAME`` to stderr
(``import-numpy``, ``import-tensorflow``, ``list-gpus``, ``check GPU:0``, ...,
``report``), so the parent can tell where a crash or a hang happened.

Arguments (JSON object, every key optional):

* ``size`` (int, default 1024): the product is ``[size, size] @ [size, size]``, float32.
* ``alloc_mib`` (int, default 64): size of the buffer allocated and freed on each device.
* ``include_cpu`` (bool, default false): also check ``CPU:0`` (always done when no GPU
  is visible).
* ``repeats`` (int, default 5): timed products per device (after one warm-up).
* ``inject_fault`` (str or null): TEST ONLY.  ``"corrupt-product"`` shifts one
  element of every result by 1% of ``(|A| @ |B|)`` before the check, so the test suite
  can prove that a wrong product fails verification.  Also read from the environment
  variable ``TFGPU_VERIFY_INJECT_FAULT``.  Never set it outside tests.

Error bound (the pass criterion).  For ``C = A @ B`` with inner dimension ``k``,
computed in IEEE float32 with any summation order (blocked, pairwise, FMA), the classic
componentwise bound (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
section 3.5, eq. 3.13) is ``|C_hat - C| <= gamma_k * (|A| @ |B|)`` with
``gamma_k = k*u / (1 - k*u)`` and ``u = 2**-24`` the float32 unit roundoff.  The child
compares against a float64 numpy reference (its own error, about ``k * 2**-53``, is
negligible) and passes a device when ``max_ij |C_hat - C|_ij / (|A| @ |B|)_ij <=
gamma_k``.  TensorFloat-32 is switched off first, because TF32 rounds the inputs to a
10-bit mantissa (``u = 2**-11``) on Ampere and newer GPUs and would need a 2**13 times
looser bound; verify checks float32 itself.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from typing import Any

_KEY = "tfgpu_verify"
_FAULT_ENV = "TFGPU_VERIFY_INJECT_FAULT"
_FAULTS = ("corrupt-product",)


#: Prefix of the phase marker lines written to stderr.
PHASE_MARKER = "tfgpu-verify-phase: "


def _phase(name: str) -> None:
    sys.stderr.write(PHASE_MARKER + name + "\n")
    sys.stderr.flush()


def _emit(payload: dict[str, Any]) -> None:
    payload[_KEY] = 1
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()


def _check_device(
    tf: Any, np: Any, device: str, size: int, alloc_mib: int, repeats: int, fault: str | None
) -> dict[str, Any]:
    """Run the product, placement, accuracy and allocation checks on ``device``."""
    out: dict[str, Any] = {"device": device, "passed": False, "problems": []}
    rng = np.random.default_rng(12345)
    a = rng.standard_normal((size, size)).astype(np.float32)
    b = rng.standard_normal((size, size)).astype(np.float32)
    try:
        with tf.device("/" + device):
            ta = tf.constant(a)
            tb = tf.constant(b)
            c = tf.linalg.matmul(ta, tb)  # warm-up: kernel selection, first launch
            c.numpy()
            times = []
            for _ in range(max(1, repeats)):
                t0 = time.perf_counter()
                c = tf.linalg.matmul(ta, tb)
                c_np = c.numpy()  # copies to host: waits for the device
                times.append(time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001 - any TF failure is a finding, reported as data
        out["problems"].append(f"matmul on {device} raised {type(exc).__name__}: {exc}")
        out["error_class"] = type(exc).__name__
        return out
    placed = str(c.device)
    out["result_device"] = placed
    placed_ok = placed.upper().endswith(device.upper())
    if not placed_ok:
        out["problems"].append(f"result tensor is on {placed!r}, not on {device}")
    ref = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    if fault == "corrupt-product":
        # TEST ONLY: one element off by 1% of (|A| @ |B|), far above gamma_k for any k < 1e5.
        i, j = size // 2, size // 3
        c_np = c_np.copy()
        c_np[i, j] += np.float32(1e-2 * scale[i, j])
        out["fault_injected"] = fault
    diff = np.abs(c_np.astype(np.float64) - ref)
    finite = bool(np.all(np.isfinite(c_np)))
    u = 2.0**-24
    gamma_k = size * u / (1.0 - size * u)
    comp_err = float(np.max(diff / np.maximum(scale, np.finfo(np.float64).tiny)))
    worst = np.unravel_index(int(np.argmax(diff / np.maximum(scale, 1e-300))), diff.shape)
    out["max_componentwise_rel_error"] = comp_err if finite else None
    out["error_bound"] = gamma_k
    out["frobenius_rel_error"] = (
        float(np.linalg.norm(diff) / np.linalg.norm(ref)) if finite else None
    )
    out["worst_element"] = [int(worst[0]), int(worst[1])]
    accurate = finite and comp_err <= gamma_k
    if not finite:
        out["problems"].append("the product contains NaN or Inf")
    elif not accurate:
        out["problems"].append(
            f"product differs from the float64 reference: max componentwise relative error "
            f"{comp_err:.3e} > bound {gamma_k:.3e} (gamma_k, k={size}) at element "
            f"[{int(worst[0])}, {int(worst[1])}]"
        )
    best = min(times)
    out["matmul_time_s"] = best
    out["matmul_times_s"] = times
    out["matmul_gflops"] = 2.0 * size**3 / best / 1e9 if best > 0 else None
    # Allocate and free a buffer of alloc_mib MiB (float32: 4 bytes per element).
    alloc_ok = False
    freed: bool | None = None
    n = max(1, alloc_mib * 2**20 // 4)

    def mem_current() -> int | None:
        try:
            return int(tf.config.experimental.get_memory_info(device)["current"])
        except Exception:  # noqa: BLE001 - unsupported on CPU: unknown, not a failure
            return None

    try:
        before = mem_current()
        t0 = time.perf_counter()
        with tf.device("/" + device):
            buf = tf.fill([n], tf.constant(1.0, tf.float32))
            total = float(tf.reduce_sum(buf).numpy())
        during = mem_current()
        buf_device = str(buf.device)
        del buf
        after = mem_current()
        out["alloc_time_s"] = time.perf_counter() - t0
        alloc_ok = abs(total - n) <= n * 2.0**-10
        if not alloc_ok:
            out["problems"].append(f"sum over the {alloc_mib} MiB buffer is {total}, expected {n}")
        if not buf_device.upper().endswith(device.upper()):
            alloc_ok = False
            out["problems"].append(f"buffer was placed on {buf_device!r}, not on {device}")
        if before is not None and during is not None and after is not None:
            out["memory_bytes"] = {"before": before, "during": during, "after": after}
            freed = after - before < n * 4 // 2
            if not freed:
                out["problems"].append(
                    f"{alloc_mib} MiB buffer was not freed: {after - before} bytes still held"
                )
    except Exception as exc:  # noqa: BLE001 - OOM and friends are reported as data
        out["problems"].append(
            f"allocating {alloc_mib} MiB on {device} raised {type(exc).__name__}: {exc}"
        )
        out["error_class"] = type(exc).__name__
    out["alloc_mib"] = alloc_mib
    out["alloc_ok"] = alloc_ok
    out["freed"] = freed
    out["placed_ok"] = placed_ok
    out["accurate"] = accurate
    out["passed"] = bool(placed_ok and accurate and alloc_ok and freed is not False)
    return out


def _externally_managed() -> bool:
    """This interpreter is marked ``EXTERNALLY-MANAGED`` (PEP 668: pip refuses to install
    into it) and is not a virtual environment: the rule of the python probe
    (``tfgpu.probes.python_env``), stdlib only."""
    import sysconfig

    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    try:
        return not in_venv and os.path.isfile(
            os.path.join(sysconfig.get_path("stdlib") or "", "EXTERNALLY-MANAGED"))
    except Exception:  # noqa: BLE001 - informative only
        return False


def main(argv: list[str]) -> int:
    """Parse the JSON argument, run every check, print one JSON line; return 0."""
    try:
        args = json.loads(argv[1]) if len(argv) > 1 else {}
    except ValueError as exc:
        _emit({"status": "bad-arguments", "error": str(exc)})
        return 2
    if not isinstance(args, dict):
        _emit({"status": "bad-arguments", "error": "argument must be a JSON object"})
        return 2
    size = int(args.get("size", 1024))
    alloc_mib = int(args.get("alloc_mib", 64))
    repeats = int(args.get("repeats", 5))
    fault = args.get("inject_fault") or os.environ.get(_FAULT_ENV) or None
    if fault is not None and fault not in _FAULTS:
        _emit({"status": "bad-arguments", "error": f"unknown fault {fault!r}"})
        return 2
    result: dict[str, Any] = {
        "status": "ok",
        "python": sys.version.split()[0],
        "python_executable": sys.executable,
        "size": size,
        "externally_managed": _externally_managed(),
    }
    t_import = time.perf_counter()
    try:
        _phase("import-numpy")
        import numpy as np

        _phase("import-tensorflow")
        import tensorflow as tf
    except Exception as exc:  # noqa: BLE001 - ImportError, or a DLL/so load failure
        result.update(
            status="import-error",
            error=f"{type(exc).__name__}: {exc}",
            traceback=traceback.format_exc(limit=3),
        )
        _emit(result)
        return 0
    result["import_time_s"] = time.perf_counter() - t_import
    result["tf_version"] = str(getattr(tf, "__version__", "?"))
    try:
        result["built_with_cuda"] = bool(tf.test.is_built_with_cuda())
        build = dict(tf.sysconfig.get_build_info())
        result["build_cuda_version"] = build.get("cuda_version")
        result["build_cudnn_version"] = build.get("cudnn_version")
    except Exception:  # noqa: BLE001 - informative only
        pass
    _phase("list-gpus")
    try:
        tf.config.experimental.enable_tensor_float_32_execution(False)
        gpus = tf.config.list_physical_devices("GPU")
    except Exception as exc:  # noqa: BLE001
        result.update(status="tf-error", error=f"{type(exc).__name__}: {exc}")
        _emit(result)
        return 0
    gpu_info = []
    for i, gpu in enumerate(gpus):
        info: dict[str, Any] = {"device": f"GPU:{i}", "physical_name": gpu.name}
        try:
            details = tf.config.experimental.get_device_details(gpu)
            info["name"] = details.get("device_name")
            cc = details.get("compute_capability")
            info["compute_capability"] = f"{cc[0]}.{cc[1]}" if cc else None
        except Exception:  # noqa: BLE001 - informative only
            pass
        gpu_info.append(info)
    result["gpus"] = gpu_info
    devices = [g["device"] for g in gpu_info]
    if not devices or args.get("include_cpu"):
        devices.append("CPU:0")
    checks = []
    for dev in devices:
        _phase(f"check {dev}")
        check = _check_device(tf, np, dev, size, alloc_mib, repeats, fault)
        match = next((g for g in gpu_info if g["device"] == dev), None)
        if match:
            check.update({k: v for k, v in match.items() if k != "device"})
        checks.append(check)
    result["checks"] = checks
    _phase("report")
    _emit(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
