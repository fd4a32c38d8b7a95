"""The gatherer: probes run concurrently, each under a limit; results merge into HostFacts."""

from __future__ import annotations

import dataclasses
import time

from tfgpu._proc import FakeRunner
from tfgpu.facts import GPU, DriverFacts, ProbeRecord, ProbeStatus, TFFacts
from tfgpu.gather import PROBES, Probe, discover, gather, merge
from tfgpu.probes import ProbeContext, ProbeResult


def _sleeper(name: str, seconds: float, **fields: object) -> Probe:
    def run(ctx: ProbeContext) -> ProbeResult:
        time.sleep(seconds)
        return ProbeResult(records=(ProbeRecord(name, ProbeStatus.OK),), **fields)  # type: ignore[arg-type]

    return Probe(name=name, order=1, run=run)


def _ctx() -> ProbeContext:
    return ProbeContext(runner=FakeRunner(), env={}, system="Linux", python_executable="/py")


def test_discover_loads_exactly_the_listed_probes() -> None:
    names = {p.name for p in discover()}
    assert names == {"os", "python", "cpu", "env", "iommu", "tf", "nvidia", "cuda-toolkits",
                     "cuda-libs", "gpus-other"}
    assert len(discover()) == len(PROBES)
    (tf,) = [p for p in discover() if p.name == "tf"]
    assert tf.is_tf and tf.long_running


def test_probes_run_concurrently_total_is_the_slowest_not_the_sum() -> None:
    probes = [_sleeper(f"p{i}", 0.4) for i in range(5)]
    start = time.perf_counter()
    facts = gather(_ctx(), probes=probes)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.2, elapsed  # the sum would be 2.0 s
    assert [r.name for r in facts.probes] == [f"p{i}" for i in range(5)]


def test_a_hung_probe_is_recorded_as_timeout_and_the_others_still_count() -> None:
    hung = Probe(name="hangs", order=1, run=lambda ctx: time.sleep(30) or ProbeResult())
    quick = _sleeper("quick", 0.0, driver=DriverFacts(ProbeStatus.MISSING))
    start = time.perf_counter()
    import tfgpu.gather as g

    old = g.GRACE_S
    g.GRACE_S = 0.2
    try:
        facts = gather(_ctx(), probes=[hung, quick], probe_timeout_s=0.3)
    finally:
        g.GRACE_S = old
    assert time.perf_counter() - start < 2
    rec = facts.probe("hangs")
    assert rec is not None and rec.status is ProbeStatus.TIMEOUT
    assert rec.message == "probe hangs did not finish within 0.3 s"
    assert facts.driver == DriverFacts(ProbeStatus.MISSING)


def test_a_raising_probe_is_an_error_record_not_a_crash() -> None:
    def boom(ctx: ProbeContext) -> ProbeResult:
        raise RuntimeError("bug")

    facts = gather(_ctx(), probes=[Probe(name="boom", order=1, run=boom)])
    rec = facts.probe("boom")
    assert rec is not None and rec.status is ProbeStatus.ERROR
    assert rec.message == "internal error in probe boom: RuntimeError: bug"
    assert facts.python.version is None  # defaults fill what no probe gave


def test_a_raising_tf_probe_is_a_tf_error_not_no_tf() -> None:
    """Review defect 1: an internal TF-probe failure read as "not checked (--no-tf)"."""
    from tfgpu.diagnosis.doctor import diagnose

    def boom(ctx: ProbeContext) -> ProbeResult:
        raise OverflowError("timeout value is too large")

    facts = gather(_ctx(), probes=[Probe(name="tf", order=90, run=boom, is_tf=True,
                                         long_running=True)])
    assert facts.tf is not None and facts.tf.status is ProbeStatus.ERROR
    assert facts.tf.error == ("the TensorFlow probe failed: OverflowError: timeout value is "
                              "too large")
    report = diagnose(dataclasses.replace(
        facts, python=dataclasses.replace(facts.python, version="3.11.7")))
    assert "--no-tf" not in report.verdict.headline
    assert "tensorflow-probe-failed" in {f.id for f in report.findings}


def test_no_tf_skips_the_tf_probe_and_says_so() -> None:
    called = []

    def tf_run(ctx: ProbeContext) -> ProbeResult:
        called.append(1)
        return ProbeResult(tf=TFFacts(ProbeStatus.OK))

    facts = gather(_ctx(), include_tf=False,
                   probes=[Probe(name="tf", order=90, run=tf_run, is_tf=True)])
    assert called == []
    assert facts.tf == TFFacts(ProbeStatus.SKIPPED)
    rec = facts.probe("tf")
    assert rec is not None and rec.status is ProbeStatus.SKIPPED


