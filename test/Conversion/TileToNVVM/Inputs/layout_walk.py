# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes one module per (layout, shape) the layout passes can give a tensor:
blocked (2-D and 3-D), mma.sync and wgmma accumulators, mma.sync operands
(kWidth 1, 2 and 4), FMA dot operands, and slices of each, nested slices
included; shapes that fill the layout's block and shapes smaller than it
(copies on registers, lanes or warps). Each function builds a tensor in the
layout, stores it, reduces it along every dimension and stores the results,
and converts it to a blocked layout: convert-tile-to-nvvm must lower them
all (layout-walk.mlir).

With `--gpu DIR` it writes instead, per 2-D and 1-D case, kernels whose
values are their elements' row-major indices (ranges in the slices, expanded
and broadcast), stored, summed along every dimension, converted to a
blocked layout and scanned, with a manifest (DIR/cases.json) for
test/GPU/Inputs/layout_walk_check.py, which checks every result on the GPU:
a layout the lowering gets wrong shows there."""

import itertools
import json
import os
import sys

WARPS = 4


def blocked(spt, tpw, wpc, order):
    return ("#tilegpu.blocked<{sizePerThread = %s, threadsPerWarp = %s, "
            "warpsPerCTA = %s, order = %s}>" % (spt, tpw, wpc, order))


def mma(version, warps, instr):
    return ("#tilegpu.mma<{versionMajor = %d, versionMinor = 0, warpsPerCTA = %s, "
            "instrShape = %s}>" % (version, warps, instr))


def dot_op(op_idx, parent, k_width=None):
    width = "" if k_width is None else ", kWidth = %d" % k_width
    return "#tilegpu.dot_op<{opIdx = %d, parent = %s%s}>" % (op_idx, parent, width)


def slice_of(dim, parent):
    return "#tilegpu.slice<{dim = %d, parent = %s}>" % (dim, parent)


# (layout, shapes of its rank): a shape that fills the block or more, and
# one smaller than the block along some dimension.
BLOCKED_2D = [
    blocked([1, 4], [4, 8], [4, 1], [1, 0]),
    blocked([4, 1], [8, 4], [1, 4], [0, 1]),
    blocked([1, 1], [1, 32], [2, 2], [1, 0]),
]
BLOCKED_3D = blocked([1, 1, 2], [2, 4, 4], [1, 2, 2], [2, 1, 0])
MMA_V2 = [mma(2, [2, 2], [16, 8]), mma(2, [4, 1], [16, 8]), mma(2, [1, 4], [16, 8])]
MMA_V3 = mma(3, [4, 1], [16, 64, 16])

TWO_D = []
for layout in BLOCKED_2D:
    TWO_D += [(layout, [64, 64]), (layout, [2, 8])]
for layout in MMA_V2:
    TWO_D += [(layout, [64, 32]), (layout, [16, 8])]
TWO_D += [(MMA_V3, [64, 64]), (MMA_V3, [16, 64])]
for parent, k_width in itertools.product(MMA_V2, [1, 2, 4]):
    k = 16 * k_width
    TWO_D += [(dot_op(0, parent, k_width), [64, k]),
              (dot_op(1, parent, k_width), [k, 32]),
              (dot_op(0, parent, k_width), [16, k]),
              (dot_op(1, parent, k_width), [k, 8])]
for parent in BLOCKED_2D[:2]:
    TWO_D += [(dot_op(0, parent), [32, 8]), (dot_op(1, parent), [8, 32]),
              (dot_op(0, parent), [4, 4])]

CASES = list(TWO_D) + [(BLOCKED_3D, [4, 8, 16]), (BLOCKED_3D, [2, 2, 4])]
# Slices of every layout above, and slices of slices of the 3-D one.
for layout, shape in list(CASES):
    for dim in range(len(shape)):
        CASES.append((slice_of(dim, layout), shape[:dim] + shape[dim + 1:]))
for dim, inner in itertools.product(range(3), range(2)):
    shape = [4, 8, 16]
    outer = shape[:dim] + shape[dim + 1:]
    CASES.append((slice_of(inner, slice_of(dim, BLOCKED_3D)),
                  outer[:inner] + outer[inner + 1:]))

BLOCKED_OUT = {1: blocked([1], [32], [WARPS], [0]),
               2: blocked([1, 1], [4, 8], [WARPS, 1], [1, 0]),
               3: blocked([1, 1, 1], [2, 4, 4], [WARPS, 1, 1], [2, 1, 0])}


def tensor(shape, element, layout):
    return "tensor<%s%s, %s>" % ("".join("%dx" % d for d in shape), element, layout)


def function(index, layout, shape):
    rank = len(shape)
    f32 = tensor(shape, "f32", layout)
    ptrs = tensor(shape, "!tile.ptr<f32>", layout)
    lines = ["tile.func public @walk_%d(%%f: f32, %%p: !tile.ptr<f32>) {" % index,
             "  %%x = tile.splat %%f : f32 -> %s" % f32]
    if rank == 1:
        # A range in the layout: the op that met slices of dot operands.
        i32 = tensor(shape, "i32", layout)
        lines += ["  %%r = tile.make_range {end = %d : i32, start = 0 : i32} : %s"
                  % (shape[0], i32),
                  "  %%rf = arith.sitofp %%r : %s to %s" % (i32, f32),
                  "  %%y = arith.addf %%x, %%rf : %s" % f32]
    else:
        lines.append("  %%y = arith.addf %%x, %%x : %s" % f32)
    lines += ["  %%ps = tile.splat %%p : !tile.ptr<f32> -> %s" % ptrs,
              "  tile.store %%ps, %%y : %s" % ptrs]
    for axis in range(rank):
        rest = shape[:axis] + shape[axis + 1:]
        out = tensor(rest, "f32", slice_of(axis, layout)) if rest else "f32"
        lines += ['  %%s%d = "tile.reduce"(%%y) <{axis = %d : i32}> ({' % (axis, axis),
                  "  ^bb0(%a: f32, %b: f32):",
                  "    %t = arith.addf %a, %b : f32",
                  "    tile.reduce.return %t : f32",
                  "  }) : (%s) -> %s" % (f32, out)]
        if rest:
            out_ptrs = tensor(rest, "!tile.ptr<f32>", slice_of(axis, layout))
            lines += ["  %%q%d = tile.splat %%p : !tile.ptr<f32> -> %s" % (axis, out_ptrs),
                      "  tile.store %%q%d, %%s%d : %s" % (axis, axis, out_ptrs)]
        else:
            lines.append("  tile.store %%p, %%s%d : !tile.ptr<f32>" % axis)
    converted = tensor(shape, "f32", BLOCKED_OUT[rank])
    converted_ptrs = tensor(shape, "!tile.ptr<f32>", BLOCKED_OUT[rank])
    lines += ["  %%c = tilegpu.convert_layout %%y : %s -> %s" % (f32, converted),
              "  %%cp = tile.splat %%p : !tile.ptr<f32> -> %s" % converted_ptrs,
              "  tile.store %%cp, %%c : %s" % converted_ptrs,
              "  tile.return", "}"]
    return "\n".join(lines)


def module(body):
    return 'module attributes {"tilegpu.num-warps" = %d : i32} {\n%s\n}\n' % (WARPS, body)


def ranges(layout, shape):
    """Lines giving %idx (i32), each element's row-major index, in `layout`;
    for 2-D, also %r0 and %r1, the ranges along each dimension in the slices
    that expand into it."""
    if len(shape) == 1:
        return ["  %%idx = tile.make_range {end = %d : i32, start = 0 : i32} : %s"
                % (shape[0], tensor(shape, "i32", layout))]
    m, n = shape
    full = tensor(shape, "i32", layout)
    lines = []
    for dim, size in ((0, m), (1, n)):
        keep = slice_of(1 - dim, layout)
        one = [size, 1] if dim == 0 else [1, size]
        lines += ["  %%r%d = tile.make_range {end = %d : i32, start = 0 : i32} : %s"
                  % (dim, size, tensor([size], "i32", keep)),
                  "  %%e%d = tile.expand_dims %%r%d {axis = %d : i32} : %s -> %s"
                  % (dim, dim, 1 - dim, tensor([size], "i32", keep),
                     tensor(one, "i32", layout)),
                  "  %%b%d = tile.broadcast %%e%d : %s -> %s"
                  % (dim, dim, tensor(one, "i32", layout), full)]
    lines += ["  %%cn = arith.constant dense<%d> : %s" % (n, full),
              "  %%rowbase = arith.muli %%b0, %%cn : %s" % full,
              "  %%idx = arith.addi %%rowbase, %%b1 : %s" % full]
    return lines


def store(name, pointer, offsets, value, shape, layout):
    ptrs = tensor(shape, "!tile.ptr<f32>", layout)
    return ["  %%%s_p = tile.splat %%%s : !tile.ptr<f32> -> %s" % (name, pointer, ptrs),
            "  %%%s_a = tile.addptr %%%s_p, %%%s : %s, %s"
            % (name, name, offsets, ptrs, tensor(shape, "i32", layout)),
            "  tile.store %%%s_a, %%%s : %s" % (name, value, ptrs)]


def gpu_main(layout, shape):
    """out[i] = i; sums along each dimension (sum0, sum1; a 1-D tensor's
    sum to sum0[0]); conv: the values through a blocked layout."""
    rank = len(shape)
    f32 = tensor(shape, "f32", layout)
    lines = ["tile.func public @walk(%out: !tile.ptr<f32>, %sum0: !tile.ptr<f32>, "
             "%sum1: !tile.ptr<f32>, %conv: !tile.ptr<f32>) {"]
    lines += ranges(layout, shape)
    lines.append("  %%v = arith.sitofp %%idx : %s to %s" % (tensor(shape, "i32", layout), f32))
    lines += store("o", "out", "idx", "v", shape, layout)
    for axis in range(rank):
        rest = shape[:axis] + shape[axis + 1:]
        out = tensor(rest, "f32", slice_of(axis, layout)) if rest else "f32"
        lines += ['  %%s%d = "tile.reduce"(%%v) <{axis = %d : i32}> ({' % (axis, axis),
                  "  ^bb0(%a: f32, %b: f32):",
                  "    %t = arith.addf %a, %b : f32",
                  "    tile.reduce.return %t : f32",
                  "  }) : (%s) -> %s" % (f32, out)]
        if rest:
            # The kept dimension's range is in the slice the sum has.
            lines += store("q%d" % axis, "sum%d" % axis, "r%d" % (1 - axis),
                           "s%d" % axis, rest, slice_of(axis, layout))
        else:
            lines.append("  tile.store %%sum0, %%s%d : !tile.ptr<f32>" % axis)
    out = BLOCKED_OUT[rank]
    lines += ["  %%cv = tilegpu.convert_layout %%v : %s -> %s" % (f32, tensor(shape, "f32", out)),
              "  %%ci = tilegpu.convert_layout %%idx : %s -> %s"
              % (tensor(shape, "i32", layout), tensor(shape, "i32", out))]
    lines += store("c", "conv", "ci", "cv", shape, out)
    lines += ["  tile.return", "}"]
    return module("\n".join(lines))


def gpu_scan(layout, shape, axis, reverse):
    """out[i]: the inclusive sum along `axis` (from the end if reverse)."""
    f32 = tensor(shape, "f32", layout)
    lines = ["tile.func public @walk(%out: !tile.ptr<f32>) {"]
    lines += ranges(layout, shape)
    lines += ["  %%v = arith.sitofp %%idx : %s to %s" % (tensor(shape, "i32", layout), f32),
              '  %%s = "tile.scan"(%%v) <{axis = %d : i32, reverse = %s}> ({'
              % (axis, "true" if reverse else "false"),
              "  ^bb0(%a: f32, %b: f32):",
              "    %t = arith.addf %a, %b : f32",
              "    tile.scan.return %t : f32",
              "  }) : (%s) -> %s" % (f32, f32)]
    lines += store("o", "out", "idx", "s", shape, layout)
    lines += ["  tile.return", "}"]
    return module("\n".join(lines))


def gpu_cases():
    """2-D and 1-D cases: the 2-D layouts, the 2-D slices of the 3-D one,
    and every 1-D slice (of slices too)."""
    cases = [(layout, shape) for layout, shape in CASES if len(shape) in (1, 2)]
    return cases


def write_gpu(directory):
    os.makedirs(directory, exist_ok=True)
    manifest = []
    for index, (layout, shape) in enumerate(gpu_cases()):
        name = "walk_%d" % index
        kernels = {"main": gpu_main(layout, shape)}
        for axis in range(len(shape)):
            for reverse in (False, True):
                kernels["scan%d%s" % (axis, "r" if reverse else "")] = \
                    gpu_scan(layout, shape, axis, reverse)
        for kind, text in kernels.items():
            with open(os.path.join(directory, "%s_%s.mlir" % (name, kind)), "w") as f:
                f.write("// %s %s\n%s" % ("x".join(map(str, shape)), layout, text))
        manifest.append({"name": name, "layout": layout, "shape": shape,
                         "kernels": sorted(kernels)})
    with open(os.path.join(directory, "cases.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if len(sys.argv) == 3 and sys.argv[1] == "--gpu":
    write_gpu(sys.argv[2])
    sys.exit(0)

modules = []
for index, (layout, shape) in enumerate(CASES):
    modules.append('// %s %s\nmodule attributes {"tilegpu.num-warps" = %d : i32} {\n%s\n}'
                   % ("x".join(map(str, shape)), layout, WARPS,
                      function(index, layout, shape)))
print("\n// -----\n".join(modules))
