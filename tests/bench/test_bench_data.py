"""Benchmark data: IDX and npz loaders on real files, resolution order, no silent reads
or downloads."""

from __future__ import annotations

import gzip
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tfgpu.bench.data import (
    DEBIAN_FASHION_MNIST,
    DataError,
    DataSource,
    find_idx_files,
    load,
    read_idx,
    resolve_source,
)

ROOT = Path(__file__).resolve().parents[2]


def write_idx(path: Path, arr: np.ndarray, gz: bool = False, type_byte: int = 0x08) -> Path:
    header = struct.pack(">BBBB", 0, 0, type_byte, arr.ndim)
    header += b"".join(struct.pack(">I", d) for d in arr.shape)
    raw = header + arr.astype(arr.dtype.newbyteorder(">")).tobytes()
    path.write_bytes(gzip.compress(raw) if gz else raw)
    return path


def make_idx_dir(d: Path, n_train: int = 20, n_test: int = 10, gz: bool = True) -> Path:
    rng = np.random.default_rng(1)
    sfx = ".gz" if gz else ""
    d.mkdir(parents=True, exist_ok=True)
    write_idx(
        d / f"train-images-idx3-ubyte{sfx}",
        rng.integers(0, 256, (n_train, 28, 28)).astype(np.uint8),
        gz,
    )
    write_idx(
        d / f"train-labels-idx1-ubyte{sfx}", rng.integers(0, 10, n_train).astype(np.uint8), gz
    )
    write_idx(
        d / f"t10k-images-idx3-ubyte{sfx}",
        rng.integers(0, 256, (n_test, 28, 28)).astype(np.uint8),
        gz,
    )
    write_idx(d / f"t10k-labels-idx1-ubyte{sfx}", rng.integers(0, 10, n_test).astype(np.uint8), gz)
    return d


@pytest.mark.skipif(not DEBIAN_FASHION_MNIST.is_dir(), reason="dataset-fashion-mnist not installed")
def test_debian_fashion_mnist_parses() -> None:
    files = find_idx_files(DEBIAN_FASHION_MNIST)
    assert files is not None
    src = DataSource("idx", "Fashion-MNIST", files, "test")
    ds = load(src)
    assert ds.x_train.shape == (60000, 28, 28) and ds.x_train.dtype == np.uint8
    assert ds.y_train.shape == (60000,) and ds.x_test.shape == (10000, 28, 28)
    # Fashion-MNIST is balanced: 6000 images of each class in training, 1000 in test
    assert np.bincount(ds.y_train).tolist() == [6000] * 10
    assert np.bincount(ds.y_test).tolist() == [1000] * 10


@pytest.mark.parametrize("gz", [True, False])
def test_idx_roundtrip(tmp_path: Path, gz: bool) -> None:
    arr = np.arange(2 * 28 * 28, dtype=np.uint8).reshape(2, 28, 28)
    p = write_idx(tmp_path / "x-idx3-ubyte", arr, gz)
    got = read_idx(p)
    assert got.shape == (2, 28, 28)
    assert np.array_equal(got, arr)


def test_idx_big_endian_int32(tmp_path: Path) -> None:
    arr = np.array([1, -2, 70000], dtype=np.int32)
    got = read_idx(write_idx(tmp_path / "i", arr, type_byte=0x0C))
    assert got.tolist() == [1, -2, 70000]


def test_truncated_idx_is_a_clear_error(tmp_path: Path) -> None:
    arr = np.zeros((5, 28, 28), np.uint8)
    p = write_idx(tmp_path / "t", arr)
    p.write_bytes(p.read_bytes()[:-100])
    with pytest.raises(
        DataError, match=r"truncated IDX file: header says 5x28x28 \(3920 data bytes\), found 3820"
    ):
        read_idx(p)


def test_truncated_gzip_is_a_clear_error(tmp_path: Path) -> None:
    p = write_idx(tmp_path / "t.gz", np.zeros((5, 28, 28), np.uint8), gz=True)
    p.write_bytes(p.read_bytes()[:30])
    with pytest.raises(DataError, match="cannot read"):
        read_idx(p)


def test_not_idx(tmp_path: Path) -> None:
    p = tmp_path / "x"
    p.write_bytes(b"PK\x03\x04 this is a zip")
    with pytest.raises(DataError, match="not an IDX file"):
        read_idx(p)
    p.write_bytes(b"\x00\x00\x42\x01\x00\x00\x00\x01\x00")
    with pytest.raises(DataError, match="unknown type byte 0x42"):
        read_idx(p)


def test_idx_dir_loads_and_checks_shapes(tmp_path: Path) -> None:
    d = make_idx_dir(tmp_path / "mnist", gz=False)
    src = resolve_source(str(d))
    assert src.kind == "idx" and src.origin == "--data"
    ds = load(src)
    assert ds.x_train.shape == (20, 28, 28) and ds.y_test.shape == (10,)
    # labels that do not match the images
    write_idx(d / "train-labels-idx1-ubyte", np.zeros(19, np.uint8))
    with pytest.raises(DataError, match="20 images but labels of shape"):
        load(src)


