"""The pure decisions behind tfgpu.setup(): no TensorFlow needed."""

from __future__ import annotations

import json

import pytest

from tfgpu.runtime._decide import (
    ConfigError,
    StrategyKind,
    TfConfig,
    choose_precision,
    choose_strategy,
    normalize_visible,
    parse_tf_config,
    plan_memory,
    select_visible,
    slurm_notes,
    slurm_task_count,
)

# --- precision ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("ccs", "expected"),
    [
        ([], "float32"),                      # CPU only
        ([(6, 1)], "float32"),                # GTX 1080 Ti, Pascal: no Tensor Cores
        ([(6, 0)], "float32"),                # P100 (the guide's Colab note)
        ([(7, 0)], "mixed_float16"),          # V100, the threshold itself
        ([(7, 5)], "mixed_float16"),          # T4
        ([(8, 6)], "mixed_float16"),          # RTX 3060 (the guide's laptop)
        ([(9, 0), (9, 0)], "mixed_float16"),  # 2x H100
        ([(8, 0), (6, 1)], "float32"),        # mixed box: the slowest GPU decides
        ([(8, 0), None], "float32"),          # unknown cc: never guess
    ],
)
def test_auto_precision_by_compute_capability(
    ccs: list[tuple[int, int] | None], expected: str
) -> None:
    choice = choose_precision("auto", ccs)
    assert choice.value == expected
    assert choice.reason.startswith("auto:")


def test_auto_reason_quotes_the_numbers() -> None:
    assert "6.1 < 7.0" in choose_precision("auto", [(6, 1)]).reason
    r = choose_precision("auto", [(8, 6)]).reason
    assert "8.6 >= 7.0" in r and "mixed_bfloat16" in r  # bf16 offered, not chosen


def test_gtx_1650_gets_float32_not_mixed_float16() -> None:
    # CC 7.5 passes the Tensor-Core floor, but the GTX 1650 (TU117) has no Tensor Cores:
    # the doctor warns gpu-without-tensor-cores for it, so setup() must not enable fp16
    choice = choose_precision("auto", [(7, 5)], ["NVIDIA GeForce GTX 1650"])
    assert choice.value == "float32"
    assert "GeForce GTX 1650: no Tensor Cores" in choice.reason
    assert "gpu_compute_capability:geforce-gtx-1650" in choice.reason


@pytest.mark.parametrize("name", ["NVIDIA GeForce GTX 1660 SUPER", "NVIDIA GeForce MX450",
                                  "NVIDIA T1000"])
def test_other_tu116_tu117_parts_get_float32(name: str) -> None:
    assert choose_precision("auto", [(7, 5)], [name]).value == "float32"


def test_named_tensor_core_gpu_still_gets_mixed_float16() -> None:
    choice = choose_precision("auto", [(7, 5)], ["Tesla T4"])
    assert choice.value == "mixed_float16"
    assert "floor alone" not in choice.reason  # answered by name, not by the floor


def test_unknown_name_falls_back_to_the_floor_and_says_so() -> None:
    choice = choose_precision("auto", [(8, 6)], ["Frobnicator 9000"])
    assert choice.value == "mixed_float16"
    assert "floor alone" in choice.reason and "Frobnicator 9000" in choice.reason
    assert "no GPU name known" in choose_precision("auto", [(8, 6)]).reason


def test_explicit_float16_on_gtx_1650_is_explained() -> None:
    c = choose_precision("mixed_float16", [(7, 5)], ["NVIDIA GeForce GTX 1650"])
    assert c.value == "mixed_float16"
    assert "no Tensor Cores" in c.reason and "no math speed-up" in c.reason


def test_auto_never_picks_bfloat16() -> None:
    assert choose_precision("auto", [(9, 0)]).value == "mixed_float16"


def test_bfloat16_needs_ampere() -> None:
    assert choose_precision("mixed_bfloat16", [(8, 0)]).value == "mixed_bfloat16"
    with pytest.raises(ConfigError, match=r"8\.0.*lowest here is 7\.5"):
        choose_precision("mixed_bfloat16", [(7, 5)])
    with pytest.raises(ConfigError, match="unknown"):
        choose_precision("mixed_bfloat16", [None])


