"""A Keras model compiled under a tf.distribute strategy with variables, an optimizer or a
metric made outside the strategy's scope, and fit_generator refused under a strategy
(checks/strategy_scope.py): rows in kind_cases/strategy_scope.toml."""

from __future__ import annotations

from tfgpu import facts as F
from tfgpu.explain import explain_lines

from .kind_helpers import table_test

test_case = table_test("strategy_scope")


def test_the_scope_error_on_a_host_without_an_nvidia_gpu_stays_an_error() -> None:
    # Model.compile raises it on a CPU or TPU host as well: no CPU-host cap, no CPU note
    host = F.HostFacts(
        os=F.OSFacts(system="Linux", name="Debian GNU/Linux 12"),
        python=F.PythonFacts(version="3.11.4", executable="python"), cpu=F.CPUFacts(),
        driver=F.DriverFacts(F.ProbeStatus.MISSING, source="nvidia-smi"),
        probes=(F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",),
                              message="not found"),
                F.ProbeRecord("sysfs-pci", F.ProbeStatus.OK, ("/sys/bus/pci/devices",),
                              message="6 PCI functions, none a display adapter")))
    line = ("ValueError: Variable (<tf.Variable 'dense/kernel:0' shape=(4, 2) dtype=float32>) "
            "was not created in the distribution strategy scope of (<tensorflow.python."
            "distribute.tpu_strategy.TPUStrategyV2 object at 0x7f>). It is most likely due to "
            "not all layers or the model or optimizer being created outside the distribution "
            "strategy scope.")
    (f,) = [f for f in explain_lines([line], host) if f.id == "strategy-model-outside-scope"]
    assert f.severity.value == "error"
    assert "does not affect TensorFlow on the CPU" not in f.cause
