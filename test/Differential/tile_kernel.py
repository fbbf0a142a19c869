# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Loads one kernel of a tile cubin and launches it through the CUDA driver
API (ctypes), in the process that runs Triton, on the stream Triton used.

The block is the .info file's threads (num_warps x 32), its dynamic shared
memory the .info file's bytes (over 48 KiB needs the opt-in attribute, as in
bench/tile_cuda.py). Parameters are packed from the TTIR types of the
tt.func arguments: pointers as 64-bit addresses, scalars at their own width.
Where the driver can tell (cuFuncGetParamInfo, CUDA 12.4+), the count and
sizes of the cubin's parameters are checked against that packing first.
"""

import ctypes
import struct

_cuda = None
_MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
_LOCAL_SIZE_BYTES = 3  # CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES
_NUM_REGS = 4  # CU_FUNC_ATTRIBUTE_NUM_REGS
_INVALID_VALUE = 1  # CUDA_ERROR_INVALID_VALUE


def _driver():
    global _cuda
    if _cuda is None:
        _cuda = ctypes.CDLL("libcuda.so.1")
    return _cuda


class TileError(RuntimeError):
    pass


def _check(status, what):
    if status != 0:
        name = ctypes.c_char_p()
        _driver().cuGetErrorName(status, ctypes.byref(name))
        raise TileError(f"{what}: {name.value.decode() if name.value else status}")


def read_info(path, name):
    """(threads, shared bytes, tensor maps, global scratch bytes a block) of
    kernel `name` in a tile-translate --kernel-info file, the tensor maps as
    {parameter index: (element bytes, box rows, box columns, swizzle
    bytes)}; a clustered kernel is refused (TTIR from Triton's JIT has
    none)."""
    threads = shared = None
    maps = {}
    scratch = 0
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words or len(words) < 2 or words[1] != name:
                continue
            if words[0] == "kernel":
                threads, shared = int(words[3]), int(words[5])
                if "cluster" in words[6:]:
                    raise TileError(f"{name}: clustered kernel ({line.strip()})")
            elif words[0] == "global_scratch":
                scratch = int(words[2])
            elif words[0] == "tensormap":
                # tensormap NAME ARG ELEMENT_BYTES BOX_ROWS BOX_COLS SWIZZLE
                arg, element_bytes = int(words[2]), int(words[3])
                maps[arg] = (element_bytes, int(words[4]), int(words[5]), int(words[6]))
    if threads is None:
        raise TileError(f"kernel {name} not in {path}")
    return threads, shared, maps, scratch


# torch dtype names -> CUtensorMapDataType: what a TMA reduction combines
# elements as (a copy moves the bits whatever the type); types TMA lacks
# move as unsigned integers of their size, as Triton's host descriptors do.
_MAP_TYPES = {"float16": 6, "bfloat16": 9, "float32": 7, "float64": 8,
              "int32": 3, "int64": 5, "uint32": 2, "uint64": 4}


def encode_tensor_map(address, dtype, element_bytes, rows, cols, row_stride, box, swizzle):
    """A CUtensorMap (128 bytes, as a kernel parameter) of the row-major
    matrix at `address` (elements of torch dtype `dtype`) with the box and
    swizzle tile's kernel information gives, out-of-bounds elements
    zero."""
    data_type = _MAP_TYPES.get(str(dtype).replace("torch.", ""),
                               {1: 0, 2: 1, 4: 2, 8: 4}[element_bytes])
    swizzle_mode = {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]
    # The driver wants the map 64-byte aligned; the parameter is a copy.
    raw = ctypes.create_string_buffer(128 + 64)
    aligned = (ctypes.addressof(raw) + 63) & ~63
    dims = (ctypes.c_uint64 * 2)(cols, rows)
    strides = (ctypes.c_uint64 * 1)(row_stride * element_bytes)
    box_dims = (ctypes.c_uint32 * 2)(box[1], box[0])
    element_strides = (ctypes.c_uint32 * 2)(1, 1)
    _check(_driver().cuTensorMapEncodeTiled(
        ctypes.c_void_p(aligned), data_type, 2, ctypes.c_void_p(address), dims, strides,
        box_dims, element_strides, 0, swizzle_mode, 2, 0), "cuTensorMapEncodeTiled")
    out = (ctypes.c_uint64 * 16)()
    ctypes.memmove(out, aligned, 128)
    return out


# TTIR scalar types -> ctypes types. Integers narrower than 32 bits are held
# in 32 (the driver copies the parameter's own size from the start of the
# value, the low bytes on a little-endian host), so that a cubin that widens
# an i1 or i8 parameter to a 32-bit one still reads the right value.
_SCALARS = {
    "i1": ctypes.c_uint32, "i8": ctypes.c_int32, "i16": ctypes.c_int32,
    "i32": ctypes.c_int32, "i64": ctypes.c_int64,
    "f32": ctypes.c_float, "f64": ctypes.c_double,
}
_NARROW = (ctypes.c_uint32, ctypes.c_int32)


def _wrap(value, bits):
    """An integer as the two's-complement value of a signed `bits`-bit int
    (Triton passes u32/u64 values above the signed range in the same bits)."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def pack(ttir_type, value):
    """One kernel parameter as a ctypes object, from its TTIR type."""
    if ttir_type == "ptr":
        return ctypes.c_uint64(value)
    if ttir_type == "f16":
        return ctypes.c_uint16(struct.unpack("<H", struct.pack("<e", float(value)))[0])
    if ttir_type == "bf16":
        # Triton's launcher truncates (pack_bf16); do the same.
        bits = struct.unpack("<I", struct.pack("<f", float(value)))[0]
        return ctypes.c_uint16(bits >> 16)
    if ttir_type in ("f32", "f64"):
        return _SCALARS[ttir_type](float(value))
    if ttir_type in _SCALARS:
        bits = {"i1": 8, "i8": 8, "i16": 16, "i32": 32, "i64": 64}[ttir_type]
        v = int(bool(value)) if ttir_type == "i1" else _wrap(int(value), bits)
        return _SCALARS[ttir_type](v)
    raise TileError(f"no packing for parameter type {ttir_type}")


