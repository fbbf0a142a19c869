"""Writes one module per (layout, shape) the layout passes can give a tensor:
blocked (2-D and 3-D), mma.sync and wgmma accumulators, mma.sync operands
(kWidth 1, 2 and 4), FMA dot operands, and slices of each, nested slices
included; shapes that fill the layout's block and shapes smaller than it
(copies on registers, lanes or warps). Each function builds a tensor in the
layout, stores it, reduces it along every dimension and stores the results,
and converts it to a blocked layout: convert-tile-to-nvvm must lower them
all (layout-walk.mlir)."""

import itertools

WARPS = 4


def blocked(spt, tpw, wpc, order):
    return ("#tile.blocked<{sizePerThread = %s, threadsPerWarp = %s, "
            "warpsPerCTA = %s, order = %s}>" % (spt, tpw, wpc, order))


def mma(version, warps, instr):
    return ("#tile.mma<{versionMajor = %d, versionMinor = 0, warpsPerCTA = %s, "
            "instrShape = %s}>" % (version, warps, instr))


def dot_op(op_idx, parent, k_width=None):
    width = "" if k_width is None else ", kWidth = %d" % k_width
    return "#tile.dot_op<{opIdx = %d, parent = %s%s}>" % (op_idx, parent, width)


def slice_of(dim, parent):
    return "#tile.slice<{dim = %d, parent = %s}>" % (dim, parent)


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
    lines += ["  %%c = tile.convert_layout %%y : %s -> %s" % (f32, converted),
              "  %%cp = tile.splat %%p : !tile.ptr<f32> -> %s" % converted_ptrs,
              "  tile.store %%cp, %%c : %s" % converted_ptrs,
              "  tile.return", "}"]
    return "\n".join(lines)


modules = []
for index, (layout, shape) in enumerate(CASES):
    modules.append('// %s %s\nmodule attributes {"tile.num-warps" = %d : i32} {\n%s\n}'
                   % ("x".join(map(str, shape)), layout, WARPS,
                      function(index, layout, shape)))
print("\n// -----\n".join(modules))