def test_explicit_float16_on_old_gpu_is_allowed_but_explained() -> None:
    c = choose_precision("mixed_float16", [(6, 1)])
    assert c.value == "mixed_float16"
    assert "no math speed-up" in c.reason


@pytest.mark.parametrize(("req", "expected"), [(False, "float32"), (None, "float32"),
                                               (True, "mixed_float16")])
def test_boolean_precision_arguments(req: bool | None, expected: str) -> None:
    assert choose_precision(req, [(7, 5)]).value == expected


def test_bad_precision_is_rejected() -> None:
    with pytest.raises(ConfigError, match="not one of"):
        choose_precision("fp16", [(8, 0)])


# --- strategy -------------------------------------------------------------------------

def _tf_config(n: int, index: int = 0) -> str:
    return json.dumps({"cluster": {"worker": [f"127.0.0.1:{2000 + i}" for i in range(n)]},
                       "task": {"type": "worker", "index": index}})


@pytest.mark.parametrize(
    ("gpus", "cpus", "kind", "devices"),
    [
        (0, 1, StrategyKind.DEFAULT, ()),
        (1, 1, StrategyKind.ONE_DEVICE, ("/gpu:0",)),
        (2, 1, StrategyKind.MIRRORED, ("/gpu:0", "/gpu:1")),
        (8, 1, StrategyKind.MIRRORED, tuple(f"/gpu:{i}" for i in range(8))),
        (0, 3, StrategyKind.MIRRORED, ("/cpu:0", "/cpu:1", "/cpu:2")),
        (1, 3, StrategyKind.ONE_DEVICE, ("/gpu:0",)),  # GPUs win over logical CPUs
    ],
)
def test_strategy_by_device_count(
    gpus: int, cpus: int, kind: StrategyKind, devices: tuple[str, ...]
) -> None:
    plan = choose_strategy(gpus, cpus, {})
    assert plan.kind is kind
    assert plan.devices == devices
    assert plan.num_workers == 1


def test_tf_config_with_several_workers_is_multi_worker() -> None:
    plan = choose_strategy(1, 1, {"TF_CONFIG": _tf_config(3, index=2)})
    assert plan.kind is StrategyKind.MULTI_WORKER
    assert (plan.cluster_source, plan.num_workers, plan.task_index) == ("TF_CONFIG", 3, 2)
    assert "3 workers" in plan.choice.reason


def test_tf_config_with_one_worker_is_local() -> None:
    assert choose_strategy(2, 1, {"TF_CONFIG": _tf_config(1)}).kind is StrategyKind.MIRRORED


def test_chief_counts_as_a_worker() -> None:
    cfg = json.dumps({"cluster": {"chief": ["h:1"], "worker": ["h:2"]},
                      "task": {"type": "chief", "index": 0}})
    assert parse_tf_config(cfg) == TfConfig(("h:1", "h:2"), "chief", 0)
    assert parse_tf_config(cfg).workers == 2
    assert choose_strategy(0, 1, {"TF_CONFIG": cfg}).kind is StrategyKind.MULTI_WORKER


def test_slurm_step_with_several_tasks_is_multi_worker() -> None:
    env = {"SLURM_STEP_NUM_TASKS": "4", "SLURM_PROCID": "3",
           "SLURM_STEP_NODELIST": "node[1-2]", "SLURM_STEP_TASKS_PER_NODE": "2(x2)"}
    plan = choose_strategy(2, 1, env)
    assert plan.kind is StrategyKind.MULTI_WORKER
    assert (plan.cluster_source, plan.num_workers, plan.task_index) == ("slurm", 4, 3)


def test_single_task_slurm_job_is_local() -> None:
    env = {"SLURM_STEP_NUM_TASKS": "1", "SLURM_PROCID": "0"}
    assert choose_strategy(2, 1, env).kind is StrategyKind.MIRRORED


def test_tf_config_wins_over_slurm() -> None:
    env = {"TF_CONFIG": _tf_config(2, 1), "SLURM_STEP_NUM_TASKS": "4", "SLURM_PROCID": "0"}
    plan = choose_strategy(0, 1, env)
    assert (plan.cluster_source, plan.num_workers, plan.task_index) == ("TF_CONFIG", 2, 1)