class TileKernel:
    def __init__(self, cubin_path, info_path, name):
        import torch
        torch.cuda.init()
        torch.empty(1, device="cuda")  # the primary context is current now
        cuda = _driver()
        self.name = name
        self.threads, self.shared, self.tensor_maps, self.global_scratch = \
            read_info(info_path, name)
        self._scratch = None
        with open(cubin_path, "rb") as f:
            self._image = f.read()
        self._module = ctypes.c_void_p()
        _check(cuda.cuModuleLoadData(ctypes.byref(self._module), self._image),
               f"cuModuleLoadData({cubin_path})")
        self._function = ctypes.c_void_p()
        _check(cuda.cuModuleGetFunction(ctypes.byref(self._function), self._module,
                                        name.encode()), f"cuModuleGetFunction({name})")
        if self.shared > 48 * 1024:
            _check(cuda.cuFuncSetAttribute(self._function, _MAX_DYNAMIC_SHARED, self.shared),
                   "cuFuncSetAttribute")
        self.param_sizes = self._param_sizes()

    def attribute(self, attribute):
        """A CUfunction_attribute of the kernel (CU_FUNC_ATTRIBUTE_*)."""
        value = ctypes.c_int()
        _check(_driver().cuFuncGetAttribute(ctypes.byref(value), attribute, self._function),
               "cuFuncGetAttribute")
        return value.value

    def registers(self):
        return self.attribute(_NUM_REGS)

    def local_bytes(self):
        """Local memory per thread: where ptxas spills."""
        return self.attribute(_LOCAL_SIZE_BYTES)

    def _param_sizes(self):
        """The cubin's parameter sizes, or None where the driver cannot say."""
        cuda = _driver()
        try:
            get = cuda.cuFuncGetParamInfo
        except AttributeError:
            return None
        # Under lazy module loading (CUDA 12's default) load the function
        # first; where that is not possible, an empty answer says nothing.
        if hasattr(cuda, "cuFuncLoad"):
            cuda.cuFuncLoad(self._function)
        sizes = []
        offset, size = ctypes.c_size_t(), ctypes.c_size_t()
        while True:
            status = get(self._function, ctypes.c_size_t(len(sizes)),
                         ctypes.byref(offset), ctypes.byref(size))
            if status == _INVALID_VALUE:
                return sizes or None
            if status != 0:
                return None  # not supported for this function (or driver)
            sizes.append(size.value)

    def launch(self, grid, stream, values):
        """Launch on `stream` (a CUstream handle as an int) with `values`,
        ctypes objects from pack(); a kernel that writes tensor maps gets
        its global scratch, the grid's blocks times its bytes a block, as
        the last parameter (one buffer, kept for later launches of at most
        that grid)."""
        if self.global_scratch:
            import torch
            gx, gy, gz = grid
            size = gx * gy * gz * self.global_scratch
            if self._scratch is None or self._scratch.numel() < size:
                self._scratch = torch.empty(size, dtype=torch.uint8, device="cuda")
            values = list(values) + [ctypes.c_uint64(self._scratch.data_ptr())]
        if self.param_sizes is not None:
            if len(self.param_sizes) != len(values):
                raise TileError(f"{self.name}: the cubin takes {len(self.param_sizes)} parameters, "
                                f"the launch packs {len(values)}")
            for i, (want, v) in enumerate(zip(self.param_sizes, values)):
                have = ctypes.sizeof(v)
                if want != have and not (isinstance(v, _NARROW) and want < have):
                    raise TileError(f"{self.name}: parameter {i} is {want} bytes in the cubin, "
                                    f"packed as {have}")
        params = (ctypes.c_void_p * max(len(values), 1))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        gx, gy, gz = grid
        _check(_driver().cuLaunchKernel(self._function, gx, gy, gz, self.threads, 1, 1,
                                        self.shared, ctypes.c_void_p(stream), params, None),
               f"cuLaunchKernel({self.name})")
