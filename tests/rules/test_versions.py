"""Version rules over the whole matrix, and named scenarios.

For every GPU row of ``tf_tested_configs.toml``: a host that matches it exactly gets no
version finding, and a host one step off (driver one notch below the minimum, Python
one minor outside the range, cuDNN one major off) gets exactly that finding.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tfgpu import facts as F
from tfgpu.diagnosis.checks import CHECKS, HOST_CHECKS, Check
from tfgpu.diagnosis.checks import driver as D
from tfgpu.diagnosis.checks import libraries as LIB
from tfgpu.diagnosis.checks import versions as V
from tfgpu.diagnosis.engine import collect
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import Knowledge, TestedConfig, load_knowledge

KB = load_knowledge()
RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"
GPU_CONFIGS = [c for c in KB.tested if c.kind == "gpu"]

_SYSTEM = {"linux": "Linux", "windows": "Windows", "wsl2": "Linux", "macos": "Darwin"}


def host(
    *,
    os: str = "linux",
    python: str = "3.11.7",
    tf: str | None = None,
    build_info: dict[str, str] | None = None,
    tf_status: F.ProbeStatus = F.ProbeStatus.OK,
    driver: str | None = None,
    gpus: Iterable[F.GPU] = (),
    toolkits: Iterable[F.CudaToolkit] = (),
    libs: Iterable[F.SharedLibrary] = (),
    dists: Iterable[tuple[str, str]] = (),
) -> F.HostFacts:
    """A hand-built host (STYLE.md section 7: rules get hand-built facts)."""
    distributions = [F.Distribution(n, v) for n, v in dists]
    if tf is not None and not any(d.name == "tensorflow" for d in distributions):
        distributions.append(F.Distribution("tensorflow", tf))
    return F.HostFacts(
        os=F.OSFacts(system=_SYSTEM[os], is_wsl=os == "wsl2",
                   wsl_version=2 if os == "wsl2" else None),
        python=F.PythonFacts(version=python, executable="/venv/bin/python",
                           distributions=tuple(sorted(distributions, key=lambda d: d.name))),
        gpus=tuple(gpus),
        driver=None if driver is None else F.DriverFacts(
            status=F.ProbeStatus.OK, version=driver, source="nvidia-smi"),
        toolkits=tuple(toolkits),
        libraries=tuple(libs),
        tf=None if tf is None else F.TFFacts(
            status=tf_status, version=tf if tf_status is F.ProbeStatus.OK else None,
            build_info=build_info or {}),
    )


def gpu(name: str = "Test GPU", cc: str | None = None, index: int = 0) -> F.GPU:
    return F.GPU(index=index, vendor="nvidia", name=name, compute_capability=cc,
               source="nvml")


def lib(name: str, version: str, origin: str = "system", selected: bool = True) -> F.SharedLibrary:
    filename = f"lib{name}.so.{version}"
    return F.SharedLibrary(name=name, filename=filename, path=f"/usr/lib/{filename}",
                         version=version, origin=origin, selected=selected)



def _module_checks(*names: str) -> tuple[Check, ...]:
    """The checks of ``tfgpu.diagnosis.checks.<name>`` modules, in CHECKS order."""
    return tuple(c for c in CHECKS if c.__module__.rsplit(".", 1)[-1] in names)


def run_rules(facts: F.HostFacts, kb: Knowledge, checks: Iterable[Check] | None = None,
              ) -> tuple[Finding, ...]:
    """The host checks' findings for ``facts`` (no overlap resolution, no cap)."""
    return collect(Facts(facts, kb=kb), HOST_CHECKS if checks is None else checks)

def ids(findings: Iterable[Finding]) -> list[str]:
    return sorted(f.id for f in findings)


def run(facts: F.HostFacts) -> tuple[Finding, ...]:
    """The version checks: versions.py, driver.py, libraries.py, host_libraries.py,
    compute_capability.py's
    host check, plus the Python and NumPy host checks (tf_install.py)."""
    from tfgpu.diagnosis.checks import tf_install

    return run_rules(facts, KB, (*_module_checks("versions", "driver", "libraries",
                                                 "host_libraries", "compute_capability"),
                                 tf_install.python_outside_tf_range, tf_install.numpy_abi))


def one_below(version: str) -> str:
    """The driver version one notch below ``version`` ("525.60.13" -> "525.60.12")."""
    parts = [int(p) for p in version.split(".")]
    i = len(parts) - 1
    while parts[i] == 0:
        i -= 1
    parts[i] -= 1
    return ".".join(str(p) for p in parts[: i + 1])


