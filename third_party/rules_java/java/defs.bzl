"""Offline stand-in for @rules_java//java:defs.bzl: the native rules, re-exported.

ktc has no Java; @bazel_tools only loads these names, so they must resolve
without a download.
"""

java_binary = native.java_binary
java_import = native.java_import
java_library = native.java_library
java_lite_proto_library = native.java_lite_proto_library
java_package_configuration = native.java_package_configuration
java_plugin = native.java_plugin
java_proto_library = native.java_proto_library
java_runtime = native.java_runtime
java_test = native.java_test
java_toolchain = native.java_toolchain
