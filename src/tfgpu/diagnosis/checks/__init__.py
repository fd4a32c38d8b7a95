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
from tfgpu.diagnosis.checks.addon_tf_guards import library_refuses_tensorflow, namespaced_op_refused
from tfgpu.diagnosis.checks.addons import (
    addon_name_missing,
    addon_op_library,
    filesystem_registered_twice,
    placeholder_release,
    retinanet_refuses_tensorflow,
    tfp_requires_newer_tensorflow,
)
from tfgpu.diagnosis.checks.allocator_statistics import gpu_allocator_without_statistics
from tfgpu.diagnosis.checks.apt_install import apt_cuda_stack, apt_nvidia_key_missing
from tfgpu.diagnosis.checks.colab_magics import colab_dropped_tf1_magic
from tfgpu.diagnosis.checks.collectives import collective_aborted

# --- gpu stack ---
from tfgpu.diagnosis.checks.compute_capability import (
    cc_against_official_wheel,
    compute_capability,
    custom_op_wrong_arch,
    gpu_below_every_build,
    gpu_compute_capability_not_reported,
    kernel_failure_with_other_cuda,
    rocm_gpu_arch_unsupported,
    rocm_gpu_below_min_isa,
    rule_compute_capability,
)
from tfgpu.diagnosis.checks.conda import (
    conda_clobber,
    conda_cuda_virtual_package,
    conda_packages_not_found,
    conda_solver_failed,
)
from tfgpu.diagnosis.checks.conda_defaults_tf_build import conda_defaults_tf_cpu_build
from tfgpu.diagnosis.checks.conda_tf_build import conda_tf_cpu_build
from tfgpu.diagnosis.checks.container_placeholders import (
    driver_file_placeholder,
)
from tfgpu.diagnosis.checks.containers import container_without_gpu, docker_errors
from tfgpu.diagnosis.checks.cpu import (
    cpu_guard_abort,
    cpu_lacks_required_instructions,
    cpu_named_without_avx,
    rule_illegal_instruction,
    x86_emulation_crash,
)
from tfgpu.diagnosis.checks.cudart_stub_status import (
    cuda_pointer_check,
    cudart_stub_status,
    runtime_call_status,
    runtime_driver_misfit,
)
from tfgpu.diagnosis.checks.cupti import rule_cupti
from tfgpu.diagnosis.checks.dataset_end import dataset_end_of_sequence
from tfgpu.diagnosis.checks.determinism import gpu_op_determinism, xla_graph_op_by_op
from tfgpu.diagnosis.checks.distributed import (
    collective_group_mismatch,
    gpu_peer_access_failed,
    nccl_header_missing,
    openmpi_plugin_symbol,
    rule_nccl,
)

# --- cuDNN/cuBLAS failures told apart -------------
from tfgpu.diagnosis.checks.dnn_init_causes import (
    cuda_build_older_than_gpu,
    cudnn_older_than_build,
    driver_line_after_cudnn_init,
)
from tfgpu.diagnosis.checks.docker_device_drivers import docker_rocm_device_driver
from tfgpu.diagnosis.checks.driver import (
    cuda_context_of_other_library,
    cuda_driver_not_initialised,
    cuda_launch_out_of_resources,
    cuda_runtime_init,
    driver_broken,
    driver_library_mismatch,
    driver_library_mismatch_log,
    driver_missing,
    driver_too_old_for_cuda,
    driver_too_old_for_cuda_log,
    gpu_async_failure,
    gpu_kernel_fault,
    gpu_stream_executor_init_failed,
    rule_cuda_drivers,
    rule_cuinit,
)
from tfgpu.diagnosis.checks.gpu_newer_than_build_cuda import gpu_newer_than_build_cuda
from tfgpu.diagnosis.checks.hardware import (
    cpu_host_gpu_messages,
    laptop_mx,
    multi_gpu_p2p,
    no_nvidia_gpu,
    small_memory,
)
from tfgpu.diagnosis.checks.host_killed import host_ram_exhausted, shuffle_buffer_unfinished
from tfgpu.diagnosis.checks.host_libraries import (
    cuda_cudnn_major,
    ld_library_path_shadows,
    loader_cudnn_older_than_build,
    nvidia_wheels_match_pins,
    several_toolkits_on_path,
    tf_cuda_libraries_missing,
)
from tfgpu.diagnosis.checks.import_names import import_uses_distribution_name
from tfgpu.diagnosis.checks.kernel_gen_launch import kernel_gen_module_not_loaded
from tfgpu.diagnosis.checks.kernel_time_limit import gpu_watchdog_launch_timeout
from tfgpu.diagnosis.checks.libraries import (
    ld_path_other_cuda,
    rule_cudnn_mismatch,
    rule_missing_libraries,
)
from tfgpu.diagnosis.checks.macos_arch_mismatch import macos_arch_mismatch
from tfgpu.diagnosis.checks.malloc_async_stream import malloc_async_stream_twice
from tfgpu.diagnosis.checks.memory import (
    cuda_malloc_async_unsupported,
    cudnn_bug_detected,
    cudnn_rnn_call_failed,  # cudnn rnn call
    gpu_allocator_followup,
    gpu_memory_near_limit,
    gpu_memory_options_conflict,
    gpu_memory_unavailable_at_start,
    gpu_oom_from_allocator_report,
    rule_autotune,
    rule_library_handle,
    rule_memory,
)
from tfgpu.diagnosis.checks.mixed_precision import (
    no_tensor_cores,
    rule_mixed,
    rule_mixed_dtypes,
    savedmodel_float32_only,
)
from tfgpu.diagnosis.checks.ml_dtypes_names import ml_dtypes_name_missing
from tfgpu.diagnosis.checks.mlcompute_device import mlcompute_device_after_init
from tfgpu.diagnosis.checks.notices import rule_noise
from tfgpu.diagnosis.checks.old_cuda_loader import (
    built_here_loads_other_cuda,
    driver_version_unparsed,
    libcuda_not_in_process,
    macos_old_dso_name,
    old_dso_cudnn_optional,
    old_dso_other_minor,
    old_plugin_dso_not_loaded,
)
from tfgpu.diagnosis.checks.other_loaders import (
    macos_cuda_dylib_missing,
)
from tfgpu.diagnosis.checks.pip_reports import (
    keras_minor_mismatch,
    pip_resolution_conflict,
    rule_pip,
    tensorflow_gpu_package_log,
)
from tfgpu.diagnosis.checks.pip_source_build import h5py_hdf5_missing, source_build_missing_header
from tfgpu.diagnosis.checks.placer_device_unavailable import (
    placer_device_unavailable,
    unknown_gpu_device,
    xla_gpu_device_ordinal,
)
from tfgpu.diagnosis.checks.probe_outcomes import probes_did_not_answer
from tfgpu.diagnosis.checks.python_env_faults import (
    package_folder_without_init,
    python_dll_conflict,
    python_missing_stdlib_module,
    script_shadows_package,
    source_tree_import,
)
from tfgpu.diagnosis.checks.python_import import (
    tensorflow_module_not_found,
    tf1_api_on_tf2,
    tf1_graph_code_eager,
    tf_contrib_py2,
    transformers_tf_class,
    windows_ctypes_module_not_found,
    windows_dll_procedure_not_found,
)
from tfgpu.diagnosis.checks.resolver_python_range import resolver_python_range
from tfgpu.diagnosis.checks.self_check_dll import (
    self_check_environment,
)
from tfgpu.diagnosis.checks.tf_api_names import core_name_missing
from tfgpu.diagnosis.checks.tf_api_versions import (
    module_missing,
    tf_api_newer_than_installed,
)
from tfgpu.diagnosis.checks.tf_install import (
    cpu_only_build,
    cpu_only_build_log,
    keras3,
    metal_pairing_broken,  # metal pairing
    metal_plugin_mismatch,
    numpy_abi,
    numpy_abi_log,
    numpy_added_name,
    numpy_removed_alias,
    numpy_too_old,
    protobuf_version,
    python_interpreter_unusable,
    python_outside_tf_range,
    tensorflow_and_cpu_variant,
    tensorflow_gpu_package,
    tensorflow_native_import_failed_linux,
    tensorflow_not_installed,
    tensorflow_probe_failed,
    tensorflow_variants_log,
    user_site_shadows_env,
    windows_native_no_gpu,
)
from tfgpu.diagnosis.checks.tf_py2_names import tf_py2_missing_name
from tfgpu.diagnosis.checks.torch_windows_dll import torch_windows_dll
from tfgpu.diagnosis.checks.triton_ptx import triton_gpu_arch_unsupported
from tfgpu.diagnosis.checks.trt_api import trt_not_enabled, trt_python_api
from tfgpu.diagnosis.checks.trt_engines import trt_static_engine_shape
from tfgpu.diagnosis.checks.trt_source_build import trt_source_version_unsupported
from tfgpu.diagnosis.checks.unknown import rule_unrecognised
from tfgpu.diagnosis.checks.visibility import (
    cuda_visible_devices_hides_gpus,
    gpu_ignored_low_multiprocessor_count,
    log_level_hides_reasons,
    op_has_no_gpu_kernel,
    rule_gpu_created,
    rule_gpu_not_visible,
    strategy_devices_not_visible,
    tensorflow_gpu_ops,
    tensorflow_sees_no_gpu,
    tf_env_var_invalid,
    visible_device_list_invalid,
    windows_native_gpu_shown,
)
from tfgpu.diagnosis.checks.windows import rule_windows, windows_process_crashed
from tfgpu.diagnosis.checks.windows_native_cuda_major import (
    windows_native_cuda_newer_than_last,
)
from tfgpu.diagnosis.checks.wsl import rule_wsl_numa, wsl1, wsl1_log
from tfgpu.diagnosis.checks.wsl_dxcore import wsl_dxcore_factory_failed
from tfgpu.diagnosis.checks.xla import (
    driver_jit_rejects_ptx,
    llvm_ptx_isa_unknown,
    ptx_jit_driver_known_bad,
    rule_xla,
    tf_kernel_jit_failed,
    xla_platform_not_registered,
)
from tfgpu.diagnosis.checks.xla_autotuner import xla_autotuner_no_config
from tfgpu.diagnosis.checks.xla_autotuner_compile import xla_autotuner_no_config_compiled
from tfgpu.diagnosis.checks.xla_compiler_check import xla_compiler_check_failed
from tfgpu.diagnosis.checks.xla_flags_env import xla_unknown_flag
from tfgpu.diagnosis.checks.xla_gpu_device_setup import xla_gpu_device_not_initialised

