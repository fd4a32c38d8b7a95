#!/usr/bin/env python3
"""Convert the sourced compatibility CSVs into tfgpu's knowledge data files.

Usage::

    python scripts/build_knowledge.py [COMPAT_DIR] [OUT_DIR]

``COMPAT_DIR`` defaults to ``tests/fixtures/compat`` (a verbatim copy of the workplace's
``reference/compat/`` tables); ``OUT_DIR`` defaults to ``src/tfgpu/knowledge/data``.

The script was used once to write the five table files; from then on the TOML files
in ``src/tfgpu/knowledge/data/`` are the authored source of truth (edit them, bump
``updated``).  ``platform_facts.toml`` was written by hand from ``FACTS.md`` and is not
generated here.  Keep the script so the conversion can be re-run and checked: running
it over the fixture CSVs must reproduce the committed rows (``tests/knowledge`` checks
row counts against the CSVs).

Conventions of the output (``docs/knowledge.md``):

* every file has ``schema_version``, ``updated``, ``table``, ``description`` and a
  ``[sources.KEY]`` table (``url`` + ``description``) taken from the CSV header;
* every ``[[rows]]`` entry has ``id`` (unique in its file), its values, ``source``
  (one or more keys of ``sources`` joined by ``+``, or a URL), ``retrieved`` (the date
  the compat table was read) and ``note``;
* "n/a" / "unknown" cells are left out (absent = not applicable / not known).
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_VERSION = "1.0"
#: Date the compat tables were read into tfgpu (they carry no per-row dates).
RETRIEVED = "2026-11-30"
UPDATED = "2026-11-30"

TF_DOCS_COMMIT = "7c3650212740204359d4ceae481abc79345541be"

Value = str | int | bool | list[str] | None


def _csv_rows(path: Path) -> list[dict[str, str]]:
    lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    return [dict(r) for r in csv.DictReader(lines)]


def _toml_value(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return value  # a TOML local date
    return json.dumps(value, ensure_ascii=False)


def _write(
    path: Path,
    table: str,
    description: str,
    sources: Mapping[str, tuple[str, str]],
    rows: Iterable[Mapping[str, Value]],
) -> int:
    out = [
        f"# {table}.toml -- generated once by scripts/build_knowledge.py from {table}.csv;",
        "# now the authored source of truth: edit rows here and bump `updated`.",
        f"schema_version = {_toml_value(SCHEMA_VERSION)}",
        f"updated = {UPDATED}",
        f"table = {_toml_value(table)}",
        f"description = {_toml_value(description)}",
        "",
    ]
    for key, (url, desc) in sources.items():
        out += [f"[sources.{key}]", f"url = {_toml_value(url)}",
                f"description = {_toml_value(desc)}", ""]
    n = 0
    for row in rows:
        out.append("[[rows]]")
        for k, v in row.items():
            if v is None or v == "":
                continue
            out.append(f"{k} = {_toml_value(v)}")
        out.append("")
        n += 1
    path.write_text("\n".join(out), encoding="utf-8")
    return n


def _opt(cell: str) -> str | None:
    cell = cell.strip()
    return None if cell.lower() in ("", "n/a", "unknown") else cell


# --------------------------------------------------------------------------- sources

TF_DOCS = (
    f"tensorflow/docs repository, commit {TF_DOCS_COMMIT} (2026-03-11, 'TF 2.21: Update "
    "documentation'), file "
)
SRC_TESTED = {
    "SRCMD": ("https://www.tensorflow.org/install/source#tested_build_configurations",
              TF_DOCS + "site/en/install/source.md: Tested build configurations (Linux CPU, "
              "Linux GPU, macOS CPU); values copied cell for cell from the HTML tables"),
    "SRCWIN": ("https://www.tensorflow.org/install/source_windows#tested_build_configurations",
               TF_DOCS + "site/en/install/source_windows.md: Tested build configurations "
               "(CPU, GPU)"),
    "PIPMD": ("https://www.tensorflow.org/install/pip",
              TF_DOCS + "site/en/install/pip.md (macOS x86 last = 2.16; macOS arm64 wheels)"),
    "MACWHEELS": ("https://www.tensorflow.org/install/pip",
                  "the macOS arm64 wheels published for TensorFlow 2.17-2.21 (pip.md lists "
                  "2.21.0's: cp310-cp313, macosx_12_0_arm64): for each Python, `pip index "
                  "versions tensorflow --only-binary=:all: --platform macosx_15_0_arm64 "
                  "--python-version X` (2026-12-03) lists 2.13.0-2.20.0 for 3.9, 2.16.1-2.21.0 "
                  "for 3.12, 2.20.0-2.21.0 for 3.13; each release's range is its Linux row's "
                  "(SRCMD)"),
}
SRC_DRIVER = {
    "NVRN1322": ("https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html",
                 "NVIDIA CUDA Toolkit 13.2 Update 2 Release Notes, section 2.2 'CUDA Driver', "
                 "Table 2 (minor-version compatibility) and Table 3 (CUDA Toolkit and "
                 "Corresponding Driver Versions); read from a stored crawl of that page"),
    "NVMINOR": ("https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html",
                "NVIDIA CUDA Compatibility guide, Minor Version Compatibility (13.x >= 580; "
                "12.x >= 525 and < 580; 11.x >= 450 and < 525; 450.80.02 / 452.39 note for "
                "11.x; PTX JIT needs a driver at least as new as the toolkit that made the PTX)"),
    "PIPMD": ("https://www.tensorflow.org/install/pip",
              TF_DOCS + "site/en/install/pip.md: GPU driver >= 525.60.13 (Linux) and >= "
              "528.33 (WSL on Windows)"),
}
SRC_WHEELS = {
    "WHL": ("pip install --dry-run --no-deps --report tensorflow==VERSION (Linux x86_64 cp311)",
            "Requires-Dist lines with marker extra == \"and-cuda\" in the METADATA of the "
            "official Linux x86_64 CPython 3.11 wheel of each release, fetched from the "
            "Python package index with pip; wheel file name and sha256 given per row"),
    "SETUPPY": ("https://github.com/tensorflow/tensorflow",
                "tensorflow/tools/pip_package/setup.py EXTRA_PACKAGES['and-cuda'] on each "
                "release branch (cross-check; a master copy of the 2.19 cycle agrees)"),
}
SRC_CC = {
    "WHL": ("official Linux x86_64 tensorflow / tensorflow-gpu wheels (names in wheels_checked)",
            "tensorflow/python/platform/build_info.py (cuda_compute_capabilities, cuda_version, "
            "cudnn_version) and the CUDA fatbinary headers of the wheels' .so files, fetched "
            "from the Python package index with pip; for 2.11.0-2.21.0 the parsed fatbin "
            "SASS/PTX sets equal build_info's list in every wheel"),
    "GPUDEV": ("https://github.com/tensorflow/tensorflow",
               "tensorflow/core/common_runtime/gpu/gpu_device.cc, "
               "BaseGPUDeviceFactory::GetValidDeviceIds: a GPU below the smallest compiled CC "
               "is ignored; a GPU with no same-major cubin of equal or lower minor is "
               "JIT-compiled from PTX ('could take 30 minutes or longer')"),
    "PIPMD": ("https://www.tensorflow.org/install/pip",
              TF_DOCS + "site/en/install/pip.md (stale: still says 'CUDA architectures 3.5, "
              "5.0, 6.0, 7.0, 7.5, 8.0 and higher')"),
}
SRC_GPU = {
    "NV_CUR": ("https://developer.nvidia.com/cuda-gpus",
               "NVIDIA 'CUDA GPU Compute Capability' page, current revision (CC 12.1 .. 7.5 "
               "rows); 8.6-GeForce/8.0/7.5 rows completed from a public verbatim transcription "
               "that matches the crawl on every overlapping row"),
    "NV_LEG": ("https://developer.nvidia.com/cuda-legacy-gpus",
               "NVIDIA 'Legacy CUDA GPU Compute Capability' page (rows 7.2 .. 5.0; crawl "
               "truncated inside the 5.0 row)"),
    "NV_OLD": ("https://leimao.github.io/blog/NVIDIA-GPU-Compute-Capability/",
               "an older revision of the NVIDIA cuda-gpus page (per-category tables incl. "
               "'GeForce Notebook Products') as compiled in Lei Mao's table; datacenter rows "
               "cross-checked against a 2022 copy of the NVIDIA page"),
    "WIKI": ("https://en.wikipedia.org/wiki/CUDA",
             "GPU table of the Wikipedia 'CUDA' article, read via public copies in GitHub "
             "repositories (secondary; used only for models NVIDIA's pages do not name)"),
    "DERIVED": ("(none)",
                "not stated by any source for this exact model; value derived from the chip "
                "family (see the row note); unverified"),
}


# --------------------------------------------------------------------------- tables

def _python_range(text: str) -> tuple[str | None, str | None]:
    """"2.7, 3.5-3.7" -> ("3.5", "3.7"); "3.9-3.12" -> ("3.9", "3.12")."""
    m = re.search(r"3\.(\d+)\s*-\s*3\.(\d+)", text)
    if m:
        return f"3.{m.group(1)}", f"3.{m.group(2)}"
    return None, None


def tested_configs(rows: Sequence[dict[str, str]]) -> list[dict[str, Value]]:
    out: list[dict[str, Value]] = []
    seen: dict[str, int] = {}
    for r in rows:
        platform, tfv = r["platform"], r["tf_version"]
        first, _, last = tfv.partition("-")
        base = f"{first}-{platform}" if not last else f"{first}-{last}-{platform}"
        seen[base] = seen.get(base, 0) + 1
        rid = base if seen[base] == 1 else f"{base}-{seen[base]}"
        cuda, cudnn = _opt(r["cuda"]), _opt(r["cudnn"])
        py_min, py_max = _python_range(r["python_versions"])
        if platform == "macos" and last:
            source = "PIPMD"
        elif platform == "macos" and r["compiler"] == "unknown":
            source = "MACWHEELS"  # after the tested table: the published wheels' Pythons
        else:
            source = "SRCWIN" if platform == "windows" else "SRCMD"
        out.append({
            "id": rid,
            "platform": platform,
            "tf_version": first,
            "tf_version_last": last or None,
            "kind": "gpu" if cuda else "cpu",
            "python_versions": r["python_versions"],
            "python_min": py_min,
            "python_max": py_max,
            "compiler": _opt(r["compiler"]),
            "build_tools": _opt(r["build_tools"]),
            "cuda": cuda,
            "cudnn": cudnn,
            "source": source,
            "retrieved": RETRIEVED,
            "note": r["notes"],
        })
    return out


def min_driver(rows: Sequence[dict[str, str]]) -> list[dict[str, Value]]:
    out: list[dict[str, Value]] = []
    for r in rows:
        kind = r["kind"]
        cuda = r["cuda_version"]
        if kind == "minor_compat" and cuda.endswith(".x"):
            source = "NVRN1322+NVMINOR"
        else:
            source = "NVRN1322"
        out.append({
            "id": f"{cuda}-{kind.replace('_', '-')}",
            "cuda_version": cuda,
            "kind": kind,
            "min_driver_linux": _opt(r["min_driver_linux"]),
            "min_driver_windows": _opt(r["min_driver_windows"]),
            "source": source,
            "retrieved": RETRIEVED,
            "note": r["notes"],
        })
    return out


def pip_wheels(rows: Sequence[dict[str, str]]) -> list[dict[str, Value]]:
    out: list[dict[str, Value]] = []
    for r in rows:
        cuda_major = _opt(r["cuda_major"])
        out.append({
            "id": f"{r['tf_version']}-{r['package']}",
            "tf_version": r["tf_version"],
            "package": r["package"],
            "specifier": r["specifier"],
            "cuda_major": int(cuda_major) if cuda_major else None,
            "wheel_file": r["wheel_file"],
            "wheel_sha256": r["wheel_sha256"],
            "source": "WHL",
            "retrieved": RETRIEVED,
            "note": "",
        })
    return out


def _cc_list(text: str) -> list[str]:
    return [c.strip() for c in text.split(";") if c.strip()]


def compute_caps(rows: Sequence[dict[str, str]]) -> list[dict[str, Value]]:
    out: list[dict[str, Value]] = []
    for r in rows:
        first, _, last = r["tf_versions"].partition("-")
        out.append({
            "id": r["tf_versions"],
            "tf_version": first,
            "tf_version_last": last or first,
            "wheels_checked": r["wheels_checked"],
            "cuda_compute_capabilities": r["cuda_compute_capabilities"],
            "sass_cc": _cc_list(r["sass_cc"]),
            "ptx_cc": _cc_list(r["ptx_cc"]),
            "min_cc": r["min_cc"],
            "build_cuda": r["build_cuda"],
            "build_cudnn": r["build_cudnn"],
            "evidence": r["evidence"],
            "source": "WHL+GPUDEV",
            "retrieved": RETRIEVED,
            "note": r["notes"],
        })
    return out


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def gpu_caps(rows: Sequence[dict[str, str]]) -> list[dict[str, Value]]:
    out: list[dict[str, Value]] = []
    for r in rows:
        out.append({
            "id": _slug(r["gpu_model"]),
            "name": r["gpu_model"],
            "compute_capability": _opt(r["compute_capability"]),
            "vram_gb": _opt(r["vram_gb"]),
            "segment": r["segment"],
            "source": r["source"],
            "retrieved": RETRIEVED,
            "note": r["notes"],
        })
    return out


def main(argv: Sequence[str]) -> int:
    compat = Path(argv[1]) if len(argv) > 1 else ROOT / "tests" / "fixtures" / "compat"
    out_dir = Path(argv[2]) if len(argv) > 2 else ROOT / "src" / "tfgpu" / "knowledge" / "data"
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [
        ("tf_tested_configs", tested_configs, SRC_TESTED,
         "TensorFlow 2.x tested build configurations: Linux and native-Windows GPU rows, "
         "macOS and Windows CPU rows; Python range, compiler, Bazel, CUDA, cuDNN."),
        ("cuda_min_driver", min_driver, SRC_DRIVER,
         "Minimum NVIDIA driver per CUDA toolkit version (Linux x86_64 / Windows x86_64); "
         "kind minor_compat = floor for the whole major family (minor-version compatibility)."),
        ("tf_pip_cuda_wheels", pip_wheels, SRC_WHEELS,
         "Requirements that `pip install tensorflow[and-cuda]==X` adds, per release "
         "(exact specifiers from the wheel METADATA)."),
        ("tf_compute_capabilities", compute_caps, SRC_CC,
         "CUDA compute capabilities compiled into the official Linux x86_64 TensorFlow "
         "wheels: SASS (native cubins) and PTX, plus the build CUDA/cuDNN."),
        ("gpu_compute_capability", gpu_caps, SRC_GPU,
         "NVIDIA GPU model name -> CUDA compute capability (consumer, laptop, workstation, "
         "data-centre, Jetson)."),
    ]
    for table, convert, sources, description in jobs:
        rows = convert(_csv_rows(compat / f"{table}.csv"))
        n = _write(out_dir / f"{table}.toml", table, description, sources, rows)
        print(f"{table}: {n} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