def _native_cc(config: TestedConfig) -> str:
    """A CC the release's wheel runs natively: its newest SASS arch."""
    archs = KB.wheel_compute_capabilities(config.tf_version)
    assert archs is not None
    return archs.sass[-1]


def _pinned_version(spec: str) -> str:
    """A version satisfying ``spec``: its == or >= version."""
    for s in SpecifierSet(spec):
        if s.operator in ("==", ">="):
            return s.version
    raise AssertionError(spec)


def matching_host(config: TestedConfig, *, build_info: bool = False) -> dict[str, object]:
    """Keyword arguments of :func:`host` for a host that matches ``config`` exactly."""
    os = config.platform
    assert config.cuda and config.cudnn and config.python_max
    minimum = KB.min_driver(config.cuda, os)
    assert minimum is not None
    pins = KB.and_cuda_pins(config.tf_version) if os == "linux" else ()
    dists = [(p.package, _pinned_version(p.specifier)) for p in pins]
    numpy = "2.1.3" if Version(config.tf_version) >= Version("2.18") else "1.23.5"
    dists.append(("numpy", numpy))
    origin = "tf-runpath" if pins else "system"
    libs = [lib("cudart", config.cuda, origin), lib("cudnn", config.cudnn, origin)]
    info: dict[str, str] = {}
    if build_info:
        archs = KB.wheel_compute_capabilities(config.tf_version)
        assert archs is not None
        info = {"cuda_version": archs.row.build_cuda, "cudnn_version": archs.row.build_cudnn,
                "is_cuda_build": "True"}
        if archs.row.cuda_compute_capabilities.startswith("sm_"):
            info["cuda_compute_capabilities"] = str(
                archs.row.cuda_compute_capabilities.split(";"))
    return {
        "os": os, "python": f"{config.python_max}.2", "tf": config.tf_version,
        "build_info": info, "driver": minimum.version, "gpus": [gpu(cc=_native_cc(config))],
        "libs": libs, "dists": dists,
    }


# ---------------------------------------------------------------------- the whole matrix


@pytest.mark.parametrize("config", GPU_CONFIGS, ids=lambda c: c.id)
def test_matching_host_has_no_version_finding(config: TestedConfig) -> None:
    assert ids(run(host(**matching_host(config)))) == []  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "config", [c for c in GPU_CONFIGS if c.platform == "linux"], ids=lambda c: c.id)
def test_matching_host_with_wheel_build_info_has_no_version_finding(config: TestedConfig) -> None:
    kwargs = matching_host(config, build_info=True)
    assert ids(run(host(**kwargs))) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("config", GPU_CONFIGS, ids=lambda c: c.id)
def test_driver_one_below_minimum(config: TestedConfig) -> None:
    kwargs = matching_host(config)
    kwargs["driver"] = one_below(str(kwargs["driver"]))
    findings = run(host(**kwargs))  # type: ignore[arg-type]
    assert ids(findings) == ["driver-too-old-for-cuda"]
    f = findings[0]
    assert f.severity is Severity.ERROR
    minimum = KB.min_driver(config.cuda or "", config.platform)
    assert minimum is not None
    assert f.knowledge_ref == minimum.row.ref
    assert f"driver {kwargs['driver']} < {minimum.version}" in f.cause


@pytest.mark.parametrize("config", GPU_CONFIGS, ids=lambda c: c.id)
@pytest.mark.parametrize("side", ["above", "below"])
def test_python_one_minor_outside(config: TestedConfig, side: str) -> None:
    kwargs = matching_host(config)
    edge = Version(config.python_max if side == "above" else config.python_min or "")
    minor = edge.minor + (1 if side == "above" else -1)
    kwargs["python"] = f"3.{minor}.0"
    findings = run(host(**kwargs))  # type: ignore[arg-type]
    assert ids(findings) == ["python-outside-tf-range"]
    assert findings[0].knowledge_ref == config.ref
    assert findings[0].severity is Severity.WARNING  # TF imported: untested, not broken