# --- ecosystem ---------------------------------------------------------------------
# isort: split
from tfgpu.diagnosis.checks.nvml_loader_path import nvml_from_overridden_loader_path

# isort: split
from tfgpu.diagnosis.checks.containers import (
    container_driver_without_device,
    container_lost_gpu_access,
    cuda_image_tag_not_published,
    image_cuda_newer_than_driver,
    image_tag_not_found,
    nvidia_container_cli_driver_error,
)
from tfgpu.diagnosis.checks.determinism_package import determinism_patch_unavailable
from tfgpu.diagnosis.checks.framework_soname import framework_soname_mismatch
from tfgpu.diagnosis.checks.gpu_runtime_symbol import tf_library_lacks_runtime_symbol
from tfgpu.diagnosis.checks.h5py_strings import h5py3_old_keras_loader
from tfgpu.diagnosis.checks.itex import itex_oneapi_runtime_missing
from tfgpu.diagnosis.checks.keras_other_keras_objects import (
    added_layer_of_other_keras,
    callback_model_of_other_keras,
    tensor_of_other_keras,
    tfmot_layer_of_other_keras,
)
from tfgpu.diagnosis.checks.keras_saving import (
    keras3_savedmodel_format,
    keras_model_saved_with_other_keras,
    keras_not_importable,
    numpy_too_new_for_tensorflow,
)
from tfgpu.diagnosis.checks.keras_two_kerases import (
    keras2onnx_mode,
    tuner_model_of_other_keras,
    two_kerases_optimizer,
)
from tfgpu.diagnosis.checks.metal import metal_plugin_loaded_twice, metal_xla_unsupported
from tfgpu.diagnosis.checks.miopen_db import miopen_database_unusable
from tfgpu.diagnosis.checks.pip_install import (
    and_cuda_tensorrt_pin,
    pip_hash_mismatch,
    pip_install_no_space,
    pip_install_permission_denied,
    pip_windows_long_paths,
    wheel_link_not_found,
)
from tfgpu.diagnosis.checks.rocblas_tensile import rocblas_tensile_library_missing
from tfgpu.diagnosis.checks.rocm import (
    rocm_crash_after_load,
    rocm_no_device,
    rocm_queue_abort,
    rocm_runtime_missing,
    rocm_vm_fault,
    xla_rocm_device_libs,
)
from tfgpu.diagnosis.checks.rocm_dnn import rocm_miopen_failed
from tfgpu.diagnosis.checks.rocm_memory import rocm_device_out_of_memory
from tfgpu.diagnosis.checks.tfjs import (
    tfjs_addon_missing,
    tfjs_cuda_libraries_missing,
    tfjs_unsupported_platform,
)
from tfgpu.diagnosis.checks.tfjs_addon_lib import tfjs_addon_libtensorflow_missing
from tfgpu.diagnosis.checks.wsl import (
    cuda_500_other_runtime,
    gpu_device_handle_unknown,
    wsl2_gpu_access_blocked,
    wsl2_libcuda_not_found,
)

# --- nvidia-smi vs CUDA, library majors from host facts, Keras 3 never called ---
# isort: split
from tfgpu.diagnosis.checks.app_oom_words import app_says_gpu_out_of_memory
from tfgpu.diagnosis.checks.exhausted_not_memory import exhausted_not_memory
from tfgpu.diagnosis.checks.frozen_apps import frozen_app_incomplete
from tfgpu.diagnosis.checks.horovod_optimizers import legacy_optimizer_required
from tfgpu.diagnosis.checks.ide_static_analysis import interpreter_lacks_modules, tf_keras_unseen
from tfgpu.diagnosis.checks.keras_model_code import keras3_never_called
from tfgpu.diagnosis.checks.layer_called_on_model import layer_called_on_model
from tfgpu.diagnosis.checks.library_majors import library_majors_from_host
from tfgpu.diagnosis.checks.memory_held import (
    gpu_memory_low_at_start,
    gpu_memory_taken_at_start,
    smi_memory_nearly_full,
)
from tfgpu.diagnosis.checks.mpi_ranks_oom import mpi_ranks_share_first_gpu
from tfgpu.diagnosis.checks.mpi_slots import not_enough_slots
from tfgpu.diagnosis.checks.other_framework_oom import other_framework_oom
from tfgpu.diagnosis.checks.savedmodel_calls import savedmodel_call_dtype_untraced
from tfgpu.diagnosis.checks.serverless_limits import (
    lambda_package_other_platform,
    lambda_package_too_large,
)
from tfgpu.diagnosis.checks.shared_wheel_folders import cuda_wheels_overwrote_each_other
from tfgpu.diagnosis.checks.smi_banner import smi_sees_gpu_cuda_does_not
from tfgpu.diagnosis.checks.smi_unlisted_holder import smi_unlisted_holder

# --- library majors from the SONAME, pip's rejected wheels, source configure, Keras on arm Macs ---
# isort: split
from tfgpu.diagnosis.checks.apple_optimizer import arm_mac_legacy_optimizer
from tfgpu.diagnosis.checks.bare_tf_symbol import bare_tf_symbol
from tfgpu.diagnosis.checks.crash_after_library_warning import crash_after_library_fallback
from tfgpu.diagnosis.checks.library_dep_version import library_needs_newer_dependency
from tfgpu.diagnosis.checks.library_files import log_library_file_unloadable
from tfgpu.diagnosis.checks.library_majors import cuda_major_from_soname
from tfgpu.diagnosis.checks.nccl_host_identity import nccl_hosts_share_hostname
from tfgpu.diagnosis.checks.nvcc_runtime_symbol import nvcc_newer_than_runtime
from tfgpu.diagnosis.checks.op_build_headers import tf_header_cuda_path, tf_headers_not_found
from tfgpu.diagnosis.checks.pip_wheel_tags import pip_wheel_tags_unsupported
from tfgpu.diagnosis.checks.protobuf_registry import protobuf_definitions_registered_twice
from tfgpu.diagnosis.checks.source_build_versions import (
    bazel_server_died,
    bazel_version_outside_range,
    thrust_cub_version_check,
)
from tfgpu.diagnosis.checks.source_configure import (
    source_configure_cuda_file_not_found,
    source_configure_toolkit_path_invalid,
    source_configure_version_differs,
)
from tfgpu.diagnosis.checks.spack_cuda_arch import spack_cuda_arch_not_set
from tfgpu.diagnosis.checks.static_tls import static_tls_exhausted
from tfgpu.diagnosis.checks.tflite_versions import (
    edgetpu_runtime_older_than_model,
    tflite_model_newer_than_runtime,
    tflite_runtime_without_flex,
)
from tfgpu.diagnosis.checks.versioned_cuda_symbol import versioned_cuda_symbol

