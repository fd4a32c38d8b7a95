"""Message families whose variable part (a condition, a module name) decides the
cause.  Each test feeds another member of the family than the public cases and checks the
claim fits that member (NVIDIA_REQUIRE_* conditions: libnvidia-container src/cli/dsl.c)."""

from __future__ import annotations

import pytest

from tfgpu.findings import Severity

from .kind_helpers import fix_text, ids, known

_NVC = "nvidia-container-cli: requirement error: unsatisfied condition: "


@pytest.mark.parametrize("cond", ["brand = quadrortx: unknown.", "brand=nvidiartx",
                                  "brand = tesla\\\\n\\\"\"\": unknown.", "BRAND = geforce"])
def test_brand_condition_is_not_read_as_image_cuda_newer(cond: str) -> None:
    found = ids([_NVC + cond])
    assert "docker-image-cuda-newer-than-host-driver" not in found, found
    f = known([_NVC + cond], "docker-image-requirement-unsatisfied")
    assert f.severity is Severity.WARNING
    assert "1.9.0" in f.title and "brand" in f.title.lower()
    assert "NVIDIA_DISABLE_REQUIRE=1" in fix_text(f)
    assert "nvidia-container-cli --version" in fix_text(f)


def test_tesla_alternative_after_the_image_cuda_is_the_driver_too_old() -> None:
    """The toolkit's own command line shows the requirement's alternatives: cuda>=10.0 failed
    first, and brand=tesla (the datacenter driver's exception, a brand every toolkit knows) is
    the one reported; a GeForce on driver 390 (NVIDIA/nvidia-docker#931)."""
    line = ("stderr: exec command: [/usr/bin/nvidia-container-cli --load-kmods configure "
            "--ldconfig=@/sbin/ldconfig.real --device=all --compute --utility "
            "--require=cuda>=10.0 brand=tesla,driver>=384,driver<385 --pid=6970 /var/lib/"
            "docker/overlay2/be70/merged]\\\\nnvidia-container-cli: requirement error: "
            "unsatisfied condition: brand = tesla\\\\n\\\"\"\": unknown.")
    found = ids([line])
    assert "docker-image-requirement-unsatisfied" not in found, found
    f = known([line], "docker-image-cuda-newer-than-host-driver")
    assert "cuda>=10.0" in f.title
    assert "410" in fix_text(f)


@pytest.mark.parametrize("cond", ["driver>=470", "driver < 471", "driver>=418,driver<419"])
def test_driver_condition_names_the_driver_range(cond: str) -> None:
    f = known([_NVC + cond], "docker-image-requirement-unsatisfied")
    assert "driver is outside the image's range" in f.title
    assert "docker-image-cuda-newer-than-host-driver" not in ids([_NVC + cond])


def test_arch_condition_names_the_architecture() -> None:
    f = known([_NVC + "arch >= 7.0"], "docker-image-requirement-unsatisfied")
    assert "architecture" in f.title


@pytest.mark.parametrize("cond", ["cuda>=12.4, please update your driver to a newer version, "
                                  "or use an earlier cuda container: unknown.",
                                  "cuda >= 10.0\\\\n"])
def test_cuda_condition_keeps_the_driver_floor_reading(cond: str) -> None:
    found = ids([_NVC + cond])
    assert "docker-image-cuda-newer-than-host-driver" in found, found
    assert "docker-image-requirement-unsatisfied" not in found


# ------------------------------------------------------------- private Keras modules (keras.src)


def _tb(module: str) -> list[str]:
    return ["Traceback (most recent call last):",
            '  File "/opt/venv/lib/python3.11/site-packages/somepkg/__init__.py", line 3, '
            "in <module>",
            f"    from {module} import thing",
            f"ModuleNotFoundError: No module named '{module}'"]


@pytest.mark.parametrize("module", ["keras.src.legacy", "keras.src.ops", "keras.src.trainers",
                                    "keras.src.backend.tensorflow", "keras.src.ops.numpy"])
