// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile_runtime.c - load and launch tile kernels ------------------------===
 *
 * The CUDA driver API through dlopen: the few types and entry points used
 * are declared here so that no CUDA header or library is needed to build.
 *
 *===----------------------------------------------------------------------===*/

#include "tile-runtime.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUevent_st *CUevent;
typedef struct CUstream_st *CUstream;
typedef unsigned long long CUdeviceptr;

#define CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR 75
#define CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR 76

/* The driver entry points, in one table filled by dlsym. */
#define TILE_CUDA_FUNCTIONS(X)                                                 \
  X(cuInit, (unsigned))                                                        \
  X(cuDeviceGet, (CUdevice *, int))                                            \
  X(cuDeviceGetName, (char *, int, CUdevice))                                  \
  X(cuDeviceGetAttribute, (int *, int, CUdevice))                              \
  X(cuDevicePrimaryCtxRetain, (CUcontext *, CUdevice))                         \
  X(cuDevicePrimaryCtxRelease_v2, (CUdevice))                                  \
  X(cuCtxSetCurrent, (CUcontext))                                              \
  X(cuCtxSynchronize, (void))                                                  \
  X(cuModuleLoadData, (CUmodule *, const void *))                              \
  X(cuModuleUnload, (CUmodule))                                                \
  X(cuModuleGetFunction, (CUfunction *, CUmodule, const char *))               \
  X(cuFuncSetAttribute, (CUfunction, int, int))                                \
  X(cuMemAlloc_v2, (CUdeviceptr *, size_t))                                    \
  X(cuMemFree_v2, (CUdeviceptr))                                               \
  X(cuMemcpyHtoD_v2, (CUdeviceptr, const void *, size_t))                      \
  X(cuMemcpyDtoH_v2, (void *, CUdeviceptr, size_t))                            \
  X(cuMemsetD8_v2, (CUdeviceptr, unsigned char, size_t))                       \
  X(cuLaunchKernel,                                                            \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuEventCreate, (CUevent *, unsigned))                                      \
  X(cuEventRecord, (CUevent, CUstream))                                        \
  X(cuEventSynchronize, (CUevent))                                             \
  X(cuEventElapsedTime, (float *, CUevent, CUevent))                           \
  X(cuEventDestroy_v2, (CUevent))                                              \
  X(cuGetErrorName, (CUresult, const char **))

/* Entry points of newer drivers (CUDA 12): looked up, not required. */
#define TILE_CUDA_OPTIONAL_FUNCTIONS(X)                                        \
  X(cuTensorMapEncodeTiled,                                                    \
    (void *, int, unsigned, void *, const uint64_t *, const uint64_t *,        \
     const unsigned *, const unsigned *, int, int, int, int))

struct TileRuntime {
  void *library;
#define X(name, args) CUresult(*name) args;
  TILE_CUDA_FUNCTIONS(X)
  TILE_CUDA_OPTIONAL_FUNCTIONS(X)
#undef X
  CUdevice device;
  CUcontext context;
  char error[512];
};

struct TileModule {
  TileRuntime *runtime;
  CUmodule module;
};

struct TileKernel {
  TileRuntime *runtime;
  CUfunction function;
  unsigned sharedLimitSet;
};

static int fail(TileRuntime *rt, int code, const char *what) {
  const char *name = NULL;
  if (code < 1000 && rt->cuGetErrorName)
    rt->cuGetErrorName(code, &name);
  snprintf(rt->error, sizeof(rt->error), "%s: %s", what, name ? name : "error");
  return code;
}

