"""ktc_kernel: compile a KTIR kernel as Bazel actions, one per stage.

    load("//tools:ktc.bzl", "ktc_kernel")
    ktc_kernel(name = "add", src = "add.mlir", device = "spyre")

Each stage binary runs as its own action with its IR file as a declared
output (add.ktir, add.split, add.routed, add.nested, add.allocated, add.dfir,
add.spyrecode), so Bazel caches every stage separately and can run them on
remote executors: changing a pass re-runs only that stage and the ones after
it, for every kernel. The default output is the SpyreCode; the intermediate
IR files are in the `ir` output group (`bazel build :add --output_groups=ir`).
"""

# The pipeline, in order: (attribute holding the binary, output extension).
_STAGES = [
    ("_parse", "ktir"),
    ("_split", "split"),
    ("_path_expand", "routed"),
    ("_nest", "nested"),
    ("_allocate", "allocated"),
    ("_lower", "dfir"),
    ("_codegen", "spyrecode"),
]

def _ktc_kernel_impl(ctx):
    src = ctx.file.src
    prev = src
    outputs = []
    for attr, ext in _STAGES:
        tool = getattr(ctx.executable, attr)
        out = ctx.actions.declare_file("%s.%s" % (ctx.label.name, ext))
        args = ctx.actions.args()
        inputs = [prev]
        if attr == "_parse":
            args.add("--device=" + ctx.attr.device)
        if attr == "_nest":
            args.add_all(ctx.attr.nest_args)
        if attr == "_codegen":
            # the KTIR source travels in the SpyreCode (ktc-launch --check)
            args.add("--ktir=" + src.path)
            inputs.append(src)
        args.add(prev)
        args.add("-o", out)
        ctx.actions.run(
            executable = tool,
            arguments = [args],
            inputs = inputs,
            outputs = [out],
            mnemonic = "Ktc" + ext.capitalize(),
            progress_message = "%s %s" % (tool.basename, src.short_path),
        )
        outputs.append(out)
        prev = out
    return [
        # the SpyreCode is also a runfile, so a test can launch it
        DefaultInfo(files = depset([prev]), runfiles = ctx.runfiles(files = [prev])),
        OutputGroupInfo(ir = depset(outputs)),
    ]

def _tool(name):
    return attr.label(
        default = Label("//tools:" + name),
        executable = True,
        cfg = "host",
    )

ktc_kernel = rule(
    implementation = _ktc_kernel_impl,
    doc = "Compiles one KTIR kernel to SpyreCode, one action per ktc stage.",
    attrs = {
        "src": attr.label(allow_single_file = [".mlir", ".ktir"], mandatory = True),
        "device": attr.string(
            default = "spyre",
            doc = "An embedded device name (spyre, sample); a kernel's own declaration wins.",
        ),
        "nest_args": attr.string_list(
            doc = "Flags for ktc-nest, e.g. [\"--disable=double-buffering\"].",
        ),
        "_parse": _tool("ktc-parse"),
        "_split": _tool("ktc-split"),
        "_path_expand": _tool("ktc-path-expand"),
        "_nest": _tool("ktc-nest"),
        "_allocate": _tool("ktc-allocate"),
        "_lower": _tool("ktc-lower"),
        "_codegen": _tool("ktc-codegen"),
    },
)