# --- runtime lines with an error status that need no action (tf.data at exit, executor) ---
# isort: split
from tfgpu.diagnosis.checks.runtime_notices import (
    executor_start_aborting_notice,
    generator_dataset_finalize_notice,
    profiler_gpu_flops_table_notice,
)

# --- nvidia tools ---
# isort: split
from tfgpu.diagnosis.checks.nvidia_tools import (
    addons_unsupported_tf,
    hip_no_binary_for_gpu,
    pip_check_conflict,
    pip_wheel_not_counted,
    smi_cannot_reach_driver,
    smi_no_devices,
    smi_nvml_library_version,
)
from tfgpu.diagnosis.checks.nvml_failures import (  # NVML failures
    nvml_driver_not_loaded,
    nvml_inforom_corrupted,
    nvml_init_failed,
    nvml_insufficient_permissions,
    nvml_library_not_found,
)
from tfgpu.diagnosis.checks.windows_bad_image import (  # Windows error 193
    windows_dll_bad_image,
)

# --- container image requirements ---
# isort: split
from tfgpu.diagnosis.checks.containers import image_requirement_unsatisfied

# --- standalone Keras 2: another backend, Keras 2.4's TensorFlow check, 2.3's sessions ---
# isort: split
from tfgpu.diagnosis.checks.keras2_standalone import (
    keras23_on_older_tf,
    keras23_session_on_tf2,
    keras24_needs_tf22,
    keras_backend_not_tensorflow,
    keras_calls_tf_internal,
    keras_generic_utils_mixed,
    keras_not_installed,
)

# --- kind modules: kernel module, container runtime, driver files, DirectML, op registry,
# custom ops, bindings, library loading, tf.config and device placement ---
# isort: split
from tfgpu.diagnosis.checks.bindings import (
    binding_capi_missing,
    binding_import_cut,
    dotnet_dll_not_found,
    jni_dll_dependencies,
    native_library_dll_init_failed,
)
from tfgpu.diagnosis.checks.build_tools_and_banners import (
    libtensorflow_windows_gpu_missing,
    ngc_compat_unavailable,
    ngc_container_gpu_check,
    nvcc_host_compiler_unsupported,
    nvcc_unknown_arch,
    pip_too_old_for_wheels,
    setuptools_tensorflow_requirement,
    xla_ptxas_debug_dump,
)
from tfgpu.diagnosis.checks.companion_cpu_build import companion_cpu_only_build
from tfgpu.diagnosis.checks.conda import solver_nothing_provides_requested
from tfgpu.diagnosis.checks.container_runtime import (
    cdi_nvidia_device_unresolvable,
    colab_gpu_usage_limit,
    crun_nvidia_hook_failed,
    docker_gpu_request_other_cause,
    kubernetes_device_plugin_no_nvml,
    kubernetes_gpu_insufficient,
    nvidia_container_cli_failed,
    nvidia_container_cli_unknown_device,
    smi_in_container_without_gpu,
)
from tfgpu.diagnosis.checks.cuda_visible_devices import (
    cvd_hedged_no_device,
    cvd_in_log,
    r_seed_disabled_gpu,
)
from tfgpu.diagnosis.checks.cudnn_params import cudnn_bad_param
from tfgpu.diagnosis.checks.custom_ops import (
    custom_op_abi,
    horovod_extension_not_built,
    horovod_extension_symbol,
    launch_config_check,
    op_library_built_for_other_tensorflow,
)
from tfgpu.diagnosis.checks.device_placement import (
    colocation_devices_conflict,
    dataset_variant_device_copy,
    device_spec_unsatisfied,
    gpu_mapped_to_two_devices,
    tensors_on_conflicting_devices,
    tpu_not_found,
)
from tfgpu.diagnosis.checks.directml import (
    directml_library_missing,
    directml_problems,
    dml_plugin_mismatch,
    wsl_directml_libraries_missing,
)
from tfgpu.diagnosis.checks.driver_files import (
    container_driver_files_missing,
    driver_component_stale,
    no_driver_cpu_fallback,
)
from tfgpu.diagnosis.checks.driver_from_log import (
    cuinit_unnamed_code,
    driver_below_cuda_printed,
    libcuda_missing_symbol,
)
from tfgpu.diagnosis.checks.gpu_launch_rejected import gpu_launch_rejected
from tfgpu.diagnosis.checks.grappler_rewrites import grappler_temporary_variable_exists
from tfgpu.diagnosis.checks.jax_backend import jax_cuda_component_outdated
from tfgpu.diagnosis.checks.keras_moves import (
    keras_optimizer_legacy_argument,
    keras_preprocessing_package,
    keras_public_api_moved,
    keras_removed_method,
)
from tfgpu.diagnosis.checks.kernel_module import (
    gpu_ecc_double_bit_error,
    gpu_fell_off_bus,
    gpu_init_failed,
    installer_module_load_failed,
    kernel_driver_not_running,
    nouveau_holds_gpu,
    nvidia_module_crashed,
    nvidia_module_not_loadable,
    nvrm_api_mismatch,
    nvrm_gpu_unsupported,
    nvrm_no_gpu,
    nvrm_probe_not_called,
    uvm_not_loaded,
)
from tfgpu.diagnosis.checks.kernels_of_other_install import kernels_of_other_install
from tfgpu.diagnosis.checks.library_load import selfcheck_cudnn_missing
from tfgpu.diagnosis.checks.metal import metal_plugin_crashed
from tfgpu.diagnosis.checks.no_matching_wheel import (
    directml_no_wheel,
    tf1_pin_no_wheel,
)
from tfgpu.diagnosis.checks.numpy_copy_keyword import numpy_copy_false
from tfgpu.diagnosis.checks.nvidia_tools import (
    nvml_function_not_found,
    smi_missing,
)
from tfgpu.diagnosis.checks.op_kernel_limits import cudnn_rnn_mask_rejected
from tfgpu.diagnosis.checks.op_registry import (
    node_attr_not_in_op,
    node_inputs_not_in_op,
    op_not_registered,
    op_without_gpu_kernel,
    python_only_op_kernel,
)
from tfgpu.diagnosis.checks.pip_index import pip_index_unreachable
from tfgpu.diagnosis.checks.pip_install import pip_resolver_notice
from tfgpu.diagnosis.checks.protobuf_removed_api import protobuf_removed_api
from tfgpu.diagnosis.checks.strategy_scope import strategy_model_outside_scope
from tfgpu.diagnosis.checks.tensor_shape_checks import tensor_shape_check_failed
from tfgpu.diagnosis.checks.tensorflow_gpu_versions import tfgpu_version_missing
from tfgpu.diagnosis.checks.tensorrt_versions import (
    tensorrt_library_mismatch,
    tensorrt_major_mismatch,
    tf1_running_against_none,
)
from tfgpu.diagnosis.checks.text_encoding import text_read_with_locale_encoding
from tfgpu.diagnosis.checks.tf_config import tf_config_call_rejected
from tfgpu.diagnosis.checks.tf_private_names import tf_private_name_missing
from tfgpu.diagnosis.checks.typing_extensions_cap import typing_extensions_too_old
from tfgpu.diagnosis.checks.windows import (
    cudnn_sub_dll_procedure_not_found,
    dll_load_bare,
    windows_native_warning,
)
from tfgpu.diagnosis.checks.xla import (
    ptxas_fallback_candidate,
    xla_cannot_compile_function,
    xla_compiler_not_registered,
)

# --- one-line errors read by the runtime that printed them ---
# isort: split
from tfgpu.diagnosis.checks.one_line_runtimes import (
    cudnn8_sublibrary_so_missing,
    cudnn9_sublibrary_missing,
    cudnn_dso_not_loaded,
    cudnn_dso_symbol_missing,
    tensorrt_stub_aborted,
    windows_gpu_pywrap_no_module,
)
from tfgpu.diagnosis.checks.prose_library import library_missing_in_prose

