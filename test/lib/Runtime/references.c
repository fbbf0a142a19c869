// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- references.c - CPU references of the example kernels ----------------===
 *
 * Each reference recomputes a kernel's outputs in double precision from the
 * inputs the runner gave it and compares them with what the GPU wrote
 * (tile-run-check; not part of the installed tile-run).
 *
 *===----------------------------------------------------------------------===*/

#include "references.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void compare(CheckResult *r, double got, double expected, double atol,
                    double rtol) {
  double abs = fabs(got - expected);
  double rel = abs / fmax(fabs(expected), 1e-30);
  if (abs > r->maxAbsError)
    r->maxAbsError = abs;
  if (fabs(expected) > atol && rel > r->maxRelError)
    r->maxRelError = rel;
  ++r->checked;
  if (!(abs <= atol + rtol * fabs(expected)))
    ++r->failed;
}

static int expect(RunArg *args, int numArgs, int count, const char *pattern,
                  CheckResult *r) {
  if (numArgs != count) {
    snprintf(r->message, sizeof(r->message),
             "expected %d arguments (%s), got %d", count, pattern, numArgs);
    return 0;
  }
  for (int i = 0; i < count; ++i) {
    int buffer = pattern[i] == 'b';
    if (args[i].isBuffer != buffer) {
      snprintf(r->message, sizeof(r->message), "argument %d must be a %s (%s)",
               i, buffer ? "buffer" : "scalar", pattern);
      return 0;
    }
  }
  return 1;
}

/* out[i] = x[i] + y[i] for i < n; nothing beyond n is written. */
static int checkVectorAdd(const unsigned grid[3], RunArg *a, int n,
                          CheckResult *r) {
  (void)grid;
  if (!expect(a, n, 4, "bbbs", r))
    return -1;
  size_t count = (size_t)a[3].intValue;
  for (size_t i = 0; i < a[2].count; ++i) {
    double x = element(&a[0], a[0].host, i), y = element(&a[1], a[1].host, i);
    double expected =
        i < count ? (double)(float)(x + y) : element(&a[2], a[2].host, i);
    compare(r, element(&a[2], a[2].result, i), expected, 0, 0);
  }
  return r->failed ? 1 : 0;
}

/* a (M x K) and b (K x N) as doubles, b column by column, so that each of
   the reference's dot products reads both contiguously; converting each
   element at every use made a 1024^3 check take seconds of CPU time. */
typedef struct {
  double *a, *bColumns;
  size_t depth;
} MatmulOperands;

/* With `transposedB`, b is given as its row-major N x K transpose. */
static int loadMatmulOperands(RunArg *a, RunArg *b, size_t rows, size_t cols,
                              size_t depth, int transposedB, MatmulOperands *m,
                              CheckResult *r) {
  m->depth = depth;
  m->a = malloc((rows * depth + 1) * sizeof(double));
  m->bColumns = malloc((cols * depth + 1) * sizeof(double));
  if (!m->a || !m->bColumns) {
    free(m->a);
    free(m->bColumns);
    snprintf(r->message, sizeof(r->message), "out of host memory");
    return 0;
  }
  for (size_t i = 0; i < rows * depth; ++i)
    m->a[i] = element(a, a->host, i);
  for (size_t j = 0; j < cols; ++j)
    for (size_t k = 0; k < depth; ++k)
      m->bColumns[j * depth + k] =
          element(b, b->host, transposedB ? j * depth + k : k * cols + j);
  return 1;
}

static void freeMatmulOperands(MatmulOperands *m) {
  free(m->a);
  free(m->bColumns);
}

/* The K-sum of row i of a and column j of b; the sum of the products'
   magnitudes in *magnitude if not null. */
static double dotRowColumn(const MatmulOperands *m, size_t i, size_t j,
                           double *magnitude) {
  const double *x = m->a + i * m->depth, *y = m->bColumns + j * m->depth;
  double sum = 0, abs = 0;
  for (size_t k = 0; k < m->depth; ++k) {
    double p = x[k] * y[k];
    sum += p;
    abs += fabs(p);
  }
  if (magnitude)
    *magnitude = abs;
  return sum;
}

/* Whether the buffers hold M x K, K x N and M x N elements. */
static int fitsMatmul(RunArg *a, RunArg *b, RunArg *c, size_t rows, size_t cols,
                      size_t depth, CheckResult *r) {
  if (a->count < rows * depth || b->count < depth * cols ||
      c->count < rows * cols) {
    snprintf(r->message, sizeof(r->message), "buffers smaller than M, N, K");
    return 0;
  }
  return 1;
}

/* Matrix product: (a, b, c, M, N, K), row-major a[M x K] and b[K x N]
   (with `transposedB`, b given as its row-major N x K transpose),
   c[M x N] = a @ b in float64 (f16, bf16 or f32 operands multiplied
   exactly, f32 accumulation). With `tf32`, f32 operands rounded or
   truncated to tf32 (10 mantissa bits; wgmma ignores the low bits): each
   product within 2^-9 of its magnitude, the f32 sum within K 2^-24 of the
   magnitudes' sum. */
