"""Benchmark data: MNIST-format datasets from IDX files or Keras' ``mnist.npz``.

Where the data comes from, in order (:func:`resolve_source`):

1. ``--synthetic``: random images, labelled "synthetic" in every output; no file read.
2. ``--data PATH``: an IDX directory (``train-images-idx3-ubyte[.gz]``,
   ``train-labels-idx1-ubyte[.gz]``, ``t10k-images-idx3-ubyte[.gz]``,
   ``t10k-labels-idx1-ubyte[.gz]``; the ``train-images.idx3-ubyte`` spelling too) or a
   Keras ``mnist.npz`` (arrays ``x_train``, ``y_train``, ``x_test``, ``y_test``).  Only
   that path is read.
3. The Keras cache, ``$KERAS_HOME/datasets/mnist.npz`` (default ``~/.keras``), if present.
4. Fashion-MNIST from Debian's ``dataset-fashion-mnist`` package
   (``/usr/share/datasets/fashion-mnist/*-idx?-ubyte.gz``), if installed.
5. Otherwise a download of Keras' ``mnist.npz`` is tried, announced first; offline, the
   error says what to install or pass instead.

The IDX format (http://yann.lecun.com/exdb/mnist/, "FILE FORMATS FOR THE MNIST
DATABASE"): two zero bytes, a type byte (0x08 unsigned byte ... 0x0E double), the
number of dimensions, then each dimension as a big-endian uint32, then the data in
big-endian C order.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import urllib.request
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

#: Debian's ``dataset-fashion-mnist`` package puts the four IDX files here.
DEBIAN_FASHION_MNIST = Path("/usr/share/datasets/fashion-mnist")
#: Where ``keras.datasets.mnist.load_data()`` downloads from (Keras source,
#: ``keras/src/datasets/mnist.py``, ``origin_folder``).
KERAS_MNIST_URL = "https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz"
#: Size of that file, bytes (for the announcement).
KERAS_MNIST_BYTES = 11_490_434
#: SHA-256 of that file: the ``file_hash`` Keras passes to ``get_file`` in
#: ``keras/src/datasets/mnist.py`` (keras 3, ``load_data``).  A download must match it.
KERAS_MNIST_SHA256 = "731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1"
#: SHA-256 of Fashion-MNIST's ``train-labels-idx1-ubyte.gz`` as Debian's
#: ``dataset-fashion-mnist`` ships it (the upstream zalandoresearch file; measured with
#: ``sha256sum /usr/share/datasets/fashion-mnist/train-labels-idx1-ubyte.gz``).  Content,
#: not the path, identifies Fashion-MNIST.
FASHION_MNIST_TRAIN_LABELS_GZ_SHA256 = (
    "0ae29f65d86684f32d1b9c85147786c547b9c6aebcaf235f0400a0cce308b056"
)

#: IDX type byte -> numpy big-endian dtype.
_IDX_TYPES: dict[int, str] = {
    0x08: ">u1",
    0x09: ">i1",
    0x0B: ">i2",
    0x0C: ">i4",
    0x0D: ">f4",
    0x0E: ">f8",
}

_PARTS = ("train-images", "train-labels", "t10k-images", "t10k-labels")


class DataError(Exception):
    """A dataset that cannot be found, read or parsed (the message says which and why)."""


@dataclass(frozen=True, slots=True)
class DataSource:
    """Where the benchmark's data comes from (resolved, not yet read).

    Attributes:
        kind: ``"idx"`` (four IDX files), ``"npz"`` (Keras ``mnist.npz``) or
            ``"synthetic"``.
        name: for the report, from the content, never from the path: ``"MNIST"``
            (the Keras cache), ``"MNIST (npz)"`` (a file with Keras' SHA-256),
            ``"Fashion-MNIST"`` (Debian's files, by SHA-256), ``"synthetic"``, or a neutral
            ``"IDX data set"`` / ``"npz data set"``.
        paths: the files that will be read (IDX: train images, train labels, test
            images, test labels; npz: one file; synthetic: none).
        origin: how it was chosen (``"--data"``, ``"keras cache"``,
            ``"debian dataset-fashion-mnist"``, ``"download"``, ``"--synthetic"``).
    """

    kind: str
    name: str
    paths: tuple[str, ...]
    origin: str

    @property
    def synthetic(self) -> bool:
        """True for generated data (labelled as such in every output)."""
        return self.kind == "synthetic"

    @property
    def location(self) -> str | None:
        """What the user should see as the data's place: the ``.npz`` file itself, the
        directory of the IDX files, ``None`` for synthetic data."""
        if not self.paths:
            return None
        return self.paths[0] if self.kind == "npz" else os.path.dirname(self.paths[0])

    def to_dict(self) -> dict[str, object]:
        """JSON form."""
        return {
            "kind": self.kind,
            "name": self.name,
            "paths": list(self.paths),
            "origin": self.origin,
            "synthetic": self.synthetic,
        }

    @staticmethod
    def from_dict(d: dict[str, object]) -> DataSource:
        """Inverse of :meth:`to_dict`."""
        paths = d.get("paths")
        return DataSource(
            kind=str(d["kind"]),
            name=str(d["name"]),
            paths=tuple(str(p) for p in paths) if isinstance(paths, list) else (),
            origin=str(d.get("origin", "")),
        )


@dataclass(frozen=True)
class Dataset:
    """An MNIST-format dataset in memory.

    Attributes:
        x_train: ``[n_train, 28, 28]`` uint8 images.
        y_train: ``[n_train]`` uint8 labels 0..9.
        x_test: ``[n_test, 28, 28]`` uint8.
        y_test: ``[n_test]`` uint8.
        source: where it came from.
    """

    x_train: npt.NDArray[np.uint8]
    y_train: npt.NDArray[np.uint8]
    x_test: npt.NDArray[np.uint8]
    y_test: npt.NDArray[np.uint8]
    source: DataSource


def read_idx(path: str | os.PathLike[str]) -> npt.NDArray[np.generic]:
    """Read one IDX file (gzip-compressed when it starts with the gzip magic).

    Args:
        path: the file.

    Returns:
        The array, in native byte order, with the shape the header gives.

    Raises:
        DataError: unreadable, not IDX (bad magic or type byte), or truncated (fewer
            data bytes than the header's dimensions need).
    """
    p = Path(path)
    try:
        raw = p.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise DataError(f"{p}: cannot read: {exc}") from exc
    if len(raw) < 4 or raw[0] != 0 or raw[1] != 0:
        raise DataError(f"{p}: not an IDX file (the first two bytes must be zero)")
    type_byte, ndim = raw[2], raw[3]
    if type_byte not in _IDX_TYPES:
        raise DataError(f"{p}: not an IDX file (unknown type byte 0x{type_byte:02x})")
    header = 4 + 4 * ndim
    if ndim == 0 or len(raw) < header:
        raise DataError(f"{p}: truncated IDX header ({len(raw)} bytes, {ndim} dimensions)")
    dims = tuple(int.from_bytes(raw[4 + 4 * i : 8 + 4 * i], "big") for i in range(ndim))
    dtype = np.dtype(_IDX_TYPES[type_byte])
    need = int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
    have = len(raw) - header
    if have < need:
        raise DataError(
            f"{p}: truncated IDX file: header says {'x'.join(map(str, dims))} "
            f"({need} data bytes), found {have} bytes"
        )
    if have > need:
        raise DataError(f"{p}: {have - need} unexpected bytes after the IDX data")
    arr = np.frombuffer(raw, dtype=dtype, count=need // dtype.itemsize, offset=header)
    return arr.reshape(dims).astype(dtype.newbyteorder("="))


def find_idx_files(directory: str | os.PathLike[str]) -> tuple[str, str, str, str] | None:
    """Find the four MNIST IDX files in ``directory`` (lists only that directory).

    Returns:
        Paths of train images, train labels, test images, test labels; ``None`` when
        any is missing.
    """
    d = Path(directory)
    try:
        names = {e.name for e in d.iterdir() if e.is_file()}
    except OSError:
        return None
    found: list[str] = []
    for part in _PARTS:
        kind = "idx3" if part.endswith("images") else "idx1"
        candidates = [
            f"{part}-{kind}-ubyte",
            f"{part}-{kind}-ubyte.gz",
            f"{part}.{kind}-ubyte",
            f"{part}.{kind}-ubyte.gz",
        ]
        hit = next((c for c in candidates if c in names), None)
        if hit is None:
            return None
        found.append(str(d / hit))
    return (found[0], found[1], found[2], found[3])


def _check_integral(a: npt.NDArray[np.generic], lo: int, hi: int, what: str) -> None:
    """Raise unless ``a`` holds whole numbers in ``lo..hi`` (any numeric dtype)."""
    if a.dtype.kind not in "uif":
        raise DataError(f"{what} must be numbers, got dtype {a.dtype}")
    if a.size == 0:
        return
    amin, amax = float(a.min()), float(a.max())
    if amin < lo or amax > hi:
        raise DataError(f"{what} must be in {lo}..{hi}, found {amin:g}..{amax:g}")
    if a.dtype.kind == "f" and not bool(np.all(np.mod(a, 1) == 0)):
        raise DataError(
            f"{what} must be whole numbers {lo}..{hi} (uint8, as MNIST ships them), got "
            f"{a.dtype} values such as {float(a.flat[int(np.argmax(np.mod(a, 1) != 0))]):g}"
            + (
                "; the images look already scaled to 0..1: pass the raw uint8 data"
                if amax <= 1.0
                else ""
            )
        )


def _check(x: npt.NDArray[np.generic], y: npt.NDArray[np.generic], what: str) -> None:
    if x.ndim != 3 or x.shape[1:] != (28, 28):
        raise DataError(f"{what}: images must be [n, 28, 28], got {list(x.shape)}")
    if x.shape[0] == 0:
        raise DataError(f"{what}: no images (shape {list(x.shape)})")
    if y.ndim != 1 or y.shape[0] != x.shape[0]:
        raise DataError(f"{what}: {x.shape[0]} images but labels of shape {list(y.shape)}")
    _check_integral(x, 0, 255, f"{what}: image pixels")
    _check_integral(y, 0, 9, f"{what}: labels")


def load(source: DataSource, synthetic_train: int = 60000, synthetic_test: int = 10000) -> Dataset:
    """Read the dataset ``source`` names (only its ``paths``).

    Args:
        source: from :func:`resolve_source`.
        synthetic_train: training images to generate for a synthetic source.
        synthetic_test: test images to generate for a synthetic source.

    Returns:
        The dataset (uint8 images ``[n, 28, 28]``, uint8 labels ``[n]``).

    Raises:
        DataError: a file is missing, not IDX/npz, truncated, has the wrong shapes, an
            empty set, labels outside 0..9, or pixels that are not whole numbers 0..255
            (for example images already divided by 255).
    """
    if source.kind == "synthetic":
        return synthetic_dataset(synthetic_train, synthetic_test, source)
    if source.kind == "npz":
        (path,) = source.paths
        _check_npz_magic(path)
        try:
            with np.load(path, allow_pickle=False) as z:
                missing = {"x_train", "y_train", "x_test", "y_test"} - set(z.files)
                if missing:
                    raise DataError(f"{path}: not a Keras mnist.npz (missing {sorted(missing)})")
                arrays = [np.asarray(z[k]) for k in ("x_train", "y_train", "x_test", "y_test")]
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            if "Object arrays" in str(exc):
                raise DataError(
                    f"{path}: holds Python objects, not numeric arrays (not a Keras mnist.npz)"
                ) from exc
            if "pickle" in str(exc):  # numpy's advice to unpickle: never ours to give
                raise DataError(f"{path}: not a readable .npz (a member is not a numeric "
                                "array): not a Keras mnist.npz") from exc
            raise DataError(f"{path}: cannot read as .npz: {exc}") from exc
    elif source.kind == "idx":
        arrays = [read_idx(p) for p in source.paths]
    else:
        raise DataError(f"unknown data source kind {source.kind!r}")
    x_tr, y_tr, x_te, y_te = arrays
    _check(x_tr, y_tr, "training set")
    _check(x_te, y_te, "test set")
    return Dataset(
        x_tr.astype(np.uint8),
        y_tr.astype(np.uint8),
        x_te.astype(np.uint8),
        y_te.astype(np.uint8),
        source,
    )


#: The first bytes of a zip archive (an ``.npz`` is one, numpy.lib.npyio.savez): a local
#: file header, or the end record of an empty archive (``zipfile.stringFileHeader``,
#: ``zipfile.stringEndArchive``).
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")


def _check_npz_magic(path: str) -> None:
    """Raise :class:`DataError` unless ``path`` starts as a zip archive does.

    ``numpy.load`` reads a file that is neither a zip nor an ``.npy`` as a pickle, and
    with ``allow_pickle=False`` answers with advice to load it unsafely; an ``.npy``
    renamed ``.npz`` gives one array, not the four named ones. Neither is an ``.npz``.
    """
    try:
        with open(path, "rb") as fh:
            head = fh.read(6)
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if head.startswith(_ZIP_MAGIC):
        return
    what = ("an empty file" if not head
            else "a single NumPy array (.npy)" if head.startswith(b"\x93NUMPY")
            else f"it starts with {head!r}")
    raise DataError(f"{path}: not a .npz (zip) file: {what}; --data takes a Keras "
                    "mnist.npz (x_train, y_train, x_test, y_test) or an IDX directory")


def synthetic_dataset(
    n_train: int, n_test: int, source: DataSource | None = None, seed: int = 0
) -> Dataset:
    """Generate learnable MNIST-shaped data: each class is a noisy fixed pattern.

    Args:
        n_train: training images.
        n_test: test images.
        source: the source to attach (default a synthetic one).
        seed: random seed (same seed, same data).

    Returns:
        uint8 images ``[n, 28, 28]`` and labels ``[n]``.
    """
    rng = np.random.default_rng(seed)
    prototypes = rng.integers(0, 256, size=(10, 28, 28))

    def make(n: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
        y = rng.integers(0, 10, size=n)
        noise = rng.normal(0, 150, size=(n, 28, 28))
        x = np.clip(prototypes[y] + noise, 0, 255).astype(np.uint8)
        return x, y.astype(np.uint8)

    x_tr, y_tr = make(n_train)
    x_te, y_te = make(n_test)
    src = source or DataSource("synthetic", "synthetic", (), "--synthetic")
    return Dataset(x_tr, y_tr, x_te, y_te, src)


def keras_cache_path() -> Path:
    """``$KERAS_HOME/datasets/mnist.npz``, default ``~/.keras/datasets/mnist.npz``."""
    home = os.environ.get("KERAS_HOME") or str(Path.home() / ".keras")
    return Path(home) / "datasets" / "mnist.npz"


def file_sha256(path: str | os.PathLike[str]) -> str | None:
    """SHA-256 of a file, hex; ``None`` when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _idx_name(files: tuple[str, str, str, str]) -> str:
    if file_sha256(files[1]) == FASHION_MNIST_TRAIN_LABELS_GZ_SHA256:
        return "Fashion-MNIST"
    return "IDX data set"


def _from_path(path: str) -> DataSource:
    p = Path(path).expanduser()
    if p.is_dir():
        files = find_idx_files(p)
        if files is None:
            raise DataError(
                f"--data {path}: no MNIST IDX files there (need train-images-idx3-ubyte[.gz], "
                "train-labels-idx1-ubyte[.gz], t10k-images-idx3-ubyte[.gz], "
                "t10k-labels-idx1-ubyte[.gz])"
            )
        return DataSource("idx", _idx_name(files), files, "--data")
    if p.is_file():
        if p.suffix == ".npz":
            name = "MNIST (npz)" if file_sha256(p) == KERAS_MNIST_SHA256 else "npz data set"
            return DataSource("npz", name, (str(p),), "--data")
        raise DataError(f"--data {path}: expected an IDX directory or a Keras mnist.npz file")
    raise DataError(f"--data {path}: no such file or directory")


class IntegrityError(OSError):
    """A download whose SHA-256 is not the expected one (the file was discarded)."""


def download_mnist(dest: Path, timeout_s: float = 60.0) -> None:
    """Download Keras' ``mnist.npz`` to ``dest`` (the caller announces it first).

    The bytes go to ``dest`` + ``.part``; only when their SHA-256 equals
    :data:`KERAS_MNIST_SHA256` is the file renamed to ``dest``.  On any failure the
    ``.part`` file is deleted and ``dest`` is left untouched.

    Raises:
        IntegrityError: the downloaded bytes have another SHA-256 (a proxy's error page,
            a truncated transfer).
        OSError: no network, a refused connection, or a failed write.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".part")
    digest = hashlib.sha256()
    try:
        with (
            urllib.request.urlopen(KERAS_MNIST_URL, timeout=timeout_s) as resp,
            open(tmp, "wb") as fh,
        ):
            for block in iter(lambda: resp.read(1 << 20), b""):
                digest.update(block)
                fh.write(block)
        got = digest.hexdigest()
        if got != KERAS_MNIST_SHA256:
            raise IntegrityError(
                f"downloaded {KERAS_MNIST_URL} has SHA-256 {got}, expected "
                f"{KERAS_MNIST_SHA256} (Keras' hash); the file was discarded"
            )
        tmp.replace(dest)
    finally:
        tmp.unlink(missing_ok=True)


def resolve_source(
    data: str | None = None,
    synthetic: bool = False,
    *,
    announce: Callable[[str], None] = lambda _msg: None,
    allow_download: bool = True,
    downloader: Callable[[Path], None] = download_mnist,
    keras_cache: Path | None = None,
    debian_dir: Path = DEBIAN_FASHION_MNIST,
) -> DataSource:
    """Choose the dataset (module docstring, steps 1-5); reads no data file.

    Args:
        data: ``--data`` value, or ``None``.
        synthetic: ``--synthetic``.
        announce: called with a message before any download starts.
        allow_download: try a download when nothing is found locally.
        downloader: fetches ``mnist.npz`` to the given path, checking its SHA-256
            (tests inject a fake).
        keras_cache: the Keras cache file (default :func:`keras_cache_path`).
        debian_dir: where Debian's ``dataset-fashion-mnist`` files live.

    Returns:
        The source.

    Raises:
        DataError: ``--data`` does not exist or is not MNIST-format; nothing local and
            the download failed (offline) or is not allowed.
    """
    if synthetic:
        if data is not None:
            raise DataError("--synthetic and --data exclude each other")
        return DataSource("synthetic", "synthetic", (), "--synthetic")
    if data is not None:
        return _from_path(data)
    cache = keras_cache if keras_cache is not None else keras_cache_path()
    if cache.is_file():
        return DataSource("npz", "MNIST", (str(cache),), "keras cache")
    debian = find_idx_files(debian_dir) if debian_dir.is_dir() else None
    if debian is not None:
        return DataSource("idx", "Fashion-MNIST", debian, "debian dataset-fashion-mnist")
    hint = (
        "install one (`apt-get install dataset-fashion-mnist` on Debian/Ubuntu), pass "
        "--data DIR_OR_NPZ, or run with --synthetic"
    )
    if not allow_download:
        raise DataError(f"no MNIST data found ({cache}, {debian_dir}); {hint}")
    announce(
        f"No MNIST data found locally ({cache}, {debian_dir}); downloading "
        f"{KERAS_MNIST_BYTES / 1e6:.1f} MB from {KERAS_MNIST_URL} to {cache}"
    )
    try:
        downloader(cache)
    except IntegrityError as exc:
        raise DataError(f"{exc}; {hint}") from exc
    except OSError as exc:
        raise DataError(
            f"download of {KERAS_MNIST_URL} failed ({exc}); this host looks offline: {hint}"
        ) from exc
    return DataSource("npz", "MNIST", (str(cache),), "download")
