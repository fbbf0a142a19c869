# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs the layout walk's kernels (scripts/compile-layout-walk.sh) on the GPU
and checks every value they write: each element's row-major index, sums
along every dimension, the values through a blocked layout, and inclusive
scans both ways. The values are small integers, so every result is exact.
Prints one line per failure and a summary; exits 1 on any failure.

    python3 layout_walk_check.py KERNEL_DIR
"""

import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench"))
from tile_cuda import Kernel  # noqa: E402


def buffer(size):
    # NaN where nothing is written: an element the kernel misses fails.
    return torch.full((size,), float("nan"), device="cuda", dtype=torch.float32)


def expected_scan(values, axis, reverse):
    if reverse:
        return np.flip(np.cumsum(np.flip(values, axis), axis), axis)
    return np.cumsum(values, axis)


def main(directory):
    with open(os.path.join(directory, "cases.json")) as f:
        cases = json.load(f)
    failures, checked, declined = [], 0, 0

    def compare(case, kernel, what, got, want):
        nonlocal checked
        checked += 1
        got = got.cpu().numpy().reshape(want.shape)
        if not np.array_equal(got, want.astype(np.float32)):
            bad = np.argwhere(got != want)
            first = tuple(bad[0]) if len(bad) else ()
            failures.append("%s %s %s: %d of %d wrong, first at %s: %r, expected %r (%s %s)"
                            % (case["name"], kernel, what, len(bad), want.size, first,
                               got[first] if first else None, want[first] if first else None,
                               "x".join(map(str, case["shape"])), case["layout"]))

    for case in cases:
        shape = case["shape"]
        size = int(np.prod(shape))
        values = np.arange(size, dtype=np.float64).reshape(shape)
        for kernel in case["kernels"]:
            variant = "%s_%s" % (case["name"], kernel)
            if os.path.exists(os.path.join(directory, variant + ".unsupported")):
                declined += 1
                continue
            k = Kernel(directory, variant, "walk")
            if kernel == "main":
                out, conv = buffer(size), buffer(size)
                sums = [buffer(max(shape)) for _ in range(2)]
                k.bind((1,), out, sums[0], sums[1], conv)()
                torch.cuda.synchronize()
                compare(case, kernel, "values", out, values)
                compare(case, kernel, "blocked", conv, values)
                if len(shape) == 1:
                    compare(case, kernel, "sum", sums[0][:1], values.sum(keepdims=True))
                else:
                    for axis in range(2):
                        want = values.sum(axis)
                        compare(case, kernel, "sum%d" % axis, sums[axis][:want.size], want)
            else:
                axis, reverse = int(kernel[4]), kernel.endswith("r")
                out = buffer(size)
                k.bind((1,), out)()
                torch.cuda.synchronize()
                compare(case, kernel, "scan", out, expected_scan(values, axis, reverse))
    for line in failures:
        print("FAIL " + line)
    print("layout-walk: %d cases, %d results checked, %d scans declined, %d failure(s)"
          % (len(cases), checked, declined, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
