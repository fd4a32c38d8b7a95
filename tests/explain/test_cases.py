"""Every real case with a log is diagnosed with its kind, and cause/fix agree with the thread."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

from .case_env import facts_from_env

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "cases"

#: case id -> (finding id, words the cause+fix must contain, from root_cause/fix).
EXPECTED: dict[str, tuple[str, tuple[str, ...]]] = {
    "001": ("cudnn-version-mismatch", ("7.0.3", "7.3.1", "exact compatibility", "cuDNN 7.0")),
    "002": (
        "cudnn-version-mismatch",
        ("5.1.5", "6.0.21", "TensorFlow release built for cuDNN 6.0"),
    ),
    "004": ("tensorflow-sees-no-gpu", ("CUDA 10.1", "cudart64_101.dll", "10.2.89")),
    "005": ("tensorflow-windows-native-no-gpu", ("native Windows", "tensorflow<2.11", "WSL2")),
    "006": ("tensorflow-gpu-package-removed", ("retired", 'replace "tensorflow-gpu"')),
    "008": ("protobuf-too-new", ("4.21", "protobuf<=3.20.3", "patch release")),
    "009": (
        "xla-libdevice-not-found",
        ("libdevice", "ptxas", "cuda-nvcc", "xla_gpu_cuda_data_dir"),
    ),
    "011": ("device-config-after-init", ("set_memory_growth", "TF_FORCE_GPU_ALLOW_GROWTH")),
    "012": (
        "gpu-memory-held-by-other-process",
        ("creating the CUDA context", "CUDA_VISIBLE_DEVICES", "nvidia-smi"),
    ),
    "013": (
        "gpu-memory-held-by-other-process",
        ("190 MiB", "8,110 MiB", "nvidia-smi", "TF_FORCE_GPU_ALLOW_GROWTH"),
    ),
    "015": ("gpu-compute-capability-too-low", ("6.1", "7.0", "TF_CUDA_COMPUTE_CAPABILITIES=6.1")),
    "016": ("gpu-arch-not-in-build", ("12.0", "Blackwell", "NGC")),
    "017": ("gpu-devices-added", ("JIT", "TF_CUDA_COMPUTE_CAPABILITIES", "CUDA_CACHE_MAXSIZE")),
    "018": ("windows-dll-not-found", ("sub-folders", "cudnn64_5.dll", "cuda\\bin")),
    "020": ("windows-dll-directory-not-searched",
            ("CUDA 10.1", "where cudart64_101.dll", "PATH")),
    "021": ("windows-dll-init-failed", ("AVX", "CUDA/cuDNN")),
    "023": ("wsl2-cuda-context-fails", ("Windows build", "wsl --update")),
    "024": ("numa-node-notice", ("numa_node", "harmless", "Not an error")),
    "025": ("cudnn-version-mismatch", ("5.0", "5.1", "where cudnn64_5.dll")),
    "028": ("driver-too-old-for-cuda", ("CUDA 12", "525.60.13", "libcudart")),
    "029": ("nccl-not-available", ("Windows", "HierarchicalCopyAllReduce")),
    "032": ("cupti-not-loaded", ("exact versioned name", "CUPTI/lib64", "symlink")),
    "034": (
        "cudnn-no-algorithm-workspace",
        ("4.39 GiB", "4.00 GiB", "Tensor Core", "cuDNN version"),
    ),
    "035": ("tensorflow-sees-no-gpu", ("tensorflow-metal", "macOS")),
    "038": ("gpu-libraries-not-loaded", ("TF_CPP_MAX_VLOG_LEVEL=3", "LD_LIBRARY_PATH")),
    "040": ("cudnn-version-mismatch", ("conda", "conda install cudnn=7.0.5")),
    "041": ("tf-cuda-runtime-missing", ("CUDA 11.8", "12.0", "misleading")),
    "042": ("tensorflow-gpu-package-removed", ("metadata", "amd", "tensorflow-rocm")),
    "043": ("numpy-abi-mismatch", ("NumPy 2.0.0", "numpy<2", "2.18")),
    "044": ("ptxas-version-rejected", ("12.3.103", "nvidia-cuda-nvcc-cu12!=12.3.103")),
    "045": ("tensorflow-cpu-only-build", ("cuda120py311h5cbd639_1", "get_build_info")),
    "048": ("windows-zlibwapi-missing", ("0xC0000409", "zlibwapi.dll", "8.4")),
}


def _cases() -> list[pytest.param]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        marks = ()
        if case["log"] is None:
            marks = (pytest.mark.skip(reason="log is null: diagnosed by `tfgpu doctor` from env"),)
        out.append(pytest.param(path.stem, case, id=path.stem, marks=marks))
    return out


@pytest.mark.parametrize(("case_id", "case"), _cases())
def test_case_is_diagnosed(case_id: str, case: dict[str, object]) -> None:
    facts = facts_from_env(case["env"])  # type: ignore[arg-type]
    findings = explain_lines(str(case["log"]).splitlines(), facts)
    fid, words = EXPECTED[case_id]
    by_id = {f.id: f for f in findings}
    assert fid in by_id, [f.id for f in findings]
    f = by_id[fid]
    assert f.category == case["kind"]
    assert f.severity.rank >= Severity.WARNING.rank or f.harmless
    assert f.evidence and all(e.line is not None for e in f.evidence if e.source == "log")
    text = (f.cause + " " + " ".join(f.fix)).lower()
    missing = [w for w in words if w.lower() not in text]
    assert not missing, (missing, f.cause, f.fix)
    if not f.harmless:
        # what matters comes first
        assert findings[0].severity.rank >= Severity.WARNING.rank


def test_every_case_with_a_log_has_an_expectation() -> None:
    ids = {
        p.stem
        for p in CASES.glob("*.json")
        if json.loads(p.read_text(encoding="utf-8"))["log"] is not None
    }
    assert ids == set(EXPECTED)


def test_knowledge_refs_resolve_to_rows() -> None:
    from tfgpu.knowledge import load_knowledge

    kb = load_knowledge()
    refs = set()
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if case["log"] is None:
            continue
        for f in explain_lines(str(case["log"]).splitlines(), facts_from_env(case["env"])):
            if f.knowledge_ref:
                refs.add(f.knowledge_ref)
                assert kb.row(f.knowledge_ref).ref == f.knowledge_ref
    # 004 (tested config), 005 (Windows fact), 028 (driver floor), 035 (metal), 041, 043, 006
    assert len(refs) >= 6, refs
