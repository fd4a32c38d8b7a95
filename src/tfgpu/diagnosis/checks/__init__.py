"""The checks: pure functions ``(Facts) -> Iterable[Finding]``, grouped by fault kind.

One set of checks runs for ``doctor``, ``doctor --facts``, ``explain`` and the verdicts of
``verify`` and ``bench``; each reads the one view :class:`tfgpu.facts.view.Facts` (host
facts, log facts, knowledge) and answers nothing when what it needs is unknown.  Every
finding is built from its catalogue row (:func:`tfgpu.diagnosis.catalogue.make`).

:data:`CHECKS` is the explicit list, in the order findings are produced (the first
finding of an id wins): checks that read host facts first (host facts win over log
hints), then the checks of log messages.  Adding a check means adding it here.
"""

from __future__ import annotations

from tfgpu.diagnosis.checks._common import Check
from tfgpu.diagnosis.checks.compute_capability import compute_capability, rule_compute_capability
from tfgpu.diagnosis.checks.containers import container_without_gpu, docker_errors
from tfgpu.diagnosis.checks.cpu import (
    cpu_guard_abort,
    cpu_lacks_required_instructions,
    rule_illegal_instruction,
)
from tfgpu.diagnosis.checks.cupti import rule_cupti
from tfgpu.diagnosis.checks.distributed import collective_group_mismatch, rule_nccl
from tfgpu.diagnosis.checks.driver import (
    cuda_context_of_other_library,
    cuda_runtime_init,
    driver_broken,
    driver_library_mismatch,
    driver_library_mismatch_log,
    driver_missing,
    driver_too_old_for_cuda,
    driver_too_old_for_cuda_log,
    gpu_kernel_fault,
    rule_cuda_drivers,
    rule_cuinit,
)
from tfgpu.diagnosis.checks.hardware import (
    cpu_host_gpu_messages,
    laptop_mx,
    multi_gpu_p2p,
    no_nvidia_gpu,
    small_memory,
)
from tfgpu.diagnosis.checks.libraries import (
    cuda_cudnn_major,
    ld_library_path_shadows,
    nvidia_wheels_match_pins,
    rule_cudnn_mismatch,
    rule_missing_libraries,
    several_toolkits_on_path,
    tf_cuda_libraries_missing,
)
from tfgpu.diagnosis.checks.memory import (
    cuda_malloc_async_unsupported,
    cudnn_bug_detected,
    gpu_memory_options_conflict,
    rule_autotune,
    rule_library_handle,
    rule_memory,
)
from tfgpu.diagnosis.checks.mixed_precision import no_tensor_cores, rule_mixed, rule_mixed_dtypes
from tfgpu.diagnosis.checks.notices import rule_noise
from tfgpu.diagnosis.checks.tf_install import (
    cpu_only_build,
    cpu_only_build_log,
    keras3,
    keras_minor_mismatch,
    metal_plugin_mismatch,
    numpy_abi,
    numpy_abi_log,
    numpy_removed_alias,
    numpy_too_old,
    pip_resolution_conflict,
    protobuf_version,
    python_interpreter_unusable,
    python_outside_tf_range,
    rule_pip,
    tensorflow_and_cpu_variant,
    tensorflow_gpu_package,
    tensorflow_gpu_package_log,
    tensorflow_not_installed,
    tensorflow_probe_failed,
    tensorflow_variants_log,
    user_site_shadows_env,
    windows_native_no_gpu,
)
from tfgpu.diagnosis.checks.unknown import rule_unrecognised
from tfgpu.diagnosis.checks.visibility import (
    cuda_visible_devices_hides_gpus,
    gpu_ignored_low_multiprocessor_count,
    log_level_hides_reasons,
    op_has_no_gpu_kernel,
    rule_gpu_created,
    rule_gpu_not_visible,
    tensorflow_gpu_ops,
    tensorflow_sees_no_gpu,
    tf_env_var_invalid,
    visible_device_list_invalid,
    windows_native_gpu_shown,
)
from tfgpu.diagnosis.checks.windows import rule_windows
from tfgpu.diagnosis.checks.wsl import rule_wsl_numa, wsl1, wsl1_log
from tfgpu.diagnosis.checks.xla import rule_xla

#: Checks of host facts: environment, hardware and driver, TensorFlow install, versions.
HOST_CHECKS: tuple[Check, ...] = (
    cuda_visible_devices_hides_gpus,
    several_toolkits_on_path,
    log_level_hides_reasons,
    ld_library_path_shadows,
    no_nvidia_gpu,
    cpu_host_gpu_messages,
    driver_missing,
    driver_broken,
    driver_library_mismatch,
    wsl1,
    small_memory,
    laptop_mx,
    no_tensor_cores,
    multi_gpu_p2p,
    python_interpreter_unusable,
    tensorflow_not_installed,
    cpu_only_build,
    windows_native_no_gpu,
    tensorflow_gpu_package,
    tensorflow_and_cpu_variant,
    tensorflow_sees_no_gpu,
    tensorflow_gpu_ops,
    tensorflow_probe_failed,
    cpu_lacks_required_instructions,
    driver_too_old_for_cuda,
    cuda_cudnn_major,
    python_outside_tf_range,
    compute_capability,
    numpy_abi,
    nvidia_wheels_match_pins,
    tf_cuda_libraries_missing,
)
#: Checks of log messages (they read host facts too, to sharpen causes and fixes).
LOG_CHECKS: tuple[Check, ...] = (
    rule_missing_libraries,
    rule_cudnn_mismatch,
    driver_too_old_for_cuda_log,
    driver_library_mismatch_log,
    wsl1_log,
    docker_errors,
    container_without_gpu,
    rule_cuinit,
    cuda_runtime_init,
    gpu_kernel_fault,  # universe
    rule_cuda_drivers,
    rule_windows,
    rule_pip,
    pip_resolution_conflict,  # universe
    keras_minor_mismatch,  # universe
    tensorflow_gpu_package_log,
    tensorflow_variants_log,
    cpu_only_build_log,
    user_site_shadows_env,  # semantics (stage 3)
    numpy_abi_log,
    numpy_too_old,
    numpy_removed_alias,
    protobuf_version,
    keras3,
    metal_plugin_mismatch,
    rule_memory,
    gpu_memory_options_conflict,  # universe
    cuda_malloc_async_unsupported,  # universe
    cudnn_bug_detected,  # universe
    cuda_context_of_other_library,  # universe
    tf_env_var_invalid,  # universe
    gpu_ignored_low_multiprocessor_count,  # universe
    op_has_no_gpu_kernel,  # universe
    rule_library_handle,
    rule_autotune,
    rule_xla,
    rule_compute_capability,
    rule_wsl_numa,
    rule_cupti,
    rule_nccl,
    collective_group_mismatch,  # semantics (stage 3)
    rule_mixed,
    rule_mixed_dtypes,
    rule_gpu_not_visible,
    windows_native_gpu_shown,  # semantics (stage 3)
    visible_device_list_invalid,  # universe
    cpu_guard_abort,
    rule_illegal_instruction,
    rule_gpu_created,
    rule_noise,
)
#: Every check, in the order findings are produced (and deduplicated by): keep it.
CHECKS: tuple[Check, ...] = HOST_CHECKS + LOG_CHECKS

__all__ = ["CHECKS", "HOST_CHECKS", "LOG_CHECKS", "Check", "rule_unrecognised"]