# --- pywarn: TensorFlow's and Keras' Python-side training warnings (notices) ---
# isort: split
from tfgpu.diagnosis.checks.pywarn import PYWARN_CHECKS

# --- harmless grappler/Keras notices, NCCL's SHM registration, the Metal plugin's macOS, the
# placer's kernel lists, [and-cuda] wheels, XLA variables, nvidia-container-cli on WSL ---
# isort: split
from tfgpu.diagnosis.checks.container_runtime import (
    docker_wsl_no_gpu_adapter,
    nvc_requirement_invalid,
)
from tfgpu.diagnosis.checks.distributed import nccl_shm_cuda_failed
from tfgpu.diagnosis.checks.metal import metal_plugin_needs_newer_macos
from tfgpu.diagnosis.checks.no_matching_wheel import (
    and_cuda_nvidia_wheel_unavailable,
    nvidia_tensorflow_no_wheel,
    pip_range_not_offered,
)
from tfgpu.diagnosis.checks.notices import (
    grappler_kernel_check,
    keras_jit_fallback,
    keras_use_cudnn_forced,
)
from tfgpu.diagnosis.checks.op_kernel_gpu_build import (
    no_gpu_listed,
    op_gpu_build_only,
    plugin_gpu_rnn_eager,
)
from tfgpu.diagnosis.checks.op_registry import (
    op_kernel_registry,
    op_no_kernel_for_attrs_eager,
    op_no_valid_device_eager,
)
from tfgpu.diagnosis.checks.xla import xla_variable_other_device

# --- Apptainer/Singularity --nv found no NVIDIA driver files on the host ---
# isort: split
from tfgpu.diagnosis.checks.container_runtime import apptainer_nv_no_host_driver

# --- loads that belong to another package than TensorFlow (Horovod) ---
# isort: split
from tfgpu.diagnosis.checks.third_party import dali_tf_plugin_missing, horovod_version_mismatch

# --- stops asked for from outside the program; a log of another TensorFlow ---
# isort: split
from tfgpu.diagnosis.checks.bfc_check import bfc_allocator_check_failed
from tfgpu.diagnosis.checks.horovod_stall import horovod_ranks_stalled
from tfgpu.diagnosis.checks.import_crash import import_crashed
from tfgpu.diagnosis.checks.session_not_created import session_not_created
from tfgpu.diagnosis.checks.slurm_job_end import slurm_job_cancelled
from tfgpu.diagnosis.checks.stops import log_and_host_tensorflow_differ, program_stopped
from tfgpu.diagnosis.checks.symbolic_tensor import numpy_on_symbolic_tensor, tensor_numpy_in_graph
from tfgpu.diagnosis.checks.tf1_graph_elements import graph_element_elsewhere
from tfgpu.diagnosis.checks.uninitialized_variable import variable_uninitialized

# --- decoded CHECK_EQ codes, extension builds, tfjs-node on Windows, LLVM's OOM ---
# isort: split
from tfgpu.diagnosis.checks.cuda_driver_checks import cuda_check_eq_failed, set_context_failed
from tfgpu.diagnosis.checks.extension_builds import (
    cxx_standard_too_old,
    dnnlib_plugin_failed,
    nvcc_not_on_path,
    tf_source_build_gpu_not_configured,
)
from tfgpu.diagnosis.checks.host_allocation import cxx_bad_alloc, llvm_out_of_host_memory
from tfgpu.diagnosis.checks.host_memoryerror import (
    device_properties_failed,
    python_memoryerror,
)
from tfgpu.diagnosis.checks.tfjs_windows import (
    tfjs_dll_init_failed,
    tfjs_libtensorflow_not_in_deps,
)

# --- protobuf's serializer size check; the driver's device-attribute query (hedges) ---
# isort: split
from tfgpu.diagnosis.checks.device_attribute import device_attribute_query_failed
from tfgpu.diagnosis.checks.protobuf import protobuf_serialize_size_check

# --- xla dnn null and cudnn narrowing ---
# isort: split
from tfgpu.diagnosis.checks.xla_dnn_and_narrowing import (
    cudnn_descriptor_too_large,
    cudnn_narrowing,
    xla_autotune_cut,
    xla_dnn_null,
)

# --- TF 1.x era container runtimes ---
# isort: split
from tfgpu.diagnosis.checks.tf1_era_containers import nvidia_docker_plugin_not_found
from tfgpu.diagnosis.checks.tf1_era_imports import (
    windows_native_import_cut,
    windows_self_check_frame,
)

# --- op kernels' own limits and device rules; the TensorFlow Lite GPU delegate; protobuf's
# C++ extension on Windows; native crashes' exit codes on Windows; Keras subclass init order;
# the Object Detection trainer's per-clone batch; grouped convolutions on the CPU ---
# isort: split
from tfgpu.diagnosis.checks.audio_files import audioread_no_backend
from tfgpu.diagnosis.checks.checkpoints import (
    assign_shape_at_build,
    checkpoint_key_not_found,
    checkpoint_path_wrong,
    checkpoint_shape_differs,
)
from tfgpu.diagnosis.checks.ctc_loss import ctc_labels
from tfgpu.diagnosis.checks.distributed import od_clone_batch, ref_variable_devices
from tfgpu.diagnosis.checks.distributed_values import per_replica_used_as_tensor
from tfgpu.diagnosis.checks.downloads import download_certificate_failed
from tfgpu.diagnosis.checks.input_files import (
    dataframe_labels,
    empty_file_list,
    image_iterator_empty,
    image_module_rebound,
    image_utils_need_pillow,
    input_path_missing,
    keras_zip_missing,
    opencv_empty_image,
    pil_unidentified,
)
from tfgpu.diagnosis.checks.input_pipeline import (
    batch_shapes_differ,
    decode_raw_length,
    example_spec_mismatch,
    generator_element,
    image_not_decodable,
    tfrecord_damaged,
)
from tfgpu.diagnosis.checks.keras_api_signatures import (
    add_weight_positional,
    keras3_optimizer_lr,
    lr_schedule_one_argument,
    optimizer_lr_read_only,
)
from tfgpu.diagnosis.checks.keras_applications import (
    keras_app_classes,
    keras_app_input_shape,
    keras_obtain_input_shape_renamed,
)
from tfgpu.diagnosis.checks.keras_archive import keras_archive_as_hdf5
from tfgpu.diagnosis.checks.keras_fit_arguments import (
    keras2_none_gradient,
    steps_per_epoch_required,
    validation_split_unsupported,
)
from tfgpu.diagnosis.checks.keras_model_code import (
    graph_disconnected,
    keras_subclass_init,
    keras_tensor_without_dispatch,
    layer_get_config_missing,
    no_gradients,
)
from tfgpu.diagnosis.checks.keras_multi_gpu import (
    keras_device_capture_api,
    multi_gpu_model_devices,
)
from tfgpu.diagnosis.checks.keras_plot_model import plot_model_needs_graphviz
from tfgpu.diagnosis.checks.keras_recurrent import stateful_rnn_batch
from tfgpu.diagnosis.checks.keras_training_loop import (
    callback_hook_signature,
    checkpoint_path_key,
    history_metric_key,
    keras1_argument,
    learning_rate_not_float,
    no_data_adapter,
    optimizer_unknown_variable,
    save_unbuilt_model,
    tensorboard_histograms,
)
from tfgpu.diagnosis.checks.keras_weights_file import keras_weights_do_not_fit
from tfgpu.diagnosis.checks.labels_and_indices import (
    gather_index_out_of_range,
    logits_labels_dimension,
    loss_target_shapes,
    matmul_sizes,
    op_shapes_incompatible,
    reshape_count,
    xent_sizes,
)
from tfgpu.diagnosis.checks.libtensorflow_c import libtensorflow_missing
from tfgpu.diagnosis.checks.missing_modules import module_not_installed, od_protos_not_compiled
from tfgpu.diagnosis.checks.model_inputs import (
    data_cardinality,
    feed_shape,
    input_incompatible,
    numpy_object_array,
    sparse_label_out_of_range,
)
from tfgpu.diagnosis.checks.non_finite_values import values_not_finite
from tfgpu.diagnosis.checks.op_kernel_limits import (
    grouped_conv_cpu,
    nchw_on_cpu,
    sparse_matmul_gpu_limit,
)
from tfgpu.diagnosis.checks.protobuf import protobuf_extension_dll
from tfgpu.diagnosis.checks.replicate_batch_split import replicate_batch_split
from tfgpu.diagnosis.checks.saved_model_files import (
    keras3_lambda_safe_mode,
    keras_lambda_global_missing,
    keras_lambda_other_python,
    keras_saved_config_argument,
    keras_savedmodel_restore,
    keras_unknown_object,
    model_file_not_hdf5,
)
from tfgpu.diagnosis.checks.serving import serving_base_path_missing, serving_no_version
from tfgpu.diagnosis.checks.setuptools_pkg_resources import pkg_resources_missing
from tfgpu.diagnosis.checks.tensorboard_data import tensorboard_no_event_files
from tfgpu.diagnosis.checks.tensorboard_drive import tensorboard_logdir_drive_dropped
from tfgpu.diagnosis.checks.tensorflow_macos_installer import tensorflow_macos_installer_python
from tfgpu.diagnosis.checks.tf1_variables import (
    variable_defined_twice,
    variable_shared_other_shape,
)
from tfgpu.diagnosis.checks.tf_function_code import (
    eager_variable_name_reuse,
    function_new_variables,
    gast_too_new,
    graph_tensor_leak,
    keras_symbolic_in_eager,
    no_gradient,
    operator_not_allowed,
    static_shape_none,
    unhashable_tensor,
    unknown_rank,
)
from tfgpu.diagnosis.checks.tf_pulled_by_addon import tf_pulled_by_addon
from tfgpu.diagnosis.checks.tfds_datasets import (
    tfds_dataset_not_found,
    tfds_manual_download,
    tfds_split_not_understood,
)
from tfgpu.diagnosis.checks.tfhub_cache import tfhub_cache_incomplete
from tfgpu.diagnosis.checks.tfjs_models import tfjs_unknown_class
from tfgpu.diagnosis.checks.tflite_converter import (
    tflite_ops_without_builtin,
    tflite_tensor_list_lowering,
)
from tfgpu.diagnosis.checks.tflite_gpu_delegate import (
    tflite_gpu_delegate_wrong_thread,
    tflite_gpu_opencl_not_loaded,
)
from tfgpu.diagnosis.checks.tflite_inputs import tflite_input_refused
from tfgpu.diagnosis.checks.tfrecord_writer import feature_value_none
from tfgpu.diagnosis.checks.tpu_files import tpu_local_file_system
from tfgpu.diagnosis.checks.windows import windows_native_crash
from tfgpu.diagnosis.checks.windows_commit_limit import commit_limit_reached
from tfgpu.diagnosis.checks.windows_paths import windows_file_locked, windows_path_too_long

