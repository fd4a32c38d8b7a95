"""``tfgpu explain --finding ID``: a finding id from a report explained from the catalogue
(docs/explain.md, "Look up a finding id")."""

from __future__ import annotations

import json

import pytest

from tfgpu.cli.main import main
from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.diagnosis.finding_doc import UnknownFindingError, lookup, row_sources, suggest


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["explain", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_plain_id_prints_its_row(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--finding", "nvidia-driver-missing")
    assert code == 0
    spec = load_catalogue().spec("nvidia-driver-missing")
    assert out.startswith("nvidia-driver-missing\n")
    for part in ("severity:  error (also warning)", "category:  gpu-not-visible",
                 "What it means:", "What tfgpu tells you to do:", "Variants",
                 "from-log: ", "Documentation: https://", "Sources"):
        assert part in out, part
    assert spec.summary is not None and spec.summary.split()[0] in out


def test_a_concrete_id_resolves_to_its_family(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--finding", "library-not-loaded-libcudnn-so-8")
    assert code == 0
    assert out.startswith("library-not-loaded-libcudnn-so-8  (catalogue row "
                          "library-not-loaded-{library}, matched as family)")
    assert lookup("cuinit-no-device").spec.id == "cuinit-{error}"


def test_an_old_alias_resolves(capsys: pytest.CaptureFixture[str]) -> None:
    found = lookup("driver-library-mismatch")
    assert (found.spec.id, found.via) == ("nvidia-driver-library-mismatch", "alias")
    code, out, _ = _run(capsys, "--finding", "driver-library-mismatch")
    assert code == 0 and "matched as alias" in out


def test_json_holds_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--finding", "cuinit-no-device", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["command"] == "explain --finding" and doc["schema_version"]
    finding = doc["finding"]
    assert finding["id"] == "cuinit-no-device" and finding["row"] == "cuinit-{error}"
    assert finding["matched"] == "family"
    assert finding["summary"] and finding["remedy"]
    assert {"after-stub", "no-gpu", "stale"} <= {v["name"] for v in finding["variants"]}
    assert all(v["title"] for v in finding["variants"])
    assert finding["doc"].startswith("https://")
    assert finding["sources"]


def test_an_unknown_id_names_close_matches_and_exits_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--finding", "nvidia-driver-mising")
    assert code == 2 and out == ""
    assert "no finding 'nvidia-driver-mising'" in err
    assert "did you mean: nvidia-driver-missing" in err
    with pytest.raises(UnknownFindingError) as info:
        lookup("libary-not-loaded-libcudnn")
    assert "library-not-loaded-<library>" in info.value.suggestions


def test_an_id_in_upper_case_is_the_same_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert lookup("LIBRARY-NOT-LOADED-LIBCUDNN-SO-8").spec.id == "library-not-loaded-{library}"
    code, out, _ = _run(capsys, "--finding", "NVIDIA-DRIVER-MISSING")
    assert code == 0 and out.startswith("nvidia-driver-missing")


def test_a_family_is_suggested_as_typed_with_its_field_in_angle_brackets() -> None:
    # "{library}" is the catalogue's placeholder, no id a reader can type
    found = suggest("library-not-loaded-")
    assert "library-not-loaded-<library>" in found
    assert not any("{" in s for s in found)


def test_an_unknown_id_with_json_prints_an_error_document(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--finding", "nvidia-driver-mising", "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["finding"] == {"id": "nvidia-driver-mising"}
    assert "nvidia-driver-missing" in doc["suggestions"] and "no finding" in doc["error"]
    assert "no finding" in err


def test_nothing_close_suggests_nothing() -> None:
    assert suggest("zzzzzzzz") == ()


def test_a_word_suggests_the_ids_holding_it_or_the_rows_titled_with_it() -> None:
    # a user types what the log is about, not an id: the ids that hold the words come first
    assert "cudnn-version-mismatch" in suggest("cudnn")
    assert "gpu-out-of-memory-tensor" in suggest("out of memory")
    # the usual abbreviation for what the ids spell out
    assert suggest("gpu-oom") == ("gpu-out-of-memory-tensor",)
    assert "cuda-module-load-out-of-memory" in suggest("OOM")


def test_a_log_and_a_finding_together_are_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "train.log", "--finding", "nvidia-driver-missing")
    assert code == 2 and "--finding explains a finding id, not a log" in err
    code, _, err = _run(capsys, "--finding", "nvidia-driver-missing", "--format", "html")
    assert code == 2 and "text or --json" in err


def test_sources_are_the_rows_own_comments() -> None:
    sources = row_sources("nvidia-driver-missing")
    # the comment inside the row (its from-log variant), never the next row's block
    assert any("NVIDIA_VISIBLE_DEVICES" in s for s in sources)
    before = row_sources("wsl2-gpu-unknown")
    assert not any("NVIDIA_VISIBLE_DEVICES" in s for s in before)


def test_completion_offers_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    assert "--finding" in capsys.readouterr().out


@pytest.mark.parametrize("fid", ["cuinit-c", "cuinit-compat-not-sup", "cuinit-nodevice"])
def test_a_cuinit_id_whose_error_is_no_curesult_is_unknown(
        capsys: pytest.CaptureFixture[str], fid: str) -> None:
    # a piece of a CUresult name (a terminal's wrap cut "CUDA_ERROR_C" / "OMPAT_...") or a
    # typo is no id of cuinit-{error}: its errors are cuda.h's CUresult names
    code, out, err = _run(capsys, "--finding", fid)
    assert code == 2 and out == ""
    assert "no CUresult name" in err
    with pytest.raises(UnknownFindingError):
        lookup(fid)


def test_a_cuinit_typo_suggests_the_close_curesult_ids() -> None:
    with pytest.raises(UnknownFindingError) as info:
        lookup("cuinit-nodevice")
    assert info.value.suggestions[0] == "cuinit-no-device"


@pytest.mark.parametrize("fid", ["cuinit-no-device", "cuinit-compat-not-supported-on-device",
                                 "cuinit-not-initialized", "cuinit-unknown"])
def test_every_curesult_s_cuinit_id_resolves(fid: str) -> None:
    assert lookup(fid).spec.id == "cuinit-{error}"


def test_the_no_gpu_row_title_claims_no_working_gpu() -> None:
    # the row also stands for "TensorFlow lists no GPU: see <the reason>" (a driver that is
    # not loaded, a library mismatch): its title says what the driver shows, not that the
    # GPU works
    title = lookup("tensorflow-sees-no-gpu").spec.title
    assert "works" not in title and "driver shows an NVIDIA GPU" in title


def test_a_family_template_shows_its_fields_as_fields() -> None:
    from tfgpu.cli.cmd_explain import render_finding_doc
    from tfgpu.diagnosis.finding_doc import entry, lookup

    text = render_finding_doc(entry(lookup("library-not-loaded-libcudnn-so-8")))
    title = next(ln for ln in text.splitlines() if ln.startswith("title:"))
    assert "{" not in title and "<filename>" in title and "fills in each <field>" in title


def test_a_variant_with_its_own_fix_lines_and_category_shows_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    # nvidia-gpu-presence-unknown's windows variant lists adapters with PowerShell, not
    # /sys or lspci; op-no-kernel-for-node-dtype's unprinted variant is a hedge
    assert main(["explain", "--finding", "nvidia-gpu-presence-unknown"]) == 0
    out = capsys.readouterr().out
    variants = out.split("Variants (")[1].split("Sources (")[0]
    assert "Get-CimInstance Win32_VideoController" in variants
    assert "lspci" not in variants
    assert main(["explain", "--finding", "op-no-kernel-for-node-dtype", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)["finding"]
    unprinted = next(v for v in doc["variants"] if v["name"] == "unprinted")
    assert unprinted["category"] == "unknown" and unprinted["severity"] == "warning"
    assert len(unprinted["fix"]) == 3
