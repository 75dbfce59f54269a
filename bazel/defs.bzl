"""Build macros for ktc: every C target of the project goes through these.

    load("//bazel:defs.bzl", "ktc_c_library", "ktc_c_binary", "ktc_c_test", "proto_c_library")

They are the native cc_* rules plus the project's strict flags (STYLE.md 15);
`-std=c11` itself comes from .bazelrc. Includes are workspace-relative:
`#include "ktir/ir.h"`, `#include "ktir/ir.pb-c.h"`.
"""

# Strict warnings for our own code. Kept out of .bazelrc so that generated
# protobuf-c sources (and anything external) are not held to them.
# _POSIX_C_SOURCE: -std=c11 hides POSIX (fileno, strdup, getopt, mkstemp...);
# a source that defines it itself must use this same value.
KTC_WARNINGS = [
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Wshadow",
    "-Wstrict-prototypes",
    "-Wmissing-prototypes",
    "-Werror",
]

KTC_COPTS = KTC_WARNINGS + ["-D_POSIX_C_SOURCE=200809L"]

def ktc_c_library(name, srcs = [], hdrs = [], deps = [], copts = [], **kwargs):
    """A cc_library built with the project's strict flags.

    Args:
      name: target name.
      srcs: .c files and private headers.
      hdrs: public headers, included as "pkg/path/x.h".
      deps: other libraries (ktc_c_library, proto_c_library, //third_party:zlib...).
      copts: extra compiler flags, after the project's.
      **kwargs: anything cc_library accepts (data, visibility, testonly...).
    """
    native.cc_library(
        name = name,
        srcs = srcs,
        hdrs = hdrs,
        deps = deps,
        copts = KTC_COPTS + copts,
        **kwargs
    )

def ktc_c_binary(name, srcs = [], deps = [], copts = [], linkopts = [], **kwargs):
    """A cc_binary built with the project's strict flags (args as ktc_c_library).

    Linked fully static (but under --config=asan): a stage binary runs once
    per kernel per stage, and loading libc, zlib and protobuf-c dynamically
    was ~3 ms of a ~9 ms ktc-lower run. Under --config=asan, not a PIE
    (71000 relocations at every start) and with the sanitizer runtimes
    linked in: 47 ms a process instead of 65 (`ktc-parse --help`).
    """
    native.cc_binary(
        name = name,
        srcs = srcs,
        deps = deps,
        copts = KTC_COPTS + copts,
        linkopts = linkopts + select({
            "//bazel:asan": ["-no-pie", "-static-libasan", "-static-libubsan"],
            "//conditions:default": ["-static"],
        }),
        **kwargs
    )

def ktc_c_test(name, srcs = [], deps = [], data = [], copts = [], size = "small", **kwargs):
    """A cmocka unit test: a cc_test linked with -lcmocka that reports every case.

    The sources define main() and run cmocka groups as usual
    (cmocka_run_group_tests); give each group of one binary a distinct name.
    Under `bazel test`, //bazel:cmocka_xml turns on cmocka's XML output and
    merges it into Bazel's XML_OUTPUT_FILE (bazel-testlogs/<pkg>/<name>/test.xml),
    one <testcase> per case; the same XML is echoed into test.log. Run directly
    (bazel-bin/..., `bazel run`), the binary prints cmocka's normal output.

    Args:
      name: target name.
      srcs: test .c files (with main()).
      deps: libraries under test.
      data: files the test reads at run time (runfiles).
      copts: extra compiler flags.
      size: Bazel test size, "small" by default.
      **kwargs: anything cc_test accepts (args, env, tags, timeout, shard_count...).
    """
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = deps + [
            "//bazel:cmocka_xml",
            "//third_party:cmocka",
        ],
        data = data,
        copts = KTC_COPTS + copts,
        size = size,
        **kwargs
    )

# Generated code is not ours to fix: keep the language mode, drop -Werror.
_PROTO_C_COPTS = ["-D_POSIX_C_SOURCE=200809L", "-Wno-error"]

def proto_c_library(name, src, deps = [], **kwargs):
    """C bindings for one .proto file, generated at build time by protoc-c.

    For src = "ir.proto" in package ktir, generates ktir/ir.pb-c.c and
    ktir/ir.pb-c.h (in bazel-bin, never in the source tree) and wraps them in a
    cc_library linked with -lprotobuf-c; C code writes #include "ktir/ir.pb-c.h".

    Args:
      name: target name, e.g. "ir_proto".
      src: the .proto file, in this package. Its imports are workspace-relative
        (import "ktir/ir.proto";).
      deps: proto_c_library targets for the files src imports.
      **kwargs: passed to the cc_library (visibility, testonly...).
    """
    if not src.endswith(".proto"):
        fail("proto_c_library: src must be a .proto file, got " + src)
    base = src[:-len(".proto")]
    pkg = native.package_name()
    if pkg:
        prefix = pkg + "/"
    else:
        prefix = ""

    # All .proto files protoc-c may read: src plus those of deps, transitively.
    native.filegroup(
        name = name + "_protos",
        srcs = [src] + [d + "_protos" for d in deps],
        visibility = kwargs.get("visibility"),
        testonly = kwargs.get("testonly"),
    )
    native.genrule(
        name = name + "_gen",
        srcs = [name + "_protos"],
        outs = [base + ".pb-c.c", base + ".pb-c.h"],
        cmd = "protoc-c --proto_path=. --c_out=$(GENDIR) " + prefix + src,
        message = "protoc-c " + prefix + src,
        testonly = kwargs.get("testonly"),
    )
    native.cc_library(
        name = name,
        srcs = [base + ".pb-c.c"],
        hdrs = [base + ".pb-c.h"],
        deps = deps + ["//third_party:protobuf_c"],
        copts = _PROTO_C_COPTS,
        **kwargs
    )
