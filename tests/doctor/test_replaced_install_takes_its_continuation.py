"""When the agreement with the plan replaces a pinned install line, what only that line needed
goes with it: the LD_LIBRARY_PATH export TensorFlow 2.16.1 needs for its own nvidia-* wheels
(announced by the line's "then:") would otherwise put the old environment's CUDA wheels ahead
of the new one's; so ``explain --facts`` names the doctor's release."""

from __future__ import annotations

import sys
from pathlib import Path

from tfgpu import facts as F
from tfgpu.explain import explain_lines
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.agreement import agree_with_plan, diagnose_with_plan

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "rules"))
from test_no_false_green import _host

DLOPEN = ("2024-04-02 10:15:44.120455: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] "
          "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
          "above are installed properly if you would like to use GPU.")


def _host_216() -> F.HostFacts:
    return _host(tf="2.16.1")  # Python 3.11, an RTX 4090 and driver 550: the plan is 2.21


def test_the_doctor_drops_the_export_of_a_replaced_216_install() -> None:
    f = next(x for x in diagnose_with_plan(_host_216(), load_knowledge()).findings
             if x.id == "tf-cuda-runtime-missing")
    text = "\n".join(f.fix)
    assert "'tensorflow[and-cuda]~=2.21.0'" in text
    assert "==2.16.1" not in text and "import nvidia" not in text


def test_explain_with_facts_names_the_doctors_release_not_the_216_pin() -> None:
    facts = _host_216()
    found = explain_lines(["tensorflow                   2.16.1", "Python 3.11.9", DLOPEN,
                           "Skipping registering GPU devices..."], facts)
    [f] = [x for x in agree_with_plan(found, facts, load_knowledge())
           if x.id == "tf-2-16-nvidia-wheel-libs-not-found"]
    text = "\n".join(f.fix)
    assert "'tensorflow[and-cuda]~=2.21.0'" in text
    assert "==2.16.1" not in text and "import nvidia" not in text


def test_an_alternative_no_plan_accepts_is_left_out_one_a_plan_accepts_is_kept() -> None:
    import dataclasses

    facts = _host_216()
    f = next(x for x in diagnose_with_plan(facts, load_knowledge()).findings
             if x.id == "tf-cuda-runtime-missing")
    # TensorFlow 2.10 has no wheel for this host's Python 3.11; 2.21 is the plan's own
    bad = "# or: pip install 'tensorflow==2.10.0'   # an older release"
    good = "# or: pip install 'tensorflow[and-cuda]~=2.21.0'   # the plan's release"
    probe = dataclasses.replace(f, fix=("nvidia-smi", bad, good))
    [out] = agree_with_plan((probe,), facts, load_knowledge())
    assert bad not in out.fix and good in out.fix
