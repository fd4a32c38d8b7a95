"""The parse cache of the knowledge tables (:mod:`tfgpu.knowledge._cache`)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
import tomllib

from tfgpu.knowledge import _cache, load_knowledge_from
from tfgpu.knowledge._load import TABLES, data_dir, open_table, read_table


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    return home / "tfgpu" / "knowledge"


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    for table in TABLES:
        shutil.copyfile(Path(str(data_dir().joinpath(f"{table}.toml"))), folder / f"{table}.toml")
    return folder


@pytest.mark.parametrize("table", TABLES)
def test_cached_parse_equals_the_toml_parse(table: str, cache_home: Path) -> None:
    content = data_dir().joinpath(f"{table}.toml").read_bytes()
    parsed = tomllib.loads(content.decode("utf-8"))
    assert read_table(data_dir(), table) == parsed  # miss: parses and stores
    assert (cache_home / _cache.entry_name(table, content)).is_file()
    cached = _cache.load(table, content)
    assert cached == parsed  # dates come back as dates, not strings
    assert read_table(data_dir(), table) == parsed  # hit


def test_a_hit_is_served_from_the_cache(cache_home: Path, data_copy: Path) -> None:
    content = (data_copy / "platform_facts.toml").read_bytes()
    read_table(data_copy, "platform_facts")
    entry = cache_home / _cache.entry_name("platform_facts", content)
    entry.write_bytes(content + b'[["marker","rows"],{"marker":1}]\n{"rows":[2]}')
    assert read_table(data_copy, "platform_facts") == {"marker": 1, "rows": [2]}


def test_a_hit_decodes_its_rows_on_first_use(cache_home: Path, data_copy: Path) -> None:
    """The header (values that are not lists) at once, the row arrays when first read."""
    content = (data_copy / "status_codes.toml").read_bytes()
    parsed = tomllib.loads(content.decode("utf-8"))
    read_table(data_copy, "status_codes")  # miss: stores the entry
    hit = open_table(data_copy, "status_codes")
    assert isinstance(hit, _cache.CachedTable)
    assert hit["updated"] == parsed["updated"] and hit["sources"] == parsed["sources"]
    assert hit._body is None  # the header's keys decoded nothing more
    assert list(hit) == list(parsed)  # keys in file order
    assert hit["code"] == parsed["code"] and hit._body is not None
    assert hit == parsed and dict(hit) == parsed
    fresh = read_table(data_copy, "status_codes")  # a new dict the caller may change
    assert type(fresh) is dict and fresh == parsed


def test_corrupt_rows_after_a_good_header_are_parsed_again(cache_home: Path,
                                                           data_copy: Path) -> None:
    content = (data_copy / "platform_facts.toml").read_bytes()
    good = read_table(data_copy, "platform_facts")
    entry = cache_home / _cache.entry_name("platform_facts", content)
    raw = entry.read_bytes()
    entry.write_bytes(raw[:raw.index(b"\n", len(content)) + 1] + b'{"rows": [trunc')
    hit = open_table(data_copy, "platform_facts")
    assert isinstance(hit, _cache.CachedTable)
    assert hit["rows"] == good["rows"]  # parsed again from the data file
    assert entry.read_bytes() == raw  # and the entry rewritten


def test_an_entry_made_from_other_bytes_is_never_served(cache_home: Path,
                                                         data_copy: Path) -> None:
    """The entry's name (size and CRC-32) is only where to look: the bytes decide."""
    content = (data_copy / "platform_facts.toml").read_bytes()
    good = read_table(data_copy, "platform_facts")
    entry = cache_home / _cache.entry_name("platform_facts", content)
    other = content.replace(b"updated = ", b"updated =\t", 1)  # same size, other bytes
    assert len(other) == len(content) and other != content
    entry.write_bytes(other + b'{"marker": 1}')
    assert _cache.load("platform_facts", content) is None
    assert read_table(data_copy, "platform_facts") == good
    assert entry.read_bytes().startswith(content)  # the miss rewrote it


