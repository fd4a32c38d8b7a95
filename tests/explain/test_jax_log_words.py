"""A JAX log's findings in JAX's words (diagnosis/jax_words.py): JAX's memory settings instead
of TensorFlow's knobs, and no TensorFlow package clause renamed into a JAX one."""

from __future__ import annotations

from tfgpu.diagnosis.jax_words import jax_cause, jax_fix

from .kind_helpers import fix_text, ids

_JAX_CUDNN_HANDLE = [
    "E0601 10:00:00.000000  123 cuda_dnn.cc:535] Could not create cudnn handle: "
    "CUDNN_STATUS_INTERNAL_ERROR",
    "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: DNN library initialization "
    "failed. Look at the errors above for more details.",
]


def test_jax_cudnn_handle_gives_jax_memory_settings_not_tensorflow_knobs() -> None:
    found = ids(_JAX_CUDNN_HANDLE)
    assert "log-is-jax" in found, found
    f = found["dnn-handle-failed-gpu-memory"]
    fix = fix_text(f)
    assert "XLA_PYTHON_CLIENT_PREALLOCATE=false" in fix, fix
    assert "XLA_PYTHON_CLIENT_MEM_FRACTION" in fix, fix
    for tf_only in ("TF_FORCE_GPU_ALLOW_GROWTH", "tf.config", "ConfigProto", "import tensorflow"):
        assert tf_only not in fix, (tf_only, fix)
    assert f.doc is not None and "jax" in f.doc, f.doc


def test_jax_cudnn_handle_cause_names_no_tensorflow_package_as_jaxlib() -> None:
    f = ids(_JAX_CUDNN_HANDLE)["dnn-handle-failed-gpu-memory"]
    assert "tensorflow-gpu" not in f.cause, f.cause
    assert "two jaxlib packages" not in f.cause, f.cause
    assert "jaxlib" in f.cause and "75%" in f.cause, f.cause


def test_jax_cause_drops_a_tensorflow_package_clause_and_keeps_the_sentence_end() -> None:
    cause = ("Rarer causes: a driver too old; two TensorFlow packages in one environment "
             "(tensorflow and tensorflow-gpu overwrite each other's files; pip list shows "
             "both). TensorFlow prints more at log level 0.")
    assert jax_cause(cause) == "Rarer causes: a driver too old. jaxlib prints more at log level 0."


def test_jax_cause_drops_a_sentence_led_by_a_tensorflow_package() -> None:
    cause = "Memory is taken. tf.config sets growth; or ConfigProto does. The driver works."
    assert jax_cause(cause) == "Memory is taken. The driver works."


def test_jax_fix_keeps_neutral_lines_and_log_level_command_in_order() -> None:
    fix = ("export TF_FORCE_GPU_ALLOW_GROWTH=true",
           "nvidia-smi",
           "# TF 1.x: config = tf.ConfigProto(); config.gpu_options.allow_growth = True",
           "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py")
    out = jax_fix(fix)
    assert out[0].startswith("export XLA_PYTHON_CLIENT_PREALLOCATE=false"), out
    assert out[2:] == ("nvidia-smi", "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py"), out