@pytest.mark.parametrize("env", [{}, {"SLURM_PROCID": "0"}, {"SLURM_STEP_NUM_TASKS": "x",
                                                              "SLURM_PROCID": "0"}])
def test_not_a_slurm_step(env: dict[str, str]) -> None:
    assert slurm_task_count(env) is None


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"cluster": {"worker": "h:1"}}', "list"),
        ('{"cluster": {"worker": ["h:1"]}, "task": {"type": "worker", "index": "0"}}',
         "integer"),
    ],
)
def test_malformed_tf_config_is_a_clear_error(text: str, match: str) -> None:
    with pytest.raises(ConfigError, match=match):
        choose_strategy(0, 1, {"TF_CONFIG": text})


def test_scenario_tf_config_task_index_out_of_range() -> None:
    """Reviewer: index 5 of 2 workers gave TensorFlow's bare ValueError."""
    with pytest.raises(ConfigError, match=r"TF_CONFIG task\.index 5 is outside 0\.\.1"):
        choose_strategy(0, 1, {"TF_CONFIG": _tf_config(2, index=5)})
    with pytest.raises(ConfigError, match=r"task\.index -1 is outside 0\.\.1"):
        choose_strategy(0, 1, {"TF_CONFIG": _tf_config(2, index=-1)})


def test_scenario_multi_worker_tf_config_without_task() -> None:
    """Not silently worker 0: two processes would both think they are worker 0."""
    cfg = json.dumps({"cluster": {"worker": ["h:1", "h:2"]}})
    with pytest.raises(ConfigError, match="lists 2 workers but has no 'task'"):
        choose_strategy(0, 1, {"TF_CONFIG": cfg})
    one = json.dumps({"cluster": {"worker": ["h:1"]}})  # one worker: fine, local
    assert choose_strategy(0, 1, {"TF_CONFIG": one}).kind is StrategyKind.DEFAULT


def test_scenario_unknown_task_type() -> None:
    cfg = json.dumps({"cluster": {"worker": ["h:1", "h:2"]},
                      "task": {"type": "wroker", "index": 0}})
    with pytest.raises(ConfigError, match=r"task\.type 'wroker' is not a job.*worker"):
        choose_strategy(0, 1, {"TF_CONFIG": cfg})
    evaluator = json.dumps({"cluster": {"worker": ["h:1", "h:2"]},
                            "task": {"type": "evaluator", "index": 0}})
    assert parse_tf_config(evaluator).task_type == "evaluator"  # TF's side-car evaluator


def test_multi_worker_plan_knows_the_addresses() -> None:
    plan = choose_strategy(0, 1, {"TF_CONFIG": _tf_config(2, index=1)})
    assert plan.addresses == ("127.0.0.1:2000", "127.0.0.1:2001")
    assert (plan.task_type, plan.task_index) == ("worker", 1)


def test_scenario_slurm_procid_out_of_range() -> None:
    env = {"SLURM_STEP_NUM_TASKS": "2", "SLURM_PROCID": "7"}
    with pytest.raises(ConfigError, match="SLURM_PROCID 7 >= SLURM_STEP_NUM_TASKS 2"):
        choose_strategy(0, 1, env)
    with pytest.raises(ConfigError, match="SLURM_PROCID -1 is negative"):
        choose_strategy(0, 1, {"SLURM_STEP_NUM_TASKS": "2", "SLURM_PROCID": "-1"})


def test_scenario_slurm_allocation_outside_srun_is_explained() -> None:
    """sbatch/salloc without srun: SLURM_NTASKS=2 but no job step, so 1 worker."""
    plan = choose_strategy(0, 1, {"SLURM_NTASKS": "2", "SLURM_PROCID": "0"})
    assert plan.kind is StrategyKind.DEFAULT
    assert [n.reason.split(":")[0] for n in plan.notes] == [
        "Slurm allocation with 2 tasks (SLURM_NTASKS), but this is not an srun step "
        "(no SLURM_STEP_NUM_TASKS)"]
    assert "running as 1 worker" in plan.notes[0].reason
    assert "srun python train.py" in plan.notes[0].reason


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"SLURM_STEP_NUM_TASKS": "x", "SLURM_PROCID": "0"}, "SLURM_STEP_NUM_TASKS='x'"),
        ({"SLURM_STEP_NUM_TASKS": "0", "SLURM_PROCID": "0"}, "SLURM_STEP_NUM_TASKS='0'"),
        ({"SLURM_STEP_NUM_TASKS": "2"}, "SLURM_PROCID is not set"),
        ({"SLURM_STEP_NUM_TASKS": "2", "SLURM_PROCID": "a"}, "SLURM_PROCID='a'"),
        ({"SLURM_NTASKS": "two"}, "SLURM_NTASKS='two' is not an integer"),
    ],
)
def test_malformed_slurm_values_are_mentioned(env: dict[str, str], needle: str) -> None:
    plan = choose_strategy(0, 1, env)
    assert plan.kind is StrategyKind.DEFAULT
    assert len(plan.notes) == 1 and needle in plan.notes[0].reason
    assert "running as 1 worker" in plan.notes[0].reason


