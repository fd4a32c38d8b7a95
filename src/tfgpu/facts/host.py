"""Host facts: one typed, JSON-serialisable snapshot of everything tfgpu looked at.

Every probe in :mod:`tfgpu.probes` returns one of the frozen dataclasses below; the
doctor gathers them into :class:`HostFacts`.  Rules read only these objects, so a
snapshot taken on another machine (``tfgpu facts > host.json``) can be diagnosed here
(``tfgpu doctor --facts host.json``).

Conventions (see ``../shared/STYLE.md`` sections 3 and 6):

* Units are in the field names: ``*_mib`` is mebibytes (2**20 bytes, the unit
  ``nvidia-smi`` prints as "MiB"), ``*_s`` is seconds.
* Versions are kept as the strings the source printed (``"535.161.08"``,
  ``"12.2"``); compare them with :func:`packaging.version.Version`.
* A probe never raises: a failure is a :class:`ProbeStatus` other than ``OK`` plus the
  command, exit code and message in a :class:`ProbeRecord`.
* ``None`` means "not known" (the source did not say); it never means zero or false.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tfgpu.facts.driver_text import nvidia_driver_version

#: Version of the JSON layout written by :meth:`HostFacts.to_json`.  Bump on any
#: incompatible change; readers refuse snapshots with a newer major.
FACTS_SCHEMA_VERSION = "1.3"
#: tfgpu's default time limit of the TensorFlow child probe, seconds (a cold import of TF
#: 2.x with its CUDA libraries takes 2-20 s; a first GPU initialisation may add a PTX
#: compile).  A probe stopped at a shorter limit (``--timeout 3``) says only that the
#: user's limit ran out, not that TensorFlow hangs.
DEFAULT_TF_TIMEOUT_S = 90.0
#: tfgpu's default time limit of each ordinary probe (nvidia-smi, nvcc, lspci...), seconds.
#: ``--timeout N`` below it shortens them too; a probe stopped at that shorter limit says
#: only that the user's limit ran out (a multi-GPU node without persistence mode can take
#: several seconds to answer nvidia-smi), not that the program hangs.
DEFAULT_PROBE_TIMEOUT_S = 10.0


class ProbeStatus(str, enum.Enum):
    """Outcome of one probe.

    ``OK``: the source answered.  ``MISSING``: the source is absent (no ``nvidia-smi``
    on PATH, TensorFlow not installed): a fact, not a failure.  ``ERROR``: the source is
    present but failed (non-zero exit, driver/library mismatch, import crash).
    ``TIMEOUT``: the source hung past its time limit.  ``SKIPPED``: not run (``--no-tf``,
    wrong OS).
    """

    OK = "ok"
    MISSING = "missing"
    ERROR = "error"
    TIMEOUT = "timeout"
    SKIPPED = "skipped"


@dataclass(frozen=True, slots=True)
class ProbeRecord:
    """What one probe did, for the evidence trail.

    Attributes:
        name: probe id, e.g. ``"nvml"``, ``"nvidia-smi"``, ``"tf"``.
        status: outcome.
        command: argv that was run, or the file/API read (``("nvmlInit",)``).
        returncode: exit status of the command; ``None`` when no process ran.
        duration_s: wall time in seconds.
        message: the source's own error text (stderr, exception message), verbatim.
        raw_excerpt: the first lines of the raw output (at most ~4 KiB) for evidence.
    """

    name: str
    status: ProbeStatus
    command: tuple[str, ...] = ()
    returncode: int | None = None
    duration_s: float = 0.0
    message: str | None = None
    raw_excerpt: str | None = None


def container_engine(evidence: str | None) -> str | None:
    """The engine an :attr:`OSFacts.container` evidence string names (``"docker"`` of
    ``"docker: /.dockerenv exists"``), or ``None`` for ``None`` or a string without one."""
    if not evidence or ":" not in evidence:
        return None
    return evidence.split(":", 1)[0].strip() or None


@dataclass(frozen=True, slots=True)
class OSFacts:
    """Operating system.

    Attributes:
        system: ``platform.system()``: ``"Linux"``, ``"Windows"``, ``"Darwin"``.
        name: distribution or product name (``"Ubuntu 22.04.4 LTS"``, ``"Windows 11"``,
            ``"macOS 14.5"``), from ``/etc/os-release`` on Linux.
        version: distribution version id (``"22.04"``), Windows build, macOS version.
        kernel: kernel release (``uname -r``).
        machine: CPU architecture (``"x86_64"``, ``"aarch64"``, ``"arm64"``, ``"AMD64"``).
        glibc: glibc version on Linux (``"2.36"``), else ``None``.
        is_wsl: running inside Windows Subsystem for Linux (either version).
        wsl_version: 1 or 2 when ``is_wsl``; WSL1 has no GPU support at all.
        nvidia_soc: what shows this is an NVIDIA Tegra system-on-chip (a Jetson), whose GPU
            is on the chip and never on the PCI bus, as evidence with its file
            (``"/etc/nv_tegra_release: # R35 (release), REVISION: 4.1"``,
            ``"/proc/device-tree/compatible: nvidia,p3701-0000 nvidia,tegra234"``);
            ``None`` when nothing does (knowledge row ``platform_facts:jetson-gpu-on-chip``).
        container: what shows the process runs in a container, as ``"<engine>: <mark>"``
            (``"docker: /.dockerenv exists"``, ``"apptainer: APPTAINER_CONTAINER is set"``);
            ``None`` when no mark shows, which does not prove a bare host (knowledge row
            ``platform_facts:container-markers``; :func:`tfgpu.probes.os_info.container`).
    """

    system: str
    name: str | None = None
    version: str | None = None
    kernel: str | None = None
    machine: str | None = None
    glibc: str | None = None
    is_wsl: bool = False
    wsl_version: int | None = None
    nvidia_soc: str | None = field(default=None, metadata={"since": "1.2"})
    container: str | None = field(default=None, metadata={"since": "1.3"})

    @property
    def container_engine(self) -> str | None:
        """The engine :attr:`container` names (``"docker"``, ``"kubernetes"``), or ``None``
        outside a container (or when none shows): :func:`container_engine`."""
        return container_engine(self.container)


@dataclass(frozen=True, slots=True)
class Distribution:
    """One installed Python distribution, read with ``importlib.metadata``.

    Attributes:
        name: canonical project name (``"tensorflow"``, ``"nvidia-cudnn-cu12"``).
        version: installed version string.
        location: site-packages folder it is installed in, if known.
        requires: its ``Requires-Dist`` lines (only kept for tensorflow* and nvidia-*).
    """

    name: str
    version: str
    location: str | None = None
    requires: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PythonFacts:
    """The Python interpreter that will run TensorFlow.

    Attributes:
        version: ``"3.11.7"``; ``None`` when the interpreter could not be run.
        executable: absolute path of the interpreter.
        implementation: ``"CPython"``; ``None`` when not known (the interpreter did not
            answer).
        bits: pointer size in bits (64 expected; 32-bit Python has no TensorFlow wheels);
            ``None`` when not known.
        virtualenv: prefix of the active venv/virtualenv, or ``None``.
        conda_env: name or prefix of the active conda environment, or ``None``.
        distributions: the installed distributions that matter to TensorFlow on a GPU
            (tensorflow*, tf-nightly*, keras, tf-keras, numpy, protobuf, every
            ``nvidia-*``, jax*, torch), sorted by name.
        externally_managed: the interpreter's stdlib folder has an ``EXTERNALLY-MANAGED``
            file (PEP 668: a distribution's system Python; ``pip install`` into it is
            refused).  Source: https://peps.python.org/pep-0668/
    """

    version: str | None
    executable: str
    implementation: str | None = None
    bits: int | None = None
    virtualenv: str | None = None
    conda_env: str | None = None
    distributions: tuple[Distribution, ...] = ()
    externally_managed: bool = False

    def dist(self, name: str) -> Distribution | None:
        """Return the installed distribution called ``name`` (any case/separator)."""
        want = _canon(name)
        for d in self.distributions:
            if _canon(d.name) == want:
                return d
        return None


@dataclass(frozen=True, slots=True)
class GPU:
    """One physical GPU.

    Attributes:
        index: index as NVML/``nvidia-smi`` numbers it (PCI bus order), or the order
            found for other vendors.
        vendor: ``"nvidia"``, ``"amd"``, ``"intel"``, ``"apple"`` or ``"other"``.
        name: marketing name as reported (``"NVIDIA GeForce RTX 3060 Laptop GPU"``);
            ``nvidia-smi`` tables truncate long names ("NVIDIA GeForce ...").
        uuid: ``GPU-…`` UUID (scrubbed in fixtures), or ``None``.
        pci_bus_id: ``"00000000:01:00.0"``.
        memory_total_mib: framebuffer size in MiB (``nvidia-smi --query-gpu=memory.total``).
        memory_free_mib: free framebuffer in MiB at probe time.
        compute_capability: ``"8.6"`` (NVML ``nvmlDeviceGetCudaComputeCapability`` or
            ``nvidia-smi --query-gpu=compute_cap``); ``None`` when the source does not
            give it (then rules look the name up in the knowledge table).
        is_mig: this entry is a MIG instance rather than a whole GPU.
        source: which probe produced it (``"nvml"``, ``"nvidia-smi"``, ``"lspci"``,
            ``"sysfs"``, ``"system_profiler"``, ``"wmi"``).
    """

    index: int
    vendor: str
    name: str
    uuid: str | None = None
    pci_bus_id: str | None = None
    memory_total_mib: int | None = None
    memory_free_mib: int | None = None
    compute_capability: str | None = None
    is_mig: bool = False
    source: str = "unknown"


@dataclass(frozen=True, slots=True)
class DriverFacts:
    """The NVIDIA kernel driver and its user-space library.

    Attributes:
        status: ``OK`` when NVML or ``nvidia-smi`` answered; ``MISSING`` when no driver
            component was found at all; ``ERROR`` when it is installed but broken
            (``message`` then quotes the tool, e.g. "couldn't communicate with the NVIDIA
            driver", "Driver/library version mismatch").
        version: driver version (``"535.161.08"``).  On driver 610+ ``nvidia-smi`` prints
            "KMD Version" instead of "Driver Version"; it is stored here all the same.
            Inside WSL2 this is the *Windows* driver version.
        cuda_version: newest CUDA version the driver supports ("CUDA Version" in the
            ``nvidia-smi`` banner, "CUDA UMD Version" on 610+), e.g. ``"12.2"``.
        smi_version: version of the ``nvidia-smi`` tool itself ("NVIDIA-SMI 555.52.01");
            differs from ``version`` under WSL2.
        source: ``"nvml"`` or ``"nvidia-smi"``.
        message: the tool's own error text when ``status`` is ``ERROR``.
    """

    status: ProbeStatus
    version: str | None = None
    cuda_version: str | None = None
    smi_version: str | None = None
    source: str | None = None
    message: str | None = None

    def __post_init__(self) -> None:
        # a version in Windows' display-driver form (four fields, "21.21.13.7651", as
        # Device Manager and dxdiag show it, typed into a facts file) is NVIDIA 376.51
        # (facts/driver_text.py, sources there); one that form cannot read is unknown (None),
        # never its first fields read as an NVIDIA version
        v = self.version
        if v is not None and re.fullmatch(r"\d+\.\d+\.\d+\.\d+", v.strip()):
            object.__setattr__(self, "version", nvidia_driver_version(v))


@dataclass(frozen=True, slots=True)
class CudaToolkit:
    """One CUDA toolkit installation.

    Attributes:
        root: install prefix (``/usr/local/cuda-12.2``, ``C:\\Program Files\\NVIDIA GPU
            Computing Toolkit\\CUDA\\v11.2``), or ``None`` for a bare ``nvcc`` on PATH.
        version: toolkit version (``"12.2"`` or ``"12.2.140"``).
        nvcc_path: path of ``nvcc`` when found.
        source: how it was found: ``"nvcc"``, ``"version.json"``, ``"version.txt"``,
            ``"CUDA_HOME"``, ``"CUDA_PATH"``, ``"glob"``, ``"conda"``.
        on_path: its ``bin`` folder is on PATH.
    """

    root: str | None
    version: str | None
    nvcc_path: str | None = None
    source: str = "unknown"
    on_path: bool = False


@dataclass(frozen=True, slots=True)
class SharedLibrary:
    """One copy of a CUDA shared library that TensorFlow may load.

    Attributes:
        name: logical name: ``"cuda"`` (driver API), ``"cudart"``, ``"cublas"``,
            ``"cublasLt"``, ``"cufft"``, ``"cusparse"``, ``"cusolver"``, ``"cudnn"``,
            ``"nccl"``, ``"cupti"``, ``"nvrtc"``.
        filename: file name as found (``"libcudnn.so.9"``, ``"cudnn64_8.dll"``).
        path: absolute path.
        version: version from the file name or a version header (``"9"``, ``"12.2.140"``);
            the SONAME major is what the loader matches on.
        origin: where it lives: ``"tf-runpath"`` (pip ``nvidia/*/lib`` next to
            TensorFlow), ``"ld_library_path"``, ``"system"`` (ldconfig cache),
            ``"cuda_home"``, ``"conda"``, ``"path"`` (Windows PATH).
        selected: the dynamic loader would pick this copy for its SONAME.
        binary: what the file's header says (:func:`tfgpu.facts.libnames.binary_format`):
            ``"elf64-x86_64"``, ``"pe-AMD64"``, ``"other-library"`` (an ELF library whose
            SONAME names another library), ``"not-a-library"`` (a file only named like
            a library); ``None`` when the header was not read.
    """

    name: str
    filename: str
    path: str
    version: str | None = None
    origin: str = "system"
    selected: bool = False
    binary: str | None = None

    @property
    def soname(self) -> str:
        """The name the loader matches (``libcublas.so.12.2.5.6`` -> ``libcublas.so.12``,
        ``cudnn64_8.dll`` -> ``cudnn64_8.dll``); the file name when it is not a CUDA
        library name (:func:`tfgpu.facts.libnames.classify`)."""
        from tfgpu.facts.libnames import classify

        system = "Windows" if self.filename.lower().endswith(".dll") else "Linux"
        info = classify(self.filename, system)
        return info.soname if info is not None else self.filename


@dataclass(frozen=True, slots=True)
class CPUFacts:
    """The CPU.

    Attributes:
        model: model name (``/proc/cpuinfo`` "model name").
        machine: architecture (``"x86_64"``).
        logical_cores: ``os.cpu_count()``.
        flags: instruction-set flags that TensorFlow wheels care about, lower case
            (``"avx"``, ``"avx2"``, ``"fma"``, ``"avx512f"``, ``"sse4_2"``); official x86
            wheels need AVX since TF 1.6.
    """

    model: str | None = None
    machine: str | None = None
    logical_cores: int | None = None
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TFDevice:
    """One device as TensorFlow saw it in the child probe.

    Attributes:
        name: TensorFlow device name (``"/physical_device:GPU:0"``).
        device_type: ``"GPU"`` or ``"CPU"``.
        details: ``tf.config.experimental.get_device_details`` (``device_name``,
            ``compute_capability`` as "8.6"), as strings.
        op_ok: a test op ran and its result was on this device; ``None`` if not tried.
        op_device: device the result tensor reported.
        op_error: the error text when the op failed.
        op_duration_s: wall time of the op in seconds.
    """

    name: str
    device_type: str
    details: Mapping[str, str] = field(default_factory=dict)
    op_ok: bool | None = None
    op_device: str | None = None
    op_error: str | None = None
    op_duration_s: float | None = None


#: How :attr:`TFFacts.error` starts when tfgpu's probe script cannot run under the probed
#: interpreter (older than the script's ``MIN_PYTHON``, 3.5: Python 2.7...): tfgpu's probe
#: failed, TensorFlow was not imported (``probes/tf_child.py`` writes it, the doctor's
#: checks read it).
TF_PROBE_TOO_OLD_PREFIX = "the TensorFlow probe cannot run under Python "


@dataclass(frozen=True, slots=True)
class TFFacts:
    """TensorFlow as imported in a child process.

    Attributes:
        status: ``OK`` (imported), ``MISSING`` (no tensorflow distribution), ``ERROR``
            (import raised or the child crashed: see ``returncode``/``error``),
            ``TIMEOUT`` (the child hung), ``SKIPPED`` (``--no-tf``).
        version: ``tf.__version__``.
        build_info: ``tf.sysconfig.get_build_info()`` as strings (``cuda_version``,
            ``cudnn_version``, ``is_cuda_build``, ``cuda_compute_capabilities``...).
        devices: physical devices TensorFlow listed.
        log_lines: what TensorFlow printed on stderr, line by line (the reason a GPU was
            dropped is there).
        error: exception type and message, or the signal, when ``status`` is ``ERROR``.
        returncode: exit code of the child (negative = killed by that signal).
        import_s: time to ``import tensorflow`` in seconds.
        duration_s: wall time of the whole child.
        timeout_s: the time limit the child was stopped at, in seconds, when ``status``
            is ``TIMEOUT`` (``None`` otherwise, or in a snapshot written before it was
            recorded); below :data:`DEFAULT_TF_TIMEOUT_S` the limit, not TensorFlow, may
            be what ran out.
    """

    status: ProbeStatus
    version: str | None = None
    build_info: Mapping[str, str] = field(default_factory=dict)
    devices: tuple[TFDevice, ...] = ()
    log_lines: tuple[str, ...] = ()
    error: str | None = None
    returncode: int | None = None
    import_s: float | None = None
    duration_s: float | None = None
    timeout_s: float | None = field(default=None, metadata={"since": "1.1"})

    @property
    def gpus(self) -> tuple[TFDevice, ...]:
        """Physical GPUs TensorFlow saw."""
        return tuple(d for d in self.devices if d.device_type == "GPU")


@dataclass(frozen=True, slots=True)
class HostFacts:
    """Everything tfgpu knows about one host.

    Attributes:
        schema_version: :data:`FACTS_SCHEMA_VERSION` of the writer.
        collected_at: ISO 8601 UTC time of the snapshot.
        tfgpu_version: version of tfgpu that took it.
        os, python, cpu: see their classes.
        gpus: every GPU found, NVIDIA first, in index order.
        driver: NVIDIA driver; ``None`` when not probed.
        toolkits: CUDA toolkits found (several is a fact, not an error).
        libraries: every copy of every CUDA library found; ``selected`` marks the one the
            loader would use.
        env: environment variables that matter (``CUDA_VISIBLE_DEVICES``,
            ``LD_LIBRARY_PATH``, ``PATH`` entries with CUDA, ``TF_*``, ``XLA_FLAGS``...).
        tf: TensorFlow child probe; ``None`` when not probed.
        probes: what each probe did (for evidence and ``--debug``).
        probe_timeout_s: the time limit each ordinary probe was given, in seconds
            (``None`` in a snapshot written before it was recorded); below
            :data:`DEFAULT_PROBE_TIMEOUT_S` (a user's ``--timeout 3``) a probe stopped at
            it was stopped at the user's limit, not known to hang.
    """

    os: OSFacts
    python: PythonFacts
    cpu: CPUFacts = field(default_factory=CPUFacts)
    gpus: tuple[GPU, ...] = ()
    driver: DriverFacts | None = None
    toolkits: tuple[CudaToolkit, ...] = ()
    libraries: tuple[SharedLibrary, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    tf: TFFacts | None = None
    probes: tuple[ProbeRecord, ...] = ()
    schema_version: str = FACTS_SCHEMA_VERSION
    collected_at: str | None = None
    tfgpu_version: str | None = None
    probe_timeout_s: float | None = field(default=None, metadata={"since": "1.2"})

    @property
    def nvidia_gpus(self) -> tuple[GPU, ...]:
        """The NVIDIA GPUs (whole GPUs and MIG instances)."""
        return tuple(g for g in self.gpus if g.vendor == "nvidia")

    def probe(self, name: str) -> ProbeRecord | None:
        """Return the record of probe ``name``, or ``None`` if it did not run."""
        for p in self.probes:
            if p.name == name:
                return p
        return None

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (enums as their values, tuples as lists)."""
        out = _to_jsonable(self)
        assert isinstance(out, dict)
        return out

    def to_json(self, indent: int | None = 2) -> str:
        """Serialise to JSON text (UTF-8 safe, keys in field order)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HostFacts:
        """Build from :meth:`to_dict` output, and validate every value.

        Unknown keys are ignored (forward compatible within a major version); missing
        optional keys take their defaults.  Every value is checked before any rule can
        see it (:func:`validate`): types, number ranges, version strings, sizes.

        Raises:
            FactsFormatError: the data is not a facts snapshot (not a mapping, a required
                key such as ``os``/``python`` missing, a value of the wrong type or out of
                range, nested deeper than :data:`MAX_JSON_DEPTH`), or its
                ``schema_version`` major is newer than this tfgpu understands.  The
                message starts with the JSON path of the bad value (``facts.tf.version``).
        """
        if not isinstance(data, Mapping):
            raise FactsFormatError("a facts snapshot must be a JSON object")
        _check_depth(data, "facts")
        version = data.get("schema_version", FACTS_SCHEMA_VERSION)
        if not isinstance(version, str) or len(version) > 20:
            raise FactsFormatError("facts.schema_version: expected a version string such as "
                                   f"{FACTS_SCHEMA_VERSION!r}")
        major = version.split(".", 1)[0]
        if major != FACTS_SCHEMA_VERSION.split(".", 1)[0]:
            raise FactsFormatError(
                f"facts schema {version} is not supported (this tfgpu reads {FACTS_SCHEMA_VERSION})"
            )
        try:
            facts = _from_jsonable(cls, data, "facts")
        except (TypeError, ValueError, KeyError) as exc:
            # a KeyError's str() is the repr of its message (quoted): use the message itself,
            # never strip quotes that end it ("... 'timeout', 'skipped'")
            text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            raise FactsFormatError(text) from exc
        validate(facts)
        return facts  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls, text: str | bytes) -> HostFacts:
        """Parse :meth:`to_json` output (at most :data:`MAX_FACTS_BYTES`).

        Numbers are read as text first: an integer of more than 19 digits, a float that
        overflows (``1e400``) and ``NaN``/``Infinity`` are rejected with their JSON path,
        never converted.

        Raises:
            FactsFormatError: too large, not JSON, nested too deeply, or not a valid facts
                snapshot (see :meth:`from_dict`).
        """
        if len(text) > MAX_FACTS_BYTES:
            raise FactsFormatError(
                f"larger than {MAX_FACTS_BYTES >> 20} MiB; a facts snapshot is under 1 MiB")
        return cls.from_dict(_load_json(text))


def _load_json(text: str | bytes) -> Any:
    """Parse JSON text for :meth:`HostFacts.from_dict`, numbers read as text first (see
    :meth:`HostFacts.from_json`).

    Raises:
        FactsFormatError: not JSON, or nested deeper than Python's recursion limit.
    """
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_BadNumber)
    except RecursionError:
        raise FactsFormatError(
            f"not a facts snapshot: JSON nested deeper than {MAX_JSON_DEPTH} levels"
        ) from None
    except json.JSONDecodeError as exc:
        raise FactsFormatError(f"not JSON: {exc}") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise FactsFormatError(f"not JSON: {exc}") from exc


class FactsFormatError(ValueError):
    """A facts snapshot could not be read (bad JSON, wrong layout, a value out of range)."""


#: Most bytes of a facts snapshot read (``--facts``); real ones are 5-200 KiB.
MAX_FACTS_BYTES = 16 << 20
#: Deepest nesting of JSON arrays/objects accepted; a snapshot is 5 levels deep.
MAX_JSON_DEPTH = 32
#: Longest string value accepted, characters (a log line, a message, a path).
MAX_STRING_CHARS = 1 << 16
#: Most items in one list or mapping of a snapshot (GPUs, libraries, log lines...).
MAX_ITEMS = 100_000


def read_facts_file(path: str, stdin: Any = None) -> HostFacts:
    """Read and validate a ``tfgpu facts`` snapshot from a file, or ``-`` for stdin; a
    ``tfgpu doctor --json`` report is read through its ``facts`` key.

    Reads at most :data:`MAX_FACTS_BYTES` + 1 bytes, so ``/dev/zero``, a FIFO or a huge
    file is refused at once instead of being loaded.

    Args:
        path: file name, or ``"-"`` for ``stdin``.
        stdin: a binary stream for ``"-"`` (default ``sys.stdin.buffer``).

    Raises:
        OSError: the file cannot be opened or read (missing, a folder, no permission).
        FactsFormatError: too large, not UTF-8, not JSON, or not a valid snapshot (the
            message names the JSON path of the bad value).
    """
    import sys

    if path == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        data = stream.read(MAX_FACTS_BYTES + 1)
    else:
        with open(path, "rb") as fh:
            data = fh.read(MAX_FACTS_BYTES + 1)
    if len(data) > MAX_FACTS_BYTES:
        raise FactsFormatError(
            f"larger than {MAX_FACTS_BYTES >> 20} MiB (read stopped there); a facts snapshot "
            "is under 1 MiB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FactsFormatError(f"not UTF-8 text: {exc}") from None
    doc = _load_json(text)
    if _is_capture_probed_part(text, doc):
        raise FactsFormatError(CAPTURE_PART_MESSAGE)
    report_facts = _facts_of_doctor_report(doc)
    return HostFacts.from_dict(doc if report_facts is None else report_facts)


#: The keys of a ``tfgpu capture`` folder's ``expected-facts.json``: the probed part only.
CAPTURE_PART_KEYS = frozenset({"driver", "gpus", "toolkits", "libraries", "records"})
#: Why such a file is not a snapshot, and what to read instead (``doctor --facts``).
CAPTURE_PART_MESSAGE = (
    "this is a `tfgpu capture` folder's expected-facts.json: only the probed part (driver, "
    "GPUs, CUDA toolkits and libraries) that the replay tests compare, not a host snapshot; "
    "--facts reads a `tfgpu facts --json` snapshot or a `tfgpu doctor --json` report: run "
    "`tfgpu facts --json > facts.json` on that host")


def _is_capture_probed_part(text: str, doc: object) -> bool:
    """True when ``doc`` (the parsed ``text``) is a capture's ``expected-facts.json``: a JSON
    object whose keys are :data:`CAPTURE_PART_KEYS`, with ``driver`` among them, and no
    ``"os"`` anywhere in ``text``."""
    if '"os"' in text:
        return False
    return isinstance(doc, dict) and "driver" in doc and set(doc) <= CAPTURE_PART_KEYS


def _facts_of_doctor_report(doc: object) -> dict[str, Any] | None:
    """The snapshot inside a parsed ``tfgpu doctor --json`` report (its ``facts`` key);
    ``None`` for any other document (then it is read as a snapshot itself)."""
    if (isinstance(doc, dict) and doc.get("command") == "doctor" and "os" not in doc
            and isinstance(doc.get("facts"), dict)):
        return doc["facts"]  # type: ignore[no-any-return]
    return None


class _BadNumber:
    """A JSON number tfgpu will not convert: an integer of more than 19 digits (Python
    refuses 4,300+ digits anyway), a float that overflows to infinity, ``NaN``,
    ``Infinity``.  Kept as text so that validation can name it and its JSON path."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        t = self.text
        return t if len(t) <= 24 else f"{t[:12]}...{t[-4:]} ({len(t)} characters)"


def _parse_int(text: str) -> int | _BadNumber:
    return int(text) if len(text) <= 19 else _BadNumber(text)


def _parse_float(text: str) -> float | _BadNumber:
    if len(text) > 64:
        return _BadNumber(text)
    value = float(text)
    return value if math.isfinite(value) else _BadNumber(text)


def _check_depth(data: object, where: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_JSON_DEPTH` (iterative: no recursion)."""
    stack: list[tuple[object, str, int]] = [(data, where, 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise FactsFormatError(f"{path}: nested deeper than {MAX_JSON_DEPTH} levels")
        if isinstance(value, Mapping):
            if len(value) > MAX_ITEMS:
                raise FactsFormatError(f"{path}: more than {MAX_ITEMS} entries")
            stack.extend((v, f"{path}.{k}", depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            if len(value) > MAX_ITEMS:
                raise FactsFormatError(f"{path}: more than {MAX_ITEMS} items")
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value))


# --- validation: what the rules may assume of every value -----------------------------

#: Allowed range of integer fields, by field name (inclusive); others: 0..2**53.
_INT_RANGES: dict[str, tuple[int, int]] = {
    # exit status: negative signal numbers on POSIX, NTSTATUS codes on Windows
    "returncode": (-(1 << 31), (1 << 32) - 1),
    "bits": (8, 128),
    "index": (0, 1 << 16),
    # 1 PiB of GPU memory, in MiB: far above any GPU (the B300 has 288 GB)
    "memory_total_mib": (0, 1 << 30),
    "memory_free_mib": (0, 1 << 30),
    "wsl_version": (1, 2),
    "logical_cores": (1, 1 << 20),
}
#: Largest float accepted (seconds: durations), and the smallest.
_FLOAT_RANGE = (0.0, 1e9)
#: String fields that hold a version number the rules compare
#: (:class:`packaging.version.Version` after dropping a trailing ``.x``), by
#: ``(class, field)``.
_VERSION_FIELDS = frozenset({
    ("PythonFacts", "version"), ("Distribution", "version"),
    ("DriverFacts", "version"), ("DriverFacts", "cuda_version"),
    ("DriverFacts", "smi_version"), ("CudaToolkit", "version"),
    ("SharedLibrary", "version"), ("TFFacts", "version"), ("OSFacts", "glibc"),
})
#: ``tf.build_info`` keys whose values are versions (``"12.2"``, ``"8"``).
_BUILD_VERSION_KEYS = ("cuda_version", "cudnn_version")
#: A compute capability: ``"8.6"`` (major.minor, each at most three digits).
_CC_RE = re.compile(r"\d{1,3}\.\d{1,3}")


def validate(facts: HostFacts) -> None:
    """Check every value of ``facts`` that rules read, before any rule reads it.

    Checks: integers within their field's range (memory in MiB up to 2**30, an exit
    status within 32 bits...); floats finite and within 0..1e9; strings at most
    :data:`MAX_STRING_CHARS`; version fields parse as versions (``"2.15.0"``,
    ``"535.161.08"``, ``"12.x"``); compute capabilities look like ``"8.6"``.

    Raises:
        FactsFormatError: the first bad value, with its JSON path
            (``facts.gpus[0].memory_total_mib: 10000...0000 is out of range``).
    """
    _validate_value(facts, "facts")


def _validate_value(value: object, where: str) -> None:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value).__name__
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            path = f"{where}.{f.name}"
            if isinstance(item, bool) or item is None:
                continue
            if isinstance(item, int):
                lo, hi = _INT_RANGES.get(f.name, (0, 1 << 53))
                if not lo <= item <= hi:
                    raise FactsFormatError(f"{path}: {_short(item)} is out of range "
                                           f"({lo}..{hi})")
            elif isinstance(item, float):
                lo_f, hi_f = _FLOAT_RANGE
                if not (math.isfinite(item) and lo_f <= item <= hi_f):
                    raise FactsFormatError(f"{path}: {item!r} is out of range "
                                           f"({lo_f:g}..{hi_f:g} seconds)")
            elif isinstance(item, str):
                _check_str(item, path)
                if (cls, f.name) in _VERSION_FIELDS:
                    _check_version(item, path)
                elif f.name == "compute_capability" and not _CC_RE.fullmatch(item):
                    raise FactsFormatError(f"{path}: {_short(item)} is not a compute "
                                           "capability such as '8.6'")
            elif f.name == "build_info" and isinstance(item, Mapping):
                _validate_value(item, path)
                for key in _BUILD_VERSION_KEYS:
                    if key in item:
                        _check_version(item[key], f"{path}.{key}")
            elif f.name == "details" and isinstance(item, Mapping):
                _validate_value(item, path)
                cc = item.get("compute_capability")
                if cc is not None and not _CC_RE.fullmatch(cc):
                    raise FactsFormatError(f"{path}.compute_capability: {_short(cc)} is not "
                                           "a compute capability such as '8.6'")
            else:
                _validate_value(item, path)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _check_str(str(k), f"{where} (a key)")
            _validate_value(v, f"{where}.{k}")
    elif isinstance(value, tuple | list):
        for i, v in enumerate(value):
            _validate_value(v, f"{where}[{i}]")
    elif isinstance(value, str):
        _check_str(value, where)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:16]}...{text[-8:]} ({len(text)} characters)"


def _check_str(text: str, where: str) -> None:
    if len(text) > MAX_STRING_CHARS:
        raise FactsFormatError(f"{where}: a string of {len(text)} characters (at most "
                               f"{MAX_STRING_CHARS})")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        # a lone surrogate ("\\ud800" in the JSON): it could not even be printed
        raise FactsFormatError(f"{where}: not valid Unicode (a lone surrogate)") from None


@functools.cache
def _version_re() -> re.Pattern[str]:
    """PEP 440 (packaging's VERSION_PATTERN, simplified): release, pre, post, dev, local.

    Compiled on first use (only reading a facts file checks versions; compiling costs
    ~3 ms, which every ``tfgpu doctor`` would otherwise pay at import)."""
    return re.compile(
        r"v?(\d{1,9}!)?\d{1,9}(\.\d{1,9}){0,7}"
        r"([-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?\d{0,9})?"
        r"([-_.]?(post|rev|r)[-_.]?\d{0,9}|-\d{1,9})?"
        r"([-_.]?dev[-_.]?\d{0,9})?"
        r"(\+[a-z0-9]+([-_.][a-z0-9]+)*)?",
        re.IGNORECASE,
    )


def _check_version(text: str, where: str) -> None:
    """``text`` must be a version the rules can compare (PEP 440; a trailing ``.x``,
    a CUDA family such as ``"12.x"``, is allowed)."""
    cleaned = text.strip()
    if cleaned.endswith(".x"):
        cleaned = cleaned[:-2]
    if len(cleaned) > 64 or not _version_re().fullmatch(cleaned):
        raise FactsFormatError(f"{where}: {_short(text)} is not a version number")


def _canon(name: str) -> str:
    """PEP 503 normalised distribution name (what ``packaging.utils.canonicalize_name``
    returns; written out because importing ``packaging.utils`` pulls in
    ``packaging.tags``, ``logging`` and ``sysconfig``, ~30 ms, on every doctor run)."""
    value = name.lower().replace("_", "-").replace(".", "-")
    while "--" in value:
        value = value.replace("--", "-")
    return value


def _to_jsonable(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_jsonable(v) for v in value]
    return value


T = TypeVar("T")


def _from_jsonable(tp: Any, value: Any, where: str) -> Any:
    """Convert JSON data to the annotated type ``tp`` (dataclasses, enums, tuples...)."""
    origin = typing.get_origin(tp)
    if isinstance(value, _BadNumber):
        raise TypeError(f"{where}: the number {value!r} is out of range")
    if tp is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        last: Exception | None = None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _from_jsonable(arg, value, where)
            except (TypeError, ValueError, KeyError) as exc:
                last = exc
        raise TypeError(str(last) if last is not None else f"{where}: no type matches")
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(value, Mapping):
            raise TypeError(f"{where}: expected an object, got {type(value).__name__}")
        hints = typing.get_type_hints(tp)
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(tp):
            if f.name in value:
                kwargs[f.name] = _from_jsonable(hints[f.name], value[f.name], f"{where}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise KeyError(f"{where}: required key {f.name!r} is missing")
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if not isinstance(value, str):
            raise TypeError(f"{where}: expected a string, got {type(value).__name__}")
        try:
            return tp(value)
        except ValueError:
            known = ", ".join(repr(m.value) for m in tp)
            raise ValueError(f"{where}: {_short(value)} is not one of {known}") from None
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise TypeError(f"{where}: expected a list, got {type(value).__name__}")
        (item_tp, *_rest) = typing.get_args(tp)
        return tuple(_from_jsonable(item_tp, v, f"{where}[{i}]") for i, v in enumerate(value))
    if origin in (Mapping, dict) or tp is dict:
        if not isinstance(value, Mapping):
            raise TypeError(f"{where}: expected an object, got {type(value).__name__}")
        args = typing.get_args(tp)
        val_tp = args[1] if len(args) == 2 else Any
        return {str(k): _from_jsonable(val_tp, v, f"{where}.{k}") for k, v in value.items()}
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{where}: expected a number, got {type(value).__name__}")
        return float(value)
    if tp in (int, str, bool):
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            raise TypeError(f"{where}: expected {tp.__name__}, got {type(value).__name__}")
        return value
    raise TypeError(f"{where}: unsupported type {tp!r}")
