"""Regression tests for the final review of `tfgpu plan` (issue 3): each test names the
defect it pins down.  Snapshots: tests/fixtures/plan-driver-hosts/ (see its README).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.facts import DriverFacts, HostFacts, OSFacts, ProbeRecord, ProbeStatus, PythonFacts
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, target_from_description
from tfgpu.plan.model import Manual, Plan, Route
from tfgpu.plan.target import target_from_facts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FIX = FIXTURES / "plan-driver-hosts"
WSL_CUDA_ERR = (
    FIXTURES / "hosts" / "linux-wsl2-x86_64-rtx3060-laptop-smi545-windows546-cuda-err"
)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def facts_of(path: Path) -> HostFacts:
    data = json.loads(path.read_text(encoding="utf-8"))
    if "os" not in data:  # a host fixture's expected-facts.json holds the probed part only
        data["os"] = {"system": "Linux", "machine": "x86_64", "is_wsl": True, "wsl_version": 2}
        data["python"] = {"version": "3.11.9", "executable": "/usr/bin/python3"}
    return HostFacts.from_dict(data)


def plan_of(facts: HostFacts) -> Plan:
    return make_plan(target_from_facts(facts, origin="x.json"), load_knowledge())


def first_manual(plan: Plan) -> Manual:
    action = plan.steps[0].action
    assert isinstance(action, Manual)
    return action


# --------------------------------------------------------------------------- defect 1
def test_driver_library_mismatch_keeps_the_gpu_route_and_says_fix_the_driver_first() -> None:
    plan = plan_of(facts_of(FIX / "h4.json"))
    assert plan.route is Route.PIP and plan.uses_gpu
    assert any("and-cuda" in r for r in plan.requirements)
    assert "NVIDIA driver broken: Failed to initialize NVML: Driver/library version mismatch" in (
        plan.target_summary
    )
    assert "no NVIDIA driver" not in plan.target_summary
    assert "no GPU" not in plan.target_summary
    step = first_manual(plan)
    assert plan.steps[0].title.startswith("Fix the NVIDIA driver first")
    assert "Driver/library version mismatch" in step.text and "reboot" in step.text
    assert "reinstall matching driver packages" in step.text
    assert step.needs_root
    # The warnings lead with the fix, and say the driver version could not be checked.
    texts = [w.text for w in plan.warnings]
    assert texts[0].startswith("fix the NVIDIA driver first: 'Failed to initialize NVML")
    unknown = next(w for w in plan.warnings if "driver version is unknown" in w.text)
    assert "without checking it against the driver" in unknown.text
    assert "needs driver >=" in unknown.text and unknown.ref.startswith("cuda_min_driver:")


def test_driver_mismatch_cli_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli(capsys, "plan", "--facts", str(FIX / "h4.json"))
    assert code == 0
    target = next(ln for ln in out.splitlines() if ln.startswith("Target:"))
    assert "NVIDIA driver broken: " in target and "no GPU" not in target
    assert "Route: pip" in out and "tensorflow-cpu" not in out
    assert "Fix the NVIDIA driver first" in out
    # The root step is shown for the user to run, never run by tfgpu.
    assert "1. Fix the NVIDIA driver first (needs root)  (you do this; tfgpu never runs it)" in out


@pytest.mark.parametrize("snapshot", [FIX / "h9.json", WSL_CUDA_ERR / "expected-facts.json"])
def test_wsl2_cuda_version_err_is_a_broken_windows_driver_with_wsl_advice(
    snapshot: Path,
) -> None:
    plan = plan_of(facts_of(snapshot))
    assert "no NVIDIA driver" not in plan.target_summary
    assert "NVIDIA driver broken: nvidia-smi prints 'CUDA Version: ERR!'" in plan.target_summary
    assert "(version 546.80)" in plan.target_summary
    assert plan.route is Route.PIP and plan.uses_gpu
    step = first_manual(plan)
    assert "Windows NVIDIA driver" in step.text and "roll back" in step.text
    assert any(c.startswith("wsl --update") for c in step.commands)
    assert any(c.startswith("wsl --shutdown") for c in step.commands)
    assert "wsl-user-guide" in step.url
    # The version was read, so the choice is checked against it (no "unknown" warning).
    assert not any("driver version is unknown" in w.text for w in plan.warnings)


#: An adapter listing that answered with no display adapter: the evidence of no GPU.
NO_DISPLAY = (ProbeRecord("sysfs-pci", ProbeStatus.OK, message="6 PCI functions, none a "
                          "display adapter"),)


def _host(driver: DriverFacts, *, wsl: bool = False,
          probes: tuple[ProbeRecord, ...] = ()) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Ubuntu 22.04", machine="x86_64", is_wsl=wsl),
        python=PythonFacts(version="3.11.9", executable="/usr/bin/python3"),
        driver=driver, probes=probes,
    )


def test_driver_not_loaded_gets_module_advice_and_a_missing_driver_stays_cpu() -> None:
    msg = (
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
        "Make sure that the latest NVIDIA driver is installed and running."
    )
    plan = plan_of(_host(DriverFacts(ProbeStatus.ERROR, message=msg)))
    assert plan.uses_gpu and "NVIDIA driver broken: NVIDIA-SMI has failed" in plan.target_summary
    step = first_manual(plan)
    assert "kernel module is not loaded" in step.text and "Secure Boot" in step.text
    # No nvidia-smi at all is "no driver"; with a PCI listing that shows no GPU, no GPU.
    absent = plan_of(_host(DriverFacts(ProbeStatus.MISSING, message="nvidia-smi: not found"),
                           probes=NO_DISPLAY))
    assert absent.route is Route.CPU and "no GPU" in absent.target_summary


def test_a_hung_driver_is_broken_too() -> None:
    plan = plan_of(_host(DriverFacts(ProbeStatus.TIMEOUT)))
    assert "NVIDIA driver broken: nvidia-smi did not answer in time" in plan.target_summary
    assert plan.uses_gpu


# --------------------------------------------------------------------------- defect 2
def _plan_text(plan: Plan) -> tuple[object, ...]:
    return (plan.route, plan.tf_version, plan.requirements, plan.uses_gpu, plan.cuda)


@pytest.mark.parametrize(
    ("lspci_name", "marketing", "tf"),
    [
        # 2.15.0, not 2.16.1: the 2.16.1 wheel does not find the and-cuda libraries
        # (platform fact tf-216-nvidia-wheel-libs-not-found)
        ("NVIDIA Corporation GM204 [GeForce GTX 970]", "NVIDIA GeForce GTX 970", "2.15.0"),
        (
            "NVIDIA Corporation GA106 [GeForce RTX 3060 Lite Hash Rate]",
            "NVIDIA GeForce RTX 3060",
            None,
        ),
    ],
)
def test_lspci_gpu_names_plan_like_their_marketing_names(
    lspci_name: str, marketing: str, tf: str | None
) -> None:
    kb = load_knowledge()
    desc = {"driver": "535.104.05", "python": "3.11"}
    a = make_plan(target_from_description("linux", gpu=lspci_name, **desc), kb)
    b = make_plan(target_from_description("linux", gpu=marketing, **desc), kb)
    assert _plan_text(a) == _plan_text(b)
    assert not a.gpu_unverified
    if tf is not None:
        assert a.tf_version == tf  # cc 5.2 < 6.0, the minimum of the 2.18+ wheels


def test_lspci_gtx970_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--os", "linux", "--driver", "535.104.05", "--python", "3.11")
    _, lspci = cli(capsys, "plan", "--gpu", "NVIDIA Corporation GM204 [GeForce GTX 970]", *args)
    _, plain = cli(capsys, "plan", "--gpu", "NVIDIA GeForce GTX 970", *args)
    route = [ln for ln in lspci.splitlines() if ln.startswith("Route:")]
    assert route == [ln for ln in plain.splitlines() if ln.startswith("Route:")]
    assert "TensorFlow 2.15.0" in route[0]
    assert "has compute capability 5.2" in lspci


@pytest.mark.parametrize(("snapshot", "cc"), [("h11.json", "8.6"), ("h12.json", "5.2")])
def test_lspci_only_snapshots_know_the_compute_capability(snapshot: str, cc: str) -> None:
    plan = plan_of(facts_of(FIX / snapshot))
    assert f"compute capability {cc}" in " ".join(r.text for r in plan.reasons)
    assert not plan.gpu_unverified


# --------------------------------------------------------------------------- defect 9
def test_wsl2_min_driver_fact_is_sourced_and_agrees_with_the_cuda_table() -> None:
    from tfgpu.knowledge import load_knowledge

    kb = load_knowledge()
    fact = kb.platform_fact("wsl2-min-driver")
    assert fact.source == "PIPMD" and fact.retrieved and fact.note
    assert kb.doc_url(fact) == "https://www.tensorflow.org/install/pip"
    floor = kb.row("cuda_min_driver:12.x-minor-compat")
    assert fact.value("cuda_floor_windows") == floor.min_driver_windows  # type: ignore[attr-defined]
    assert fact.value("min_driver_linux") == floor.min_driver_linux  # type: ignore[attr-defined]
    assert fact.value("min_driver") == "528.33"


WSL2_WARNING = "TensorFlow's install page asks for >= 528.33 on WSL2"


@pytest.mark.parametrize(
    ("os_", "driver", "warned"),
    [
        ("wsl2", "527.41", True),
        ("wsl2", "528.02", True),
        ("windows", "528.02", True),  # native Windows is sent to the WSL2 route
        ("wsl2", "528.33", False),
        ("wsl2", "546.33", False),
        ("wsl2", "528", False),  # bare branch: not judged
        ("linux", "527.41", False),
        ("wsl2", "526.98", False),  # below CUDA's own floor: the driver step says upgrade
    ],
)
def test_plan_warns_on_a_wsl2_driver_below_the_tf_page_minimum(
    os_: str, driver: str, warned: bool
) -> None:
    plan = make_plan(
        target_from_description(os_, gpu="RTX 3060 Laptop GPU", driver=driver, python="3.11"),
        load_knowledge(),
    )
    hits = [w for w in plan.warnings if WSL2_WARNING in w.text]
    assert bool(hits) is warned
    if warned:
        assert hits[0].ref == "platform_facts:wsl2-min-driver"
        assert "https://www.tensorflow.org/install/pip" in hits[0].text


def test_plan_reviewer_wsl2_snapshot_528_02(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = cli(capsys, "plan", "--facts", str(FIX / "h2b.json"))
    assert code == 0 and "driver 528.02" in out
    assert f"! Windows driver 528.02 meets CUDA 12.5's minimum (527.41) but {WSL2_WARNING}" in out


def test_wsl2_driver_install_step_asks_for_the_tf_page_minimum() -> None:
    plan = make_plan(
        target_from_description("wsl2", gpu="RTX 3060", python="3.11"), load_knowledge()
    )
    step = first_manual(plan)
    assert "Install the NVIDIA driver >= 528.33 on Windows" in step.text
    linux = make_plan(
        target_from_description("linux", gpu="RTX 3060", python="3.11"), load_knowledge()
    )
    assert ">= 525.60.13" in first_manual(linux).text


def test_maxwell_pip_plan_skips_the_wheel_that_finds_no_and_cuda_libraries() -> None:
    """CC 5.x: the newest and-cuda release whose wheel includes 5.x is 2.16.1, whose wheel
    does not find the nvidia-* libraries (platform fact tf-216-nvidia-wheel-libs-not-found):
    Python 3.11 gets 2.15 (the fact's last_working), Python 3.12 a route that puts the
    libraries on LD_LIBRARY_PATH."""
    kb = load_knowledge()
    for gpu in ("NVIDIA GeForce GTX 960", "NVIDIA GeForce GTX 970"):
        p311 = make_plan(target_from_description("linux", gpu=gpu, driver="550.54.14",
                                                 python="3.11"), kb)
        assert p311.tf_version == "2.15.0" and p311.requirements[0].startswith(
            "tensorflow[and-cuda]~=2.15")
        p312 = make_plan(target_from_description("linux", gpu=gpu, driver="550.54.14",
                                                 python="3.12"), kb)
        assert not any(r.startswith("tensorflow[and-cuda]~=2.16") for r in p312.requirements)