static int checkMatmulWith(RunArg *a, int n, int tf32, int transposedB,
                           CheckResult *r) {
  if (!expect(a, n, 6, "bbbsss", r))
    return -1;
  size_t rows = (size_t)a[3].intValue, cols = (size_t)a[4].intValue,
         depth = (size_t)a[5].intValue;
  if (!fitsMatmul(&a[0], &a[1], &a[2], rows, cols, depth, r))
    return -1;
  /* c in f16 or bf16: the product rounded to 11 or 8 significant bits. */
  double outputTolerance = !strcmp(a[2].type, "f16")    ? 1e-3
                           : !strcmp(a[2].type, "bf16") ? 8e-3
                                                        : 1e-4;
  MatmulOperands operands;
  if (!loadMatmulOperands(&a[0], &a[1], rows, cols, depth, transposedB,
                          &operands, r))
    return -1;
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) {
      double magnitude;
      double expected = dotRowColumn(&operands, i, j, &magnitude);
      double got = element(&a[2], a[2].result, i * cols + j);
      /* The f32 accumulation's error grows with K and the terms'
         magnitudes: at 2048 x 768 x 4096, 49 of the 1.5 million f16
         results of a correct kernel were off by more than 1e-4 plus
         c's rounding. This is the worst case of any summation order
         (K rounding errors of the terms' magnitude): loose for large K
         (at K = 4096 about 0.25 against results of about 20, where one
         term is at most 1), tight for the K of a few hundred most checks
         run; a missing block or K step is still far outside it. */
      double accumulation = depth * ldexp(1, -24) * magnitude;
      if (tf32)
        compare(r, got, expected,
                ldexp(1, -9) * magnitude + accumulation + 1e-6, 0);
      else
        compare(r, got, expected, accumulation + 1e-4, outputTolerance);
    }
  freeMatmulOperands(&operands);
  return r->failed ? 1 : 0;
}

/* (a, b, bias, c, M, N, K): c = relu(a @ b + bias) rounded to c's type. */
static int checkMatmulBiasRelu(const unsigned grid[3], RunArg *a, int n,
                               CheckResult *r) {
  (void)grid;
  if (!expect(a, n, 7, "bbbbsss", r))
    return -1;
  size_t rows = (size_t)a[4].intValue, cols = (size_t)a[5].intValue,
         depth = (size_t)a[6].intValue;
  if (!fitsMatmul(&a[0], &a[1], &a[3], rows, cols, depth, r) ||
      a[2].count < cols) {
    if (!r->message[0])
      snprintf(r->message, sizeof(r->message), "bias smaller than N");
    return -1;
  }
  MatmulOperands operands;
  if (!loadMatmulOperands(&a[0], &a[1], rows, cols, depth, 0, &operands, r))
    return -1;
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols; ++j) {
      double v =
          dotRowColumn(&operands, i, j, NULL) + element(&a[2], a[2].host, j);
      /* f16 output: rounding to 11 significant bits */
      compare(r, element(&a[3], a[3].result, i * cols + j), v > 0 ? v : 0, 1e-3,
              1e-3);
    }
  freeMatmulOperands(&operands);
  return r->failed ? 1 : 0;
}

/* Row softmax: (out, in, in_stride, out_stride, n_cols), one row per program.
 */
static int checkSoftmax(const unsigned grid[3], RunArg *a, int n,
                        CheckResult *r) {
  if (!expect(a, n, 5, "bbsss", r))
    return -1;
  size_t rows = grid[0], inStride = (size_t)a[2].intValue,
         outStride = (size_t)a[3].intValue, cols = (size_t)a[4].intValue;
  for (size_t row = 0; row < rows; ++row) {
    double max = -INFINITY, sum = 0;
    for (size_t c = 0; c < cols; ++c)
      max = fmax(max, element(&a[1], a[1].host, row * inStride + c));
    for (size_t c = 0; c < cols; ++c)
      sum += exp(element(&a[1], a[1].host, row * inStride + c) - max);
    for (size_t c = 0; c < cols; ++c)
      compare(r, element(&a[0], a[0].result, row * outStride + c),
              exp(element(&a[1], a[1].host, row * inStride + c) - max) / sum,
              1e-7, 1e-5);
  }
  return r->failed ? 1 : 0;
}

/* (X, Y, W, B, Mean, Rstd, stride, N, eps), f16 data, one row per program. */
static int checkLayernorm(const unsigned grid[3], RunArg *a, int n,
                          CheckResult *r) {
  if (!expect(a, n, 9, "bbbbbbsss", r))
    return -1;
  size_t rows = grid[0], stride = (size_t)a[6].intValue,
         cols = (size_t)a[7].intValue;
  double eps = a[8].floatValue;
  for (size_t row = 0; row < rows; ++row) {
    double mean = 0, var = 0;
    for (size_t c = 0; c < cols; ++c)
      mean += element(&a[0], a[0].host, row * stride + c);
    mean /= (double)cols;
    for (size_t c = 0; c < cols; ++c) {
      double d = element(&a[0], a[0].host, row * stride + c) - mean;
      var += d * d;
    }
    var /= (double)cols;
    double rstd = 1.0 / sqrt(var + eps);
    compare(r, element(&a[4], a[4].result, row), mean, 1e-5, 1e-4);
    compare(r, element(&a[5], a[5].result, row), rstd, 1e-5, 1e-4);
    for (size_t c = 0; c < cols; ++c) {
      double x = element(&a[0], a[0].host, row * stride + c);
      double y = (x - mean) * rstd * element(&a[2], a[2].host, c) +
                 element(&a[3], a[3].host, c);
      /* f16 output: half an ulp of f16 plus the f32 computation */
      compare(r, element(&a[1], a[1].result, row * stride + c), y, 2e-3, 2e-3);
    }
  }
  return r->failed ? 1 : 0;
}