def test_keras3_only_module_needs_keras3_not_2_13(module: str) -> None:
    f = known(_tb(module), "keras-private-api-moved")
    assert "Keras 3" in f.cause and "2.16" in f.cause
    assert "2.13" not in f.cause  # the old claim: 'exists from Keras 2.13 on'
    assert "install -U tensorflow" in fix_text(f)
    assert "older release" in fix_text(f)
    assert f.knowledge_ref is not None and "keras-src-" in f.knowledge_ref


@pytest.mark.parametrize("module", ["keras.src.engine", "keras.src.engine.functional",
                                    "keras.src.preprocessing"])
def test_keras2_only_module_is_a_package_written_for_keras2(module: str) -> None:
    f = known(_tb(module), "keras-private-api-moved")
    assert "written for Keras 2" in f.title
    assert "2.13-2.15" in f.cause
    assert "tensorflow<2.16" in fix_text(f)
    assert "install -U tensorflow" not in fix_text(f)


@pytest.mark.parametrize("module", ["keras.src", "keras.src.utils",
                                    "keras.src.saving.serialization_lib"])
def test_modules_from_2_13_keep_the_2_13_floor(module: str) -> None:
    f = known(_tb(module), "keras-private-api-moved")
    assert "from Keras 2.13" in f.cause
    assert "Keras 3 (" not in f.cause


def test_unlisted_keras_src_module_names_no_direction() -> None:
    f = known(_tb("keras.src.utils.some_private_helper"), "keras-private-api-moved")
    assert "does not say" in f.cause
    assert "install -U tensorflow" not in fix_text(f)


@pytest.mark.parametrize(("module", "words"), [
    ("keras.src.legacy.saving", "written with Keras 3 is loaded with Keras 2"),
    ("keras.src.engine.functional", "written with Keras 2 is loaded with a Keras that lacks"),
    ("keras.src", "Keras >= 2.13 is loaded with Keras <= 2.12"),
])
def test_pickled_keras_object_direction_follows_the_module(module: str, words: str) -> None:
    found = ids(["model = joblib.load('model.pkl')",
                 f"ModuleNotFoundError: No module named '{module}'"])
    assert words in found["keras-model-saved-with-other-keras"].cause


# ------------------------------------------------------------------------- sweep: other families


@pytest.mark.parametrize("code", ["CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED",
                                  "CUPTI_ERROR_NOT_INITIALIZED"])
def test_cupti_call_error_is_not_read_as_a_missing_library(code: str) -> None:
    f = known(["E external/local_tsl/tsl/profiler/backends/gpu/cupti_tracer.cc:1213] function "
               "cupti_interface_->Subscribe( &subscriber_, (CUpti_CallbackFunc)ApiCallback, "
               f"this)failed with error {code}"], "cupti-not-loaded")
    assert code in f.title
    assert "loader path" not in f.cause and "LD_LIBRARY_PATH" not in fix_text(f)


def test_cupti_privileges_and_missing_library_keep_their_causes() -> None:
    f = known(["failed with error CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"], "cupti-not-loaded")
    assert "non-admin" in f.cause
    f = known(["Could not load dynamic library 'libcupti.so.12'; dlerror: libcupti.so.12: "
               "cannot open shared object file: No such file or directory"], "cupti-not-loaded")
    assert "loader path" in f.cause


@pytest.mark.parametrize("line", ["ValueError: Unrecognized keyword arguments passed to Dense: "
                                  "{'unitz': 10}",
                                  "ValueError: Unrecognized keyword arguments passed to "
                                  "LSTM: {'time_major': True}"])
def test_keras3_unknown_kwarg_does_not_claim_it_was_dropped(line: str) -> None:
    f = known([line], "keras3-legacy-api-used")
    assert "dropped" in f.cause and "never had" in f.cause
    assert "does not accept" in f.title


def test_keras3_optimizer_lr_keeps_the_dropped_claim() -> None:
    f = known(["ValueError: Argument(s) not recognized: {'lr': 0.001}"],
              "keras3-legacy-api-used")
    assert "which dropped the lr= argument" in f.cause
