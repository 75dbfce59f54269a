"""ktc_pass_golden: golden tests that run ktc binaries as a pipeline."""

def ktc_pass_golden(name, tools, cases = None, data = [], size = "medium"):
    """Every CASE.mlir of the package, run as `ktc-parse | STAGES | ktc-print`.

    Args:
      name: test name.
      tools: the ktc binaries the cases' `// RUN:` lines use, e.g.
        ["//tools:ktc-split"]; ktc-parse and ktc-print are always there.
      cases: the .mlir cases (default: every *.mlir of the package).
      data: other files the cases read, e.g. a device description that a
        `// PARSE: --device=devices/x.mlir` line names.
      size: the test size; medium (300 s) by default: a package of many
        kernels through five stages takes over a minute under ASan on a
        loaded 2-core machine.
    """
    if cases == None:
        cases = native.glob(["*.mlir"])
    bins = depset(["//tools:ktc-parse", "//tools:ktc-print"] + tools).to_list()
    native.sh_test(
        name = name,
        size = size,
        srcs = ["//tests/passes:run_golden.sh"],
        args = ["$(location //tools:ktc-parse)"] +
               ["$(location %s)" % c for c in cases],
        data = cases + bins + data + native.glob(["*.out", "*.err"]),
    )