def test_tf_probe_gets_the_long_limit() -> None:
    seen: dict[str, float] = {}

    def grab(name: str):
        def run(ctx: ProbeContext) -> ProbeResult:
            seen[name] = ctx.timeout_s
            return ProbeResult()
        return run

    gather(_ctx(), probe_timeout_s=3, tf_timeout_s=77, probes=[
        Probe(name="tf", order=90, run=grab("tf"), long_running=True, is_tf=True),
        Probe(name="os", order=1, run=grab("os"))])
    assert seen == {"tf": 77, "os": 3}


def test_merge_drops_pci_only_nvidia_entries_when_the_driver_listed_gpus() -> None:
    nvml = GPU(index=0, vendor="nvidia", name="NVIDIA L4", pci_bus_id="00000000:01:00.0",
               source="nvml")
    lspci = GPU(index=0, vendor="nvidia", name="NVIDIA Corporation AD104GL [L4]",
                pci_bus_id="0000:01:00.0", source="lspci")
    intel = GPU(index=0, vendor="intel", name="Intel UHD Graphics 770", source="lspci")
    facts = merge([ProbeResult(gpus=(lspci, intel)), ProbeResult(gpus=(nvml,))], _ctx())
    assert facts.gpus == (nvml, intel)


def test_merge_keeps_pci_only_nvidia_entries_when_no_driver_answered() -> None:
    lspci = GPU(index=0, vendor="nvidia", name="NVIDIA GA106", source="lspci")
    facts = merge([ProbeResult(gpus=(lspci,), driver=DriverFacts(ProbeStatus.MISSING))], _ctx())
    assert facts.nvidia_gpus == (lspci,)


def test_merge_dedupes_nvidia_gpus_listed_by_nvml_and_nvidia_smi() -> None:
    a = GPU(index=0, vendor="nvidia", name="NVIDIA L4", uuid="GPU-1", source="nvml")
    b = GPU(index=0, vendor="nvidia", name="NVIDIA L4", uuid="GPU-1", source="nvidia-smi")
    assert merge([ProbeResult(gpus=(a,)), ProbeResult(gpus=(b,))], _ctx()).gpus == (a,)


def test_merge_first_single_field_wins_and_env_merges() -> None:
    d1 = DriverFacts(ProbeStatus.OK, version="535.161.08")
    d2 = DriverFacts(ProbeStatus.ERROR)
    facts = merge([ProbeResult(driver=d1, env={"A": "1"}),
                   ProbeResult(driver=d2, env={"A": "2", "B": "3"})], _ctx())
    assert facts.driver == d1
    assert dict(facts.env) == {"A": "1", "B": "3"}


def test_real_gather_without_tf_is_fast_and_complete() -> None:
    start = time.perf_counter()
    facts = gather(include_tf=False)
    assert time.perf_counter() - start < 3
    assert facts.os.system
    assert facts.python.version is not None
    assert facts.tf is not None and facts.tf.status is ProbeStatus.SKIPPED


def test_an_interpreter_that_does_not_answer_is_asked_once_and_gets_no_tf_child() -> None:
    """A hung --python is stopped once, at the python probe's own limit: the TensorFlow
    child (90 s) and the site-packages question would only wait out their limits again."""
    from tfgpu._proc import CommandResult

    asked: list[tuple[str, ...]] = []

    def runner(argv: object, timeout_s: float) -> CommandResult:
        key = tuple(argv)  # type: ignore[call-overload]
        if key[0] == "/hung/python":
            asked.append(key)
            return CommandResult.timed_out(key, timeout_s)
        return CommandResult(key, ProbeStatus.MISSING, message=f"{key[0]}: not found")

    ctx = ProbeContext(runner=runner, env={}, system="Linux", python_executable="/hung/python")
    facts = gather(ctx, probes=discover(), probe_timeout_s=10, tf_timeout_s=90)
    assert len(asked) == 1, asked
    rec = facts.probe("python")
    assert rec is not None and rec.status is ProbeStatus.TIMEOUT
    assert rec.message == "/hung/python did not finish within 10 s and was stopped"
    tf = facts.probe("tf")
    assert tf is not None and tf.status is ProbeStatus.SKIPPED
    assert tf.message is not None and "did not answer the python probe" in tf.message
    site = facts.probe("site-packages")
    assert site is not None and site.status is ProbeStatus.SKIPPED


def test_an_interpreter_that_does_not_answer_has_no_invented_details() -> None:
    """Implementation and pointer size of an interpreter that never answered are unknown."""
    from tfgpu.probes import python_env

    def runner(argv: object, timeout_s: float) -> object:
        from tfgpu._proc import CommandResult

        return CommandResult.timed_out(tuple(argv), timeout_s)  # type: ignore[call-overload]

    ctx = ProbeContext(runner=runner, env={}, system="Linux", python_executable="/hung/python",
                       timeout_s=10)
    py = python_env.run(ctx).python
    assert py is not None and py.version is None
    assert py.implementation is None and py.bits is None
    assert merge([], ctx).python.implementation is None
