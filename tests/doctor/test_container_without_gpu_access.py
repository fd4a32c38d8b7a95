"""tfgpu inside a container: the os probe reads the marks each engine leaves (/.dockerenv,
/run/.containerenv, Apptainer's and Kubernetes' variables, a cgroup v1 path), and a container
that sees the host's NVIDIA GPU on the PCI bus but no driver was started without GPU access:
the fix is the container's start, never a driver installed inside it (knowledge row
platform_facts:container-markers)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest
from doctor_helpers import cpu_ok, dist, linux, python

import tfgpu.schemas
from tfgpu import facts as F
from tfgpu._proc import FakeRunner
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.diagnosis.verdict import host_meta
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.select import make_plan
from tfgpu.plan.target import target_from_facts
from tfgpu.probes import FakeFileSystem, ProbeContext, os_info


def _probe(tmp_path: Path, files: dict[str, str] | None = None,
           env: dict[str, str] | None = None) -> str | None:
    for rel, text in (files or {}).items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env=env or {},
                       system="Linux")
    res = os_info.run(ctx)
    assert res.os is not None
    return res.os.container


@pytest.mark.parametrize(("files", "env", "want"), [
    ({".dockerenv": ""}, {}, "docker: /.dockerenv exists"),
    ({"run/.containerenv": "engine=\"podman-5.0\"\n"}, {}, "podman: /run/.containerenv exists"),
    ({}, {"APPTAINER_CONTAINER": "/home/u/tf.sif"}, "apptainer: APPTAINER_CONTAINER is set"),
    ({}, {"SINGULARITY_CONTAINER": "/s/tf.simg"},
     "singularity: SINGULARITY_CONTAINER is set"),
    # a pod run by Docker has /.dockerenv too: GPU access is the pod's spec
    ({".dockerenv": ""}, {"KUBERNETES_SERVICE_HOST": "10.96.0.1"},
     "kubernetes: KUBERNETES_SERVICE_HOST is set"),
    # Apptainer passes the host's environment in: inside a pod it is still Apptainer's --nv
    ({}, {"APPTAINER_CONTAINER": "/s/tf.sif", "KUBERNETES_SERVICE_HOST": "10.96.0.1"},
     "apptainer: APPTAINER_CONTAINER is set"),
    ({}, {"container": "systemd-nspawn"},
     "systemd-nspawn: container=systemd-nspawn in the environment"),
    ({"proc/self/cgroup": "12:devices:/docker/3f2a9c\n11:memory:/docker/3f2a9c\n"}, {},
     "docker: /proc/self/cgroup: 12:devices:/docker/3f2a9c"),
    ({"proc/self/cgroup": "4:cpuset:/lxc/u1\n"}, {}, "lxc: /proc/self/cgroup: 4:cpuset:/lxc/u1"),
])
def test_os_probe_reads_each_engines_mark(tmp_path: Path, files: dict[str, str],
                                          env: dict[str, str], want: str) -> None:
    got = _probe(tmp_path, files, env)
    assert got == want
    # the variables' values (an image path, the API server's address) are not kept
    assert not any(v in (got or "") for v in env.values() if "/" in v or "." in v)


@pytest.mark.parametrize(("files", "env"), [
    ({}, {}),
    ({"proc/self/cgroup": "0::/\n"}, {}),  # cgroup v2 inside or outside: says nothing
    ({"proc/self/cgroup": "0::/user.slice/user-1000.slice/session-2.scope\n"}, {}),
    ({}, {"container": "a b; rm -rf /"}),  # not an engine name
    ({}, {"KUBERNETES_SERVICE_HOST": "  "}),
])
def test_os_probe_without_a_mark_finds_no_container(tmp_path: Path, files: dict[str, str],
                                                     env: dict[str, str]) -> None:
    assert _probe(tmp_path, files, env) is None


def test_probe_marks_are_the_knowledge_rows() -> None:
    row = load_knowledge().platform_fact("container-markers")

    def pairs(key: str) -> list[tuple[str, str]]:
        return [(v.partition("=")[2], v.partition("=")[0]) for v in row.values[key]]

    assert pairs("files") == list(os_info.CONTAINER_FILES)
    assert pairs("env") == list(os_info.CONTAINER_ENV)
    assert pairs("cgroup_words") == list(os_info.CONTAINER_CGROUP_WORDS)
    engines = {v.partition("=")[0] for v in row.values["gpu_access"]}
    assert {e for _, e in os_info.CONTAINER_FILES + os_info.CONTAINER_ENV} <= engines


def _boxed(container: str | None, **os_kw: object) -> F.HostFacts:
    """An RTX 3090 on the PCI bus (sysfs), no NVML, no nvidia-smi."""
    return F.HostFacts(
        os=linux(container=container, **os_kw), python=python(dist("tensorflow", "2.21.0")),
        cpu=cpu_ok(),
        gpus=(F.GPU(index=0, vendor="nvidia", name="NVIDIA Corporation GA102 [GeForce RTX 3090]",
                    pci_bus_id="0000:01:00.0", source="sysfs"),),
        driver=F.DriverFacts(F.ProbeStatus.MISSING, source="nvidia-smi"),
        tf=F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",),
                              message="not found"),))


@pytest.mark.parametrize(("container", "first_fix"), [
    ("docker: /.dockerenv exists", "docker run --gpus all"),
    ("podman: /run/.containerenv exists", "podman run --device nvidia.com/gpu=all"),
    ("apptainer: APPTAINER_CONTAINER is set", "apptainer exec --nv"),
    ("kubernetes: KUBERNETES_SERVICE_HOST is set", "# in the pod's container spec: resources: "
                                                   "limits: nvidia.com/gpu: 1"),
])
def test_gpu_on_the_bus_without_driver_in_a_container_is_its_start(
        container: str, first_fix: str) -> None:
    report = diagnose(_boxed(container))
    ids = [f.id for f in report.findings]
    assert "nvidia-driver-missing" not in ids
    (f,) = [f for f in report.findings if f.id == "docker-run-without-gpus"]
    engine = container.split(":")[0]
    assert f.title.startswith(f"This container ({engine}) sees the host's NVIDIA GPU")
    assert container in f.cause and "Do not install an NVIDIA driver inside" in f.cause
    assert ("apptainer" in (f.doc or "")) == (engine == "apptainer")
    assert f.fix[0].startswith(first_fix) and len(f.fix) == 2
    assert not any("ubuntu-drivers" in line or "apt install" in line for line in f.fix)
    assert f.knowledge_ref == "platform_facts:container-markers"
    assert any(e.source == "os.container" for e in f.evidence)
    assert report.verdict.gpu_usable is False
    assert host_meta(_boxed(container))["host"].endswith(f"in a container ({engine})")


def test_an_engine_without_a_known_gpu_option_gets_no_engine_claim() -> None:
    f = next(f for f in diagnose(_boxed("lxc: /proc/self/cgroup: 4:cpuset:/lxc/u1")).findings
             if f.id == "docker-run-without-gpus")
    assert f.title.startswith("This container (lxc) sees the host's NVIDIA GPU")
    assert "Do not install" not in f.cause and "tfgpu knows no GPU option" in f.cause
    assert f.fix[0].startswith("cat /proc/driver/nvidia/version")
    assert "of exactly the host's driver version" in f.fix[1]
    assert not any(line.startswith(("docker run", "podman run", "apptainer")) for line in f.fix)


@pytest.mark.parametrize("served", ["libcuda", "tf"])
def test_a_container_whose_driver_serves_cuda_lacks_only_the_utility_capability(
        served: str) -> None:
    # NVIDIA_DRIVER_CAPABILITIES=compute: libcuda.so.1 comes in, nvidia-smi and NVML do not
    facts = _boxed("docker: /.dockerenv exists")
    if served == "libcuda":
        facts = dataclasses.replace(facts, libraries=(F.SharedLibrary(
            "cuda", "libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
            version="580.95.05", selected=True),))
    else:
        facts = dataclasses.replace(facts, tf=F.TFFacts(
            F.ProbeStatus.OK, version="2.21.0",
            devices=(F.TFDevice("/physical_device:GPU:0", "GPU",
                                {"device_name": "NVIDIA H200"}, op_ok=True),)))
    ids = [f.id for f in diagnose(facts).findings]
    assert "docker-run-without-gpus" not in ids and "nvidia-driver-missing" not in ids
    (f,) = [f for f in diagnose(facts).findings if f.id == "container-driver-tools-missing"]
    assert f.severity.value == "warning" and "'utility'" in f.title
    assert any("NVIDIA_DRIVER_CAPABILITIES=compute,utility" in line for line in f.fix)


def test_a_bare_host_whose_driver_library_answers_is_not_driver_missing() -> None:
    facts = dataclasses.replace(_boxed(None), libraries=(F.SharedLibrary(
        "cuda", "libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.1", selected=True),))
    assert "nvidia-driver-missing" not in [f.id for f in diagnose(facts).findings]
    stub = dataclasses.replace(_boxed(None), libraries=(F.SharedLibrary(
        "cuda", "libcuda.so", "/usr/local/cuda/lib64/stubs/libcuda.so"),))
    assert "nvidia-driver-missing" in [f.id for f in diagnose(stub).findings]


@pytest.mark.parametrize(("system", "container"), [
    ("Windows", "docker: /.dockerenv exists"),  # only an edited snapshot can say so
    ("Linux", "weird"),  # no engine named
])
def test_a_container_mark_without_a_linux_engine_keeps_the_bare_reading(
        system: str, container: str) -> None:
    facts = _boxed(container)
    facts = dataclasses.replace(facts, os=dataclasses.replace(facts.os, system=system))
    ids = [f.id for f in diagnose(facts).findings]
    assert "docker-run-without-gpus" not in ids
    assert "in a container" not in host_meta(facts)["host"]


def test_a_container_on_wsl2_is_told_to_pass_the_gpu() -> None:
    facts = dataclasses.replace(_boxed("docker: /.dockerenv exists", is_wsl=True,
                                       wsl_version=2), gpus=())
    (f,) = [f for f in diagnose(facts).findings if f.id == "wsl2-gpu-unknown"]
    assert f.fix[0].startswith("# in a container on WSL2") and "--gpus all" in f.fix[0]


def test_a_bare_host_still_installs_the_driver() -> None:
    f = next(f for f in diagnose(_boxed(None)).findings if f.id == "nvidia-driver-missing")
    assert f.fix[0].startswith("sudo ubuntu-drivers install")
    assert "in a container" not in host_meta(_boxed(None))["host"]


def test_wsl2_inside_a_container_keeps_its_own_reading() -> None:
    facts = _boxed("docker: /.dockerenv exists", is_wsl=True, wsl_version=2)
    ids = [f.id for f in diagnose(facts).findings]
    assert "docker-run-without-gpus" not in ids


def test_presence_unknown_in_a_container_says_the_host_may_have_one() -> None:
    facts = dataclasses.replace(_boxed("docker: /.dockerenv exists"), gpus=(), probes=(
        F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",),
                      message="not found"),
        F.ProbeRecord("sysfs-pci", F.ProbeStatus.ERROR, ("/sys/bus/pci/devices",),
                      message="PermissionError"),
        F.ProbeRecord("lspci", F.ProbeStatus.MISSING, ("lspci",), message="not found")))
    (f,) = [f for f in diagnose(facts).findings if f.id == "nvidia-gpu-presence-unknown"]
    assert "whether the host has an NVIDIA GPU is unknown" in f.title
    assert "docker: /.dockerenv exists" in f.cause and "started with GPU access" in f.cause
    assert f.fix[0].startswith("nvidia-smi   # on the host")


def test_plan_in_a_container_puts_the_driver_on_the_host() -> None:
    target = target_from_facts(_boxed("docker: /.dockerenv exists"))
    assert target.container == "docker: /.dockerenv exists"
    assert "in a container: docker: /.dockerenv exists" in target.summary()
    plan = make_plan(target, load_knowledge())
    step = plan.steps[0]
    assert step.title.startswith("Give this container the host's NVIDIA GPU")
    manual = step.action
    assert isinstance(manual, type(manual)) and "never inside the container" in manual.text
    assert manual.commands[0].startswith("docker run --gpus all")
    assert not any("ubuntu-drivers" in c for s in plan.steps
                   for c in getattr(s.action, "commands", ()))


def test_facts_round_trip_keeps_the_container_and_reads_older_snapshots() -> None:
    """An older 1.x snapshot (no os.container) still reads, and still validates against
    the shipped facts schema (keys a minor version added are optional)."""
    facts = _boxed("podman: /run/.containerenv exists")
    again = F.HostFacts.from_dict(facts.to_dict())
    assert again.os.container == "podman: /run/.containerenv exists"
    old = facts.to_dict()
    del old["os"]["container"]
    old["schema_version"] = "1.2"
    assert F.HostFacts.from_dict(old).os.container is None
    schema = json.loads((Path(tfgpu.schemas.__file__).parent / "facts.schema.json").read_text())
    jsonschema.validate(old, schema)


def test_a_driver_library_mismatch_in_a_container_reboots_the_host() -> None:
    facts = dataclasses.replace(_boxed("docker: /.dockerenv exists"), driver=F.DriverFacts(
        F.ProbeStatus.ERROR, source="nvidia-smi",
        message="Failed to initialize NVML: Driver/library version mismatch"))
    (f,) = [f for f in diagnose(facts).findings if f.id == "nvidia-driver-library-mismatch"]
    assert f.fix[0].startswith("# on the host, not in this container: sudo reboot")
    assert not any(line.strip() == "sudo reboot" or "apt install" in line for line in f.fix)
    bare = dataclasses.replace(facts, os=dataclasses.replace(facts.os, container=None))
    (g,) = [f for f in diagnose(bare).findings if f.id == "nvidia-driver-library-mismatch"]
    assert g.fix[0] == "sudo reboot"


def test_no_gpu_on_the_bus_in_a_container_says_gpu_access_would_not_help() -> None:
    facts = dataclasses.replace(_boxed("docker: /.dockerenv exists"), gpus=(), probes=(
        F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",), message="not found"),
        F.ProbeRecord("sysfs-pci", F.ProbeStatus.OK, ("/sys/bus/pci/devices",),
                      message="6 PCI functions, none a display adapter")))
    (f,) = [f for f in diagnose(facts).findings if f.id == "no-nvidia-gpu"]
    assert "whose PCI bus is its host's" in f.cause and "would not help" in f.cause
    bare = dataclasses.replace(facts, os=dataclasses.replace(facts.os, container=None))
    (g,) = [f for f in diagnose(bare).findings if f.id == "no-nvidia-gpu"]
    assert "container" not in g.cause


def test_plan_in_a_container_whose_driver_serves_cuda_checks_the_hosts_version() -> None:
    facts = dataclasses.replace(_boxed("docker: /.dockerenv exists"), libraries=(
        F.SharedLibrary("cuda", "libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                        selected=True),))
    target = target_from_facts(facts)
    assert target.container_served and "libcuda.so.1" in target.container_served
    step = make_plan(target, load_knowledge()).steps[0]
    assert step.title.startswith("Check the host's NVIDIA driver version")
    assert "NVIDIA_DRIVER_CAPABILITIES=compute,utility" in step.action.commands[1]
    assert not step.action.needs_root
