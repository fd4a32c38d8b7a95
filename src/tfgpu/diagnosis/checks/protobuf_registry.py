"""Two libraries in one process registering the same protobuf definitions.

Source: protobuf's C++ runtime (protocolbuffers/protobuf, src/google/protobuf, read at
v3.21.12).  Generated code for a ``.proto`` file registers the file, and every name it
defines, in the generated pool of the protobuf runtime it is linked with
(``DescriptorPool::InternalAddGeneratedFile``).  When that pool holds the names already,
``descriptor_database.cc`` refuses them (``CheckForMutualSubsymbols``: 'Symbol name "X"
conflicts with the existing symbol "X".'; its index's ``AddFile``: "File already exists in
database: <file>"), and ``descriptor.cc``'s ``GOOGLE_CHECK(GeneratedDatabase()->
Add(encoded_file_descriptor, size))`` aborts the process.  So a second library carrying the
same definitions and sharing the first one's protobuf runtime (a shared ``libprotobuf``, as
distribution, ports and conda packages link it) kills the process at its load.

For TensorFlow's own definitions (names in the ``tensorflow.`` package) the second copy is
another library built with them: OpenCV's dnn module carried TensorFlow's graph definitions
in older builds (opencv/opencv ``modules/dnn/src/tensorflow/tf_io.hpp`` names that package
``opencv_tensorflow`` now), an application or custom-op library that compiled TensorFlow's
``.proto`` files itself, or two TensorFlow builds loaded in one process.  The log names the
definitions, not the library: the finding hedges, naming OpenCV only where the run imports it.

protobuf's Python runtime (upb, protobuf 4.21 and later) refuses the same way in Python's own
pool: "Couldn't build proto file into descriptor pool: duplicate file name <file>" (the text is
in its ``google/_upb/_message`` extension), a second generated ``_pb2`` module for a file name
the pool holds: a package that ships its own copy of another's generated modules, or one
module imported twice under two names.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit

_ALONE = ('python -c "import tensorflow"   # alone: when this works, another library imported '
          "before it in the program brings the second copy of the definitions")
_LIST = (pip_list_grep("tensorflow", "opencv", "protobuf") + "   # the packages that may "
         "carry them (a distribution's or conda's packages show in its own package manager)")


#: TensorFlow's graph definitions, the ones OpenCV's dnn module carried (GraphDef, NodeDef,
#: AttrValue, TensorProto, TensorShapeProto, DataType, OpDef, FunctionDefLibrary,
#: VersionDef: opencv modules/dnn/src/tensorflow/*.proto): a message of the ``tensorflow``
#: package itself, or a file of tensorflow/core/framework.
_GRAPH_DEFS = re.compile(r"tensorflow\.[A-Z]\w*$|tensorflow/core/framework/\w+\.proto$")


#: protobuf's own definitions (its well-known types, descriptor.proto): a second copy of
#: the protobuf runtime itself, not of anyone's generated code.
_PROTOBUF_OWN = re.compile(r"google/protobuf/\w+\.proto$|google\.protobuf\.\w+$")
#: TensorFlow's own definitions (a tensorflow/ .proto file, a tensorflow. name).
_TF_OWN = re.compile(r"tensorflow/\S+\.proto$|tensorflow\.\w")
#: TensorFlow's bundled protobuf, as bazel builds it (TensorFlow's WORKSPACE names it
#: com_google_protobuf; protobuf and protobuf_archive in 1.x releases).
_BAZEL_PROTOBUF = re.compile(r"(?:^|/)external/(?:com_google_protobuf|protobuf_archive|"
                             r"protobuf)/(?:src/)?$")
#: The bundler's own upgrade line, by the name the log gives it.
_FREEZER_PIP = {"nuitka": "nuitka", "cx_freeze": "cx_Freeze", "cx-freeze": "cx_Freeze",
                "pyinstaller": "pyinstaller", "py2exe": "py2exe"}


def _built_here(ctx: Facts, hits: list[Hit], name: str, named: str,
                cv2: list[Hit]) -> list[Finding]:
    """The variants whose duplicate is in how the program or TensorFlow was put together, not
    a third library: ``protobuf-runtime-twice`` (protobuf's own definitions, so the protobuf
    runtime itself is linked in twice: google/sling#102 "the protobuf library was linked in
    twice", fixed by linking libtensorflow_framework.so instead of
    _pywrap_tensorflow_internal.so; tensorflow/tensorflow#20561, a second binding of
    TensorFlow in a Python process registers twice); ``frozen-app`` (TensorFlow's own
    definitions and a bundler named in the log, ``ctx.proto_freezer`` or the bundle's marks
    ``ctx.frozen_app``: the frozen program loads TensorFlow's library twice, its other
    registrations too, 'Two session factories ...': Nuitka/Nuitka#1435 (fixed in Nuitka),
    Nuitka/Nuitka#2862, tensorflow/tensorflow#70340 with cx_Freeze); ``own-build``
    (TensorFlow's own definitions, no OpenCV, and the user's words for a TensorFlow built or
    linked here, ``build.from_source`` or ``ctx.proto_build_words``: a build against a
    shared system protobuf registers TensorFlow's definitions from its C++ library and its
    _pb2 modules in one pool unless pywrap_tensorflow is imported first,
    tensorflow/tensorflow#51450 and, broken again in 2.15, #62684; or TensorFlow's protos
    linked into two of its own libraries, tensorflow/tensorflow#8394)."""
    paths = [h.g("src") or "" for h in ctx.h("ctx.proto_runtime_path").all()]
    elsewhere = next((p for p in paths if not _BAZEL_PROTOBUF.search(p)), None)
    if _PROTOBUF_OWN.search(name):
        return [catalogue.make(
            "protobuf-definitions-registered-twice", variant="protobuf-runtime-twice",
            named=named, evidence=log_evidence(hits, limit=4),
            fix=("ldd <your program or library> | grep -E 'protobuf|tensorflow'   # (macOS: "
                 "otool -L) the protobuf and TensorFlow libraries it links: protobuf must "
                 "come in once, as a library of its own or inside one TensorFlow library",
                 "# link one TensorFlow library that carries protobuf and no second protobuf "
                 "(google/sling#102 linked libtensorflow_framework.so instead of "
                 "_pywrap_tensorflow_internal.so); do not load another TensorFlow binding "
                 "(libtensorflow, libtensorflow_cc) into a Python process that imports "
                 "tensorflow"))]
    if not _TF_OWN.match(name):
        return []
    freezer = ctx.h("ctx.proto_freezer").all()
    if freezer or ctx.h("ctx.frozen_app").count:
        tool = (freezer[0].g("tool") or "").lower() if freezer else ""
        pkg = _FREEZER_PIP.get(tool)
        first = (f"python -m pip install -U {pkg}   # a current {pkg} and its TensorFlow "
                 "plugin or hook; then build the bundle again" if pkg else
                 "# upgrade the bundler and its TensorFlow plugin or hook; then build the "
                 "bundle again")
        return [catalogue.make(
            "protobuf-definitions-registered-twice", variant="frozen-app", named=named,
            evidence=log_evidence(hits, freezer[:1],
                                  ctx.h("ctx.tf_session_factory_twice").all()[:1], limit=5),
            fix=(first,
                 "find <the bundle's folder> -name 'libtensorflow_framework*' -o -name "
                 "'_pywrap_tensorflow_internal*'   # (Windows: dir /s) two copies, or one "
                 "under two names or folders: the bundle must ship and load each once",
                 'python -c "import tensorflow"   # outside the bundle: it works, so the '
                 "install is fine and the bundle is at fault"))]
    if cv2 or not (ctx.h("build.from_source").count or ctx.h("ctx.proto_build_words").count):
        return []
    fix = ['python -c "from tensorflow.python import pywrap_tensorflow; import tensorflow"'
           "   # works where import tensorflow alone aborts: the import-order fault of builds "
           "against a shared protobuf (tensorflow/tensorflow#51450, #62684)",
           "# rebuild with TensorFlow's own protobuf (leave com_google_protobuf out of "
           "TF_SYSTEMLIBS), or with a release that has the import-order fix",
           "# protobuf messages built into two of the build's own libraries "
           "(tensorflow/tensorflow#8394): link them into one"]
    return [catalogue.make(
        "protobuf-definitions-registered-twice", variant="own-build", named=named,
        runtime=(f"the protobuf runtime at {elsewhere.rstrip('/')}, not TensorFlow's bundled "
                 "one" if elsewhere else "the build's protobuf"),
        evidence=log_evidence(hits, ctx.h("ctx.proto_build_words").all()[:1],
                              ctx.h("build.from_source").all()[:1], limit=5),
        fix=tuple(fix))]


def protobuf_definitions_registered_twice(ctx: Facts) -> list[Finding]:
    """``protobuf-definitions-registered-twice``: protobuf's 'Symbol name "X" conflicts with
    the existing symbol', "File already exists in database: F.proto" or the CHECK on
    ``GeneratedDatabase()->Add`` (``proto.registered_twice``).  Variant ``opencv``: the run
    imports OpenCV (``proto.cv2_import``), the names are TensorFlow's graph definitions
    (:data:`_GRAPH_DEFS`, the ones OpenCV carried) and no library of the program's own is
    loaded (``proto.own_library``: tf.load_op_library).  Variant ``python-pool``: protobuf's
    Python runtime (upb) refusing a second generated module for a file name its pool holds
    (``proto.python_pool_twice``).  Returns one finding for the log, or none."""
    hits = ctx.h("proto.registered_twice").all()
    if not hits:
        py = ctx.h("proto.python_pool_twice").all()
        if not py:
            return []
        return [catalogue.make(
            "protobuf-definitions-registered-twice", variant="python-pool",
            named=py[0].need("file"), evidence=log_evidence(py, limit=2),
            fix=(_ALONE, _LIST,
                 "python -c \"import sys; print(sys.path)\"   # a folder inside site-packages "
                 "on the path imports a package's modules a second time, under another name"),
        )]
    sym = next((h.g("sym") for h in hits if h.g("sym")), None)
    file = next((h.g("file") for h in hits if h.g("file")), None)
    named = (f"'{sym}'" if sym else f"of {file}" if file else "of a .proto file")
    # the CHECK that aborts, or nothing after the refusal: an error; a program that went on
    # (its device created, its steps run after the line) was not stopped by it
    went_on = not any(h.g("check") for h in hits) and any(
        g.line > hits[-1].line for name in ("gpu.created", "ctx.keras_epoch")
        for g in ctx.h(name).all())
    severity = Severity.WARNING if went_on else None
    cv2 = ctx.h("proto.cv2_import").all()
    built = _built_here(ctx, hits, sym or file or "", named, cv2)
    if built:
        return built
    if _GRAPH_DEFS.match(sym or file or "") and cv2 and not ctx.h("proto.own_library").count:
        return [catalogue.make(
            "protobuf-definitions-registered-twice", variant="opencv", named=named,
            evidence=log_evidence(hits, cv2[:1], limit=4), severity=severity,
            fix=('python -c "import tensorflow"; python -c "import cv2"; python -c "import '
                 'cv2, tensorflow"   # each alone works and the two together fail: their '
                 "copies collide",
                 "python -m pip install -U opencv-python   # a current OpenCV (its copy has "
                 "its own names), or the distribution's current OpenCV package",
                 _LIST),
        )]
    return [catalogue.make(
        "protobuf-definitions-registered-twice", named=named,
        evidence=log_evidence(hits, limit=4), severity=severity,
        fix=(_ALONE, _LIST,
             "# upgrade or remove the library that carries its own copy, or load it in "
             "another process"),
    )]