@pytest.mark.parametrize("config", GPU_CONFIGS, ids=lambda c: c.id)
@pytest.mark.parametrize("step", [-1, 1])
def test_cudnn_major_off(config: TestedConfig, step: int) -> None:
    kwargs = matching_host(config)
    major = Version(config.cudnn or "").major + step
    cudart = [x for x in kwargs["libs"] if x.name == "cudart"]  # type: ignore[attr-defined]
    kwargs["libs"] = [*cudart, lib("cudnn", f"{major}.1.0")]
    kwargs["dists"] = [d for d in kwargs["dists"]  # type: ignore[attr-defined]
                       if not d[0].startswith("nvidia-cudnn")]
    findings = run(host(**kwargs))  # type: ignore[arg-type]
    assert ids(findings) == ["cudnn-major-mismatch"]
    assert findings[0].knowledge_ref == config.ref
    assert f"cuDNN major {major} found" in findings[0].cause


# ---------------------------------------------------------------------- driver scenarios


def test_wsl2_compares_the_windows_driver_column() -> None:
    """Inside WSL2 nvidia-smi reports the Windows driver (527.41 is the 12.x Windows floor)."""
    base = {"tf": "2.15.0", "gpus": [gpu(cc="7.5")]}
    assert ids(run(host(os="wsl2", driver="528.33", **base))) == []  # type: ignore[arg-type]
    # 527.41 meets CUDA 12's Windows floor but not TF's WSL2 minimum 528.33: a warning only
    assert ids(run(host(os="wsl2", driver="527.41", **base))) == [  # type: ignore[arg-type]
        "driver-below-tf-wsl2-minimum"]
    assert ids(run(host(os="wsl2", driver="526.98", **base))) == [  # type: ignore[arg-type]
        "driver-too-old-for-cuda"]
    # the same number is fine for the Linux column (525.60.13)
    assert ids(run(host(os="linux", driver="526.98", **base))) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("driver", ["527.41", "528.02", "528.24"])
def test_wsl2_driver_between_cuda_floor_and_tf_page_minimum_warns(driver: str) -> None:
    """Final review, defect 9: TF's install page asks for >= 528.33 on WSL2."""
    (f,) = run(host(os="wsl2", driver=driver, tf="2.21.0", gpus=[gpu(cc="8.6")]))
    assert f.id == "driver-below-tf-wsl2-minimum" and f.severity is Severity.WARNING
    assert f.knowledge_ref == "platform_facts:wsl2-min-driver"
    assert f.doc == "https://www.tensorflow.org/install/pip"
    assert "528.33" in f.title and "(527.41)" in f.cause


@pytest.mark.parametrize(
    ("os", "driver", "tf"),
    [
        ("wsl2", "528.33", "2.21.0"),  # at TF's minimum
        ("wsl2", "528", "2.21.0"),  # a bare branch is not judged
        ("linux", "527.41", "2.21.0"),  # the Linux column has its own floor
        ("wsl2", "472.12", "2.10.0"),  # CUDA 11 build: the 12.x page does not apply
    ],
)
def test_wsl2_tf_page_minimum_does_not_fire_elsewhere(os: str, driver: str, tf: str) -> None:
    found = ids(run(host(os=os, driver=driver, tf=tf, gpus=[gpu(cc="8.6")])))
    assert "driver-below-tf-wsl2-minimum" not in found


def test_gtx1060_driver470_with_tf215_suggests_214() -> None:
    facts = host(tf="2.15.0", driver="470.82.01", gpus=[gpu("NVIDIA GeForce GTX 1060")])
    (f,) = run(facts)
    assert f.id == "driver-too-old-for-cuda"
    assert f.cause.startswith("driver 470.82.01 < 525.60.13, the CUDA 12.x minor-version")
    assert f.knowledge_ref == "cuda_min_driver:12.x-minor-compat"
    # and-cuda exists from 2.14 (platform fact and-cuda-extra-first); the CC fits 2.14
    assert f.fix[0].startswith("# install an NVIDIA driver >= ")
    assert f.fix[2].endswith("-m pip install 'tensorflow[and-cuda]==2.14.*'")
    assert f.doc and f.doc.startswith("https://docs.nvidia.com/")


def _recorded_build_info(name: str) -> dict[str, str]:
    text = (RECORDED / "tf-build-info" / name).read_text(encoding="utf-8")
    m = re.search(r"OrderedDict\((\[.*\])\)", text, re.S)
    assert m
    return {k: str(v) for k, v in ast.literal_eval(m.group(1))}