# --- a GPU under 4 GiB in TensorFlow's own device lines, beside its allocator running out ---
# isort: split
from tfgpu.diagnosis.checks.small_gpu_from_log import small_gpu_in_log

#: Checks of host facts: environment, hardware and driver, TensorFlow install, versions.
HOST_CHECKS: tuple[Check, ...] = (
    cuda_visible_devices_hides_gpus,
    several_toolkits_on_path,
    log_level_hides_reasons,
    ld_library_path_shadows,
    no_nvidia_gpu,
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
    cuda_wheels_overwrote_each_other,
    tf_cuda_libraries_missing,
    loader_cudnn_older_than_build,
    metal_pairing_broken,  # metal pairing (issue 12)
    probes_did_not_answer,
)
#: Checks of log messages (they read host facts too, to sharpen causes and fixes).
LOG_CHECKS: tuple[Check, ...] = (
    rule_missing_libraries,
    rule_cudnn_mismatch,
    driver_too_old_for_cuda_log,
    driver_library_mismatch_log,
    wsl1_log,
    docker_errors,
    docker_rocm_device_driver,
    container_without_gpu,
    rule_cuinit,
    cuda_runtime_init,
    gpu_kernel_fault,
    gpu_watchdog_launch_timeout,
    xla_autotuner_no_config,
    xla_autotuner_no_config_compiled,
    xla_compiler_check_failed,
    rule_cuda_drivers,
    cpu_host_gpu_messages,  # a log check, so doctor/explain/verify agree
    rule_windows,
    tf_pulled_by_addon,  # before rule_pip: the add-on pins a replacement breaks
    rule_pip,
    pip_resolution_conflict,
    keras_minor_mismatch,
    tensorflow_gpu_package_log,
    tensorflow_variants_log,
    cpu_only_build_log,
    user_site_shadows_env,
    numpy_abi_log,
    ml_dtypes_name_missing,
    numpy_too_old,
    numpy_added_name,
    numpy_removed_alias,
    protobuf_version,
    protobuf_removed_api,
    numpy_copy_false,
    tf_private_name_missing,
    text_read_with_locale_encoding,
    keras3,
    two_kerases_optimizer,
    keras2onnx_mode,
    tuner_model_of_other_keras,
    added_layer_of_other_keras,
    tensor_of_other_keras,
    callback_model_of_other_keras,
    tfmot_layer_of_other_keras,
    metal_plugin_mismatch,
    rule_memory,
    # several MPI ranks crowding the first GPU: before the small-pool reading of the same
    # finding id, which the crowding explains
    mpi_ranks_share_first_gpu,
    gpu_memory_taken_at_start,
    gpu_memory_low_at_start,
    smi_memory_nearly_full,
    smi_unlisted_holder,
    other_framework_oom,
    app_says_gpu_out_of_memory,
    gpu_memory_options_conflict,
    cuda_malloc_async_unsupported,
    malloc_async_stream_twice,
    gpu_allocator_without_statistics,
    cudnn_bug_detected,
    cuda_context_of_other_library,
    tf_env_var_invalid,
    gpu_ignored_low_multiprocessor_count,
    op_has_no_gpu_kernel,
    # gpu stack
    rocm_gpu_arch_unsupported,
    rocm_gpu_below_min_isa,
    gpu_compute_capability_not_reported,
    gpu_peer_access_failed,
    gpu_memory_unavailable_at_start,
    gpu_stream_executor_init_failed,
    cuda_driver_not_initialised,
    gpu_allocator_followup,
    gpu_memory_near_limit,
    driver_jit_rejects_ptx,
    ptx_jit_driver_known_bad,
    llvm_ptx_isa_unknown,
    tf_kernel_jit_failed,
    kernel_gen_module_not_loaded,
    xla_platform_not_registered,
    strategy_devices_not_visible,
    tensorflow_native_import_failed_linux,
    windows_process_crashed,
    gpu_async_failure,
    cuda_launch_out_of_resources,
    rule_library_handle,
    rule_autotune,
    rule_xla,
    triton_gpu_arch_unsupported,
    rule_compute_capability,
    rule_wsl_numa,
    rule_cupti,
    rule_nccl,
    collective_group_mismatch,
    rule_mixed,
    rule_mixed_dtypes,
    savedmodel_float32_only,
    rule_gpu_not_visible,
    windows_native_gpu_shown,
    visible_device_list_invalid,
    cpu_guard_abort,
    cpu_named_without_avx,
    rule_illegal_instruction,
    x86_emulation_crash,
    rule_gpu_created,
    rule_noise,
    # --- ecosystem ---
    and_cuda_tensorrt_pin,
    pip_windows_long_paths,
    pip_hash_mismatch,
    wheel_link_not_found,
    determinism_patch_unavailable,
    pip_install_no_space,
    pip_install_permission_denied,
    numpy_too_new_for_tensorflow,
    keras_not_importable,
    keras3_savedmodel_format,
    keras_model_saved_with_other_keras,
    keras_unknown_object,
    keras_savedmodel_restore,
    keras3_lambda_safe_mode,
    keras_app_classes,
    keras_obtain_input_shape_renamed,
    keras_app_input_shape,
    keras_lambda_global_missing,
    keras_lambda_other_python,
    keras_saved_config_argument,
    nvidia_container_cli_driver_error,
    image_cuda_newer_than_driver,
    container_driver_without_device,
    nvml_from_overridden_loader_path,
    container_lost_gpu_access,
    wsl2_gpu_access_blocked,
    gpu_device_handle_unknown,
    wsl2_libcuda_not_found,
    cuda_500_other_runtime,
    metal_plugin_loaded_twice,
    metal_xla_unsupported,
    rocm_runtime_missing,
    rocm_no_device,
    rocm_vm_fault,
    rocm_device_out_of_memory,
    framework_soname_mismatch,
    h5py3_old_keras_loader,
    tfjs_addon_libtensorflow_missing,
    rocm_queue_abort,
    rocm_miopen_failed,
    miopen_database_unusable,
    rocblas_tensile_library_missing,
    itex_oneapi_runtime_missing,
    tf_library_lacks_runtime_symbol,
    tfjs_unsupported_platform,
    tfjs_addon_missing,
    tfjs_cuda_libraries_missing,
    # --- nvidia-smi vs CUDA, library majors from host facts, Keras 3 never called ---
    smi_sees_gpu_cuda_does_not,
    library_majors_from_host,
    keras3_never_called,
    # --- tool families ---
    host_ram_exhausted,
    shuffle_buffer_unfinished,
    import_uses_distribution_name,
    resolver_python_range,
    slurm_job_cancelled,
    horovod_ranks_stalled,
    bfc_allocator_check_failed,
    import_crashed,
    variable_uninitialized,
    graph_element_elsewhere,
    tensor_numpy_in_graph,
    numpy_on_symbolic_tensor,
    no_gradients,
    session_not_created,
    apt_cuda_stack,
    apt_nvidia_key_missing,
    bazel_version_outside_range,
    bazel_server_died,
    thrust_cub_version_check,
    conda_cuda_virtual_package,
    conda_solver_failed,
    conda_packages_not_found,
    conda_clobber,
    windows_ctypes_module_not_found,
    windows_dll_procedure_not_found,
    # PyTorch's own Windows loader: 'Error loading "<dll>" or one of its dependencies'
    torch_windows_dll,
    # cuDNN 8's own "Could not load library cudnn_*64_8.dll. Error code 127": found, another build
    cudnn_sub_dll_procedure_not_found,
    transformers_tf_class,
    tensorflow_module_not_found,
    script_shadows_package,
    source_tree_import,
    package_folder_without_init,
    python_missing_stdlib_module,
    python_dll_conflict,
    tf1_api_on_tf2,
    tf1_graph_code_eager,
    tf_contrib_py2,
    tf_py2_missing_name,
    # --- nvidia tools ---
    smi_cannot_reach_driver,
    smi_no_devices,
    smi_nvml_library_version,
    pip_check_conflict,
    typing_extensions_too_old,
    pip_wheel_not_counted,
    addons_unsupported_tf,
    hip_no_binary_for_gpu,
    # --- container image requirements ---
    image_requirement_unsatisfied,
    # --- container runtime, kernel module, DirectML, installers and tools around TensorFlow ---
    nvidia_container_cli_failed,
    nvidia_container_cli_unknown_device,
    crun_nvidia_hook_failed,
    cdi_nvidia_device_unresolvable,
    gpu_fell_off_bus,
    gpu_ecc_double_bit_error,
    gpu_init_failed,
    installer_module_load_failed,
    kubernetes_gpu_insufficient,
    kubernetes_device_plugin_no_nvml,
    directml_problems,
    docker_gpu_request_other_cause,
    smi_in_container_without_gpu,
    solver_nothing_provides_requested,
    pip_resolver_notice,
    smi_missing,
    metal_plugin_crashed,
    nvidia_module_crashed,
    nvidia_module_not_loadable,
    colab_gpu_usage_limit,
    # --- add-on op libraries, Horovod, cuInit codes, JAX, cuDNN parameters ---
    kernels_of_other_install,
    op_library_built_for_other_tensorflow,
    pip_index_unreachable,
    horovod_extension_not_built,
    cuinit_unnamed_code,
    jax_cuda_component_outdated,
    companion_cpu_only_build,
    cudnn_bad_param,
    cudnn_rnn_mask_rejected,
    # --- driver files, DirectML in WSL, ptxas fallback, TF 1.x pins, nvidia_uvm ---
    driver_component_stale,
    directml_library_missing,
    wsl_directml_libraries_missing,
    container_driver_files_missing,
    no_driver_cpu_fallback,
    ptxas_fallback_candidate,
    tf1_pin_no_wheel,
    uvm_not_loaded,
    # --- NVRM kernel log, op registry, CUDA_VISIBLE_DEVICES, wheels, DirectML plugin ---
    nvrm_api_mismatch,
    nouveau_holds_gpu,
    nvrm_probe_not_called,
    op_not_registered,
    python_only_op_kernel,
    node_attr_not_in_op,
    node_inputs_not_in_op,
    xla_unknown_flag,
    tensorrt_library_mismatch,
    xla_rocm_device_libs,
    cvd_in_log,
    r_seed_disabled_gpu,
    directml_no_wheel,
    tfgpu_version_missing,
    dll_load_bare,
    dml_plugin_mismatch,
    nvml_function_not_found,
    nvrm_gpu_unsupported,
    nvrm_no_gpu,
    # --- driver version from a log, ops without a GPU kernel, bindings, library loading ---
    driver_below_cuda_printed,
    op_without_gpu_kernel,
    grappler_temporary_variable_exists,
    strategy_model_outside_scope,
    dotnet_dll_not_found,
    jni_dll_dependencies,
    native_library_dll_init_failed,
    binding_import_cut,
    selfcheck_cudnn_missing,
    custom_op_abi,
    nvcc_newer_than_runtime,
    versioned_cuda_symbol,
    tf_header_cuda_path,
    tf_headers_not_found,
    crash_after_library_fallback,
    binding_capi_missing,
    # --- tf.config, device placement, XLA compilation, TPU, native-Windows warning ---
    tf_config_call_rejected,
    device_spec_unsatisfied,
    colocation_devices_conflict,
    xla_cannot_compile_function,
    windows_native_warning,
    tensors_on_conflicting_devices,
    tpu_not_found,
    # --- Horovod build/ABI, NCCL headers, Open MPI plugins ---
    horovod_extension_symbol,
    nccl_header_missing,
    openmpi_plugin_symbol,
    # --- TensorFlow's "kernel driver does not appear to be running" + modprobe ---
    kernel_driver_not_running,
    # --- XLA without a compiler, CPU-only/no-GPU-device ops, CC vs wheel, TF-TRT, ... ---
    xla_compiler_not_registered,
    cc_against_official_wheel,
    custom_op_wrong_arch,
    gpu_mapped_to_two_devices,
    dataset_variant_device_copy,
    tensorrt_major_mismatch,
    tf1_running_against_none,
    ld_path_other_cuda,
    kernel_failure_with_other_cuda,
    # --- TensorFlow 0.x's "Unable to load cuDNN DSO" ---
    cudnn_dso_not_loaded,
    cudnn_dso_symbol_missing,
    cudnn9_sublibrary_missing,
    cudnn8_sublibrary_so_missing,
    tensorrt_stub_aborted,
    windows_gpu_pywrap_no_module,
    # --- a CUDA/cuDNN library said missing in the log's own words ---
    library_missing_in_prose,
    # --- cuDNN/cuBLAS failures whose cause the log or the host tells (not memory) -------------
    cuda_build_older_than_gpu,
    cudnn_older_than_build,
    driver_line_after_cudnn_init,
    # --- empty NVIDIA driver placeholder files in a container; macOS dyld CUDA dylibs ---
    driver_file_placeholder,
    macos_cuda_dylib_missing,
    # --- cuInit NO_DEVICE alone / from a Ray worker, ... ---
    cvd_hedged_no_device,
    rocm_crash_after_load,
    libcuda_missing_symbol,
    launch_config_check,
    gpu_launch_rejected,
    tensor_shape_check_failed,
    # --- harmless grappler/Keras notices, NCCL's SHM registration, the Metal plugin's macOS,
    # the placer's kernel lists, [and-cuda] wheels, XLA variables, nvidia-container-cli on WSL
    grappler_kernel_check,
    nccl_shm_cuda_failed,
    metal_plugin_needs_newer_macos,
    op_kernel_registry,
    op_no_kernel_for_attrs_eager,
    op_no_valid_device_eager,
    and_cuda_nvidia_wheel_unavailable,
    pip_range_not_offered,
    keras_jit_fallback,
    keras_use_cudnn_forced,
    xla_variable_other_device,
    docker_wsl_no_gpu_adapter,
    nvc_requirement_invalid,
    # --- a TensorFlow GPU failure on a GPU below every build's compute capability --------
    gpu_below_every_build,
    # --- Apptainer/Singularity --nv found no NVIDIA driver files on the host ---
    apptainer_nv_no_host_driver,
    # --- public Keras names/modules that moved, Keras 2.11+ optimizer arguments,
    # collectives aborted or timed out ---
    keras_preprocessing_package,
    keras_public_api_moved,
    keras_optimizer_legacy_argument,
    keras_removed_method,
    collective_aborted,
    dataset_end_of_sequence,
    # --- the data a tf.data pipeline reads: batch shapes, TFRecords, images, Examples ---
    batch_shapes_differ,
    tfrecord_damaged,
    image_not_decodable,
    example_spec_mismatch,
    decode_raw_length,
    generator_element,
    # --- the Keras training loop between releases: History keys, optimizers, arguments ---
    history_metric_key,
    checkpoint_path_key,
    optimizer_unknown_variable,
    keras1_argument,
    learning_rate_not_float,
    no_data_adapter,
    save_unbuilt_model,
    tensorboard_histograms,
    callback_hook_signature,
    # --- labels against the output, lookup indices outside a table ---
    loss_target_shapes,
    logits_labels_dimension,
    op_shapes_incompatible,
    xent_sizes,
    matmul_sizes,
    reshape_count,
    gather_index_out_of_range,
    # --- graph code: Python control flow on tensors, leaked graph tensors, gradients ---
    operator_not_allowed,
    # --- arithmetic on None in code traced into a graph (a static shape) ---
    static_shape_none,
    # --- a tensor or variable as a dict key under TensorFlow 2's tensor equality ---
    unhashable_tensor,
    # --- a tf.function that made variables after its first call ---
    function_new_variables,
    # --- a tensor of unknown rank asked for its shape (py_function, decode_image) ---
    unknown_rank,
    # --- a tf.distribute PerReplica value used as one tensor ---
    per_replica_used_as_tensor,
    graph_tensor_leak,
    no_gradient,
    eager_variable_name_reuse,
    keras_symbolic_in_eager,
    gast_too_new,
    # --- Horovod built against another TensorFlow version (its own check) ---
    horovod_version_mismatch,
    # --- NVIDIA DALI's TensorFlow plugin package missing or not fitting this TensorFlow ---
    dali_tf_plugin_missing,
    # --- TensorFlow 0.x-1.x loader wordings, cuda_diagnostics' libcuda line ---
    libcuda_not_in_process,
    macos_old_dso_name,
    old_dso_cudnn_optional,
    old_plugin_dso_not_loaded,
    old_dso_other_minor,
    built_here_loads_other_cuda,
    driver_version_unparsed,
    # --- nvcc without the GPU's architecture, NGC container banners, pip-era messages ---
    nvcc_unknown_arch,
    ngc_container_gpu_check,
    setuptools_tensorflow_requirement,
    pip_too_old_for_wheels,
    libtensorflow_windows_gpu_missing,
    xla_ptxas_debug_dump,
    nvcc_host_compiler_unsupported,
    ngc_compat_unavailable,
    # --- a found GPU newer than the build's CUDA major, nothing failing yet ---
    gpu_newer_than_build_cuda,
    # --- an op pinned to a GPU the placer does not list ---
    placer_device_unavailable,
    # --- native Windows, version unknown, only a CUDA newer than the last GPU release's ---
    windows_native_cuda_newer_than_last,
    # --- "<GPU 0> unknown device.": TensorFlow registered no GPU ---
    unknown_gpu_device,
    # --- XLA_GPU_JIT device number N out of XLA's GPU range (TF 1.15/2.0) ---
    xla_gpu_device_ordinal,
    # --- "device CUDA:N not supported by XLA service": XLA left that GPU out ---
    xla_gpu_device_not_initialised,
    # --- a cuDNN RNN call failed mid-training: causes listed, none claimed ---
    cudnn_rnn_call_failed,
    # --- conda-forge's CPU-only TensorFlow build string (cpu_py...) ---
    conda_tf_cpu_build,
    # --- macOS dyld refusing a library of another CPU architecture ---
    macos_arch_mismatch,
    # --- tensorflow-directml (WSL) could not create DXCore's adapter factory ---
    wsl_dxcore_factory_failed,
    # --- tensorflow_macos' ML Compute device chosen after TensorFlow initialised ---
    mlcompute_device_after_init,
    # --- stops: stops asked for from outside the program; a log of another TensorFlow ---
    program_stopped,
    log_and_host_tensorflow_differ,
    # --- determinism: op determinism without a deterministic kernel; XLA op-by-op; TF-TRT API
    gpu_op_determinism,
    xla_graph_op_by_op,
    trt_python_api,
    trt_static_engine_shape,
    trt_source_version_unsupported,
    # --- decoded CHECK_EQ codes, extension builds, tfjs-node on Windows, LLVM's OOM ---
    cuda_check_eq_failed,
    set_context_failed,
    nvcc_not_on_path,
    cxx_standard_too_old,
    dnnlib_plugin_failed,
    tf_source_build_gpu_not_configured,
    tfjs_dll_init_failed,
    tfjs_libtensorflow_not_in_deps,
    llvm_out_of_host_memory,
    cxx_bad_alloc,
    # --- add-on op libraries that do not load, add-on import checks, pip's 0.0.0 ---
    addon_op_library,
    filesystem_registered_twice,
    source_build_missing_header,
    h5py_hdf5_missing,
    tfp_requires_newer_tensorflow,
    addon_name_missing,
    retinanet_refuses_tensorflow,
    library_refuses_tensorflow,
    namespaced_op_refused,
    keras_backend_not_tensorflow,
    keras24_needs_tf22,
    keras23_session_on_tf2,
    keras23_on_older_tf,
    keras_generic_utils_mixed,
    keras_calls_tf_internal,
    keras_not_installed,
    placeholder_release,
    # --- the cudart stub's placeholder status; the pointer check before a copy ---
    cudart_stub_status,
    cuda_pointer_check,
    runtime_driver_misfit,
    runtime_call_status,
    # --- Anaconda defaults-channel TensorFlow build strings (mkl_/eigen_ = CPU) ---
    conda_defaults_tf_cpu_build,
    # --- Colab's %tensorflow_version 1.x once Colab dropped TensorFlow 1.x ---
    colab_dropped_tf1_magic,
    # --- trt: TF-TRT asked of a TensorFlow whose TensorRT is not enabled ---
    trt_not_enabled,
    # --- ops whose kernels only GPU builds register; TensorFlow lists no GPU --------------
    op_gpu_build_only,
    plugin_gpu_rnn_eager,
    no_gpu_listed,
    # --- a channels-first (NCHW) tensor that reached a CPU kernel taking only NHWC: every
    # answer (constant folding, the CPU-only-build hedge, the op placed on the CPU) ---
    nchw_on_cpu,
    # --- Python's MemoryError (host RAM), grappler's device-properties failure ---
    python_memoryerror,
    device_properties_failed,
    # --- memory: the allocator's report after an OOM, its headline cut off ---
    gpu_oom_from_allocator_report,
    # --- pywarn: TensorFlow's and Keras' Python-side training warnings (notices) ---
    *PYWARN_CHECKS,
    # --- xla dnn null and cudnn narrowing (checks/xla_dnn_and_narrowing.py) ---
    xla_dnn_null,
    xla_autotune_cut,
    cudnn_narrowing,
    cudnn_descriptor_too_large,
    # --- NVML failures: libnvidia-ml not found, insufficient permissions, bindings' driver ---
    nvml_library_not_found,
    nvml_insufficient_permissions,
    nvml_driver_not_loaded,
    nvml_inforom_corrupted,
    nvml_init_failed,
    # --- a tf.config / tf.keras.mixed_precision name of a newer (older) release ---
    tf_api_newer_than_installed,
    module_missing,
    core_name_missing,
    self_check_environment,
    # --- protobuf's C++ serializer size check (a hedge: concurrent change, plugin, bug) ---
    protobuf_serialize_size_check,
    # --- the CUDA driver failing a device-attribute query at device setup (a hedge) ---
    device_attribute_query_failed,
    # --- TF 1.x era container runtimes (nvidia-docker 1.0's volume plugin) ---
    nvidia_docker_plugin_not_found,
    # --- TF 1.x era Windows native import, cut pastes ---
    windows_native_import_cut,
    windows_self_check_frame,
    # --- Windows error 193 (ERROR_BAD_EXE_FORMAT) on a DLL load ---
    windows_dll_bad_image,
    # --- library majors from the SONAME when the TensorFlow version is unknown ---
    cuda_major_from_soname,
    # --- pip: any wheel rejected for its tags (the pip version a cause too) ---
    pip_wheel_tags_unsupported,
    # --- source build: configure did not find a CUDA/cuDNN file ---
    source_configure_cuda_file_not_found,
    source_configure_toolkit_path_invalid,
    source_configure_version_differs,
    # --- glibc's dlerror for a CUDA/cuDNN library file found but not loadable ---
    log_library_file_unloadable,
    # --- a library found whose dependency (glibc, libstdc++...) is an older release ---
    library_needs_newer_dependency,
    # --- glibc's static TLS block too full for a library loaded after start-up ---
    static_tls_exhausted,
    # --- protobuf: a second library registering the same definitions (aborts the process) ---
    protobuf_definitions_registered_twice,
    # --- NCCL: two machines of one job with the same host name ---
    nccl_hosts_share_hostname,
    # --- Spack: a +cuda package with cuda_arch=none ---
    spack_cuda_arch_not_set,
    # --- Keras 2.12-2.15 on Apple Silicon: the v2.11+ optimizers' notice and fallback ---
    arm_mac_legacy_optimizer,
    # --- runtime lines with an error status that need no action (tf.data at exit, executor) ---
    generator_dataset_finalize_notice,
    executor_start_aborting_notice,
    profiler_gpu_flops_table_notice,
    # --- a TensorFlow C++ symbol on a line that does not name the library (hedged) ---
    bare_tf_symbol,
    # --- SparseTensorDenseMatMul's GPU kernel past its 32-bit indexing ---
    sparse_matmul_gpu_limit,
    # --- TensorFlow Lite's GPU delegate invoked on another thread ---
    tflite_gpu_delegate_wrong_thread,
    tflite_gpu_opencl_not_loaded,
    # --- a TensorFlow Lite model newer than its runtime; the Edge TPU runtime's version ---
    tflite_model_newer_than_runtime,
    edgetpu_runtime_older_than_model,
    tflite_runtime_without_flex,
    # --- a pulled nvidia/cuda tag NVIDIA deleted; nvidia-tensorflow's Linux/Python 3.8 wheels ---
    cuda_image_tag_not_published,
    image_tag_not_found,
    nvidia_tensorflow_no_wheel,
    tensorflow_macos_installer_python,
    # --- TF-Hub's download cache holding a model folder without its SavedModel ---
    tfhub_cache_incomplete,
    # --- data a Keras layer or TensorFlow cannot take: another rank or shape, object arrays ---
    input_incompatible,
    # --- TensorFlow 1's session feed check ---
    feed_shape,
    numpy_object_array,
    model_file_not_hdf5,
    keras_archive_as_hdf5,
    keras_weights_do_not_fit,
    validation_split_unsupported,
    steps_per_epoch_required,
    keras2_none_gradient,
    sparse_label_out_of_range,
    data_cardinality,
    # --- a TF 1.x reference variable sent between devices (_Recv of a _ref dtype) ---
    ref_variable_devices,
    # --- Windows refusing protobuf's C++ extension (google.protobuf.pyext._message) ---
    protobuf_extension_dll,
    # --- a native crash's exit code on Windows (access violation, heap, stack; a hedge) ---
    windows_native_crash,
    # --- a Keras subclass that set attributes before calling super().__init__() ---
    keras_subclass_init,
    # --- a custom layer with __init__ arguments and no get_config(), saved whole ---
    layer_get_config_missing,
    # --- TensorFlow Serving found no numbered version folder under a model's base path ---
    serving_no_version,
    # --- ... or no folder at all at that base path (the Docker image's /models/model) ---
    serving_base_path_missing,
    # --- TensorFlow's C library missing for a native program (link or start) ---
    libtensorflow_missing,
    # --- a checkpoint's value of another shape than the model's variable (Assign) ---
    checkpoint_shape_differs,
    assign_shape_at_build,
    # --- TensorFlow 1's variable store: a name built twice, a variable shared with another
    # shape (MultiRNNCell([cell] * n)) ---
    variable_defined_twice,
    variable_shared_other_shape,
    # --- Keras's plot_model without pydot or Graphviz's dot program ---
    plot_model_needs_graphviz,
    # --- NaN or Inf found by a numeric check (check_numerics, NanTensorHook, TerminateOnNaN) ---
    values_not_finite,
    # --- Windows' commit limit (RAM plus paging file) reached: system error 1455 ---
    commit_limit_reached,
    # --- Open MPI asked for more processes than the slots it counts (mpirun, horovodrun) ---
    not_enough_slots,
    # --- RESOURCE_EXHAUSTED that is no memory: a file-system limit, gRPC, a TPU's HBM ---
    exhausted_not_memory,
    # --- TensorFlow inside a frozen bundle (PyInstaller, cx_Freeze) missing its parts ---
    frozen_app_incomplete,
    # --- AWS Lambda refusing a .zip package over its unzipped limit ---
    lambda_package_too_large,
    lambda_package_other_platform,
    # --- a loaded SavedModel's function called with a dtype none of its traces takes ---
    savedmodel_call_dtype_untraced,
    # --- Horovod's Keras DistributedOptimizer refusing Keras 2.11's new optimizer classes ---
    legacy_optimizer_required,
    # --- an editor's or linter's static analysis not seeing tf.keras (attached at import) ---
    tf_keras_unseen,
    interpreter_lacks_modules,
    # --- a Keras layer called on a model (Python), or R's keras and keras3 both loaded ---
    layer_called_on_model,
    # --- a tf.train.Example feature given None while writing TFRecords ---
    feature_value_none,
    # --- pkg_resources gone from setuptools 82 (or no setuptools in the environment) ---
    pkg_resources_missing,
    # --- Windows refusing a path TensorFlow opens: too long, or a file held open ---
    windows_path_too_long,
    windows_file_locked,
    # --- a local path used where a Cloud TPU's worker runs the op ---
    tpu_local_file_system,
    # --- TensorFlow.js's layers loader meeting a class defined in Python ---
    tfjs_unknown_class,
    # --- a download of the program's own failing TLS certificate verification ---
    download_certificate_failed,
    # --- the TensorFlow Lite converter and ops without a builtin kernel ---
    tflite_ops_without_builtin,
    tflite_tensor_list_lowering,
    tflite_input_refused,
    # --- TensorBoard found no event file under its log directory ---
    tensorboard_no_event_files,
    tensorboard_logdir_drive_dropped,
    # --- a checkpoint restore asked for a variable the checkpoint does not hold ---
    checkpoint_key_not_found,
    checkpoint_path_wrong,
    # --- a symbolic Keras 2 tensor given to tf.cond, tf.function, a tape, tf.map_fn ---
    keras_tensor_without_dispatch,
    # --- Keras signatures that changed: Keras 2.3's read-only lr, add_weight's order ---
    optimizer_lr_read_only,
    add_weight_positional,
    keras3_optimizer_lr,
    lr_schedule_one_argument,
    # --- reading the data from files: Pillow, flow_from_dataframe labels, missing paths ---
    image_utils_need_pillow,
    dataframe_labels,
    empty_file_list,
    image_iterator_empty,
    image_module_rebound,
    input_path_missing,
    keras_zip_missing,
    pil_unidentified,
    module_not_installed,
    od_protos_not_compiled,
    tfds_dataset_not_found,
    tfds_manual_download,
    tfds_split_not_understood,
    stateful_rnn_batch,
    ctc_labels,
    audioread_no_backend,
    opencv_empty_image,
    # --- a functional model whose outputs do not lead back to its inputs ---
    graph_disconnected,
    # --- Keras 2's multi_gpu_model device checks; Keras < 2.3.0 under TensorFlow 1.14+ ---
    multi_gpu_model_devices,
    keras_device_capture_api,
    # --- the Object Detection API trainer with fewer images per batch than clones ---
    od_clone_batch,
    # --- tf.contrib replicate_model_fn with a batch the GPUs cannot share equally ---
    replicate_batch_split,
    # --- a grouped convolution that reached a CPU convolution kernel ---
    grouped_conv_cpu,
    # --- a GPU under 4 GiB (TensorFlow's device line) whose allocator ran out ---
    small_gpu_in_log,
)
#: Every check, in the order findings are produced (and deduplicated by): keep it.
CHECKS: tuple[Check, ...] = HOST_CHECKS + LOG_CHECKS

__all__ = ["CHECKS", "HOST_CHECKS", "LOG_CHECKS", "Check", "rule_unrecognised"]
