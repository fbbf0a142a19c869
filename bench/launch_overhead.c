// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* What a launch through a generated launcher costs over cuLaunchKernel:
   the host time to enqueue launches of one small kernel, the vector add
   of 1024 elements (one block), through vector_add_launch (its launcher,
   from tile-translate --emit=launcher) and through cuLaunchKernel of the
   same cubin loaded by hand, in alternating rounds of 512 launches (fewer
   than a stream's queue holds, so enqueueing does not wait for the GPU),
   the stream drained between rounds. Prints the median time a launch over
   the rounds of each, and their difference.

     tile-translate examples/vector_add.mlir --emit=launcher -o D/vector_add.c
     tile-translate examples/vector_add.mlir --emit=cubin -o D/vector_add.cubin
     cc -std=c11 -O2 -I$CUDA_HOME/include -ID bench/launch_overhead.c \
         D/vector_add.c -lcuda -lpthread -o D/launch_overhead
     D/launch_overhead D/vector_add.cubin */
#define _POSIX_C_SOURCE 199309L
#include "vector_add.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUNDS 41
#define LAUNCHES 512

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult s = (call);                                                       \
    if (s != CUDA_SUCCESS) {                                                   \
      fprintf(stderr, "%s: %d (%s)\n", #call, (int)s, vector_add_error());     \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: launch_overhead vector_add.cubin\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file)
    return 2;
  static unsigned char image[1 << 20];
  size_t size = fread(image, 1, sizeof(image), file);
  fclose(file);
  if (!size)
    return 2;
  CUdevice device;
  CUcontext context;
  CUmodule module;
  CUfunction function;
  CUstream stream;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuModuleLoadData(&module, image));
  CHECK(cuModuleGetFunction(&function, module, "vector_add"));
  int32_t n = 1024;
  CUdeviceptr x, y, out;
  CHECK(cuMemAlloc(&x, n * sizeof(float)));
  CHECK(cuMemAlloc(&y, n * sizeof(float)));
  CHECK(cuMemAlloc(&out, n * sizeof(float)));
  CHECK(vector_add_launch(stream, 1, 1, 1, x, y, out, n)); /* loads it */
  CHECK(cuStreamSynchronize(stream));

  double launcher[ROUNDS], direct[ROUNDS];
  for (int r = 0; r < ROUNDS; ++r) {
    double start = now();
    for (int i = 0; i < LAUNCHES; ++i)
      CHECK(vector_add_launch(stream, 1, 1, 1, x, y, out, n));
    launcher[r] = (now() - start) / LAUNCHES;
    CHECK(cuStreamSynchronize(stream));
    start = now();
    for (int i = 0; i < LAUNCHES; ++i) {
      void *params[] = {&x, &y, &out, &n};
      CHECK(cuLaunchKernel(function, 1, 1, 1, 128, 1, 1, 0, stream, params,
                           NULL));
    }
    direct[r] = (now() - start) / LAUNCHES;
    CHECK(cuStreamSynchronize(stream));
  }
  qsort(launcher, ROUNDS, sizeof(double), compare);
  qsort(direct, ROUNDS, sizeof(double), compare);
  printf("launch: launcher %.3f us, cuLaunchKernel %.3f us, difference "
         "%.3f us (medians of %d rounds of %d launches)\n",
         launcher[ROUNDS / 2], direct[ROUNDS / 2],
         launcher[ROUNDS / 2] - direct[ROUNDS / 2], ROUNDS, LAUNCHES);
  return 0;
}