def test_ngc_build_info_cuda_wins_over_the_tested_config() -> None:
    """NGC 23.05 = TF 2.12.0 built with CUDA 12.1 (recorded), not the table's 11.8."""
    info = _recorded_build_info("ngc-23.05-tf2.12-cuda12.1-forward-compat-get-build-info.txt")
    assert info["cuda_version"] == "12.1"
    t4 = gpu("Tesla T4")
    # the banner's kernel driver 525.85.12 is above the 12.x floor: no finding
    ok = host(tf="2.12.0", build_info=info, driver="525.85.12", gpus=[t4],
              dists=[("numpy", "1.23.5")])
    assert ids(run(ok)) == []
    # 520.61.05 runs the table's CUDA 11.8 but not this CUDA 12.1 build
    old = host(tf="2.12.0", build_info=info, driver="520.61.05", gpus=[t4])
    (f,) = run(old)
    assert f.id == "driver-too-old-for-cuda" and "CUDA 12.1" in f.title
    assert f.knowledge_ref == "cuda_min_driver:12.x-minor-compat"


def test_ngc_build_info_arch_list_is_used() -> None:
    """NGC's 2.12 build has sm_86 cubins; the official 2.12 wheel would JIT PTX for 8.6."""
    info = _recorded_build_info("ngc-23.05-tf2.12-cuda12.1-forward-compat-get-build-info.txt")
    rtx3060 = gpu("NVIDIA GeForce RTX 3060")
    assert ids(run(host(tf="2.12.0", build_info=info, driver="535.54.03", gpus=[rtx3060]))) == []
    assert ids(run(host(tf="2.12.0", driver="535.54.03", gpus=[rtx3060]))) == [
        "gpu-needs-ptx-jit"]


# ---------------------------------------------------------------------- CUDA / cuDNN


def test_system_cuda_11_with_tf215_and_no_pip_wheels() -> None:
    facts = host(tf="2.15.0", driver="535.54.03", gpus=[gpu(cc="7.5")],
                 toolkits=[F.CudaToolkit(root="/usr/local/cuda-11.2", version="11.2",
                                       source="nvcc")],
                 libs=[lib("cudart", "11.0"), lib("cudnn", "8.1.0")])
    (f,) = run(facts)
    assert f.id == "cuda-major-mismatch"
    assert "CUDA 11.2 toolkit (/usr/local/cuda-11.2)" in f.cause
    assert f.fix[0].endswith("-m pip install 'tensorflow[and-cuda]==2.15.0'   # brings CUDA "
                             "12 as pip wheels; no system toolkit needed")
    assert f.knowledge_ref == "tf_tested_configs:2.15.0-linux"


def test_system_cuda_11_does_not_matter_with_pip_wheels() -> None:
    pins = KB.and_cuda_pins("2.15.0")
    facts = host(tf="2.15.0", driver="535.54.03", gpus=[gpu(cc="7.5")],
                 toolkits=[F.CudaToolkit(root="/usr/local/cuda-11.2", version="11.2")],
                 libs=[lib("cudart", "11.0"), lib("cudart", "12", "tf-runpath"),
                       lib("cudnn", "8.9.4", "tf-runpath")],
                 dists=[(p.package, _pinned_version(p.specifier)) for p in pins])
    findings = run(facts)
    assert ids(findings) == ["system-cuda-not-used"]
    assert findings[0].severity is Severity.INFO


def test_system_cudnn_8_does_not_matter_with_the_cudnn9_wheel() -> None:
    facts = host(tf="2.18.0", driver="550.54.14", gpus=[gpu(cc="8.6")],
                 libs=[lib("cudnn", "8.9.7"), lib("cudnn", "9", "tf-runpath")],
                 dists=[("nvidia-cuda-runtime-cu12", "12.5.82"),
                        ("nvidia-cudnn-cu12", "9.3.0.75"), ("numpy", "2.0.2")])
    findings = run(facts)
    assert ids(findings) == ["system-cudnn-not-used"]
    assert "cuDNN 8 on the system does not matter" in findings[0].cause


def test_pip_cudnn_wheel_of_wrong_major() -> None:
    """tensorflow 2.18 (cuDNN 9) next to an old nvidia-cudnn-cu12 8.9 wheel."""
    facts = host(tf="2.18.0", driver="550.54.14", gpus=[gpu(cc="8.6")],
                 dists=[("nvidia-cuda-runtime-cu12", "12.5.82"),
                        ("nvidia-cudnn-cu12", "8.9.7.29"), ("numpy", "2.0.2")])
    assert ids(run(facts)) == ["cudnn-major-mismatch", "nvidia-wheels-mismatch-tf-pins"]


# ---------------------------------------------------------------------- compute capability