/* (pred, target, num_valid, sum, count, tickets, loss): mean GIoU loss. */
static int checkGiou(const unsigned grid[3], RunArg *a, int n, CheckResult *r) {
  if (!expect(a, n, 7, "bbbbbbb", r))
    return -1;
  size_t batch = grid[0];
  double total = 0;
  long valid = 0;
  for (size_t b = 0; b < batch; ++b) {
    long nv = (long)element(&a[2], a[2].host, b);
    for (long i = 0; i < nv && i < 256; ++i) {
      double p[4], t[4];
      for (int k = 0; k < 4; ++k) {
        p[k] = element(&a[0], a[0].host, (b * 256 + (size_t)i) * 4 + (size_t)k);
        t[k] = element(&a[1], a[1].host, (b * 256 + (size_t)i) * 4 + (size_t)k);
      }
      double pa = (p[2] - p[0]) * (p[3] - p[1]),
             ta = (t[2] - t[0]) * (t[3] - t[1]);
      double iw = fmax(fmin(p[2], t[2]) - fmax(p[0], t[0]), 0);
      double ih = fmax(fmin(p[3], t[3]) - fmax(p[1], t[1]), 0);
      double inter = iw * ih, uni = pa + ta - inter + 1e-7;
      double enclose = (fmax(p[2], t[2]) - fmin(p[0], t[0])) *
                           (fmax(p[3], t[3]) - fmin(p[1], t[1])) +
                       1e-7;
      total += 1 - (inter / uni - (enclose - uni) / enclose);
      ++valid;
    }
  }
  double expected = total / (double)(valid > 0 ? valid : 1);
  compare(r, element(&a[6], a[6].result, 0), expected, 1e-6, 1e-4);
  compare(r, element(&a[4], a[4].result, 0), (double)valid, 0, 0);
  return r->failed ? 1 : 0;
}

/* (x, out, rev): inclusive forward and reverse sums of rows of 2048. */
static int checkScan(const unsigned grid[3], RunArg *a, int n, CheckResult *r) {
  if (!expect(a, n, 3, "bbb", r))
    return -1;
  const size_t cols = 2048;
  for (size_t row = 0; row < grid[0]; ++row) {
    double sum = 0, total = 0;
    for (size_t c = 0; c < cols; ++c)
      total += element(&a[0], a[0].host, row * cols + c);
    for (size_t c = 0; c < cols; ++c) {
      double x = element(&a[0], a[0].host, row * cols + c);
      sum += x;
      /* f32 sums of up to 2048 terms in [-1, 1): absolute error bound */
      compare(r, element(&a[1], a[1].result, row * cols + c), sum, 2e-3, 0);
      compare(r, element(&a[2], a[2].result, row * cols + c), total - sum + x,
              2e-3, 0);
    }
  }
  return r->failed ? 1 : 0;
}

int checkReference(const char *name, const unsigned grid[3], RunArg *args,
                   int numArgs, CheckResult *result) {
  memset(result, 0, sizeof(*result));
  if (!strcmp(name, "vector_add"))
    return checkVectorAdd(grid, args, numArgs, result);
  if (!strcmp(name, "softmax"))
    return checkSoftmax(grid, args, numArgs, result);
  if (!strcmp(name, "layernorm"))
    return checkLayernorm(grid, args, numArgs, result);
  /* The matrix products: exact or within tf32's rounding, b row-major or
     given transposed. */
  static const struct {
    const char *name;
    int tf32, transposedB;
  } matmuls[] = {{"matmul", 0, 0},
                 {"matmul_tf32", 1, 0},
                 {"matmul_bt", 0, 1},
                 {"matmul_tf32_bt", 1, 1}};
  for (size_t i = 0; i < sizeof(matmuls) / sizeof(matmuls[0]); ++i)
    if (!strcmp(name, matmuls[i].name))
      return checkMatmulWith(args, numArgs, matmuls[i].tf32,
                             matmuls[i].transposedB, result);
  if (!strcmp(name, "matmul_bias_relu"))
    return checkMatmulBiasRelu(grid, args, numArgs, result);
  if (!strcmp(name, "giou_loss"))
    return checkGiou(grid, args, numArgs, result);
  if (!strcmp(name, "scan"))
    return checkScan(grid, args, numArgs, result);
  snprintf(result->message, sizeof(result->message),
           "no reference for kernel '%s'", name);
  return -1;
}