#define CHECK(rt, call)                                                        \
  do {                                                                         \
    CUresult result_ = (rt)->call;                                             \
    if (result_ != 0)                                                          \
      return fail((rt), result_, #call);                                       \
  } while (0)

int tileRuntimeCreate(int device, TileRuntime **runtime) {
  TileRuntime *rt = calloc(1, sizeof(TileRuntime));
  *runtime = rt;
  if (!rt)
    return TILE_RUNTIME_OUT_OF_MEMORY;
  rt->library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!rt->library)
    rt->library = dlopen("libcuda.so", RTLD_NOW | RTLD_LOCAL);
  if (!rt->library) {
    snprintf(rt->error, sizeof(rt->error),
             "cannot load the CUDA driver (libcuda.so.1): %s", dlerror());
    return TILE_RUNTIME_NO_DRIVER;
  }
#define X(name, args)                                                          \
  *(void **)(&rt->name) = dlsym(rt->library, #name);                           \
  if (!rt->name) {                                                             \
    snprintf(rt->error, sizeof(rt->error), "the CUDA driver lacks %s", #name); \
    return TILE_RUNTIME_NO_DRIVER;                                             \
  }
  TILE_CUDA_FUNCTIONS(X)
#undef X
#define X(name, args) *(void **)(&rt->name) = dlsym(rt->library, #name);
  TILE_CUDA_OPTIONAL_FUNCTIONS(X)
#undef X
  CHECK(rt, cuInit(0));
  CHECK(rt, cuDeviceGet(&rt->device, device));
  CHECK(rt, cuDevicePrimaryCtxRetain(&rt->context, rt->device));
  CHECK(rt, cuCtxSetCurrent(rt->context));
  return 0;
}

void tileRuntimeDestroy(TileRuntime *rt) {
  if (!rt)
    return;
  if (rt->context && rt->cuDevicePrimaryCtxRelease_v2)
    rt->cuDevicePrimaryCtxRelease_v2(rt->device);
  if (rt->library)
    dlclose(rt->library);
  free(rt);
}

const char *tileRuntimeLastError(const TileRuntime *rt) {
  return rt ? rt->error : "no runtime";
}

int tileRuntimeDeviceInfo(TileRuntime *rt, char *name, size_t nameSize,
                          int *computeCapability) {
  int major = 0, minor = 0;
  CHECK(rt, cuDeviceGetName(name, (int)nameSize, rt->device));
  CHECK(rt, cuDeviceGetAttribute(&major,
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                                 rt->device));
  CHECK(rt, cuDeviceGetAttribute(&minor,
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                                 rt->device));
  *computeCapability = major * 10 + minor;
  return 0;
}

int tileModuleLoad(TileRuntime *rt, const void *image, TileModule **module) {
  TileModule *m = calloc(1, sizeof(TileModule));
  if (!m)
    return TILE_RUNTIME_OUT_OF_MEMORY;
  m->runtime = rt;
  CUresult result = rt->cuModuleLoadData(&m->module, image);
  if (result != 0) {
    free(m);
    return fail(rt, result, "cuModuleLoadData");
  }
  *module = m;
  return 0;
}

int tileModuleLoadFile(TileRuntime *rt, const char *path, TileModule **module) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    snprintf(rt->error, sizeof(rt->error), "cannot open %s", path);
    return TILE_RUNTIME_INVALID_ARGUMENT;
  }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  /* One extra zero byte: PTX must be NUL-terminated. */
  char *image = calloc(1, (size_t)size + 1);
  if (!image) {
    fclose(file);
    return TILE_RUNTIME_OUT_OF_MEMORY;
  }
  size_t read = fread(image, 1, (size_t)size, file);
  fclose(file);
  if (read != (size_t)size) {
    free(image);
    snprintf(rt->error, sizeof(rt->error), "cannot read %s", path);
    return TILE_RUNTIME_INVALID_ARGUMENT;
  }
  int status = tileModuleLoad(rt, image, module);
  free(image);
  return status;
}

void tileModuleUnload(TileModule *m) {
  if (!m)
    return;
  m->runtime->cuModuleUnload(m->module);
  free(m);
}