def test_gtx680_is_below_every_wheel() -> None:
    facts = host(tf="2.14.0", driver="470.82.01", python="3.10.12",
                 gpus=[gpu("NVIDIA GeForce GTX 680")])
    (f,) = run(facts)
    assert f.id == "gpu-compute-capability-too-low"
    assert "compute capability 3.0 < 3.5" in f.cause
    assert f.fix[0].startswith("# no official TensorFlow wheel includes CC 3.0")
    assert "tensorflow-cpu" not in " ".join(f.fix)  # review defect 4b
    assert f.knowledge_ref == "tf_compute_capabilities:2.12.0-2.14.0"


def test_maxwell_with_tf217_suggests_216() -> None:
    facts = host(tf="2.17.0", driver="550.54.14", gpus=[gpu("NVIDIA GeForce GTX 960", "5.2")])
    (f,) = run(facts)
    assert f.id == "gpu-compute-capability-too-low"
    assert f.fix[1].endswith("-m pip install 'tensorflow[and-cuda]==2.16.*'")


def test_rtx3060_laptop_with_tf210_jit_compiles_ptx() -> None:
    facts = host(os="windows", python="3.10.11", tf="2.10.0", driver="531.14",
                 gpus=[gpu("NVIDIA GeForce RTX 3060 Laptop GPU")])
    (f,) = run(facts)
    assert f.id == "gpu-needs-ptx-jit" and f.severity is Severity.WARNING
    assert "compute_8.0 PTX" in f.cause
    assert len(f.fix) == 2  # no newer native-Windows GPU release to suggest
    assert f.fix[1] == '$env:CUDA_CACHE_MAXSIZE = "2147483648"'
    # on Linux the same GPU gets native cubins from 2.16 on
    linux = host(python="3.10.11", tf="2.10.0", driver="531.14",
                 gpus=[gpu("NVIDIA GeForce RTX 3060 Laptop GPU")])
    (f,) = run(linux)
    assert f.fix[3].endswith("-m pip install 'tensorflow[and-cuda]==2.21.*'")


def test_h100_needs_driver_for_ptx_jit() -> None:
    h100 = gpu("NVIDIA H100 80GB HBM3")
    facts = host(tf="2.21.0", python="3.12.3", driver="550.54.14", gpus=[h100],
                 dists=[("numpy", "2.1.3")])
    assert ids(run(facts)) == ["driver-too-old-for-ptx-jit", "gpu-needs-ptx-jit"]
    ptx = next(f for f in run(facts) if f.id == "driver-too-old-for-ptx-jit")
    assert ptx.cause.startswith("driver 550.54.14 < 555.42.06, the CUDA 12.5.1 toolkit")
    facts = host(tf="2.21.0", python="3.12.3", driver="580.173.02", gpus=[h100])
    assert ids(run(facts)) == ["gpu-needs-ptx-jit"]


def test_truncated_name_without_cc_is_unknown_not_guessed() -> None:
    facts = host(tf="2.15.0", driver="535.54.03", gpus=[gpu("NVIDIA GeForce ...")])
    (f,) = run(facts)
    assert f.id == "gpu-compute-capability-unknown" and f.severity is Severity.INFO


# ---------------------------------------------------------------------- OS, numpy, pip


def test_native_windows_tf_after_210() -> None:
    """One finding for it (tf_setup's), built from the knowledge rows (review defects 4e, 6)."""
    from tfgpu.diagnosis.checks import tf_install as tf_setup

    rtx = [gpu("NVIDIA GeForce RTX 3060 Laptop GPU")]
    facts = host(os="windows", python="3.11.9", tf="2.15.0", driver="531.14", gpus=rtx)
    assert ids(run(facts)) == []  # versions.py no longer duplicates it
    (f,) = run_rules(facts, KB, (tf_setup.windows_native_no_gpu,))
    assert f.id == "tensorflow-windows-native-no-gpu"
    assert f.knowledge_ref == "platform_facts:windows-native-gpu-last"
    assert "2.15.0 > 2.10" in f.cause
    # quoted for PowerShell; TensorFlow 2.10 predates NumPy 2 (numpy2-first-tf): capped
    assert f.fix[-1].endswith('-m pip install "tensorflow<2.11" "numpy<2"')
    assert any("Python 3.7-3.10" in line and "3.11.9" in line for line in f.fix)
    assert "19044" in f.fix[0]
    # no NVIDIA GPU: nothing to say
    assert list(run_rules(host(os="windows", python="3.11.9", tf="2.15.0"), KB,
                          (tf_setup.windows_native_no_gpu,))) == []


