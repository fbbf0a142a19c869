# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Loads tile's cubins and launches them on PyTorch's current stream through
the CUDA driver API (ctypes), so that they run in the same process, on the
same tensors and under the same timer as the Triton and PyTorch kernels."""

import ctypes
import os
import re

import torch

_cuda = ctypes.CDLL("libcuda.so.1")
_MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES


def _check(status, what):
    if status != 0:
        name = ctypes.c_char_p()
        _cuda.cuGetErrorName(status, ctypes.byref(name))
        raise RuntimeError(f"{what}: {name.value.decode() if name.value else status}")


class _TensorMap:
    """A CUtensorMap: 128 bytes at a 64-byte aligned address (ctypes only
    honours _align_ from Python 3.13, so the buffer is over-allocated)."""

    def __init__(self):
        self._storage = ctypes.create_string_buffer(128 + 64)
        address = ctypes.addressof(self._storage)
        self.pointer = ctypes.c_void_p(address + (-address) % 64)


# CUtensorMapDataType of each element type: a descriptor_reduce combines in it.
_MAP_TYPES = {torch.uint8: 0, torch.int8: 0, torch.int32: 3, torch.int64: 5,
              torch.float16: 6, torch.float32: 7, torch.float64: 8, torch.bfloat16: 9}


def _encode_tensor_map(tensor, box_rows, box_cols, swizzle):
    """The tensor map of a row-major 2-D tensor of its own element type read
    in box_rows x box_cols boxes with `swizzle` bytes of swizzle (what
    tileTensorMapEncodeTyped does)."""
    rows, cols = tensor.shape
    size = tensor.element_size()
    data_type = _MAP_TYPES[tensor.dtype]
    mode = {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]
    tensor_map = _TensorMap()
    dims = (ctypes.c_uint64 * 2)(cols, rows)
    strides = (ctypes.c_uint64 * 1)(tensor.stride(0) * size)
    box = (ctypes.c_uint32 * 2)(box_cols, box_rows)
    element_strides = (ctypes.c_uint32 * 2)(1, 1)
    _check(_cuda.cuTensorMapEncodeTiled(
        tensor_map.pointer, data_type, 2, ctypes.c_void_p(tensor.data_ptr()),
        dims, strides, box, element_strides, 0, mode, 2, 0), "cuTensorMapEncodeTiled")
    return tensor_map


# The element types of tile's pointers and descriptors, and its scalars.
_ELEMENTS = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16",
             torch.int32: "i32", torch.int64: "i64", torch.int8: "i8"}
_SCALARS = {"i32": ctypes.c_int32, "i64": ctypes.c_int64, "f32": ctypes.c_float}
# A pointer to an element (group 1), or a descriptor of blocks of elements
# (group 2).
_MEMORY = re.compile(r"!tile\.ptr<(\w+)>|!tile\.tensordesc<(?:\d+x)+(\w+)>")


class Kernel:
    """One kernel of a cubin, with the threads and shared memory that
    tile-translate --kernel-info wrote for it."""

    def __init__(self, directory, variant, name):
        torch.cuda.init()
        torch.empty(1, device="cuda")  # the primary context is current now
        with open(os.path.join(directory, variant + ".cubin"), "rb") as f:
            self._image = f.read()
        self.threads, self.shared = None, 0
        self.global_scratch = 0  # bytes a block; the last parameter points at them
        self.tensor_maps = {}  # argument index -> (box rows, box cols, swizzle)
        self.params = []  # the source's parameter types: !tile.ptr<f32>, i32...
        with open(os.path.join(directory, variant + ".info")) as f:
            for line in f:
                words = line.split()
                if words[0] == "kernel" and words[1] == name:
                    self.threads, self.shared = int(words[3]), int(words[5])
                elif words[0] == "global_scratch" and words[1] == name:
                    self.global_scratch = int(words[2])
                elif words[0] == "tensormap" and words[1] == name:
                    self.tensor_maps[int(words[2])] = tuple(int(w) for w in words[4:7])
                elif words[0] == "param" and words[1] == name:
                    if int(words[2]) != len(self.params):
                        raise RuntimeError(f"{variant}.info: parameters out of order")
                    self.params.append(" ".join(words[4:]))
        if self.threads is None:
            raise RuntimeError(f"{name} not in {variant}.info")
        self._module = ctypes.c_void_p()
        _check(_cuda.cuModuleLoadData(ctypes.byref(self._module), self._image),
               "cuModuleLoadData")
        self._function = ctypes.c_void_p()
        _check(_cuda.cuModuleGetFunction(ctypes.byref(self._function),
                                         self._module, name.encode()),
               "cuModuleGetFunction")
        if self.shared > 48 * 1024:
            _check(_cuda.cuFuncSetAttribute(self._function, _MAX_DYNAMIC_SHARED,
                                            self.shared), "cuFuncSetAttribute")

    def bind(self, grid, *args):
        """A launcher with its arguments packed once, as the kernel's source
        declares its parameters (the kernel information's `param` lines):
        tensors as device pointers, or as tensor maps for tensor-descriptor
        parameters, scalars as their i32, i64 or f32; a tensor of another
        element type than the parameter's, or a missing argument, is an
        error. A kernel that writes tensor maps gets its global scratch
        (the grid's blocks times its bytes a block) as the last parameter."""
        params = self.params[:-1] if self.global_scratch else self.params
        if len(args) != len(params):
            raise TypeError(f"the kernel takes {len(params)} arguments, {len(args)} given")
        values = []
        for i, (a, param) in enumerate(zip(args, params)):
            memory = _MEMORY.fullmatch(param)
            if memory:
                element, descriptor = memory.group(1) or memory.group(2), memory.group(2)
                if not isinstance(a, torch.Tensor) or _ELEMENTS.get(a.dtype) != element:
                    raise TypeError(f"argument {i}: the kernel takes {param}, given "
                                    f"{a.dtype if isinstance(a, torch.Tensor) else type(a)}")
                if descriptor is None:
                    values.append(ctypes.c_uint64(a.data_ptr()))
                elif i in self.tensor_maps:
                    values.append(_encode_tensor_map(a, *self.tensor_maps[i]))
                else:
                    raise TypeError(f"argument {i}: {param} has no tensormap line")
            elif param in _SCALARS:
                values.append(_SCALARS[param](a))
            else:
                raise TypeError(f"argument {i}: cannot pass a {param}")
        grid = tuple(grid) + (1,) * (3 - len(grid))
        scratch = None
        if self.global_scratch:
            scratch = torch.empty(grid[0] * grid[1] * grid[2] * self.global_scratch,
                                  dtype=torch.uint8, device="cuda")
            values.append(ctypes.c_uint64(scratch.data_ptr()))
        params = (ctypes.c_void_p * len(values))(
            *[v.pointer if isinstance(v, _TensorMap)
              else ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        function, threads, shared = self._function, self.threads, self.shared

        def launch():
            stream = torch.cuda.current_stream().cuda_stream
            _check(_cuda.cuLaunchKernel(function, grid[0], grid[1], grid[2],
                                        threads, 1, 1, shared,
                                        ctypes.c_void_p(stream), params, None),
                   "cuLaunchKernel")

        launch.keep = (values, params, scratch)  # outlive the launcher with it
        return launch
