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

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

_ALONE = ('python -c "import tensorflow"   # alone: when this works, another library imported '
          "before it in the program brings the second copy of the definitions")
_LIST = (pip_list_grep("tensorflow", "opencv", "protobuf") + "   # the packages that may "
         "carry them (a distribution's or conda's packages show in its own package manager)")


#: TensorFlow's graph definitions, the ones OpenCV's dnn module carried (GraphDef, NodeDef,
#: AttrValue, TensorProto, TensorShapeProto, DataType, OpDef, FunctionDefLibrary,
#: VersionDef: opencv modules/dnn/src/tensorflow/*.proto): a message of the ``tensorflow``
#: package itself, or a file of tensorflow/core/framework.
_GRAPH_DEFS = re.compile(r"tensorflow\.[A-Z]\w*$|tensorflow/core/framework/\w+\.proto$")


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
