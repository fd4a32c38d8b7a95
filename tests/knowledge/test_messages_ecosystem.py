"""Invariants of messages_ecosystem.toml, the ecosystem part of the message universe.

Each row is checked the way the other data tables are: ids unique and kebab-case, sources
resolve (and every source is used), the required fields are present, ``why`` is given for
every mapping that is not an existing finding id, and rows that claim an existing id name
one the engine can actually emit.  The coverage measurement itself lives in
``scripts/_message_coverage.py`` and in the message-universe test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore[no-redef]

SRC = Path(__file__).resolve().parents[2] / "src" / "tfgpu"
PATH = SRC / "knowledge" / "data" / "messages_ecosystem.toml"
DATA = tomllib.loads(PATH.read_text(encoding="utf-8"))
ROWS = DATA["message"]
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
PREFIXES = (
    "pip-",
    "numpy-",
    "protobuf-",
    "keras-",
    "docker-",
    "wsl-",
    "metal-",
    "evidence-",
    "tfjs-",
    # Horovod builds and Open MPI plugins
    "horovod-",
    "openmpi-",
    # who printed a one-line error (XLA/JAX, TF 0.x, TF-TRT's stub)
    "one-line-",
    # tensorflow-rocm's AMD stack
    "rocm-",
    # the Intel Extension for TensorFlow's oneAPI stack
    "itex-",
    # a GPU runtime's symbol missing from TensorFlow's own library
    "runtime-symbol-",
    # NCCL's shared-memory transport, the NVIDIA Container CLI
    "nccl-",
    "nvc-",
    # Apptainer/Singularity --nv
    "apptainer-",
    # TensorFlow 0.x-1.x loader wordings, pre-2.1 CUDA runtimes
    "old-loader-",
    # Google Colab's own magics (googlecolab/colabtools)
    "colab-",
    # Ray RLlib's rollout worker (ray-project/ray)
    "ray-",
    # TensorFlow Lite's delegates (tensorflow/lite/delegates)
    "tflite-",
    # add-ons' own checks (tensorflow-datasets) and TensorFlow's file-system registry
    "addon-",
    # builds against TensorFlow's headers and dependencies built from source (GCC, Abseil, h5py)
    "build-",
    # the Python interpreter itself (CPython's loader, its optional modules, TF's source tree)
    "python-",
    # NVIDIA's determinism package (tensorflow-determinism, framework-reproducibility)
    "d9m-",
    # another framework's own CUDA out-of-memory errors (PyTorch, CuPy)
    "pytorch-",
    "cupy-",
    # dlib's CUDA checks (its own allocations beside TensorFlow's pool)
    "dlib-",
    # Coral's Edge TPU runtime (libedgetpu) and compiler
    "edgetpu-",
    # the TF Model Garden's Object Detection API (tensorflow/models research/object_detection)
    "object-detection-",
)
LEVELS = {"ERROR", "WARNING", "INFO", "PYTHON", "STDERR", "STDOUT"}
FIELDS = {"id", "source", "file", "versions", "level", "text", "example", "maps_to"}


def _finding_ids() -> set[str]:
    """Ids of the finding catalogue (findings.toml); an id family such as
    ``library-not-loaded-{library}`` is given as its prefix and ``*``."""
    from tfgpu.diagnosis.catalogue import load_catalogue

    return {i.split("{", 1)[0] + "*" if "{" in i else i for i in load_catalogue().ids}


FINDING_IDS = _finding_ids()


def test_header() -> None:
    assert DATA["schema_version"] == 1
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", DATA["updated"])
    for key, src in DATA["sources"].items():
        assert KEBAB.fullmatch(key), key
        assert src["url"].startswith(("https://", "src/")), key
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", src["retrieved"]), key
        assert src["retrieved"] <= DATA["updated"], key


def test_ids_unique_and_sources_used() -> None:
    ids = [r["id"] for r in ROWS]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert {r["source"] for r in ROWS} == set(DATA["sources"])


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row(row: dict[str, str]) -> None:
    assert FIELDS <= set(row) <= FIELDS | {"why"}, set(row) ^ FIELDS
    assert KEBAB.fullmatch(row["id"]) and row["id"].startswith(PREFIXES), row["id"]
    assert row["source"] in DATA["sources"]
    assert row["level"] in LEVELS
    assert row["example"].strip() and row["text"].strip() and row["versions"].strip()
    target = row["maps_to"]
    if target in ("harmless", "context"):
        assert len(row.get("why", "")) > 40
    elif target.startswith("new:"):
        assert KEBAB.fullmatch(target[4:]), target
        assert target[4:] not in FINDING_IDS, f"{target} exists: map to it"
        assert len(row.get("why", "")) > 40
    else:
        assert KEBAB.fullmatch(target), target
        assert target in FINDING_IDS or any(
            p.endswith("*") and target.startswith(p[:-1]) for p in FINDING_IDS
        ), f"{target} is not a finding id the code emits"


def test_every_fault_kind_is_present() -> None:
    """The kinds issue 10 names for this part each have rows."""
    joined = " ".join(r["example"] for r in ROWS)
    for needle in (
        "No matching distribution found for tensorflow",
        "tensorflow-gpu",
        "tensorflow_intel",
        "tensorflow-macos",
        "tensorflow-metal",
        "tensorflow-rocm",
        "tf-nightly",
        "tf-keras",
        "tfjs-node-gpu",
        "externally-managed-environment",
        "ResolutionImpossible",
        "NumPy 1.x cannot be run in",
        "_ARRAY_API not found",
        "numpy.dtype size changed",
        "Descriptors cannot be created directly",
        "Downgrade the protobuf package",
        "Keras 3, but this is not yet supported in Transformers",
        "could not select device driver",
        "nvml error: driver not loaded",
        "unknown or invalid runtime name: nvidia",
        "Failed to initialize NVML: Unknown Error",
        "CUDA_ERROR_NOT_FOUND: named symbol not found",
        "/usr/lib/wsl/lib",
        "GPU access blocked by the operating system",
        "libmetal_plugin.dylib",
        'device_type: "CPU"',
        "is_built_with_cuda",
        "Num GPUs Available",
    ):
        assert needle in joined, needle
