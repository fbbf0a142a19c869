// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- tile-runtime.h - load and launch tile kernels (C) -------------------===
 *
 * A small C library on the CUDA driver API, which it loads with dlopen at
 * run time: everything builds, and everything but launching works, on a
 * machine without a GPU driver. Every function returns 0 on success and a
 * non-zero CUDA (or runtime) error code otherwise; tileRuntimeLastError()
 * then says what failed, with the CUDA error's name.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_H
#define TILE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileRuntime TileRuntime;
typedef struct TileModule TileModule;
typedef struct TileKernel TileKernel;

/* Errors of the runtime itself (CUDA's own codes are below 1000). */
enum {
  TILE_RUNTIME_NO_DRIVER = 1001, /* libcuda.so could not be loaded */
  TILE_RUNTIME_INVALID_ARGUMENT = 1002,
  TILE_RUNTIME_OUT_OF_MEMORY = 1003
};

/// Loads the CUDA driver, initializes it and makes device `device`'s primary
/// context current. On failure *runtime is still set (free it with
/// tileRuntimeDestroy) so that tileRuntimeLastError can say why.
int tileRuntimeCreate(int device, TileRuntime **runtime);

/// Releases the context and unloads the driver.
void tileRuntimeDestroy(TileRuntime *runtime);

/// The last error, e.g. "cuModuleLoadData: CUDA_ERROR_INVALID_PTX".
const char *tileRuntimeLastError(const TileRuntime *runtime);

/// The device's name and compute capability (e.g. 90).
int tileRuntimeDeviceInfo(TileRuntime *runtime, char *name, size_t nameSize,
                          int *computeCapability);

/// Loads a module from PTX text (NUL-terminated) or a cubin image.
int tileModuleLoad(TileRuntime *runtime, const void *image,
                   TileModule **module);

/// Loads a module from a .ptx or .cubin file.
int tileModuleLoadFile(TileRuntime *runtime, const char *path,
                       TileModule **module);

void tileModuleUnload(TileModule *module);

/// Looks up a kernel of a loaded module.
int tileModuleGetKernel(TileModule *module, const char *name,
                        TileKernel **kernel);

/// Device memory.
int tileMalloc(TileRuntime *runtime, size_t bytes, uint64_t *pointer);
int tileFree(TileRuntime *runtime, uint64_t pointer);
int tileCopyToDevice(TileRuntime *runtime, uint64_t dst, const void *src,
                     size_t bytes);
int tileCopyToHost(TileRuntime *runtime, void *dst, uint64_t src, size_t bytes);
int tileMemset(TileRuntime *runtime, uint64_t dst, unsigned char value,
               size_t bytes);

/// Launches `kernel` on a grid of programs with `threads` threads a block
/// and `sharedBytes` of dynamic shared memory; `args[i]` points at the i-th
/// argument's value (a uint64_t device pointer, an int32_t, a float...).
int tileLaunch(TileKernel *kernel, const unsigned grid[3], unsigned threads,
               unsigned sharedBytes, void **args);

/// A CUtensorMap: the value of a kernel's tensor-descriptor argument
/// (pass its address in tileLaunch's args, as for any argument).
#ifdef __cplusplus
#define TILE_ALIGN_64 alignas(64)
#else
#define TILE_ALIGN_64 _Alignas(64)
#endif
typedef struct {
  TILE_ALIGN_64 uint64_t opaque[16];
} TileTensorMap;

/// The element types of a tensor map (CUDA's CUtensorMapDataType values).
typedef enum {
  TILE_TENSOR_MAP_U8 = 0,
  TILE_TENSOR_MAP_U16 = 1,
  TILE_TENSOR_MAP_U32 = 2,
  TILE_TENSOR_MAP_I32 = 3,
  TILE_TENSOR_MAP_U64 = 4,
  TILE_TENSOR_MAP_I64 = 5,
  TILE_TENSOR_MAP_F16 = 6,
  TILE_TENSOR_MAP_F32 = 7,
  TILE_TENSOR_MAP_F64 = 8,
  TILE_TENSOR_MAP_BF16 = 9,
} TileTensorMapElement;

/// Builds the tensor map of a row-major `rows` x `cols` matrix of `element`s
/// at device `address`, rows `rowStride` elements apart (its bytes a
/// multiple of 16), read in boxes of `boxRows` x `boxCols` elements with a
/// `swizzle` of 0, 32, 64 or 128 bytes: what `tile-translate --kernel-info`
/// reports for the argument (`tensormap` lines; the element type is the
/// descriptor's, on its `param` line). Elements past the edges read as
/// zero. A copy moves bits whatever the type; a `tile.descriptor_reduce`
/// combines in the map's type (an f32 add needs TILE_TENSOR_MAP_F32, a
/// signed max TILE_TENSOR_MAP_I32).
int tileTensorMapEncodeTyped(TileRuntime *runtime, TileTensorMap *map,
                             uint64_t address, TileTensorMapElement element,
                             uint64_t rows, uint64_t cols, uint64_t rowStride,
                             unsigned boxRows, unsigned boxCols,
                             unsigned swizzle);

/// tileTensorMapEncodeTyped with unsigned integers of `elementBytes` (1, 2,
/// 4 or 8): enough for descriptor loads and stores, not for reductions.
int tileTensorMapEncode(TileRuntime *runtime, TileTensorMap *map,
                        uint64_t address, unsigned elementBytes, uint64_t rows,
                        uint64_t cols, uint64_t rowStride, unsigned boxRows,
                        unsigned boxCols, unsigned swizzle);

/// Waits for all launched work.
int tileSynchronize(TileRuntime *runtime);

/// Launches `repeats` times, timing each launch with events; writes the
/// median and minimum in microseconds.
int tileTimeLaunches(TileKernel *kernel, const unsigned grid[3],
                     unsigned threads, unsigned sharedBytes, void **args,
                     int repeats, double *medianUs, double *minUs);

#ifdef __cplusplus
}
#endif

#endif /* TILE_RUNTIME_H */