int tileModuleGetKernel(TileModule *m, const char *name, TileKernel **kernel) {
  TileKernel *k = calloc(1, sizeof(TileKernel));
  if (!k)
    return TILE_RUNTIME_OUT_OF_MEMORY;
  k->runtime = m->runtime;
  CUresult result =
      m->runtime->cuModuleGetFunction(&k->function, m->module, name);
  if (result != 0) {
    free(k);
    return fail(m->runtime, result, "cuModuleGetFunction");
  }
  *kernel = k;
  return 0;
}

int tileMalloc(TileRuntime *rt, size_t bytes, uint64_t *pointer) {
  CUdeviceptr p = 0;
  CHECK(rt, cuMemAlloc_v2(&p, bytes ? bytes : 1));
  *pointer = p;
  return 0;
}

int tileFree(TileRuntime *rt, uint64_t pointer) {
  CHECK(rt, cuMemFree_v2(pointer));
  return 0;
}

int tileCopyToDevice(TileRuntime *rt, uint64_t dst, const void *src,
                     size_t bytes) {
  CHECK(rt, cuMemcpyHtoD_v2(dst, src, bytes));
  return 0;
}

int tileCopyToHost(TileRuntime *rt, void *dst, uint64_t src, size_t bytes) {
  CHECK(rt, cuMemcpyDtoH_v2(dst, src, bytes));
  return 0;
}

int tileMemset(TileRuntime *rt, uint64_t dst, unsigned char value,
               size_t bytes) {
  CHECK(rt, cuMemsetD8_v2(dst, value, bytes));
  return 0;
}

int tileLaunch(TileKernel *k, const unsigned grid[3], unsigned threads,
               unsigned sharedBytes, void **args) {
  TileRuntime *rt = k->runtime;
  /* More than 48 KiB of dynamic shared memory must be asked for. */
  if (sharedBytes > 48 * 1024 && k->sharedLimitSet < sharedBytes) {
    CHECK(rt, cuFuncSetAttribute(
                  k->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  (int)sharedBytes));
    k->sharedLimitSet = sharedBytes;
  }
  CHECK(rt, cuLaunchKernel(k->function, grid[0], grid[1], grid[2], threads, 1,
                           1, sharedBytes, NULL, args, NULL));
  return 0;
}

/* Bytes of one element of a tensor map's type, or 0 for an unknown type. */
static unsigned tensorMapElementBytes(TileTensorMapElement element) {
  switch (element) {
  case TILE_TENSOR_MAP_U8:
    return 1;
  case TILE_TENSOR_MAP_U16:
  case TILE_TENSOR_MAP_F16:
  case TILE_TENSOR_MAP_BF16:
    return 2;
  case TILE_TENSOR_MAP_U32:
  case TILE_TENSOR_MAP_I32:
  case TILE_TENSOR_MAP_F32:
    return 4;
  case TILE_TENSOR_MAP_U64:
  case TILE_TENSOR_MAP_I64:
  case TILE_TENSOR_MAP_F64:
    return 8;
  }
  return 0;
}

int tileTensorMapEncodeTyped(TileRuntime *rt, TileTensorMap *map,
                             uint64_t address, TileTensorMapElement element,
                             uint64_t rows, uint64_t cols, uint64_t rowStride,
                             unsigned boxRows, unsigned boxCols,
                             unsigned swizzle) {
  /* CUtensorMapSwizzle NONE, 32B, 64B, 128B. */
  unsigned elementBytes = tensorMapElementBytes(element);
  int swizzleMode = swizzle == 0     ? 0
                    : swizzle == 32  ? 1
                    : swizzle == 64  ? 2
                    : swizzle == 128 ? 3
                                     : -1;
  if (!rt->cuTensorMapEncodeTiled) {
    snprintf(rt->error, sizeof(rt->error),
             "tileTensorMapEncode: the CUDA driver is not loaded or lacks "
             "cuTensorMapEncodeTiled (CUDA 12 or newer)");
    return TILE_RUNTIME_NO_DRIVER;
  }
  if (!map || !elementBytes || swizzleMode < 0 || rowStride < cols) {
    snprintf(rt->error, sizeof(rt->error),
             "tileTensorMapEncode: bad element type, swizzle or row stride");
    return TILE_RUNTIME_INVALID_ARGUMENT;
  }
  uint64_t dims[2] = {cols, rows};
  uint64_t strides[1] = {rowStride * elementBytes};
  unsigned box[2] = {boxCols, boxRows}, elementStrides[2] = {1, 1};
  /* Interleave none, L2 promotion of 128 bytes, out-of-bounds fill zero. */
  CHECK(rt, cuTensorMapEncodeTiled(map, (int)element, 2, (void *)address, dims,
                                   strides, box, elementStrides, 0, swizzleMode,
                                   2, 0));
  return 0;
}

