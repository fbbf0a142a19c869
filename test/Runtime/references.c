// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- references.c - tile-run's CPU references of the matrix products -----===
 *
 * The references that scripts/gpu-check.sh and gpu-sanitize.sh check every
 * matmul kernel against, run here on outputs computed on the CPU: a correct
 * product passes (f16 operands with b row-major or transposed, with bias
 * and ReLU, and f32 operands as tf32); one element off by 1%, b in the
 * other layout or a missing K step fails; bad arguments are reported, not
 * checked.
 *
 *===----------------------------------------------------------------------===*/

// RUN: tile-references-test 2>&1 | FileCheck %s

#include "references.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M = 37, N = 29, K = 19 };

static uint16_t a[M * K], b[K * N], bTransposed[N * K], bias[N];
static float c[M * N], aFloat[M * K], bFloat[K * N];
static uint16_t cBiasRelu[M * N];

/* Small integers and halves: exact in f16, so the products are too. */
static uint16_t value(unsigned *state) {
  *state = *state * 1664525u + 1013904223u;
  return floatToHalf((float)((int)(*state >> 28) - 8) / 2);
}

static RunArg buffer(const char *type, size_t count, void *host, void *result) {
  RunArg arg = {0};
  arg.isBuffer = 1;
  strcpy(arg.type, type);
  arg.count = count;
  arg.host = host;
  arg.result = result;
  return arg;
}

static RunArg scalar(int64_t v) {
  RunArg arg = {0};
  strcpy(arg.type, "i32");
  arg.intValue = v;
  return arg;
}

static void report(const char *what, const char *name, RunArg *args, int n) {
  static const unsigned grid[3] = {1, 1, 1};
  CheckResult r;
  int status = checkReference(name, grid, args, n, &r);
  printf("%s: %d, %zu/%zu wrong%s%s\n", what, status, r.failed, r.checked,
         r.message[0] ? ": " : "", r.message);
}

/* (a, b, c, M, N, K) with a and b of `type`, c the f32 product. */
static void matmulArgs(RunArg args[6], const char *type, void *aData,
                       void *bData) {
  args[0] = buffer(type, M * K, aData, NULL);
  args[1] = buffer(type, K * N, bData, NULL);
  args[2] = buffer("f32", M * N, NULL, c);
  args[3] = scalar(M);
  args[4] = scalar(N);
  args[5] = scalar(K);
}

/* c = a @ b (+ bias, relu) on the CPU, K steps from `firstK` on. */
static void multiply(int firstK) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0;
      for (int k = firstK; k < K; ++k)
        sum += (double)halfToFloat(a[i * K + k]) * halfToFloat(b[k * N + j]);
      c[i * N + j] = (float)sum;
      double v = sum + halfToFloat(bias[j]);
      cBiasRelu[i * N + j] = floatToHalf((float)(v > 0 ? v : 0));
    }
}

int main(void) {
  unsigned state = 1;
  for (int i = 0; i < M * K; ++i)
    a[i] = value(&state);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      bTransposed[j * K + k] = b[k * N + j] = value(&state);
  for (int j = 0; j < N; ++j)
    bias[j] = value(&state);
  multiply(0);

  RunArg args[6];
  matmulArgs(args, "f16", a, b);
  // CHECK: matmul: 0, 0/1073 wrong
  report("matmul", "matmul", args, 6);
  /* Off by 1% of the element and 0.01: outside any tolerance. */
  float right = c[5 * N + 7];
  c[5 * N + 7] += 0.01f + 0.01f * fabsf(right);
  // CHECK-NEXT: one off: 1, 1/1073 wrong
  report("one off", "matmul", args, 6);
  c[5 * N + 7] = right;
  // CHECK-NEXT: b row-major, checked as transposed: 1, {{[1-9][0-9]*}}/1073
  report("b row-major, checked as transposed", "matmul_bt", args, 6);

  args[1].host = bTransposed;
  // CHECK-NEXT: b transposed: 0, 0/1073 wrong
  report("b transposed", "matmul_bt", args, 6);
  // CHECK-NEXT: b transposed, checked as row-major: 1, {{[1-9][0-9]*}}/1073
  report("b transposed, checked as row-major", "matmul", args, 6);
  args[1].host = b;

  RunArg biasArgs[] = {buffer("f16", M * K, a, NULL),
                       buffer("f16", K * N, b, NULL),
                       buffer("f16", N, bias, NULL),
                       buffer("f16", M * N, NULL, cBiasRelu),
                       scalar(M),
                       scalar(N),
                       scalar(K)};
  // CHECK-NEXT: bias and relu: 0, 0/1073 wrong
  report("bias and relu", "matmul_bias_relu", biasArgs, 7);

  /* f32 operands (the same small values, exact in tf32): the tf32
     reference passes the exact product and fails one off by 1%. */
  for (int i = 0; i < M * K; ++i)
    aFloat[i] = halfToFloat(a[i]);
  for (int i = 0; i < K * N; ++i)
    bFloat[i] = halfToFloat(b[i]);
  RunArg tf32Args[6];
  matmulArgs(tf32Args, "f32", aFloat, bFloat);
  // CHECK-NEXT: tf32: 0, 0/1073 wrong
  report("tf32", "matmul_tf32", tf32Args, 6);
  c[5 * N + 7] += 0.01f + 0.01f * fabsf(right);
  // CHECK-NEXT: tf32, one off: 1, 1/1073 wrong
  report("tf32, one off", "matmul_tf32", tf32Args, 6);
  c[5 * N + 7] = right;

  multiply(1);
  // CHECK-NEXT: no K step 0: 1, {{[1-9][0-9]*}}/1073 wrong
  report("no K step 0", "matmul", args, 6);
  // CHECK-NEXT: no K step 0, bias and relu: 1, {{[1-9][0-9]*}}/1073 wrong
  report("no K step 0, bias and relu", "matmul_bias_relu", biasArgs, 7);

  args[1].count = K * N - 1;
  // CHECK-NEXT: b too small: -1, 0/0 wrong: buffers smaller than M, N, K
  report("b too small", "matmul", args, 6);
  // CHECK-NEXT: five: -1, 0/0 wrong: expected 6 arguments (bbbsss), got 5
  report("five", "matmul", args, 5);
  return 0;
}
