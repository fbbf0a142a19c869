# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Registers and spills of every captured kernel, tile's build against
Triton's, without a GPU: Triton compiles the captured TTIR for sm_90a with
the kernel's warps and stages, tile-translate compiles the same file, and
ptxas -v reports both. Prints the kernels where tile's build spills more
than Triton's, most first (the user-programs issue asks for no spills
where Triton has none).

    python3 test/Differential/spills.py DIR [--translate build/bin/tile-translate]
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

_USAGE = re.compile(r"(\d+) bytes spill stores|Used (\d+) registers")


def _ptxas_usage(text):
    """(registers, spill store bytes) from ptxas -v output."""
    registers = spills = 0
    for stores, used in _USAGE.findall(text):
        spills += int(stores or 0)
        registers = max(registers, int(used or 0))
    return registers, spills


def _ptxas():
    import triton
    bundled = pathlib.Path(triton.__file__).parent / "backends/nvidia/bin/ptxas"
    return os.environ.get("PTXAS") or shutil.which("ptxas") or str(bundled)


def triton_usage(ttir, warps, stages, ptxas):
    import triton
    from triton.backends.compiler import GPUTarget
    kernel = triton.compile(str(ttir), target=GPUTarget("cuda", 90, 32),
                            options={"num_warps": warps, "num_stages": stages})
    with tempfile.NamedTemporaryFile("w", suffix=".ptx") as ptx:
        ptx.write(kernel.asm["ptx"])
        ptx.flush()
        out = subprocess.run([ptxas, "-arch=sm_90a", "-v", ptx.name, "-o", os.devnull],
                             capture_output=True, text=True, check=True)
    return _ptxas_usage(out.stderr + out.stdout)


def tile_usage(ttir, warps, stages, translate):
    out = subprocess.run([translate, str(ttir), "--emit=cubin", "--sm=90a",
                          f"--num-warps={warps}", f"--num-stages={stages}", "--ptxas-info",
                          "-o", os.devnull], capture_output=True, text=True)
    if out.returncode:
        return None
    return _ptxas_usage(out.stderr + out.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=pathlib.Path)
    parser.add_argument("--translate", default="build/bin/tile-translate")
    args = parser.parse_args()
    ptxas = _ptxas()
    rows = []
    for info in sorted(args.dir.glob("*.json")):
        ttir = info.with_suffix(".ttir")
        meta = json.loads(info.read_text())
        if not ttir.exists() or "num_warps" not in meta:
            continue
        warps, stages = meta["num_warps"], meta["num_stages"]
        tile = tile_usage(ttir, warps, stages, args.translate)
        if tile is None:
            print(f"tile failed to compile {meta['name']} ({info.stem})", file=sys.stderr)
            continue
        if tile[1] == 0:
            continue
        triton = triton_usage(ttir, warps, stages, ptxas)
        if tile[1] > triton[1]:
            rows.append((tile[1] - triton[1], meta["name"], meta.get("case", ""), warps,
                         stages, tile, triton))
    print("| kernel | case | warps | stages | tile registers / spill bytes "
          "| Triton registers / spill bytes |")
    print("| --- | --- | --- | --- | --- | --- |")
    for _, name, case, warps, stages, tile, triton in sorted(rows, reverse=True):
        print(f"| {name} | {case} | {warps} | {stages} | {tile[0]} / {tile[1]} "
              f"| {triton[0]} / {triton[1]} |")
    print(f"{len(rows)} kernels spill more in tile's build than in Triton's")


if __name__ == "__main__":
    main()
