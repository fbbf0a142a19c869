# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks of the differential harness's host-side logic that need no GPU:
reading the TTIR function's arguments, mapping Triton's launcher arguments
to tile's parameters, packing scalars as Triton's launcher does, the
buffer comparison, and the timings' way to the results page. Needs torch
(a CPU build will do) and, for the TTIR part, Triton.

  python3 test/Differential/selftest.py
"""

import ctypes
import struct
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch  # noqa: E402

from compare import as_dtype, compare, relative_rms, storage_view  # noqa: E402
from harness import LaunchError, tile_parameters, ttir_arguments, without_locations  # noqa: E402
from tile_kernel import pack  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL {what}")


TTIR = """
module {
  tt.func public @k(%x_ptr: !tt.ptr<bf16> {tt.divisibility = 16 : i32} loc("x_ptr"(#loc)), %n: i32 loc("n"(#loc)), %t.0: i64 loc("t.0"(#loc)), %s: f32 loc("s"(#loc)), %flag: i1 loc("flag"(#loc))) attributes {noinline = false} {
    tt.return loc(#loc5)
  } loc(#loc)
  tt.func private @helper(%a: i32) -> i32 attributes {noinline = true} {
    tt.return %a : i32
  }
}
"""


def test_ttir():
    check(ttir_arguments(TTIR, "k") == ["ptr", "i32", "i64", "f32", "i1"],
          f"ttir_arguments: {ttir_arguments(TTIR, 'k')}")
    try:
        ttir_arguments(TTIR, "helper")
        check(False, "a private function is not a kernel")
    except LaunchError:
        pass
    empty = "tt.func public @e() attributes {noinline = false} {"
    check(ttir_arguments(empty, "e") == [], "no arguments")
    # Locations (the program's path) do not count; the code does.
    inputs = Path(__file__).resolve().parent.parent / "Triton" / "Inputs"
    text = (inputs / "misc.ttir").read_text()
    moved = text.replace('loc("dump_ttir.py"', 'loc("/elsewhere/x (1).py"')
    check(moved != text and without_locations(moved) == without_locations(text), "moved file")
    check("loc(" not in without_locations(text), "every location removed")
    changed = text.replace("cacheModifier = cg", "cacheModifier = ca")
    check(without_locations(changed) != without_locations(text), "a changed op")


def _kernel(signature):
    return types.SimpleNamespace(src=types.SimpleNamespace(signature=signature))


def test_parameters():
    x = torch.zeros(4, dtype=torch.bfloat16)
    sig = {"x_ptr": "*bf16", "n": "i32", "ONE": "constexpr", "t": ("i64", "constexpr"),
           "s": "fp32", "flag": "u1", "BLOCK": "constexpr"}
    args = [x, 17, 1, (2**40, 1), 0.5, True, 128]
    params = tile_parameters(_kernel(sig), args, ["ptr", "i32", "i64", "f32", "i1"])
    check([(n, t) for n, t, _, _ in params] ==
          [("x_ptr", "ptr"), ("n", "i32"), ("t.0", "i64"), ("s", "f32"), ("flag", "i1")],
          f"tile_parameters: {params}")
    for bad_ttir in (["ptr", "i32", "i64", "f32"], ["ptr", "i64", "i64", "f32", "i1"]):
        try:
            tile_parameters(_kernel(sig), args, bad_ttir)
            check(False, f"TTIR {bad_ttir} accepted")
        except LaunchError:
            pass
    try:
        tile_parameters(_kernel(sig), args[:-1], ["ptr", "i32", "i64", "f32", "i1"])
        check(False, "short argument list accepted")
    except LaunchError:
        pass


def test_descriptor_parameters():
    # A host descriptor: the descriptor, then its sizes and strides.
    base = torch.zeros((100, 80), dtype=torch.float16)
    desc = types.SimpleNamespace(base=base, shape=[100, 80], strides=[80, 1],
                                 block_shape=[64, 64])
    sig = {"d": "tensordesc<fp16[64, 64]>", "n": "i32", "B": "constexpr"}
    ttir = "tt.func public @k(%d: !tt.tensordesc<tensor<64x64xf16>>, %d_0: i32, " \
           "%d_1: i32, %d_2: i64, %d_3: i64, %n: i32) {"
    ttir_types = ttir_arguments(ttir, "k")
    check(ttir_types == ["desc", "i32", "i32", "i64", "i64", "i32"],
          f"descriptor TTIR arguments: {ttir_types}")
    params = tile_parameters(_kernel(sig), [desc, 7, 64], ttir_types)
    check([(n, t, v if t != "desc" else None) for n, t, _, v in params] ==
          [("d", "desc", None), ("d.shape0", "i32", 100), ("d.shape1", "i32", 80),
           ("d.stride0", "i64", 80), ("d.stride1", "i64", 1), ("n", "i32", 7)],
          f"descriptor parameters: {params}")


def test_pack():
    check(pack("i32", -5).value == -5, "i32")
    check(pack("i32", 2**32 - 1).value == -1, "u32 in i32 bits")
    check(pack("i64", 2**64 - 1).value == -1, "u64 in i64 bits")
    check(pack("i1", True).value == 1 and ctypes.sizeof(pack("i1", 1)) == 4, "i1")
    check(pack("f32", 0.1).value == struct.unpack("<f", struct.pack("<f", 0.1))[0], "f32")
    check(pack("f16", 1.0).value == 0x3C00, "f16")
    check(pack("bf16", 1.0).value == 0x3F80, "bf16")
    check(pack("bf16", 1.0 + 2**-8 + 2**-9).value == 0x3F80, "bf16 truncates as Triton's")
    check(ctypes.sizeof(pack("ptr", 1 << 40)) == 8, "ptr")


def test_compare():
    a = torch.randn(1000)
    check(compare(a, a.clone())["ok"], "equal f32")
    b = a.clone()
    b[7] += 1e-2 * a.abs().max()
    r = compare(a, b)
    check(not r["ok"] and r["bad"] == 1 and r["first_bad"][0] == 7, f"f32 mismatch: {r}")
    b = a * (1 + 1e-6)
    check(compare(a, b)["ok"], "f32 within 1e-4")
    h = a.to(torch.bfloat16)
    hb = (h.float() * (1 + 4e-3)).to(torch.bfloat16)
    check(compare(h, hb)["ok"], "bf16 within 1e-2")
    n = a.clone()
    n[3] = float("nan")
    check(not compare(n, a)["ok"] and compare(n, a)["nan_mismatch"] == 1, "NaN position")
    check(compare(n, n.clone())["ok"], "NaN in both")
    i = a.clone()
    i[5] = float("inf")
    j = i.clone()
    j[5] = float("-inf")
    check(not compare(i, j)["ok"], "inf sign")
    ints = torch.arange(10, dtype=torch.int32)
    other = ints.clone()
    other[9] = 8
    check(not compare(ints, other)["ok"] and compare(ints, ints.clone())["ok"], "ints exact")
    bools = torch.tensor([True, False])
    check(not compare(bools, ~bools)["ok"], "bools")
    # The whole storage of a view, seen as its dtype.
    base = torch.arange(16, dtype=torch.float32)
    view = base[4:8]
    whole = storage_view(view.untyped_storage(), view.device)
    check(whole.numel() == 64 and as_dtype(whole, torch.float32).equal(base), "storage view")
    check(as_dtype(whole[:6], torch.float32) is None, "partial elements")
    check(relative_rms(a, a) == 0 and abs(relative_rms(2 * a, a) - 1) < 1e-12, "relative rms")


def test_check_flow():
    """A checked launch on CPU tensors: Triton's launcher and tile's kernel
    stand-ins write through the addresses they are given, so that the
    copying, the address arithmetic and the comparison are exercised."""
    import io
    import json
    import harness

    torch.cuda.synchronize = lambda *a, **k: None  # CPU tensors: nothing to wait for
    ttir = ("tt.func public @double(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, "
            "%out: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {")
    kernel = types.SimpleNamespace(
        hash="k" * 64, name="double", asm={"ttir": ttir}, metadata=types.SimpleNamespace(),
        src=types.SimpleNamespace(signature={"x": "*fp32", "out": "*fp32", "n": "i32",
                                             "BLOCK": "constexpr"}))

    def triton_launcher(gx, gy, gz, stream, function, packed, launch_md, enter, exit_, *args):
        x, out, n, _ = args
        out[:n] = x[:n] * 2

    class Tile:
        param_sizes = None

        def __init__(self, fault):
            self.fault = fault

        def launch(self, grid, stream, values):
            x_addr, out_addr, n = values[0].value, values[1].value, values[2].value
            src = (ctypes.c_float * n).from_address(x_addr)
            dst = (ctypes.c_float * n).from_address(out_addr)
            for i in range(n):
                dst[i] = src[i] * 2
            if self.fault == "value":
                dst[n - 1] += 1.0
            elif self.fault == "input":
                src[0] = -1.0

    def launch(fault, shared_storage=False):
        events = io.StringIO()
        session = harness.Session("check", "/nonexistent", "selftest", events, 0, 1.0, False)
        session.case = types.SimpleNamespace(name="case", triton_known_wrong=frozenset())
        session.tile_kernels[kernel.hash] = ("ok", Tile(fault))
        if shared_storage:
            whole = torch.arange(16, dtype=torch.float32)
            x, out = whole[:8], whole[8:]
        else:
            x, out = torch.arange(8, dtype=torch.float32), torch.zeros(8)
        session.on_launch(kernel, triton_launcher, 1, 1, 1, 0, None, None, None, None, None,
                          x, out, 8, 128)
        results = [json.loads(line) for line in events.getvalue().splitlines()]
        return [r for r in results if r["ev"] == "launch"][-1]

    check(launch(None)["status"] == "match", "check: equal results match")
    check(launch(None, shared_storage=True)["status"] == "match", "check: shared storage")
    r = launch("value")
    check(r["status"] == "mismatch" and "first at element 7" in r["reason"],
          f"check: a wrong value: {r['status']} {r.get('reason')}")
    r = launch("input")
    check(r["status"] == "mismatch" and "arg 0 x" in r["reason"],
          f"check: a write to an input: {r['status']} {r.get('reason')}")
    r = launch("value", shared_storage=True)
    check(r["status"] == "mismatch" and "first at element 15" in r["reason"],
          f"check: shared storage, wrong value: {r['status']} {r.get('reason')}")


def test_report():
    """The summary keeps each timed launch's figures, and the results page
    shows them with the geometric means."""
    import tempfile
    import harness
    import report

    def launch(n, status, timing=None):
        e = {"ev": "launch", "program": "p", "case": f"c{n}", "n": 1, "kernel": "k",
             "key": f"{n:064d}", "grid": [4, 1, 1], "status": status}
        if timing:
            e["timing"] = timing
        return e

    fast = {"triton_us": 10.0, "tile_us": 8.0, "ratio": 1.25, "device": "GPU X",
            "triton_registers": 40, "triton_local_bytes": 0, "tile_registers": 32,
            "tile_local_bytes": 0}
    slow = dict(fast, tile_us=12.5, ratio=0.8)
    events = [{"ev": "case_start", "program": "p", "case": f"c{n}", "index": n}
              for n in range(3)]
    events += [launch(0, "match", fast), launch(1, "match", slow), launch(2, "match")]
    summary = harness.summarize("check", ["p"], events, [], [])
    summary["notes"] = ["case c2 from an earlier run"]
    summary["programs"]["p"]["notes"] = ["p's guard bypassed"]
    timings = summary["programs"]["p"]["timings"]
    check(len(timings) == 2 and timings[0]["ratio"] == 1.25 and timings[0]["case"] == "c0",
          f"report: summary timings {timings}")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "summary.json"
        page = Path(d) / "page.md"
        path.write_text(__import__("json").dumps(summary))
        report.main(str(path), str(page))
        text = page.read_text()
    check("**1.000x**" in text, "report: geometric mean of 1.25 and 0.8 is 1.000")
    check("| c1 | k | 4x1x1 | 10.00 | 12.50 | 0.800 | 40 / 32 | 0 / 0 |" in text,
          "report: a timed launch's row")
    check("| p | 3 | 3 | 0 |" in text and "Device: GPU X." in text,
          "report: launches per program, and the device")
    check("- case c2 from an earlier run" in text and "- p's guard bypassed" in text,
          "report: the summary's notes and a program's")


def test_spills():
    from spills import _ptxas_usage
    text = """ptxas info    : Compiling entry function 'k' for 'sm_90a'
ptxas info    : Function properties for k
    272 bytes stack frame, 344 bytes spill stores, 332 bytes spill loads
ptxas info    : Used 255 registers, used 1 barriers, 272 bytes cumulative stack size"""
    check(_ptxas_usage(text) == (255, 344), f"spills: ptxas -v read as {_ptxas_usage(text)}")
    check(_ptxas_usage("ptxas info    : Used 40 registers") == (40, 0),
          "spills: no spill line is no spills")


if __name__ == "__main__":
    test_spills()
    test_ttir()
    test_parameters()
    test_descriptor_parameters()
    test_pack()
    test_compare()
    test_check_flow()
    test_report()
    print(f"{'FAILED' if failures else 'OK'}: {len(failures)} failures")
    sys.exit(1 if failures else 0)
