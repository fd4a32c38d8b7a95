"""Public Keras names and modules that moved between Keras releases (the keras-home-* /
keras-module-* rows of platform_facts.toml) and the Keras 2.11-2.15 optimizers refusing the old
optimizers' arguments. Rows: ``kind_cases/keras_moves.toml``."""

from __future__ import annotations

from tfgpu.knowledge import load_knowledge

from .kind_helpers import Case, check, table


@table("keras_moves")
def test_case(case: Case) -> None:
    """A row of kind_cases/keras_moves.toml: its lines give its finding, not the others."""
    check(case)


def test_every_keras_home_and_module_row_is_complete() -> None:
    """Every keras-home-* row lists names, the old modules and a home; every keras-module-*
    row lists modules, the last Keras series that had them and a home; all cite a source."""
    facts = [f for f in load_knowledge().facts if f.id.startswith(("keras-home-", "keras-module-"))]
    assert len(facts) >= 10
    for f in facts:
        assert f.values.get("home"), f.id
        assert f.ref and f.id in f.ref, f.id
        if f.id.startswith("keras-home-"):
            assert f.values.get("names") and f.values.get("old"), f.id
        else:
            assert f.values.get("modules") and f.value("last_keras")[0].isdigit(), f.id
