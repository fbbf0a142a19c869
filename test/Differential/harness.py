# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Differential checker of tile against Triton, launch by launch.

Runs the programs of test/Differential/programs with Triton and hooks every
kernel launch (CompiledKernel.run, the driver's launcher):

  capture  writes, for each distinct compiled kernel (key: CompiledKernel.hash),
           <key>.ttir (kernel.asm["ttir"], or ["source"]) and <key>.json (name, warps,
           stages, signature, the program that launched it) into --out.
  check    at each launch: copies every buffer a pointer argument lies in,
           lets Triton launch, launches tile's cubin for the same kernel
           (<key>.cubin and <key>.info from scripts/gpu-differential.sh
           compile) on the copies with the same grid and scalars, and
           compares every buffer in full. Any mismatch, tile compile failure
           or launch error is printed and makes the exit status 1; a JSON
           summary goes to --summary.

Usage (scripts/gpu-differential.sh runs these):
  python3 test/Differential/harness.py capture --out DIR [--programs a,b] [--seed S] [--jobs N]
  python3 test/Differential/harness.py check --kernels DIR --summary FILE [--programs a,b]
                                              [--seed S] [--jobs N] [--tol-scale X]
  python3 test/Differential/harness.py capture --out DIR --fake-gpu
      (no GPU: Triton compiles for sm_90, torch.cuda answers as an H100 and
      nothing is launched; for trying the compile phase without a GPU)

Each program runs in worker processes (slices of its cases), several at a
time: a worker that faults or hangs is ended and the case is reported as a
crash; the rest of its slice runs in a new worker. Autotuned kernels run
with their first config (after the autotuner's own pruning; the next one if
that one does not fit the GPU), so that both phases see the same kernels.
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS_DIR = HERE / "programs"

# fla: no TMA descriptors (fla makes them in the kernel, and tile does not
# lower tt.make_tensor_descriptor yet) and no config cache: the
# autotuner's first config decides.
os.environ.setdefault("FLA_USE_TMA", "0")
os.environ.setdefault("FLA_CACHE_MODE", "disabled")

AUTOTUNE_NOTE = ("triton.autotune'd kernels were restricted to their first config after the "
                 "autotuner's own pruning (the next one where it does not fit the GPU), in "
                 "capture and check alike")


# --------------------------------------------------------------------------
# Programs and their cases


def load_program(name):
    """The module test/Differential/programs/<name>.py (under a fixed module
    name: Triton's kernel hashes include it)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    path = PROGRAMS_DIR / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"difftest_programs.{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def all_programs():
    return sorted(p.stem for p in PROGRAMS_DIR.glob("*.py") if not p.stem.startswith("_"))


# --------------------------------------------------------------------------
# The TTIR function and tile's parameters


class LaunchError(RuntimeError):
    """A launch that cannot be checked (reported as an error, not skipped)."""


_TTIR_TYPES = {"i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"}
# Triton signature type -> the TTIR scalar type it becomes
_SIG_TO_TTIR = {"i1": "i1", "u1": "i1", "i8": "i8", "u8": "i8", "i16": "i16", "u16": "i16",
                "i32": "i32", "u32": "i32", "i64": "i64", "u64": "i64", "fp16": "f16",
                "bf16": "bf16", "fp32": "f32", "f32": "f32", "fp64": "f64"}


def ttir_arguments(ttir, name):
    """The argument types of `tt.func public @name` in TTIR text: "ptr" for
    !tt.ptr<...>, the scalar type otherwise (anything else is returned as
    written, and refused by the caller)."""
    m = re.search(r"tt\.func\s+public\s+@" + re.escape(name) + r"\(", ttir)
    if not m:
        raise LaunchError(f"no tt.func public @{name} in the TTIR")
    depth, i = 1, m.end()
    while depth and i < len(ttir):
        depth += {"(": 1, ")": -1}.get(ttir[i], 0)
        i += 1
    header = ttir[m.end():i - 1]
    types = []
    # `%name: type {attrs} loc(...)`, comma separated; a type has no spaces.
    for t in re.findall(r"%[^\s:,()]+:\s*([^\s,()]+(?:<[^>]*>)?)", header):
        if t.startswith("!tt.ptr<"):
            types.append("ptr")
        elif t.startswith("!tt.tensordesc<"):
            types.append("desc")
        else:
            types.append(t)
    return types


def without_locations(ttir):
    """TTIR without its source locations (`#locN = loc(...)` lines and
    `loc(...)` suffixes): they name the program's file, whose path may differ
    between the capture and the check runs while the kernel does not."""
    out = []
    for line in ttir.splitlines():
        if line.startswith("#loc"):
            continue
        i = line.find(" loc(")
        while i >= 0:
            depth, j, quoted = 0, i + 4, False
            while j < len(line):
                c = line[j]
                if c == '"' and line[j - 1] != "\\":
                    quoted = not quoted
                elif not quoted and c == "(":
                    depth += 1
                elif not quoted and c == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            line = line[:i] + line[j + 1:]
            i = line.find(" loc(")
        out.append(line)
    return "\n".join(out)


def _flatten(sig_type, value, name, out):
    if isinstance(sig_type, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(sig_type):
            raise LaunchError(f"argument {name}: tuple signature {sig_type} for {value!r}")
        for i, (t, v) in enumerate(zip(sig_type, value)):
            _flatten(t, v, f"{name}.{i}", out)
    elif sig_type != "constexpr":
        out.append((name, sig_type, value))


def tile_parameters(kernel, args, ttir_types):
    """tile's parameters for one launch of Triton's `kernel` with the launcher
    arguments `args` (every bound argument in signature order, constexprs
    included): [(name, TTIR type, Triton signature type, value)], exactly the
    tt.func arguments in order. Raises LaunchError where the signature and
    the TTIR disagree, or an argument cannot be passed to tile."""
    signature = kernel.src.signature
    if len(signature) != len(args):
        raise LaunchError(f"{len(args)} launcher arguments for a signature of {len(signature)}")
    flat = []
    for (name, sig_type), value in zip(signature.items(), args):
        _flatten(sig_type, value, name, flat)
    # A host tensor descriptor is the descriptor, then its sizes (i32) and
    # strides (i64), in TTIR and in the launcher alike.
    expanded = []
    for name, sig_type, value in flat:
        expanded.append((name, sig_type, value))
        if sig_type.startswith("tensordesc"):
            expanded += [(f"{name}.shape{d}", "i32", int(s)) for d, s in enumerate(value.shape)]
            expanded += [(f"{name}.stride{d}", "i64", int(s))
                         for d, s in enumerate(value.strides)]
    flat = expanded
    if len(flat) != len(ttir_types):
        raise LaunchError(f"the TTIR function takes {len(ttir_types)} arguments, the signature's "
                          f"non-constexpr arguments are {len(flat)}: "
                          f"{[(n, t) for n, t, _ in flat]}")
    params = []
    for (name, sig_type, value), ttir_type in zip(flat, ttir_types):
        if sig_type.startswith("tensordesc"):
            if ttir_type != "desc" or len(value.shape) != 2:
                raise LaunchError(f"argument {name}: signature {sig_type}, TTIR {ttir_type} "
                                  "(2-D descriptors only)")
            if not hasattr(getattr(value, "base", None), "data_ptr"):
                raise LaunchError(f"argument {name}: a descriptor without a tensor")
        elif sig_type.startswith("*"):
            if ttir_type != "ptr":
                raise LaunchError(f"argument {name}: signature {sig_type}, TTIR {ttir_type}")
            if not hasattr(value, "data_ptr"):
                raise LaunchError(f"argument {name}: pointer given as {type(value).__name__}, "
                                  "not a tensor (its buffer cannot be copied)")
        elif _SIG_TO_TTIR.get(sig_type) != ttir_type or ttir_type not in _TTIR_TYPES:
            raise LaunchError(f"argument {name}: signature {sig_type}, TTIR {ttir_type} "
                              "(unsupported or inconsistent)")
        params.append((name, ttir_type, sig_type, value))
    return params


def _tensor(value):
    """The torch tensor behind a pointer argument (Triton also takes objects
    with data_ptr() and a .base tensor, e.g. triton.reinterpret's)."""
    import torch
    if isinstance(value, torch.Tensor):
        return value
    base = getattr(value, "base", None)
    if isinstance(base, torch.Tensor) and base.data_ptr() == value.data_ptr():
        return base
    raise LaunchError(f"pointer argument of type {type(value).__name__} without a tensor")


def source_ttir(kernel):
    """`kernel`'s TTIR as Triton's front end made it, before make_ttir's
    passes (block pointers still there; tile inlines the functions it
    calls): the `source` module Triton keeps with the kernel."""
    if "source" not in kernel.asm:
        raise LaunchError("Triton kept no front-end module (.source) for this kernel")
    return kernel.asm["source"]


# --------------------------------------------------------------------------
# The worker: runs cases with the launch hook installed


class Session:
    def __init__(self, mode, directory, program, events, seed, tol_scale, fake_gpu,
                 timing=False, source_ttir=False):
        self.timing = timing
        # Compile Triton's TTIR before its own passes (block pointers as
        # written) rather than the TTIR it prints.
        self.source_ttir = source_ttir
        self._ttir = {}
        self.mode = mode  # capture | check | substitute (tile instead of Triton)
        self.dir = Path(directory)
        self.program = program
        self.events = events
        self.seed = seed
        self.tol_scale = tol_scale
        self.fake_gpu = fake_gpu
        self.case = None
        self.launch_index = 0
        self.autotune_config = None
        self.seen = set()
        self.ttir_types = {}
        self.tile_kernels = {}
        self._by_program = None  # (TTIR, warps, stages) -> captured key

    def emit(self, **event):
        event.setdefault("program", self.program)
        if self.case is not None:
            event.setdefault("case", self.case.name)
        self.events.write(json.dumps(event, default=str) + "\n")
        self.events.flush()

    def say(self, text):
        print(f"[{self.program}/{self.case.name if self.case else '-'}] {text}", flush=True)

    # The hooked launcher: CompiledKernel.run returns this bound to the kernel
    # and Triton's launcher; the JIT calls it as it would the launcher.
    def on_launch(self, kernel, launcher, grid_x, grid_y, grid_z, stream, function,
                  packed_metadata, launch_metadata, enter_hook, exit_hook, *args):
        triton_launch = lambda: launcher(grid_x, grid_y, grid_z, stream, function,  # noqa: E731
                                         packed_metadata, launch_metadata, enter_hook,
                                         exit_hook, *args)
        # The same launch on another stream, without the profiling hooks: what
        # the timing replays.
        self.triton_on = lambda s: launcher(grid_x, grid_y, grid_z, s, function,  # noqa: E731
                                            packed_metadata, None, None, None, *args)
        if self.case is None:  # a launch outside any case (a program's import)
            return triton_launch()
        self.launch_index += 1
        key = kernel.hash
        grid = (grid_x, grid_y, grid_z)
        info = dict(n=self.launch_index, kernel=kernel.name, key=key, grid=grid,
                    autotune=self.autotune_config)
        self.autotune_config = None
        if self.mode == "capture":
            return self._capture(kernel, args, info, triton_launch)
        if grid_x * grid_y * grid_z == 0:
            # Triton's launcher launches nothing on an empty grid; nor does tile.
            if self.mode == "check":
                triton_launch()
                self.emit(ev="launch", status="match", reason="empty grid: nothing runs", **info)
            return None
        if getattr(kernel.metadata, "num_ctas", 1) != 1:
            if self.mode == "check":
                triton_launch()
                return self._result(info, "error", reason="num_ctas > 1 (clusters) is not "
                                                          "checked here")
            raise LaunchError(f"{kernel.name}: num_ctas > 1")
        if self.mode == "check":
            return self._check(kernel, args, info, stream, triton_launch)
        return self._substitute(kernel, args, info, stream)

    def ttir(self, kernel):
        """The TTIR tile compiles for `kernel`: Triton's, or for a program
        that asks for it (TTIR_STAGE = "source"), the module Triton's
        front end made (before its RewriteTensorPointer pass)."""
        if not self.source_ttir:
            return kernel.asm.get("ttir")
        if kernel.hash not in self._ttir:
            self._ttir[kernel.hash] = source_ttir(kernel)
        return self._ttir[kernel.hash]

    def _params(self, kernel, args):
        key = kernel.hash
        if key not in self.ttir_types:
            if "ttir" not in kernel.asm:
                raise LaunchError("Triton kept no TTIR for this kernel "
                                  "(TRITON_STORE_BINARY_ONLY?)")
            self.ttir_types[key] = ttir_arguments(kernel.asm["ttir"], kernel.name)
        return tile_parameters(kernel, args, self.ttir_types[key])

    def _capture(self, kernel, args, info, triton_launch):
        key = info["key"]
        try:
            params, param_error = self._params(kernel, args), None
        except LaunchError as e:
            params, param_error = None, str(e)
        if key not in self.seen and self.ttir(kernel) is not None:
            self.seen.add(key)
            ttir_path, json_path = self.dir / f"{key}.ttir", self.dir / f"{key}.json"
            if not json_path.exists():
                md = kernel.metadata
                record = {
                    "name": kernel.name, "key": key, "num_warps": md.num_warps,
                    "num_stages": md.num_stages, "num_ctas": getattr(md, "num_ctas", 1),
                    "signature": {k: v for k, v in kernel.src.signature.items()},
                    "constants": {str(k): repr(v) for k, v in kernel.src.constants.items()},
                    "program": self.program, "case": self.case.name,
                    "autotune_config": info["autotune"],
                    "tile_parameters": None if params is None else
                    [[n, t, s] for n, t, s, _ in params],
                    "parameter_error": param_error,
                    "triton_shared": md.shared,
                    "global_scratch_size": getattr(md, "global_scratch_size", 0),
                    "profile_scratch_size": getattr(md, "profile_scratch_size", 0),
                    "target": str(md.target),
                    "launch_pdl": getattr(md, "launch_pdl", False),
                    "launch_cooperative_grid": getattr(md, "launch_cooperative_grid", False),
                }
                _write_atomic(ttir_path, self.ttir(kernel))
                _write_atomic(json_path, json.dumps(record, indent=1, default=str))
        self.emit(ev="launch", status="captured", error=param_error, **info)
        if param_error:
            self.say(f"ERROR launch {info['n']} {kernel.name}: {param_error}")
        return triton_launch()

    def _tile_kernel(self, kernel):
        """tile's kernel for this Triton kernel, or a status and reason."""
        from tile_kernel import TileKernel
        key = kernel.hash
        if key in self.tile_kernels:
            return self.tile_kernels[key]
        result = self._tile_kernel_of(kernel, self._captured_key(kernel))
        self.tile_kernels[key] = result
        return result

    def _captured_key(self, kernel):
        """The key the kernel was captured under: its own hash, or, where a
        capture on another machine (a --fake-gpu one) hashed it otherwise,
        the captured kernel with the same TTIR, warps and stages."""
        if (self.dir / f"{kernel.hash}.ttir").exists():
            return kernel.hash
        if self._by_program is None:
            self._by_program = {}
            for path in self.dir.glob("*.ttir"):
                meta = path.with_suffix(".json")
                if meta.exists():
                    d = json.loads(meta.read_text())
                    self._by_program[(without_locations(path.read_text()), d["num_warps"],
                                      d["num_stages"])] = path.stem
        program = (without_locations(self.ttir(kernel)), kernel.metadata.num_warps,
                   kernel.metadata.num_stages)
        return self._by_program.get(program, kernel.hash)

    def _tile_kernel_of(self, kernel, key):
        from tile_kernel import TileKernel
        cubin, info, error = (self.dir / f"{key}{ext}" for ext in (".cubin", ".info", ".error"))
        ttir = self.dir / f"{key}.ttir"
        if error.exists():
            text = error.read_text(errors="replace").strip().splitlines()
            first = next((line for line in text if "error" in line), text[0] if text else "")
            result = ("tile_compile_failed", f"{first.strip()} (see {error.name})")
        elif not ttir.exists():
            result = ("error", "kernel not captured (no .ttir): capture and check ran different "
                               "kernels")
        elif not cubin.exists() or not info.exists():
            result = ("error", "no .cubin/.info: the compile phase did not run on this kernel")
        elif without_locations(ttir.read_text()) != without_locations(self.ttir(kernel)):
            result = ("error", "the TTIR differs from the captured one")
        else:
            try:
                result = ("ok", TileKernel(str(cubin), str(info), kernel.name))
            except Exception as e:  # noqa: BLE001 - reported as this launch's error
                result = ("error", f"loading the cubin: {e}")
            else:
                threads = kernel.metadata.num_warps * 32
                # A loop that got a producer warp adds one warp.
                if result[1].threads not in (threads, threads + 32):
                    result = ("error", f"tile's block has {result[1].threads} threads, "
                                       f"Triton's {threads}")
        return result

    def _pack(self, params, address_of, tile):
        from tile_kernel import encode_tensor_map, pack

        def one(i, t, v):
            if t == "ptr":
                return pack("ptr", address_of(i, v))
            if t == "desc":
                # A tensor map as tile's kernel information describes it,
                # over the same tensor as Triton's descriptor.
                if i not in tile.tensor_maps:
                    raise LaunchError(f"parameter {i}: no tensormap line in the kernel info")
                rows, cols = (int(s) for s in v.shape)
                element_bytes, box_rows, box_cols, swizzle = tile.tensor_maps[i]
                if element_bytes != v.base.element_size():
                    raise LaunchError(f"parameter {i}: tile's tensor map has {element_bytes}-byte "
                                      f"elements, the tensor {v.base.element_size()}-byte ones")
                return encode_tensor_map(address_of(i, v.base), v.base.dtype, element_bytes,
                                         rows, cols, int(v.strides[0]), (box_rows, box_cols),
                                         swizzle)
            return pack(t, v)
        return [one(i, t, v) for i, (_, t, _, v) in enumerate(params)]

    def _check(self, kernel, args, info, stream, triton_launch):
        import torch
        from compare import as_dtype, compare, rounding_type, storage_view
        # Every buffer a pointer argument lies in, once (arguments may share
        # one), copied before Triton runs: tile runs on the copies.
        try:
            params = self._params(kernel, args)
            buffers = {}
            for i, (name, t, sig, value) in enumerate(params):
                if t not in ("ptr", "desc"):
                    continue
                tensor = _tensor(value.base if t == "desc" else value)
                storage = tensor.untyped_storage()
                base = storage.data_ptr()
                buf = buffers.setdefault(base, {"storage": storage, "device": tensor.device,
                                                "dtype": tensor.dtype, "args": []})
                buf["args"].append((i, name, sig, tensor.data_ptr() - base))
        except LaunchError as e:
            triton_launch()
            return self._result(info, "error", reason=str(e))
        for buf in buffers.values():
            buf["copy"] = storage_view(buf["storage"], buf["device"]).clone()
        self.emit(ev="launch_begin", **info)
        triton_launch()
        try:
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001
            self._result(info, "crash", reason=f"Triton's kernel faulted: {e}")
            _die()
        status, tile = self._tile_kernel(kernel)
        if status != "ok":
            return self._result(info, status, reason=tile)
        info["param_sizes_checked"] = tile.param_sizes is not None
        where = {i: (buf["copy"], off) for buf in buffers.values() for i, _, _, off in buf["args"]}
        try:
            values = self._pack(params, lambda i, v: where[i][0].data_ptr() + where[i][1],
                                tile)
            tile.launch(info["grid"], stream, values)
        except Exception as e:  # noqa: BLE001
            return self._result(info, "error", reason=f"tile launch: {e}")
        try:
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001
            self._result(info, "crash", reason=f"tile's kernel faulted: {e}")
            _die()
        compared, bad = [], []
        for buf in buffers.values():
            ours = storage_view(buf["storage"], buf["device"])
            a, b = as_dtype(ours, buf["dtype"]), as_dtype(buf["copy"], buf["dtype"])
            if a is None:  # not whole elements: bytes, exactly
                a, b = ours, buf["copy"]
            r = compare(a, b, self.tol_scale, rounding_type(self.ttir(kernel) or ""))
            r["args"] = [[i, name] for i, name, _, _ in buf["args"]]
            r["bytes"] = ours.numel()
            compared.append(r)
            if not r["ok"]:
                bad.append(r)
        if not bad:
            if self.timing and self.case.timed:
                info["timing"] = self._time(
                    kernel, lambda s: tile.launch(info["grid"], s, values))
                info["timing"].update(
                    triton_registers=getattr(kernel, "n_regs", None),
                    # Triton's n_spills is the local memory size in 4-byte words.
                    triton_local_bytes=4 * kernel.n_spills if hasattr(kernel, "n_spills")
                    else None,
                    tile_registers=tile.registers(), tile_local_bytes=tile.local_bytes())
            return self._result(info, "match", buffers=compared)
        known = kernel.name in self.case.triton_known_wrong
        return self._result(info, "known_triton_wrong" if known else "mismatch", buffers=compared,
                            reason="; ".join(_describe(r) for r in bad))

    def _time(self, kernel, tile_on):
        """Triton's launch and tile's, each as the median over interleaved
        rounds of one CUDA graph replay of as many launches as make about
        2 ms (at most 200), per launch; L2 stays warm between launches."""
        import torch
        # Triton's launcher allocates a kernel's global scratch (the tensor
        # maps of descriptors made in the kernel) at each launch, through
        # the program's allocator, which a CUDA graph captures from its pool.
        if getattr(kernel.metadata, "profile_scratch_size", 0):
            return {"skipped": "Triton's launch allocates profiling scratch memory"}
        stream = torch.cuda.Stream()
        launch = {"triton": self.triton_on, "tile": tile_on}
        with torch.cuda.stream(stream):
            first = {}
            for name, fn in launch.items():
                fn(stream.cuda_stream)  # warm up (module load, caches)
                start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
                start.record()
                fn(stream.cuda_stream)
                end.record()
                end.synchronize()
                first[name] = start.elapsed_time(end)
            count = max(1, min(200, int(2.0 / max(min(first.values()), 1e-3))))
            graphs = {}
            for name, fn in launch.items():
                graphs[name] = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graphs[name], stream=stream):
                    for _ in range(count):
                        fn(stream.cuda_stream)
            times = {name: [] for name in launch}
            for _ in range(7):
                for name, graph in graphs.items():
                    start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
                    start.record()
                    graph.replay()
                    end.record()
                    end.synchronize()
                    times[name].append(start.elapsed_time(end) * 1e3 / count)
        median = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
        result = {"triton_us": median["triton"], "tile_us": median["tile"],
                  "ratio": median["triton"] / median["tile"], "launches_per_graph": count,
                  "rounds": 7, "device": torch.cuda.get_device_name()}
        self.say(f"timed {kernel.name}: Triton {result['triton_us']:.2f} us, tile "
                 f"{result['tile_us']:.2f} us, ratio {result['ratio']:.3f}")
        return result

    def _substitute(self, kernel, args, info, stream):
        import torch
        params = self._params(kernel, args)  # LaunchError ends the substitute run
        status, tile = self._tile_kernel(kernel)
        if status != "ok":
            raise LaunchError(f"{kernel.name} ({info['key'][:12]}): {status}: {tile}")
        self.emit(ev="launch_begin", **info)
        values = self._pack(params, lambda i, v: v.data_ptr(), tile)
        tile.launch(info["grid"], stream, values)
        try:
            torch.cuda.synchronize()
        except Exception as e:  # noqa: BLE001
            self._result(info, "crash", reason=f"tile's kernel faulted (substitute run): {e}")
            _die()
        self.emit(ev="substitute_launch", **info)

    def _result(self, info, status, reason=None, buffers=None):
        self.emit(ev="launch", status=status, reason=reason, buffers=buffers, **info)
        if status == "match":
            return None
        label = {"mismatch": "MISMATCH", "known_triton_wrong": "DIFFERS (Triton known wrong)",
                 "tile_compile_failed": "TILE COMPILE FAILED"}.get(status, status.upper())
        self.say(f"{label} launch {info['n']} {info['kernel']} ({info['key'][:12]}) "
                 f"grid {info['grid']}: {reason}")
        return None


def _describe(r):
    args = ", ".join(f"arg {i} {name}" for i, name in r["args"])
    text = (f"[{args}] {r['dtype']} x{r['elements']}: {r['bad']} bad, max abs {r['max_abs']:.3g}, "
            f"max rel {r['max_rel']:.3g}, magnitude {r['magnitude']:.3g}")
    if r["nan_mismatch"] or r["inf_mismatch"]:
        text += f", NaN positions differ at {r['nan_mismatch']}, inf at {r['inf_mismatch']}"
    if "first_bad" in r:
        i, a, b = r["first_bad"]
        text += f", first at element {i}: triton {a} tile {b}"
    return text


def _die():
    """A fault leaves the CUDA context unusable: end the worker (the parent
    goes on with the next case in a new one)."""
    sys.stdout.flush()
    os._exit(3)


def _write_atomic(path, text):
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def install_hooks(session):
    """Route every launch of every compiled Triton kernel through the session,
    and make autotuners pick their first config."""
    import functools
    from triton.compiler.compiler import CompiledKernel
    from triton.runtime.autotuner import Autotuner
    from triton.runtime.errors import OutOfResources

    launcher_property = CompiledKernel.run  # the property: _init_handles, then self._run

    def run(kernel):
        return functools.partial(session.on_launch, kernel, launcher_property.fget(kernel))

    CompiledKernel.run = property(run)

    autotuner_run = Autotuner.run

    def first_config_run(self, *args, **kwargs):
        if not hasattr(self, "_difftest_configs"):
            self._difftest_configs = list(self.configs)
            self._difftest_unfit = set()
        self.configs = list(self._difftest_configs)
        self.nargs = dict(zip(self.arg_names, args))
        candidates = self.prune_configs(kwargs)
        for config in candidates:
            if config in self._difftest_unfit:
                continue
            self.configs = [config]
            session.autotune_config = str(config)
            try:
                return autotuner_run(self, *args, **kwargs)
            except OutOfResources:
                self._difftest_unfit.add(config)
        raise RuntimeError(f"no config of {self.base_fn.__name__} fits the GPU")

    Autotuner.run = first_config_run


def install_fake_gpu():
    """A Triton driver without a GPU: kernels compile for sm_90 and launches
    do nothing (capture on a machine without a GPU)."""
    from triton.backends.compiler import GPUTarget
    from triton.runtime.driver import driver

    class Utils:
        def load_binary(self, name, kernel, shared, device):
            return 1, 1, 0, 0, 1024

        def get_device_properties(self, device):
            return {"max_shared_mem": 232448, "multiprocessor_count": 132,
                    "max_num_regs": 65536, "warpSize": 32}

    class FakeDriver:
        utils = Utils()

        def __init__(self):
            self.target = GPUTarget("cuda", 90, 32)

        def launcher_cls(self, src, metadata):
            return lambda *args: None

        def get_current_device(self):
            return 0

        def get_current_stream(self, device=None):
            return 0

        def get_current_target(self):
            return self.target

        def is_active(self):
            return True

    driver.set_active(FakeDriver())

    # Libraries that choose kernels by the device (fla: by torch.cuda's name
    # and capability) see an H100, so that they choose as they will there.
    import types
    import torch
    torch.cuda.get_device_name = lambda *a, **k: "NVIDIA H100 80GB HBM3"
    torch.cuda.get_device_capability = lambda *a, **k: (9, 0)
    torch.cuda.get_device_properties = lambda *a, **k: types.SimpleNamespace(
        name="NVIDIA H100 80GB HBM3", major=9, minor=0, multi_processor_count=132,
        shared_memory_per_block=49152, shared_memory_per_block_optin=232448,
        total_memory=80 << 30)
    torch.cuda.device_count = lambda: 1
    torch.cuda.current_device = lambda: 0


def cuda_broken():
    import torch
    try:
        torch.cuda.synchronize()
        return False
    except Exception:  # noqa: BLE001
        return True


def worker(args):
    if args.fake_gpu:
        install_fake_gpu()
    device = "cpu" if args.fake_gpu else "cuda"
    module = load_program(args.program)
    from cases import case_seed
    events = open(args.events, "a")
    session = Session(args.mode, args.dir, args.program, events, args.seed, args.tol_scale,
                      args.fake_gpu, timing=getattr(args, "time", False),
                      source_ttir=getattr(module, "TTIR_STAGE", "ttir") == "source")
    install_hooks(session)
    for index in range(args.start, args.end):
        case = module.CASES[index]
        seed = case_seed(args.seed, args.program, case.name)
        session.case, session.launch_index = case, 0
        session.mode = args.mode
        session.emit(ev="case_start", index=index, seed=seed, note=case.note)
        session.say(f"case {index} start")
        started = time.time()
        try:
            outputs = case.run(seed, device)
        except Exception:  # noqa: BLE001 - reported, then the next case
            session.emit(ev="case_error", index=index, error=traceback.format_exc())
            session.say(f"CASE ERROR\n{traceback.format_exc()}")
            if not args.fake_gpu and cuda_broken():
                _die()
            session.case = None
            continue
        if args.mode == "check" and case.reference is not None:
            check_reference(session, case, seed, device, outputs)
        session.emit(ev="case_end", index=index, launches=session.launch_index,
                     seconds=round(time.time() - started, 2))
        session.say(f"case {index} done: {session.launch_index} launches, "
                    f"{time.time() - started:.1f} s")
        session.case = None
    events.close()


def check_reference(session, case, seed, device, triton_outputs):
    """Run the case again with tile's kernels in place of Triton's, and compare
    both against the case's float64 reference."""
    import torch
    from compare import relative_rms
    session.mode, session.launch_index = "substitute", 0
    try:
        tile_outputs = case.run(seed, device)
    except Exception as e:  # noqa: BLE001
        session.mode = "check"
        if cuda_broken():
            _die()
        session.emit(ev="reference", status="error",
                     reason=f"the run with tile's kernels failed: {e}",
                     error=traceback.format_exc())
        session.say(f"REFERENCE NOT COMPARED: the run with tile's kernels failed: {e}")
        return
    session.mode = "check"
    figures, ok = {}, True
    try:
        reference = case.reference(seed, device)
        for name, ref in reference.items():
            tol = case.reference_tolerance.get(name, case.reference_tolerance["*"])
            tile_err = relative_rms(tile_outputs[name], ref)
            triton_err = relative_rms(triton_outputs[name], ref)
            figures[name] = {"tile_rel_rms": tile_err, "triton_rel_rms": triton_err,
                             "tolerance": tol, "ok": tile_err <= tol}
            ok &= tile_err <= tol
        del reference
        torch.cuda.empty_cache()
    except Exception as e:  # noqa: BLE001
        if cuda_broken():
            _die()
        session.emit(ev="reference", status="error", reason=f"the reference failed: {e}",
                     error=traceback.format_exc())
        session.say(f"REFERENCE NOT COMPARED: the reference failed: {e}")
        return
    session.emit(ev="reference", status="match" if ok else "mismatch", outputs=figures)
    lines = ", ".join(f"{n}: tile {f['tile_rel_rms']:.2e} triton {f['triton_rel_rms']:.2e}"
                      for n, f in figures.items())
    session.say(("compared against float64 reference: " if ok else
                 "REFERENCE MISMATCH (tile vs float64 reference): ") + lines)


# --------------------------------------------------------------------------
# The parent: schedules workers, watches them, writes the summary


class Unit:
    def __init__(self, program, start, end, cost, timed=False):
        self.program, self.start, self.end, self.cost = program, start, end, cost
        self.timed = timed
        self.attempt = 0


def _read_events(path):
    events = []
    try:
        with open(path) as f:
            for line in f:
                try:
                    events.append(json.loads(line))
                except ValueError:
                    pass  # a line cut by a crash
    except FileNotFoundError:
        pass
    return events


def run_workers(args, mode, directory, events_dir):
    """Run every selected program's cases in workers; returns (events,
    crashes, unrun) where crashes and unrun are lists of dicts."""
    programs = args.programs.split(",") if args.programs else all_programs()
    units = []
    for name in programs:
        module = load_program(name)
        if args.fake_gpu and not getattr(module, "FAKE_GPU_OK", False):
            print(f"skipping {name}: it needs a GPU", flush=True)
            continue
        per = getattr(module, "CASES_PER_PROCESS", 1)
        cost = getattr(module, "CASE_SECONDS", 1.0)
        n = len(module.CASES)
        timing = getattr(args, "time", False)
        if args.cases:
            wanted = [i for i, c in enumerate(module.CASES) if re.search(args.cases, c.name)]
            units += [Unit(name, i, i + 1, cost, timing and module.CASES[i].timed)
                      for i in wanted]
        else:
            # Timed cases each in a unit of their own: it runs alone on the GPU.
            timed = [timing and c.timed for c in module.CASES]
            start = 0
            while start < n:
                end = start + 1
                if not timed[start]:
                    while end < min(start + per, n) and not timed[end]:
                        end += 1
                units.append(Unit(name, start, end, cost * (end - start), timed[start]))
                start = end
    # Untimed units first, longest first (the phase ends sooner); timed ones
    # after them, one at a time.
    units.sort(key=lambda u: (u.timed, -u.cost))
    events_dir.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + args.deadline
    running, crashes, unrun = [], [], []
    all_files = []
    print(f"{mode}: {len(units)} worker slices of {', '.join(programs)}, {args.jobs} at a time",
          flush=True)
    while units or running:
        while units and len(running) < args.jobs and time.time() < deadline:
            if (units[0].timed and running) or any(r[0].timed for r in running):
                break  # a timed unit has the GPU to itself
            u = units.pop(0)
            u.attempt += 1
            path = events_dir / f"{u.program}.{u.start}.{u.attempt}.jsonl"
            path.unlink(missing_ok=True)
            all_files.append(path)
            cmd = [sys.executable, str(Path(__file__).resolve()), "worker", mode,
                   "--program", u.program, "--start", str(u.start), "--end", str(u.end),
                   "--dir", str(directory), "--events", str(path), "--seed", str(args.seed),
                   "--tol-scale", str(args.tol_scale)]
            if args.fake_gpu:
                cmd.append("--fake-gpu")
            if u.timed:
                cmd.append("--time")
            running.append((u, path, subprocess.Popen(cmd), time.time()))
        time.sleep(0.5)
        now = time.time()
        for item in list(running):
            u, path, proc, began = item
            events = None
            code = proc.poll()
            reason = None
            if code is None:
                events = _read_events(path)
                last = events[-1] if events else None
                quiet = now - max(path.stat().st_mtime if path.exists() else began, began)
                if last and last.get("ev") == "launch_begin" and quiet > args.launch_timeout:
                    reason = f"hang: no result {quiet:.0f} s after launch {last['n']}"
                elif quiet > args.stall_timeout:
                    reason = f"stalled: no progress for {quiet:.0f} s"
                elif now > deadline + 5:
                    reason = "deadline reached"
                if reason is None:
                    continue
                proc.kill()
                proc.wait()
            elif code == 0:
                running.remove(item)
                continue
            running.remove(item)
            events = _read_events(path)
            reason = reason or f"worker exited with status {code}"
            done = {e["index"] for e in events if e.get("ev") in ("case_end", "case_error")}
            started = [e for e in events if e.get("ev") == "case_start" and e["index"] not in done]
            failed_at = started[-1]["index"] if started else None
            if failed_at is None:
                # Died outside any case: go on after the last finished one if
                # this worker got anywhere, else give the slice up.
                resume = max(done) + 1 if done else u.start
                crashes.append({"program": u.program, "case": None,
                                "reason": f"{reason} (outside any case, after case index "
                                          f"{resume - 1})"})
                if done and resume < u.end and reason != "deadline reached":
                    rest = Unit(u.program, resume, u.end, u.cost, u.timed)
                    rest.attempt = u.attempt
                    units.insert(0, rest)
                else:
                    unrun += [{"program": u.program, "index": i, "reason": reason}
                              for i in range(resume, u.end)]
                continue
            last_begin = [e for e in events if e.get("ev") == "launch_begin"
                          and e.get("case") == started[-1]["case"]]
            where = ""
            if last_begin:
                lb = last_begin[-1]
                where = f" at launch {lb['n']} {lb['kernel']} ({lb['key'][:12]})"
            crash = {"program": u.program, "case": started[-1]["case"], "index": failed_at,
                     "reason": reason + where}
            crashes.append(crash)
            print(f"[{u.program}/{crash['case']}] CRASH: {crash['reason']}", flush=True)
            if reason == "deadline reached":
                for i in range(failed_at, u.end):
                    unrun.append({"program": u.program, "index": i, "reason": reason})
            elif failed_at + 1 < u.end:
                rest = Unit(u.program, failed_at + 1, u.end, u.cost, u.timed)
                rest.attempt = u.attempt
                units.insert(0, rest)
        if time.time() >= deadline and units:
            for u in units:
                for i in range(u.start, u.end):
                    unrun.append({"program": u.program, "index": i, "reason": "deadline reached"})
            units = []
    events = [e for path in all_files for e in _read_events(path)]
    return programs, events, crashes, unrun


def summarize(mode, programs, events, crashes, unrun):
    summary = {"mode": mode, "notes": [AUTOTUNE_NOTE], "programs": {}, "failures": []}
    for name in programs:
        evs = [e for e in events if e.get("program") == name]
        launches = [e for e in evs if e.get("ev") == "launch"]
        p = {
            "cases": len({e["index"] for e in evs if e.get("ev") == "case_start"}),
            "cases_completed": len([e for e in evs if e.get("ev") == "case_end"]),
            "launches": len(launches),
            "kernels": len({e["key"] for e in launches}),
        }
        notes = sorted({f"{e['case']}: {e['note']}" for e in evs
                        if e.get("ev") == "case_start" and e.get("note")})
        if notes:
            p["notes"] = notes
        if mode == "check":
            by = lambda s: [e for e in launches if e["status"] == s]  # noqa: E731
            failed_compile = by("tile_compile_failed")
            p.update({
                "matched": len(by("match")),
                "mismatched": len(by("mismatch")),
                "tile_compile_failures": len(failed_compile),
                "tile_compile_failed_kernels": sorted({f"{e['kernel']} {e['key']}"
                                                       for e in failed_compile}),
                "known_triton_wrong": len(by("known_triton_wrong")),
                "errors": len(by("error")) + len(by("crash")),
                "reference": [],
            })
            p["timings"] = [{"case": e["case"], "kernel": e["kernel"], "n": e["n"],
                             "grid": e["grid"], **e["timing"]}
                            for e in launches if e.get("timing")]
            for e in evs:
                if e.get("ev") == "reference":
                    p["reference"].append({"case": e["case"], "status": e["status"],
                                           "compared_against": "float64 PyTorch reference",
                                           "outputs": e.get("outputs"),
                                           "reason": e.get("reason")})
            for e in launches:
                if e["status"] not in ("match", "known_triton_wrong", "captured"):
                    summary["failures"].append(
                        f"{name}/{e['case']} launch {e['n']} {e['kernel']} ({e['key'][:12]}): "
                        f"{e['status']}: {e.get('reason')}")
            for e in launches:
                if e["status"] == "known_triton_wrong":
                    p.setdefault("notes", []).append(
                        f"{e['case']} launch {e['n']} {e['kernel']}: differs from Triton, whose "
                        "result is known wrong on this GPU; not counted as a mismatch (see "
                        "'reference' for tile against float64)")
            for r in p["reference"]:
                if r["status"] != "match":
                    summary["failures"].append(f"{name}/{r['case']}: float64 reference: "
                                               f"{r['status']}: {r['reason'] or r['outputs']}")
        else:
            errors = [e for e in launches if e.get("error")]
            p["parameter_errors"] = len(errors)
            for e in errors:
                summary["failures"].append(f"{name}/{e['case']} launch {e['n']} {e['kernel']}: "
                                           f"{e['error']}")
        case_errors = [e for e in evs if e.get("ev") == "case_error"]
        p["case_errors"] = len(case_errors)
        for e in case_errors:
            summary["failures"].append(f"{name}/{e['case']}: the program raised: "
                                       f"{e['error'].strip().splitlines()[-1]}")
        p["crashes"] = [c for c in crashes if c["program"] == name]
        for c in p["crashes"]:
            summary["failures"].append(f"{name}/{c['case']}: crash: {c['reason']}")
        p["not_run"] = [u for u in unrun if u["program"] == name]
        for u in p["not_run"]:
            summary["failures"].append(f"{name} case {u['index']}: not run: {u['reason']}")
        summary["programs"][name] = p
    summary["ok"] = not summary["failures"]
    return summary


def print_summary(summary):
    print("", flush=True)
    for name, p in summary["programs"].items():
        fields = ", ".join(f"{k} {v}" for k, v in p.items()
                           if isinstance(v, int) and not isinstance(v, bool))
        print(f"{name}: {fields}")
        for note in p.get("notes", []):
            print(f"  note: {note}")
        for r in p.get("reference", []):
            print(f"  {r['case']}: compared against float64 reference: {r['status']}")
            for out, f in (r["outputs"] or {}).items():
                print(f"    {out}: tile rel rms {f['tile_rel_rms']:.2e}, "
                      f"Triton rel rms {f['triton_rel_rms']:.2e} (tolerance {f['tolerance']})")
        for t in p.get("timings", []):
            if "ratio" in t:
                print(f"  timed {t['case']} {t['kernel']}: Triton {t['triton_us']:.2f} us, "
                      f"tile {t['tile_us']:.2f} us, ratio {t['ratio']:.3f}")
    for note in summary["notes"]:
        print(f"note: {note}")
    if summary["failures"]:
        print(f"\nFAILED: {len(summary['failures'])} failures")
        for f in summary["failures"]:
            print(f"  FAIL {f}")
    else:
        print("\nOK: no failures")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--programs", default="", help="comma-separated (default: all)")
        p.add_argument("--cases", default="", help="only cases whose name matches this regex")
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--jobs", type=int, default=6, help="worker processes at a time")
        p.add_argument("--deadline", type=float, default=540,
                       help="seconds after which no worker starts and running ones are ended")
        p.add_argument("--launch-timeout", type=float, default=60,
                       help="seconds a checked launch may take before it counts as a hang")
        p.add_argument("--stall-timeout", type=float, default=400,
                       help="seconds without any event (compiles included) before a worker "
                            "counts as stuck")
        p.add_argument("--tol-scale", type=float, default=1.0,
                       help="multiplies every float tolerance")
        p.add_argument("--fake-gpu", action="store_true", help=argparse.SUPPRESS)

    p = sub.add_parser("capture")
    p.add_argument("--out", required=True)
    common(p)
    p = sub.add_parser("check")
    p.add_argument("--kernels", required=True, help="the capture directory, compiled")
    p.add_argument("--summary", required=True, help="where to write the JSON summary")
    p.add_argument("--time", action="store_true",
                   help="also time Triton's and tile's kernels in the timed cases")
    common(p)
    p = sub.add_parser("worker")
    p.add_argument("mode", choices=("capture", "check"))
    p.add_argument("--program", required=True)
    p.add_argument("--start", type=int, required=True)
    p.add_argument("--end", type=int, required=True)
    p.add_argument("--dir", required=True)
    p.add_argument("--events", required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--tol-scale", type=float, default=1.0)
    p.add_argument("--fake-gpu", action="store_true")
    p.add_argument("--time", action="store_true")
    args = parser.parse_args()

    if args.command == "worker":
        return worker(args)
    if args.command == "capture":
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        programs, events, crashes, unrun = run_workers(args, "capture", out, out / "events")
        summary = summarize("capture", programs, events, crashes, unrun)
        (out / "capture-summary.json").write_text(json.dumps(summary, indent=1))
        print_summary(summary)
        print(f"captured {len(list(out.glob('*.ttir')))} kernels in {out}", flush=True)
        return 0 if summary["ok"] else 1
    if args.fake_gpu:
        parser.error("--fake-gpu is for capture only")
    kernels, summary_path = Path(args.kernels), Path(args.summary)
    if not kernels.is_dir():
        parser.error(f"{kernels} is not a directory")
    events_dir = summary_path.with_name(summary_path.stem + ".events")
    programs, events, crashes, unrun = run_workers(args, "check", kernels, events_dir)
    summary = summarize("check", programs, events, crashes, unrun)
    summary["tolerances"] = {"float32": "rtol 1e-4, atol 1e-4 x magnitude",
                             "float16/bfloat16": "rtol 1e-2, atol 1e-2 x magnitude",
                             "float64": "rtol 1e-9, atol 1e-9 x magnitude",
                             "rounding kernels": "f32/f64 buffers of a kernel that rounds "
                                                 "computed values to bf16/f16 (truncf, fp_to_fp, "
                                                 "tf32 dots as f16) take that type's tolerance",
                             "integers/bool": "exact", "NaN/inf": "same positions",
                             "tol_scale": args.tol_scale}
    summary_path.parent.mkdir(parents=True, exist_ok=True)
    summary_path.write_text(json.dumps(summary, indent=1))
    print_summary(summary)
    print(f"summary: {summary_path}", flush=True)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
