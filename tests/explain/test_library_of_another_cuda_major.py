"""A TensorFlow GPU build that cannot load a CUDA library of its own build's CUDA major, on a
host whose CUDA is of another major, is ``cuda-major-mismatch`` (rows in
kind_cases/library_of_another_cuda_major.toml): every CUDA-numbered SONAME, every wording of
the ImportError (titled, lower-cased, cut after the name), host CUDA given as major.minor or
as a bare major."""

from __future__ import annotations

from .case_env import facts_from_env
from .kind_helpers import table_test

test_case = table_test("library_of_another_cuda_major")


def test_case_env_reads_a_bare_cuda_major() -> None:
    """A case's CUDA written as a major alone ("10", "10 (Colab runtime)", "9 (host)") is that
    major, as "11.x" is; a text not starting with one names none."""
    for text, want in (("10", "10"), ("10 (Colab runtime)", "10"), ("9 (host)", "9"),
                       ("11.x", "11"), ("10.1", "10.1")):
        facts = facts_from_env({"cuda": text})
        assert facts is not None and facts.toolkits[0].version == want, text
    facts = facts_from_env({"cuda": "system CUDA plus conda cudatoolkit"})
    assert facts is not None and facts.toolkits == ()
