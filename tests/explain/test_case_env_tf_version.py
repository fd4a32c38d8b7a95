"""A case's ``env["tf"]`` text gives TensorFlow's version, never another component's.

``facts_from_env`` (also used by scripts/score_cases.py and scripts/diagnosis_snapshot.py)
once read the first number of the text: ``tensorflow-gpu 1.x (built against cuDNN 5.1)``
became TensorFlow 5.1, which points version-keyed checks at the wrong release.
"""

from __future__ import annotations

import pytest

from .case_env import facts_from_env, tf_version


@pytest.mark.parametrize(("text", "version"), [
    ("2.4.1", "2.4.1"),
    ("tensorflow-gpu 1.15 (pip)", "1.15"),
    ("TensorFlow Serving 2.19.0 (tensorflow/serving:2.19.0-gpu)", "2.19.0"),
    ("tf-nightly-gpu (r1.13, Jan 13 2019)", "1.13"),
    ("0.11-era binary (built against cuDNN 5.1)", "0.11"),
    ("tensorflow-gpu 1.11+ (binary built against cuDNN 7.2.1)", "1.11"),
    ("2.5 (DeepLabCut 2.2)", "2.5"),
    ("Colab's custom TF 2.8 build, downgraded to 2.7", "2.8"),
    ("keras-nlp 0.5 with TF 2.12", "2.12"),
    ("tf-nightly 2.5.0.dev (pip)", "2.5.0"),
    # a tool's own version before TensorFlow's: no TensorFlow release has a major above 2
    ("ML.NET via Model Builder 16.2.0.2047901 with SciSharp.TensorFlow.Redist (TF 2.3.x)", "2.3"),
])
def test_tf_version_is_the_number_that_names_tensorflows_release(text: str,
                                                                 version: str) -> None:
    assert tf_version(text) == version


@pytest.mark.parametrize("text", [
    # a series first: the later numbers are other components' versions
    "tensorflow-gpu 1.x (built with cuDNN 5.1)",
    "tensorflow-gpu 1.x built for CUDA 9.0 (via R keras/tensorflow packages)",
    "1.x bundled with DeepFaceLab (CUDA 10.1 build)",
    "2.x (Anaconda env 'tensorflow2.1', CUDA 10.1 build)",
    "libtensorflow 1.x C library bundled with @tensorflow/tfjs-node-gpu 1.2.4",
    # only other components' numbers
    "conda-forge tensorflow build for CUDA 12.0 (early 2024)",
    "TensorFlow bundled with a tool (cuDNN 7.6, Python 3.7)",
    "@tensorflow/tfjs-node-gpu 2.0.4",
    # a runtime's release beside tfjs (tensorflow/tfjs#2760)
    "@tensorflow/tfjs-node-gpu 1.5.2 (tfjs 1.5.2) used by face-api.js inside Electron 7.1.7 "
    "(node 12.8.1)",
    # another (hyphenated) project's release
    "TensorFlow older than the keras it got (basic-pitch 0.2.4 dependencies)",
    # bounds written in words: what the release is above or below, not the release
    ">2.4 (stated as greater than 2.4)",
    "older than 1.4 (inferred: tf.AUTO_REUSE missing)",
    "1.x older than 1.13 (inferred from the fix)",
    "",
])
def test_tf_version_is_unknown_when_only_other_components_have_numbers(text: str) -> None:
    assert tf_version(text) is None


def test_facts_from_env_does_not_read_cudnn_version_as_tensorflows() -> None:
    facts = facts_from_env({"tf": "tensorflow-gpu 1.x (CUDA 8.0, cuDNN 5.1)",
                            "cudnn": "5.1", "cuda": "8.0"})
    assert facts is not None
    assert facts.tf is None
    assert not any(d.name.startswith("tensorflow") for d in facts.python.distributions)
    assert facts.libraries[0].version == "5.1"


def test_facts_from_env_keeps_a_named_tensorflow_version() -> None:
    facts = facts_from_env({"tf": "tensorflow-gpu 1.13.1 (cuDNN 7.4)"})
    assert facts is not None and facts.tf is not None
    assert facts.tf.version == "1.13.1"
    assert [(d.name, d.version) for d in facts.python.distributions] == [
        ("tensorflow-gpu", "1.13.1")]


@pytest.mark.parametrize(("text", "version"), [
    # a requirement's bounds (PEP 440 comparisons) say what may be installed, not what is
    ("tensorflow>=2.10", None),
    ("tensorflow>=2.10,<2.16", None),
    ("< 2.4 (TF 1.x with pure Keras)", None),
    ("tensorflow-gpu 2.x (keras-tuner requires tensorflow>=2.0.0-beta1)", None),
    ("tensorflow~=2.12.0", None),
    ("2.15 (the project pins tensorflow>=2.10)", "2.15"),
    # == pins the version: the one installed
    ("1.15 (tensorflow-gpu==1.15)", "1.15"),
    ("tensorflow==2.7.0", "2.7.0"),
])
def test_a_requirement_bound_is_no_installed_version(text: str, version: str | None) -> None:
    assert tf_version(text) == version


def test_facts_from_env_reads_no_bound_as_a_library_version() -> None:
    facts = facts_from_env({"tf": "tensorflow>=2.10", "cudnn": "< 8.3 vs >= 8.3 tested",
                            "cuda": "12.9 (driver forces >= 12.8)"})
    assert facts is not None
    assert facts.tf is None
    assert facts.libraries == ()
    assert [t.version for t in facts.toolkits] == ["12.9"]
    facts = facts_from_env({"cudnn": "8.8.0 (needs >= 8.9.4)"})
    assert facts is not None and facts.libraries[0].version == "8.8.0"
