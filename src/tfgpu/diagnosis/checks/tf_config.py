"""``tf.config`` calls TensorFlow rejects with an argument or ordering error.

Sources (the tensorflow 2.21.0 wheel; rows in ``knowledge/data/messages_tf_python.toml``):

* ``tensorflow/python/eager/context.py``: ``set_logical_device_configuration`` ("Setting memory
  limit is required for GPU virtual devices", "Virtual devices are not supported for %s",
  "Setting memory limit on CPU virtual devices is currently not supported"),
  ``_compute_device_options`` ("priority/device_ordinals must be specified for all virtual
  devices"), ``set_memory_growth`` ("Cannot set memory growth on non-GPU and non-Pluggable
  devices"), ``set_visible_devices`` ("Invalid visible device index: %s"), the
  ``intra_op_parallelism_threads``/``inter_op_parallelism_threads`` setters ("... cannot be
  modified after initialization."), ``configure_collective_ops`` ("Collective ops must be
  configured at program startup"), ``set_logical_cpu_devices`` ("Virtual CPUs already set").
* ``tensorflow/python/framework/config.py`` ``set_device_policy``: "Invalid argument
  `device_policy`: %r. ...".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: (what, why, fix) by the named group of ``gpu.config_rejected`` that matched.
_CONFIG: dict[str, tuple[str, str, str]] = {
    "limit": (
        "a GPU logical device without memory_limit",
        "tf.config.set_logical_device_configuration was given a LogicalDeviceConfiguration "
        "without memory_limit for a GPU; every logical (virtual) GPU needs its own memory limit "
        "(context.py set_logical_device_configuration).",
        "tf.config.set_logical_device_configuration(gpu, "
        "[tf.config.LogicalDeviceConfiguration(memory_limit=4096)])   # MiB, one per device",
    ),
    "cpulimit": (
        "memory_limit/priority/ordinal on a CPU logical device",
        "A LogicalDeviceConfiguration for the CPU set memory_limit, experimental_priority or "
        "experimental_device_ordinal; CPU logical devices take none of these (context.py).",
        "tf.config.set_logical_device_configuration(cpu, "
        "[tf.config.LogicalDeviceConfiguration()] * 2)   # no memory_limit on CPUs",
    ),
    "partial": (
        "priority/device_ordinal set on only some logical GPUs",
        "experimental_priority or experimental_device_ordinal was given for some of a GPU's "
        "logical devices but not all; TensorFlow requires it on all or none (context.py "
        "_compute_device_options).",
        "# give experimental_priority / experimental_device_ordinal to every "
        "LogicalDeviceConfiguration of the GPU, or to none",
    ),
    "prio": (
        "a logical GPU's priority outside the GPU's range",
        "A logical GPU was given experimental_priority {prio}, outside the stream priorities "
        "this GPU supports ([{range}], cuCtxGetStreamPriorityRange); gpu_device.cc "
        "(VerifyVirtualDeviceSettings) refuses it.",
        "tf.config.set_logical_device_configuration(gpu, "
        "[tf.config.LogicalDeviceConfiguration(memory_limit=4096, experimental_priority=0)])"
        "   # a priority within the range the error prints",
    ),
    "norange": (
        "priorities for a GPU TensorFlow did not keep",
        "Logical-device priorities were configured for GPU {prgpu}, whose stream-priority "
        "range TensorFlow did not record: the configuration names a GPU TensorFlow did not "
        "keep (a visible_device_list or CUDA_VISIBLE_DEVICES that hides it, or a GPU it "
        "ignored) (gpu_device.cc VerifyVirtualDeviceSettings).",
        "# configure logical devices only for GPUs that tf.config.list_physical_devices('GPU') "
        "lists",
    ),
    "vtype": (
        "logical devices for a device type that has none",
        "tf.config.set_logical_device_configuration was called on a device of type {vtype}; "
        "only CPUs and GPUs can be split into logical devices (context.py).",
        "# call it with a device from tf.config.list_physical_devices('GPU') or ('CPU')",
    ),
    "growthtype": (
        "memory growth on a device that is not a GPU",
        "tf.config.experimental.set_memory_growth was called on a device that is neither a GPU "
        "nor a pluggable device (a CPU from list_physical_devices() without a type); memory "
        "growth exists only for GPU memory (context.py set_memory_growth).",
        "for g in tf.config.list_physical_devices('GPU'): "
        "tf.config.experimental.set_memory_growth(g, True)",
    ),
    "index": (
        "set_visible_devices with a device that is not one of the listed ones",
        "tf.config.set_visible_devices was given a device index ({index}) outside the "
        "physical devices TensorFlow lists (context.py set_visible_devices); "
        "CUDA_VISIBLE_DEVICES already renumbers the GPUs this process sees from 0.",
        "gpus = tf.config.list_physical_devices('GPU'); "
        "tf.config.set_visible_devices(gpus[:1], 'GPU')   # pass listed devices",
    ),
    "threads": (
        "thread settings changed after the runtime started",
        "tf.config.threading.set_intra_op/inter_op_parallelism_threads ran after TensorFlow's "
        "runtime was initialised (an op, a model, or an imported module that builds one); "
        "these settings are frozen from then on (context.py).",
        "# call tf.config.threading.set_*_parallelism_threads right after `import "
        "tensorflow`, before any op runs",
    ),
    "collective": (
        "collective ops configured after the runtime started",
        "Collective ops (tf.distribute's all-reduce settings, context.configure_collective_ops,"
        " which MultiWorkerMirroredStrategy calls when it is created) were configured after "
        "TensorFlow's runtime was initialised (an op, a model, a dataset or a device query "
        "that starts it ran first); they must be set at program startup (context.py).",
        "# create the tf.distribute strategy (MultiWorkerMirroredStrategy, after TF_CONFIG is "
        "set) right after `import tensorflow`, before any op, model or dataset is built",
    ),
    "policy": (
        "an unknown device policy",
        "tf.config.experimental.set_device_policy was given {policy}; it takes 'explicit', "
        "'warn', 'silent', 'silent_for_int32' or None (framework/config.py).",
        "tf.config.experimental.set_device_policy('silent')   # or None: TensorFlow's default",
    ),
    "vcpu": (
        "virtual CPUs set twice",
        "The logical CPU devices were already set in this process and cannot be changed "
        "(context.py set_logical_cpu_devices).",
        "# set logical CPU devices once, at program startup",
    ),
}


def tf_config_call_rejected(ctx: Facts) -> list[Finding]:
    """A tf.config call TensorFlow rejected with an argument or ordering error whose text
    names its rule (eager/context.py): ``tf-config-call-rejected``, one finding for the
    first such line."""
    hits = ctx.h("gpu.config_rejected").all()
    if not hits:
        return []
    first = hits[0]
    key = next(k for k in _CONFIG if first.g(k))
    what, why, fix = _CONFIG[key]
    fields = {"vtype": first.g("vtype") or "?", "index": first.g("index") or "?",
              "policy": first.g("policy") or "?", "prio": first.g("prio") or "?",
              "range": first.g("range") or "?", "prgpu": first.g("prgpu") or "?"}
    return [catalogue.make(
        "tf-config-call-rejected", evidence=log_evidence(hits[:3]),
        what=what, why=why.format(**fields), fix=(fix,),
    )]