def test_no_slurm_notes_when_slurm_is_used_or_absent() -> None:
    assert slurm_notes({}, tf_config_wins=False) == ()
    assert slurm_notes({"SLURM_NTASKS": "1"}, tf_config_wins=False) == ()
    step = {"SLURM_NTASKS": "2", "SLURM_STEP_NUM_TASKS": "2", "SLURM_PROCID": "1"}
    assert choose_strategy(0, 1, step).notes == ()


def test_tf_config_over_slurm_step_is_mentioned() -> None:
    env = {"TF_CONFIG": _tf_config(2, 1), "SLURM_STEP_NUM_TASKS": "4", "SLURM_PROCID": "0"}
    notes = choose_strategy(0, 1, env).notes
    assert len(notes) == 1 and "TF_CONFIG takes precedence" in notes[0].reason


# --- memory ---------------------------------------------------------------------------

def test_growth_by_default() -> None:
    plan = plan_memory(True, None, {}, 1)
    assert (plan.growth, plan.limit_mib) == (True, None)


def test_limit_wins_over_growth_and_says_so() -> None:
    plan = plan_memory(True, 4096, {}, 2)
    assert (plan.growth, plan.limit_mib) == (None, 4096)
    assert "cannot combine growth" in plan.choices[0].reason


def test_no_gpu_configures_nothing() -> None:
    plan = plan_memory(True, 4096, {}, 0)
    assert (plan.growth, plan.limit_mib) == (None, None)


def test_env_force_growth_is_explained() -> None:
    plan = plan_memory(False, None, {"TF_FORCE_GPU_ALLOW_GROWTH": "true"}, 1)
    env = [c for c in plan.choices if c.topic == "env"]
    assert env[0].value == "TF_FORCE_GPU_ALLOW_GROWTH=true"
    assert "overrides memory_growth=False" in env[0].reason


def test_env_async_allocator_is_explained() -> None:
    plan = plan_memory(True, None, {"TF_GPU_ALLOCATOR": "cuda_malloc_async"}, 1)
    assert any("cudaMallocAsync" in c.reason for c in plan.choices)


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "4096"])
def test_bad_limit_is_rejected(bad: object) -> None:
    with pytest.raises(ConfigError, match="positive integer"):
        plan_memory(True, bad, {}, 1)  # type: ignore[arg-type]


def test_visible_gpus_are_checked() -> None:
    assert select_visible(None, 3) == (0, 1, 2)
    assert select_visible([2, 0, 2], 3) == (0, 2)
    with pytest.raises(ConfigError, match="lists 2 GPU"):
        select_visible([2], 2)


@pytest.mark.parametrize(("given", "expected"),
                         [(None, None), (0, (0,)), (3, (3,)), ([1, 0], (1, 0)), ((), ()),
                          (range(2), (0, 1))])
def test_visible_gpus_forms(given: object, expected: tuple[int, ...] | None) -> None:
    assert normalize_visible(given) == expected


@pytest.mark.parametrize("bad", [True, False, "0", "0,1", b"0", 1.0, {0: 1}, [True], ["0"]])
def test_scenario_visible_gpus_bad_types(bad: object) -> None:
    """Reviewer: visible_gpus=0 gave a raw TypeError; bools and strings must be clear too."""
    with pytest.raises(ConfigError, match="visible_gpus must be a list of GPU indices"):
        normalize_visible(bad)
