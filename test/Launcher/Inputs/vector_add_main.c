// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Runs the vector add through its generated launcher (vector_add.h, or
   vector_add_desc.h with -DDESC: descriptors made in the kernel, whose
   global scratch the launcher allocates) and checks the sums; also the
   errors a launcher returns: no current context, and a grid of no blocks
   (nothing launched). With -DRAGGED (vector_add_variants.h: a launcher
   whose kernels without conditions take any n, with a variant for
   n % 16 == 0) it adds
   n - 3 elements too, which only the kernels without conditions add
   right. Prints PASS or what failed; exit status 0 on PASS. */
#if defined(DESC)
#include "vector_add_desc.h"
#define ERROR vector_add_desc_error
#elif defined(RAGGED)
#include "vector_add_variants.h"
#define ERROR vector_add_variants_error
#else
#include "vector_add.h"
#define ERROR vector_add_error
#endif

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult s = (call);                                                       \
    if (s != CUDA_SUCCESS) {                                                   \
      printf("FAIL: %s: %d (%s)\n", #call, (int)s, ERROR());                   \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static void *withoutContext(void *result) {
  *(CUresult *)result = vector_add_launch(NULL, 1, 1, 1, 0, 0, 0, 1024);
  printf("no context: %s\n", ERROR());
  return NULL;
}

int main(void) {
  /* A multiple of 64 * 32 (DESC: whole rows of 64) and of 16, not of the
     1024-element blocks. */
  const int n = 64 * 32 * 100 + 64 * 8;
  CUdevice device;
  CUcontext context;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&context, device));
  CHECK(cuCtxSetCurrent(context));
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float)),
        *out = malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) * 0.5f;
    y[i] = (float)(i % 37) - 3.0f;
  }
  CUdeviceptr dx, dy, dout;
  CHECK(cuMemAlloc(&dx, n * sizeof(float)));
  CHECK(cuMemAlloc(&dy, n * sizeof(float)));
  CHECK(cuMemAlloc(&dout, n * sizeof(float)));
  CHECK(cuMemcpyHtoD(dx, x, n * sizeof(float)));
  CHECK(cuMemcpyHtoD(dy, y, n * sizeof(float)));
  CHECK(cuMemsetD32(dout, 0, n));
#ifdef DESC
  unsigned blocks = (unsigned)((n / 64 + 31) / 32);
#else
  unsigned blocks = (unsigned)((n + 1023) / 1024);
#endif
  CHECK(vector_add_launch(NULL, blocks, 1, 1, dx, dy, dout, n));
  CHECK(vector_add_launch(NULL, 0, 1, 1, dx, dy, dout, n));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out, dout, n * sizeof(float)));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != x[i] + y[i];
  printf("%d of %d sums wrong\n", wrong, n);
#ifdef RAGGED
  const int ragged = n - 3;
  CHECK(cuMemsetD32(dout, 0, n));
  CHECK(vector_add_launch(NULL, (unsigned)((ragged + 1023) / 1024), 1, 1, dx,
                          dy, dout, ragged));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(out, dout, n * sizeof(float)));
  int raggedWrong = 0;
  for (int i = 0; i < n; ++i)
    raggedWrong += out[i] != (i < ragged ? x[i] + y[i] : 0.0f);
  printf("%d of %d ragged sums wrong\n", raggedWrong, ragged);
  wrong += raggedWrong;
#endif

  CUresult status = CUDA_SUCCESS;
  pthread_t thread;
  pthread_create(&thread, NULL, withoutContext, &status);
  pthread_join(thread, NULL);
  int ok = wrong == 0 && status == CUDA_ERROR_INVALID_CONTEXT;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