def test_an_edited_file_is_never_served_a_stale_entry(cache_home: Path, data_copy: Path) -> None:
    path = data_copy / "platform_facts.toml"
    before = read_table(data_copy, "platform_facts")
    path.write_text(path.read_text(encoding="utf-8").replace(
        f'updated = {before["updated"]}', "updated = 2031-01-02"), encoding="utf-8")
    after = read_table(data_copy, "platform_facts")
    assert str(after["updated"]) == "2031-01-02"
    # Entries do not pile up: the newest KEEP_ENTRIES of a table stay (another install's
    # entry is not evicted on every run), the oldest go.
    for year in range(2032, 2032 + _cache.KEEP_ENTRIES + 2):
        path.write_text(path.read_text(encoding="utf-8").replace(
            str(after["updated"]), f"{year}-01-02"), encoding="utf-8")
        after = read_table(data_copy, "platform_facts")
    entries = list(cache_home.glob("platform_facts-*.json"))
    assert len(entries) == _cache.KEEP_ENTRIES
    current = _cache.entry_name("platform_facts", path.read_bytes())
    assert current in {e.name for e in entries}


def test_a_corrupt_entry_is_ignored_and_rewritten(cache_home: Path, data_copy: Path) -> None:
    content = (data_copy / "cuda_min_driver.toml").read_bytes()
    good = read_table(data_copy, "cuda_min_driver")
    entry = cache_home / _cache.entry_name("cuda_min_driver", content)
    entry.write_bytes(b"\x00{not json")
    assert read_table(data_copy, "cuda_min_driver") == good
    assert _cache.load("cuda_min_driver", content) == good


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="root writes into read-only folders")
def test_an_unwritable_cache_folder_is_ignored(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(0o500)
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    try:
        assert read_table(data_dir(), "platform_facts")["schema_version"]
        assert not _cache.store("platform_facts", b"x", {"a": 1})
    finally:
        home.chmod(0o700)


def test_a_cache_path_that_is_a_file_is_ignored(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tfgpu").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert not _cache.store("platform_facts", b"x", {"a": 1})
    assert _cache.load("platform_facts", b"x") is None
    assert read_table(data_dir(), "platform_facts")["schema_version"]


def test_the_cache_can_be_turned_off(cache_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_cache.NO_CACHE_ENV, "1")
    read_table(data_dir(), "platform_facts")
    assert not cache_home.exists()
    assert _cache.cache_dir() is None


def test_relative_xdg_cache_home_falls_back_to_home(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert _cache.cache_dir() == tmp_path / ".cache" / "tfgpu" / "knowledge"


def test_values_json_cannot_carry_are_not_cached(cache_home: Path) -> None:
    assert not _cache.store("t", b"x", {"when": __import__("datetime").time(12, 0)})
    assert _cache.load("t", b"x") is None


def test_knowledge_loaded_cold_and_warm_is_the_same(cache_home: Path, data_copy: Path) -> None:
    cold = load_knowledge_from(data_copy)
    warm = load_knowledge_from(data_copy)
    assert warm.version == cold.version
    assert warm.tested == cold.tested and warm.gpus == cold.gpus and warm.facts == cold.facts
    assert warm.tables == cold.tables


# --- the cache folder without platformdirs (speed: ~4 ms of imports per command) --------

_HOME_CASES = [
    pytest.param({"XDG_CACHE_HOME": "/srv/cache", "HOME": "/home/u"}, id="xdg-absolute"),
    pytest.param({"XDG_CACHE_HOME": "/srv/cache/", "HOME": "/home/u"}, id="xdg-trailing-slash"),
    pytest.param({"XDG_CACHE_HOME": "relative/cache", "HOME": "/home/u"}, id="xdg-relative"),
    pytest.param({"XDG_CACHE_HOME": "", "HOME": "/home/u"}, id="xdg-empty"),
    pytest.param({"HOME": "/home/u/"}, id="home-trailing-slash"),
    pytest.param({"HOME": "/"}, id="home-root"),
    pytest.param({"HOME": "relative-home"}, id="home-relative"),
    pytest.param({"HOME": ""}, id="home-empty"),
    pytest.param({}, id="home-unset"),
]


@pytest.mark.skipif(not _cache._is_xdg_platform(), reason="platformdirs is used there")
@pytest.mark.parametrize("env", _HOME_CASES)
def test_the_xdg_cache_folder_is_the_one_platformdirs_names(
        env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    platformdirs = pytest.importorskip("platformdirs")
    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    for name in ("XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    try:
        want: str | None = platformdirs.user_cache_dir("tfgpu", appauthor=False)
    except RuntimeError:  # no home folder at all
        want = None
    got = _cache._xdg_cache_home()
    assert got == want
    if want is not None:
        assert _cache.cache_dir() == Path(want, "knowledge")


def test_the_cache_folder_is_found_without_importing_platformdirs() -> None:
    code = ("import sys; from tfgpu.knowledge import _cache; _cache.cache_dir(); "
            "print('platformdirs' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=60, check=True).stdout.strip()
    assert out == ("False" if _cache._is_xdg_platform() else "True")