int tileTensorMapEncode(TileRuntime *rt, TileTensorMap *map, uint64_t address,
                        unsigned elementBytes, uint64_t rows, uint64_t cols,
                        uint64_t rowStride, unsigned boxRows, unsigned boxCols,
                        unsigned swizzle) {
  /* Unsigned integers move elements without conversion. */
  int element = elementBytes == 1   ? TILE_TENSOR_MAP_U8
                : elementBytes == 2 ? TILE_TENSOR_MAP_U16
                : elementBytes == 4 ? TILE_TENSOR_MAP_U32
                : elementBytes == 8 ? TILE_TENSOR_MAP_U64
                                    : -1;
  if (element < 0) {
    snprintf(rt->error, sizeof(rt->error),
             "tileTensorMapEncode: bad element size %u (1, 2, 4 or 8)",
             elementBytes);
    return TILE_RUNTIME_INVALID_ARGUMENT;
  }
  return tileTensorMapEncodeTyped(rt, map, address,
                                  (TileTensorMapElement)element, rows, cols,
                                  rowStride, boxRows, boxCols, swizzle);
}

int tileSynchronize(TileRuntime *rt) {
  CHECK(rt, cuCtxSynchronize());
  return 0;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int tileTimeLaunches(TileKernel *k, const unsigned grid[3], unsigned threads,
                     unsigned sharedBytes, void **args, int repeats,
                     double *medianUs, double *minUs) {
  TileRuntime *rt = k->runtime;
  if (repeats <= 0)
    return TILE_RUNTIME_INVALID_ARGUMENT;
  double *times = calloc((size_t)repeats, sizeof(double));
  if (!times)
    return TILE_RUNTIME_OUT_OF_MEMORY;
  CUevent start = NULL, stop = NULL;
  int status = 0;
  if ((status = rt->cuEventCreate(&start, 0)) != 0 ||
      (status = rt->cuEventCreate(&stop, 0)) != 0) {
    free(times);
    return fail(rt, status, "cuEventCreate");
  }
  for (int i = 0; i < repeats && status == 0; ++i) {
    float ms = 0;
    if ((status = rt->cuEventRecord(start, NULL)) != 0)
      fail(rt, status, "cuEventRecord");
    else if ((status = tileLaunch(k, grid, threads, sharedBytes, args)) != 0)
      ;
    else if ((status = rt->cuEventRecord(stop, NULL)) != 0)
      fail(rt, status, "cuEventRecord");
    else if ((status = rt->cuEventSynchronize(stop)) != 0)
      fail(rt, status, "cuEventSynchronize");
    else if ((status = rt->cuEventElapsedTime(&ms, start, stop)) != 0)
      fail(rt, status, "cuEventElapsedTime");
    times[i] = ms * 1000.0;
  }
  rt->cuEventDestroy_v2(start);
  rt->cuEventDestroy_v2(stop);
  if (status == 0) {
    qsort(times, (size_t)repeats, sizeof(double), compareDoubles);
    *medianUs = times[repeats / 2];
    *minUs = times[0];
  }
  free(times);
  return status;
}
