"""protobuf 6.30+ without the MessageFactory methods it deprecated: code written for protobuf
5.x or older fails on import.

Sources:

* protobuf 4.23's deprecation (python/google/protobuf/message_factory.py): "MessageFactory
  class is deprecated. Please use GetMessageClass() instead of MessageFactory.GetPrototype.
  MessageFactory class will be removed after 2024." (a UserWarning, harmless then:
  sparky8512/starlink-grpc-tools#81).
* The removal: protocolbuffers/protobuf commit c261b49a9575226efc9e5d269f6e5319a05d526e
  (cited by confluentinc/confluent-kafka-python#1863), in protobuf v30 (Python 6.30.0,
  released 2025-03-04: protobuf.dev/news/v30 and the migration guide's "Changes in v30.0").
  Code that still calls ``MessageFactory().GetPrototype(descriptor)`` then raises
  "AttributeError: 'MessageFactory' object has no attribute 'GetPrototype'"; the replacement
  is the module function ``message_factory.GetMessageClass(descriptor)`` (protobuf 4.21+),
  which caikit/caikit#772 and envoyproxy/toolshed#2384 switched to.
* wutzebaer/tensorflow-5090#2: a TensorFlow build in a Docker image that installed protobuf
  6.31.0 failed on import this way; pinning protobuf 5.29.4 fixed it.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError


def protobuf_removed_api(f: Facts) -> list[Finding]:
    """``protobuf-too-new`` variant ``api-removed``: "'MessageFactory' object has no attribute
    'GetPrototype'" (or ``GetMessages``, pattern ``protobuf.removed_api``): protobuf 6.30+
    removed those methods, and the code that called them (TensorFlow's or another package's:
    the traceback's frame above google/protobuf names it) was written for protobuf 5.x or
    older."""
    hits = f.h("protobuf.removed_api").all()
    if not hits:
        return []
    h = hits[0]
    api = f'{h.g("cls") or h.g("cls2") or "MessageFactory"}.{h.g("api") or h.g("api2")}'
    return [catalogue.make(
        "protobuf-too-new", variant="api-removed", api=api, evidence=log_evidence(hits[:1]),
        fix=(_pin(f, api),
             pip_list_grep("protobuf", "tensorflow", "tensorboard", windows=f.windows,
                           anchored=not f.windows) + "   # the versions installed",
             "# lasting: upgrade the package whose frame calls " + api
             + " to a release that uses message_factory.GetMessageClass"),
    )]


def _pin(f: Facts, api: str) -> str:
    """The protobuf pin that brings ``api`` back inside the installed TensorFlow's own range
    (platform fact ``tf-protobuf-upper-bounds``: <5 for 2.16-2.17, <6 for 2.18-2.19, >=5.28
    for 2.20); the bare "<6.30" with a pip check when the release is not listed or unknown."""
    mm = f.tf_mm
    minor = f"{mm[0]}.{mm[1]}" if mm else ""
    try:
        fact = f.kb.platform_fact("tf-protobuf-upper-bounds")
        below5, below6 = fact.items("below_5"), fact.items("below_6")
        no_upper = fact.items("no_upper")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        below5 = below6 = no_upper = ()
    tail = f"   # has {api}, inside TensorFlow {f.tf_version}'s own range"
    if minor in below5:
        return 'pip install "protobuf<5"' + tail
    if minor in below6:
        return 'pip install "protobuf<6"' + tail
    if minor in no_upper:
        return 'pip install "protobuf>=5.28,<6.30"' + tail
    return ('pip install "protobuf<6.30"   # the last series with ' + api + " (5.29.x); then "
            "pip check: if it names a narrower protobuf range for tensorflow, install within "
            "that")