@pytest.mark.parametrize(
    ("tf", "numpy", "expected"),
    [
        ("2.15.1", "2.0.1", ["numpy-abi-mismatch"]),  # the twin numpy2-with-old-tf, merged
        ("2.14.0", "2.1.0", ["numpy-abi-mismatch"]),  # 2.14.0 had no numpy cap
        ("2.17.1", "1.26.4", []),
        ("2.18.0", "2.0.2", []),
    ],
)
def test_numpy2(tf: str, numpy: str, expected: list[str]) -> None:
    facts = host(tf=tf, dists=[("numpy", numpy)])
    findings = run(facts)
    assert ids(findings) == expected
    if expected:
        assert findings[0].knowledge_ref == "platform_facts:numpy2-first-tf"


def test_nvidia_wheels_differ_from_pins() -> None:
    facts = host(tf="2.16.1", dists=[("nvidia-cudnn-cu12", "8.9.7.29"),
                                     ("nvidia-cublas-cu12", "12.4.5.8"),
                                     ("nvidia-nccl-cu12", "2.19.3")])
    (f,) = run(facts)
    assert f.id == "nvidia-wheels-mismatch-tf-pins"
    assert "nvidia-cublas-cu12 12.4.5.8 not ==12.3.4.1" in f.cause
    assert "nvidia-cudnn-cu12" not in f.cause  # 8.9.7.29 is the 2.16.1 pin
    assert f.knowledge_ref == "tf_pip_cuda_wheels:2.16.1-nvidia-cublas-cu12"
    # 2.20+ pins are ranges
    ok = host(tf="2.20.0", dists=[("nvidia-cudnn-cu12", "9.10.2.21"), ("numpy", "2.2.0")])
    assert ids(run(ok)) == []


# ---------------------------------------------------------------------- robustness


def test_no_tensorflow_no_findings() -> None:
    assert ids(run(host(driver="470.82.01", gpus=[gpu(cc="3.0")]))) == []


@pytest.mark.parametrize(
    "facts",
    [
        host(tf="not-a-version", driver="470"),
        host(tf="2.15.0", driver="garbage", gpus=[gpu(cc="x.y")], python="three"),
        host(tf="2.15.0", libs=[lib("cudnn", "weird")], dists=[("numpy", "??")]),
        host(tf="9.99.0", driver="470.82.01"),  # newer than the knowledge: no guesses
        host(os="macos", tf="2.16.1", python="3.12.1"),
    ],
    ids=["bad-tf", "bad-driver-cc-python", "bad-lib-numpy", "future-tf", "macos"],
)
def test_garbage_facts_do_not_crash(facts: F.HostFacts) -> None:
    for f in run(facts):
        assert f.id  # any finding is well-formed; no exception is the point


def test_import_failure_with_python_outside_range_is_an_error() -> None:
    facts = host(tf="2.15.0", python="3.12.1", tf_status=F.ProbeStatus.ERROR)
    (f,) = run(facts)
    assert f.id == "python-outside-tf-range" and f.severity is Severity.ERROR


@pytest.mark.parametrize("module", [V, D, LIB], ids=lambda m: m.__name__)
def test_every_versions_check_is_listed(module: object) -> None:
    listed = set(CHECKS)
    for name, value in vars(module).items():
        if callable(value) and getattr(value, "__module__", "") == module.__name__ \
                and not name.startswith("_") and "f" in getattr(value, "__annotations__", {}):
            assert value in listed, name


def test_every_knowledge_ref_resolves() -> None:
    facts = [
        host(tf="2.15.0", driver="470.82.01", python="3.12.1", gpus=[gpu(cc="9.0")],
             toolkits=[F.CudaToolkit(root="/usr/local/cuda-11.2", version="11.2")],
             libs=[lib("cudart", "11.0"), lib("cudnn", "7.6.5")],
             dists=[("numpy", "2.0.0"), ("nvidia-nccl-cu12", "2.0.0")]),
        host(os="windows", tf="2.16.1", python="3.12.1", driver="531.14", gpus=[gpu(cc="3.0")]),
    ]
    seen = set()
    for fs in facts:
        for f in run(fs):
            seen.add(f.id)
            assert f.knowledge_ref, f.id
            KB.row(f.knowledge_ref) if ":" in f.knowledge_ref else KB.rows(f.knowledge_ref)
    assert len(seen) >= 6
