"""Loads tile's cubins and launches them on PyTorch's current stream through
the CUDA driver API (ctypes), so that they run in the same process, on the
same tensors and under the same timer as the Triton and PyTorch kernels."""

import ctypes
import os

import torch

_cuda = ctypes.CDLL("libcuda.so.1")
_MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES


def _check(status, what):
    if status != 0:
        name = ctypes.c_char_p()
        _cuda.cuGetErrorName(status, ctypes.byref(name))
        raise RuntimeError(f"{what}: {name.value.decode() if name.value else status}")


class Kernel:
    """One kernel of a cubin, with the threads and shared memory that
    tile-translate --kernel-info wrote for it."""

    def __init__(self, directory, variant, name):
        torch.cuda.init()
        torch.empty(1, device="cuda")  # the primary context is current now
        with open(os.path.join(directory, variant + ".cubin"), "rb") as f:
            self._image = f.read()
        self.threads, self.shared = None, 0
        with open(os.path.join(directory, variant + ".info")) as f:
            for line in f:
                words = line.split()
                if words[1] == name:
                    self.threads, self.shared = int(words[3]), int(words[5])
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
        """A launcher with its arguments packed once: tensors are passed as
        device pointers, Python ints as i32, floats as f32."""
        values = []
        for a in args:
            if isinstance(a, torch.Tensor):
                values.append(ctypes.c_uint64(a.data_ptr()))
            elif isinstance(a, float):
                values.append(ctypes.c_float(a))
            else:
                values.append(ctypes.c_int32(a))
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        grid = tuple(grid) + (1,) * (3 - len(grid))
        function, threads, shared = self._function, self.threads, self.shared

        def launch():
            stream = torch.cuda.current_stream().cuda_stream
            _check(_cuda.cuLaunchKernel(function, grid[0], grid[1], grid[2],
                                        threads, 1, 1, shared,
                                        ctypes.c_void_p(stream), params, None),
                   "cuLaunchKernel")

        launch.keep = (values, params)  # the packed values outlive the launcher
        return launch