def test_npz_loads(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    p = tmp_path / "mnist.npz"
    np.savez(
        p,
        x_train=rng.integers(0, 256, (8, 28, 28)).astype(np.uint8),
        y_train=np.arange(8, dtype=np.uint8),
        x_test=np.zeros((3, 28, 28), np.uint8),
        y_test=np.zeros(3, np.uint8),
    )
    ds = load(resolve_source(str(p)))
    assert ds.x_train.shape == (8, 28, 28) and ds.y_train.tolist() == list(range(8))
    bad = tmp_path / "bad.npz"
    np.savez(bad, images=np.zeros(3))
    with pytest.raises(DataError, match="missing"):
        load(resolve_source(str(bad)))
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(DataError, match=r"not a \.npz \(zip\) file"):
        load(resolve_source(str(junk)))


@pytest.mark.parametrize(("content", "said"), [
    (b"garbage", "it starts with b'garbag'"),
    (b"", "an empty file"),
    (b"\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00K\x01.", "it starts with"),  # a pickle
    (None, "a single NumPy array (.npy)"),
])
def test_a_file_that_is_no_zip_is_named_so_and_unpickling_is_never_suggested(
        tmp_path: Path, content: bytes | None, said: str) -> None:
    p = tmp_path / "mnist.npz"
    if content is None:  # an .npy renamed .npz
        with p.open("wb") as fh:
            np.save(fh, np.zeros(3))
    else:
        p.write_bytes(content)
    with pytest.raises(DataError) as err:
        load(resolve_source(str(p)))
    msg = str(err.value)
    assert "not a .npz (zip) file" in msg and said in msg
    assert "pickle" not in msg.lower()


def test_bad_data_paths(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        resolve_source(str(tmp_path / "nope"))
    with pytest.raises(DataError, match="no MNIST IDX files"):
        resolve_source(str(tmp_path))
    (tmp_path / "a.csv").write_text("1,2")
    with pytest.raises(DataError, match=r"IDX directory or a Keras mnist\.npz"):
        resolve_source(str(tmp_path / "a.csv"))
    with pytest.raises(DataError, match="exclude each other"):
        resolve_source(str(tmp_path), synthetic=True)


def test_resolution_order(tmp_path: Path) -> None:
    cache = tmp_path / "keras" / "mnist.npz"
    deb = make_idx_dir(tmp_path / "fashion-mnist")
    never = tmp_path / "never"

    def no_download(_p: Path) -> None:
        raise AssertionError("must not download")

    src = resolve_source(keras_cache=cache, debian_dir=deb, downloader=no_download)
    assert src.name == "Fashion-MNIST" and src.origin == "debian dataset-fashion-mnist"
    cache.parent.mkdir()
    cache.write_bytes(b"x")
    src = resolve_source(keras_cache=cache, debian_dir=deb, downloader=no_download)
    assert src.origin == "keras cache" and src.paths == (str(cache),)
    syn = resolve_source(
        synthetic=True, keras_cache=never, debian_dir=never, downloader=no_download
    )
    assert syn.synthetic and syn.paths == ()


def test_download_is_announced_first_and_offline_is_clear(tmp_path: Path) -> None:
    log: list[str] = []

    def offline(_p: Path) -> None:
        log.append("download")
        raise OSError("[Errno -3] Temporary failure in name resolution")

    with pytest.raises(DataError, match=r"looks offline.*dataset-fashion-mnist"):
        resolve_source(
            keras_cache=tmp_path / "c.npz",
            debian_dir=tmp_path / "none",
            announce=lambda m: log.append("announce: " + m),
            downloader=offline,
        )
    assert log[0].startswith("announce: No MNIST data found locally")
    assert "downloading" in log[0] and log[1] == "download"
    with pytest.raises(DataError, match="no MNIST data found"):
        resolve_source(
            keras_cache=tmp_path / "c.npz",
            debian_dir=tmp_path / "none",
            allow_download=False,
            downloader=offline,
        )
    assert log.count("download") == 1


def test_synthetic_is_deterministic_and_labelled() -> None:
    a = load(DataSource("synthetic", "synthetic", (), "--synthetic"), 50, 10)
    b = load(DataSource("synthetic", "synthetic", (), "--synthetic"), 50, 10)
    assert np.array_equal(a.x_train, b.x_train) and a.source.synthetic
    assert a.source.to_dict()["synthetic"] is True


def test_loading_given_data_opens_no_other_file(tmp_path: Path) -> None:
    """An audit hook records every file opened while resolving and loading --data."""
    d = make_idx_dir(tmp_path / "given")
    code = f"""
import sys, json
sys.path.insert(0, {str(ROOT / "src")!r})
from tfgpu.bench import data
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], str):
        opened.append(args[0])
sys.addaudithook(hook)
src = data.resolve_source({str(d)!r}, allow_download=False)
ds = data.load(src)
print(json.dumps(opened))
"""
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    opened = json.loads(out.stdout.strip().splitlines()[-1])
    data_files = [
        p
        for p in opened
        if not p.endswith((".py", ".pyc", ".so"))
        and "/__pycache__/" not in p
        and not p.startswith(("/proc", "/sys", "/dev"))
    ]
    assert data_files, opened
    assert all(p.startswith(str(d)) for p in data_files), data_files
