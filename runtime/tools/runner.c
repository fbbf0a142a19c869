// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*===- runner.c - run a compiled tile kernel, and check it ----------------===
 *
 *   tile-run-check kernel.cubin --kernel softmax --kernel-info softmax.info \
 *       --grid 4096 --arg buf:f32:4194304:zero \
 *       --arg buf:f32:4194304:random --arg i32:1024 --arg i32:1024 \
 *       --arg i32:1000 --check softmax --repeat 20
 *
 * Loads a PTX or cubin module, fills buffers, launches, compares the outputs
 * with a CPU reference (--check, in the tests' tile-run-check only), and
 * times launches (median of --repeat).
 * Argument specs, in kernel order:
 *   i32:V  i64:V  f32:V       scalars
 *   buf:TYPE:COUNT:INIT       device buffers, TYPE f32|f16|bf16|i32|i8
 *   desc:TYPE:ROWS:COLS:INIT  a row-major ROWS x COLS buffer passed as a
 *                             TMA tensor map (the box and swizzle from
 *                             --kernel-info)
 * A kernel that writes tensor maps (a `global_scratch` line in
 * --kernel-info) gets its global scratch from the runner, as its last
 * argument. With --kernel-info the types may be left out (V, buf:COUNT:INIT,
 * desc:ROWS:COLS:INIT): each is then the parameter's, from the info's
 * `param` lines, so that a kernel's signature is written only in its
 * source.
 *     INIT: zero, ones, range, random (uniform in [-1, 1); integers in
 *     [-128, 127] for integer types), boxes (random
 *     x1 < x2, y1 < y2 boxes), counts:MAX (random integers in [0, MAX])
 * Exit status: 0 when everything worked and the check passed.
 *
 *===----------------------------------------------------------------------===*/

#include "runner.h"
#include "tile-runtime.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 32

float halfToFloat(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff, bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else { /* subnormal: normalize */
      exponent = 127 - 15 + 1;
      while (!(mantissa & 0x400)) {
        mantissa <<= 1;
        --exponent;
      }
      bits = sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000 | (mantissa << 13);
  } else {
    bits = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
  }
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}

uint16_t floatToHalf(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  uint32_t sign = (bits >> 16) & 0x8000;
  int32_t exponent = (int32_t)((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffff;
  if (((bits >> 23) & 0xff) == 0xff) /* inf, nan */
    return (uint16_t)(sign | 0x7c00 | (mantissa ? 0x200 : 0));
  if (exponent >= 31)
    return (uint16_t)(sign | 0x7c00);
  if (exponent <= 0) {
    if (exponent < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000;
    uint32_t shift = (uint32_t)(14 - exponent);
    uint32_t half = mantissa >> shift, rest = mantissa & ((1u << shift) - 1),
             mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return (uint16_t)(sign | half);
  }
  uint32_t half = sign | ((uint32_t)exponent << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; /* may carry into the exponent: still correct */
  return (uint16_t)half;
}

float bfloatToFloat(uint16_t b) {
  uint32_t bits = (uint32_t)b << 16;
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}

uint16_t floatToBfloat(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  if ((bits & 0x7fffffff) > 0x7f800000) /* nan stays nan */
    return (uint16_t)((bits >> 16) | 0x40);
  /* round to nearest, ties to even */
  bits += 0x7fff + ((bits >> 16) & 1);
  return (uint16_t)(bits >> 16);
}

double element(const RunArg *arg, const void *data, size_t i) {
  if (!strcmp(arg->type, "f32"))
    return ((const float *)data)[i];
  if (!strcmp(arg->type, "f16"))
    return halfToFloat(((const uint16_t *)data)[i]);
  if (!strcmp(arg->type, "bf16"))
    return bfloatToFloat(((const uint16_t *)data)[i]);
  if (!strcmp(arg->type, "i32"))
    return ((const int32_t *)data)[i];
  if (!strcmp(arg->type, "i8"))
    return ((const int8_t *)data)[i];
  return 0;
}

static uint64_t rngState = 0x2545F4914F6CDD1DULL;
static double nextRandom(void) { /* xorshift64*, in [0, 1) */
  rngState ^= rngState >> 12;
  rngState ^= rngState << 25;
  rngState ^= rngState >> 27;
  return (double)((rngState * 0x2545F4914F6CDD1DULL) >> 11) /
         9007199254740992.0;
}

static size_t elementSize(const char *type) {
  if (!strcmp(type, "f32") || !strcmp(type, "i32"))
    return 4;
  if (!strcmp(type, "f16") || !strcmp(type, "bf16"))
    return 2;
  if (!strcmp(type, "i8"))
    return 1;
  return 0;
}

/* The tensor map element type of `type` (a desc: argument's; i8 as
   unsigned bytes). */
static TileTensorMapElement mapElement(const char *type) {
  if (!strcmp(type, "f32"))
    return TILE_TENSOR_MAP_F32;
  if (!strcmp(type, "i32"))
    return TILE_TENSOR_MAP_I32;
  if (!strcmp(type, "f16"))
    return TILE_TENSOR_MAP_F16;
  if (!strcmp(type, "bf16"))
    return TILE_TENSOR_MAP_BF16;
  return TILE_TENSOR_MAP_U8;
}

static void setElement(RunArg *a, size_t i, double v) {
  if (!strcmp(a->type, "f32"))
    ((float *)a->host)[i] = (float)v;
  else if (!strcmp(a->type, "f16"))
    ((uint16_t *)a->host)[i] = floatToHalf((float)v);
  else if (!strcmp(a->type, "bf16"))
    ((uint16_t *)a->host)[i] = floatToBfloat((float)v);
  else if (!strcmp(a->type, "i32"))
    ((int32_t *)a->host)[i] = (int32_t)v;
  else
    ((int8_t *)a->host)[i] = (int8_t)v;
}

static double getElement(const RunArg *a, size_t i) {
  return element(a, a->host, i);
}

static int usage(const char *message) {
  fprintf(
      stderr,
      "tile-run: %s\n(see the header of runtime/tools/runner.c for usage)\n",
      message);
  return 2;
}

/* Whole-string numbers: a stray character or an overflow is an error, not
   a prefix silently taken. */
static int parseSigned(const char *text, long long *value) {
  char *end;
  errno = 0;
  *value = strtoll(text, &end, 0);
  return *text && !*end && errno == 0;
}

static int parseUnsigned(const char *text, unsigned long long *value) {
  char *end;
  errno = 0;
  if (*text < '0' || *text > '9') /* no sign, no space */
    return 0;
  *value = strtoull(text, &end, 0);
  return !*end && errno == 0;
}

static int parseReal(const char *text, double *value) {
  char *end;
  errno = 0;
  *value = strtod(text, &end);
  return *text && !*end && errno == 0;
}

static int parseCount(const char *text, unsigned *value) {
  unsigned long long wide;
  if (!parseUnsigned(text, &wide) || wide > UINT_MAX)
    return 0;
  *value = (unsigned)wide;
  return 1;
}

/* X[,Y[,Z]]: one to three whole counts, the rest 1. */
static int parseGrid(const char *text, unsigned grid[3]) {
  char copy[64];
  if (strlen(text) >= sizeof(copy))
    return 0;
  snprintf(copy, sizeof(copy), "%s", text);
  grid[0] = grid[1] = grid[2] = 1;
  char *field = copy;
  for (int i = 0; i < 3; ++i) {
    char *comma = strchr(field, ',');
    if (comma)
      *comma = 0;
    if (!parseCount(field, &grid[i]) || grid[i] == 0)
      return 0;
    if (!comma)
      return 1;
    field = comma + 1;
  }
  return 0; /* a fourth field */
}

/* The element or scalar type a parameter of source type `param` takes
   (f32 for !tile.ptr<f32> and !tile.tensordesc<64x64xf32>, i32 for i32),
   or "" when it is none of those. */
static void paramElement(const char *param, char element[8]) {
  char text[64] = "";
  const char *x = strrchr(param, 'x');
  element[0] = '\0';
  if ((sscanf(param, "!tile.ptr<%63[^>]>", text) == 1 ||
       (!strncmp(param, "!tile.tensordesc<", 17) && x &&
        sscanf(x + 1, "%63[^>]", text) == 1) ||
       sscanf(param, "%63s", text) == 1) &&
      strlen(text) < 8)
    memcpy(element, text, strlen(text) + 1);
}

/* Parses `spec`; a spec without its type takes `implied` (the parameter's,
   or NULL without --kernel-info). */
static int parseArg(const char *spec, const char *implied, RunArg *a) {
  memset(a, 0, sizeof(*a));
  char text[256];
  if (implied && *implied &&
      (isdigit((unsigned char)spec[0]) || spec[0] == '-' || spec[0] == '.'))
    snprintf(text, sizeof(text), "%s:%s", implied, spec);
  else if (implied && *implied &&
           (!strncmp(spec, "buf:", 4) || !strncmp(spec, "desc:", 5)) &&
           isdigit((unsigned char)spec[spec[0] == 'b' ? 4 : 5]))
    snprintf(text, sizeof(text), "%.*s%s:%s", spec[0] == 'b' ? 4 : 5, spec,
             implied, spec + (spec[0] == 'b' ? 4 : 5));
  else
    snprintf(text, sizeof(text), "%s", spec);
  char *kind = strtok(text, ":");
  if (!kind)
    return 0;
  int desc = !strcmp(kind, "desc");
  if (strcmp(kind, "buf") != 0 && !desc) {
    char *value = strtok(NULL, "");
    if (!value)
      return 0;
    snprintf(a->type, sizeof(a->type), "%s", kind);
    if (!strcmp(kind, "i32") || !strcmp(kind, "i64")) {
      long long v;
      if (!parseSigned(value, &v) ||
          (!strcmp(kind, "i32") && (v < INT32_MIN || v > UINT32_MAX)))
        return 0;
      a->intValue = v;
      return 1;
    }
    if (!strcmp(kind, "f32"))
      return parseReal(value, &a->floatValue);
    return 0;
  }
  char *type = strtok(NULL, ":"), *count = strtok(NULL, ":");
  char *cols = desc ? strtok(NULL, ":") : NULL;
  char *init = strtok(NULL, ":"), *param = strtok(NULL, ":");
  if (!type || !count || (desc && !cols) || !init || !elementSize(type))
    return 0;
  a->isBuffer = 1;
  snprintf(a->type, sizeof(a->type), "%s", type);
  unsigned long long n, c = 1;
  if (!parseUnsigned(count, &n) || (desc && !parseUnsigned(cols, &c)) ||
      (c && n > SIZE_MAX / c))
    return 0;
  a->count = n;
  if (desc) {
    a->rows = n;
    a->cols = c;
    a->count = n * c;
  }
  a->host = calloc(a->count ? a->count : 1, elementSize(type));
  a->result = calloc(a->count ? a->count : 1, elementSize(type));
  if (!a->host || !a->result)
    return 0;
  for (size_t i = 0; i < a->count; ++i) {
    if (!strcmp(init, "zero"))
      setElement(a, i, 0);
    else if (!strcmp(init, "ones"))
      setElement(a, i, 1);
    else if (!strcmp(init, "range"))
      setElement(a, i, (double)i);
    else if (!strcmp(init, "random") && !strncmp(type, "i", 1))
      setElement(a, i, (double)(long)(nextRandom() * 256) - 128);
    else if (!strcmp(init, "random"))
      setElement(a, i, nextRandom() * 2 - 1);
    else if (!strcmp(init, "counts"))
      setElement(
          a, i, (double)(long)(nextRandom() * (atof(param ? param : "1") + 1)));
    else if (!strcmp(init, "boxes")) {
      /* groups of 4: x1, y1, x2, y2 with x1 < x2, y1 < y2 */
      if (i % 4 < 2)
        setElement(a, i, nextRandom());
      else
        setElement(a, i, getElement(a, i - 2) + 0.05 + nextRandom());
    } else
      return 0;
  }
  return 1;
}

/* A tensor-descriptor argument's box and swizzle (--kernel-info). */
typedef struct {
  unsigned elementBytes, boxRows, boxCols, swizzle;
  int found;
} TensorMapSpec;

/* A kernel parameter as the source declared it (--kernel-info). */
typedef struct {
  char name[256], type[256];
} ParamSpec;

/* Reads tile-translate's kernel information for `kernel`: its `kernel
   <name> threads <n> shared <bytes>` line, `global_scratch <name> <bytes>`
   line (the bytes a block of global scratch, which the last parameter
   points at), `tensormap <name> <arg> <element bytes> <box rows> <box
   cols> <swizzle>` lines and `param <name> <index> <parameter> <type>`
   lines (`*numParams`: one more than the last index, 0 without any). */
static int readKernelInfo(const char *path, const char *kernel,
                          unsigned *threads, unsigned *shared,
                          unsigned long long *scratch,
                          TensorMapSpec maps[MAX_ARGS],
                          ParamSpec params[MAX_ARGS], int *numParams) {
  FILE *file = fopen(path, "r");
  if (!file)
    return 0;
  char line[512], name[256];
  unsigned t, s, arg;
  unsigned long long bytes;
  TensorMapSpec m = {0, 0, 0, 0, 1};
  ParamSpec param;
  int found = 0;
  while (fgets(line, sizeof(line), file)) {
    if (sscanf(line, "kernel %255s threads %u shared %u", name, &t, &s) == 3 &&
        !strcmp(name, kernel)) {
      *threads = t;
      *shared = s;
      found = 1;
    } else if (sscanf(line, "global_scratch %255s %llu", name, &bytes) == 2 &&
               !strcmp(name, kernel)) {
      *scratch = bytes;
    } else if (sscanf(line, "tensormap %255s %u %u %u %u %u", name, &arg,
                      &m.elementBytes, &m.boxRows, &m.boxCols,
                      &m.swizzle) == 6 &&
               !strcmp(name, kernel) && arg < MAX_ARGS) {
      maps[arg] = m;
    } else if (sscanf(line, "param %255s %u %255s %255[^\n]", name, &arg,
                      param.name, param.type) == 4 &&
               !strcmp(name, kernel) && arg < MAX_ARGS) {
      params[arg] = param;
      if ((int)arg + 1 > *numParams)
        *numParams = (int)arg + 1;
    }
  }
  fclose(file);
  return found;
}

/* Whether `a` is what parameter `p` takes: a buffer of T for !tile.ptr<T>,
   a desc: of T for !tile.tensordesc<...xT>, a scalar of its type. */
static int matchesParam(const RunArg *a, const ParamSpec *p) {
  char element[64] = "";
  const char *type = p->type;
  if (sscanf(type, "!tile.ptr<%63[^>]>", element) == 1)
    return a->isBuffer && !a->rows && !strcmp(a->type, element);
  const char *x = strrchr(type, 'x');
  if (!strncmp(type, "!tile.tensordesc<", 17) && x &&
      sscanf(x + 1, "%63[^>]", element) == 1)
    return a->isBuffer && a->rows && !strcmp(a->type, element);
  return !a->isBuffer && !strcmp(a->type, type);
}

int tileRunMain(int argc, char **argv, TileRunCheck check) {
  const char *image = NULL, *kernelName = NULL, *info = NULL, *checked = NULL;
  unsigned grid[3] = {1, 1, 1}, threads = 128, shared = 0;
  int repeat = 0, numArgs = 0;
  RunArg args[MAX_ARGS];
  const char *specs[MAX_ARGS];
  TensorMapSpec mapSpecs[MAX_ARGS] = {{0, 0, 0, 0, 0}};
  static ParamSpec paramSpecs[MAX_ARGS];
  int numParams = 0;
  unsigned long long scratchBytes = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--probe")) {
      TileRuntime *rt = NULL;
      int status = tileRuntimeCreate(0, &rt);
      if (status == 0) {
        char name[256];
        int cc = 0;
        tileRuntimeDeviceInfo(rt, name, sizeof(name), &cc);
        printf("%s (sm_%d)\n", name, cc);
      } else {
        printf("no GPU: %s\n", tileRuntimeLastError(rt));
      }
      tileRuntimeDestroy(rt);
      return status == 0 ? 0 : 1;
    }
    if (a[0] != '-') {
      image = a;
      continue;
    }
    if (!value)
      return usage("missing value after an option");
    ++i;
    if (!strcmp(a, "--kernel"))
      kernelName = value;
    else if (!strcmp(a, "--kernel-info"))
      info = value;
    else if (!strcmp(a, "--threads")) {
      if (!parseCount(value, &threads))
        return usage("bad --threads");
    } else if (!strcmp(a, "--shared")) {
      if (!parseCount(value, &shared))
        return usage("bad --shared");
    } else if (!strcmp(a, "--check"))
      checked = value;
    else if (!strcmp(a, "--repeat")) {
      unsigned times;
      if (!parseCount(value, &times) || times > INT_MAX)
        return usage("bad --repeat");
      repeat = (int)times;
    } else if (!strcmp(a, "--seed")) {
      unsigned long long seed;
      if (!parseUnsigned(value, &seed))
        return usage("bad --seed");
      rngState = seed | 1;
    } else if (!strcmp(a, "--grid")) {
      if (!parseGrid(value, grid))
        return usage("bad --grid");
    } else if (!strcmp(a, "--arg")) {
      if (numArgs == MAX_ARGS)
        return usage("too many --arg");
      specs[numArgs++] = value;
    } else
      return usage("unknown option");
  }
  if (!image || !kernelName)
    return usage("give a PTX or cubin file and --kernel");
  if (checked && !check)
    return usage("--check needs the CPU references of the tests' "
                 "tile-run-check; this tile-run has none");
  if (info && !readKernelInfo(info, kernelName, &threads, &shared,
                              &scratchBytes, mapSpecs, paramSpecs, &numParams))
    return usage("kernel not found in --kernel-info");
  // A kernel's global scratch is its last parameter, which the runner
  // passes itself.
  if (scratchBytes && numParams)
    --numParams;
  // The kernel's signature is its source's: the arguments must match it.
  if (numParams && numParams != numArgs) {
    char message[128];
    snprintf(message, sizeof(message),
             "the kernel takes %d arguments (--kernel-info), %d given",
             numParams, numArgs);
    return usage(message);
  }
  for (int i = 0; i < numArgs; ++i) {
    char implied[8] = "";
    if (i < numParams)
      paramElement(paramSpecs[i].type, implied);
    if (!parseArg(specs[i], i < numParams ? implied : NULL, &args[i])) {
      char message[320];
      snprintf(message, sizeof(message), "bad --arg %s", specs[i]);
      return usage(message);
    }
  }
  for (int i = 0; i < numParams; ++i)
    if (!matchesParam(&args[i], &paramSpecs[i])) {
      char message[640];
      snprintf(message, sizeof(message),
               "argument %d (%s: %s) is given as a %s%s", i, paramSpecs[i].name,
               paramSpecs[i].type,
               args[i].isBuffer ? (args[i].rows ? "desc:" : "buf:") : "",
               args[i].type);
      return usage(message);
    }
  for (int i = 0; i < numArgs; ++i) {
    if (args[i].rows && !mapSpecs[i].found)
      return usage("a desc: argument needs a tensormap line in --kernel-info");
    if (!args[i].rows && mapSpecs[i].found)
      return usage("the kernel takes a tensor map here: pass a desc: argument");
    if (args[i].rows && mapSpecs[i].elementBytes != elementSize(args[i].type))
      return usage("a desc: argument's type does not match its tensormap");
  }

  TileRuntime *rt = NULL;
  TileModule *module = NULL;
  TileKernel *kernel = NULL;
  uint64_t pointers[MAX_ARGS], scratch = 0;
  void *params[MAX_ARGS];
  int32_t ints[MAX_ARGS];
  int64_t longs[MAX_ARGS];
  float floats[MAX_ARGS];
  static TileTensorMap maps[MAX_ARGS];
#define TRY(call)                                                              \
  if ((call) != 0) {                                                           \
    fprintf(stderr, "tile-run: %s\n", tileRuntimeLastError(rt));               \
    tileRuntimeDestroy(rt);                                                    \
    return 1;                                                                  \
  }
  TRY(tileRuntimeCreate(0, &rt));
  TRY(tileModuleLoadFile(rt, image, &module));
  TRY(tileModuleGetKernel(module, kernelName, &kernel));
  for (int i = 0; i < numArgs; ++i) {
    RunArg *a = &args[i];
    if (a->isBuffer) {
      size_t bytes = a->count * elementSize(a->type);
      TRY(tileMalloc(rt, bytes, &pointers[i]));
      TRY(tileCopyToDevice(rt, pointers[i], a->host, bytes));
      params[i] = &pointers[i];
      if (a->rows) {
        const TensorMapSpec *m = &mapSpecs[i];
        TRY(tileTensorMapEncodeTyped(
            rt, &maps[i], pointers[i], mapElement(a->type), a->rows, a->cols,
            a->cols, m->boxRows, m->boxCols, m->swizzle));
        params[i] = &maps[i];
      }
    } else if (!strcmp(a->type, "i32")) {
      ints[i] = (int32_t)a->intValue;
      params[i] = &ints[i];
    } else if (!strcmp(a->type, "i64")) {
      longs[i] = a->intValue;
      params[i] = &longs[i];
    } else {
      floats[i] = (float)a->floatValue;
      params[i] = &floats[i];
    }
  }
  if (scratchBytes) {
    if (numArgs == MAX_ARGS)
      return usage("too many arguments with the kernel's global scratch");
    size_t bytes = (size_t)scratchBytes * grid[0] * grid[1] * grid[2];
    TRY(tileMalloc(rt, bytes, &scratch));
    // The kernel writes its tensor maps before reading them, but through
    // tensormap.cp_fenceproxy, which compute-sanitizer's initcheck does not
    // count as a write.
    TRY(tileMemset(rt, scratch, 0, bytes));
    params[numArgs] = &scratch;
  }
  TRY(tileLaunch(kernel, grid, threads, shared, params));
  TRY(tileSynchronize(rt));
  for (int i = 0; i < numArgs; ++i)
    if (args[i].isBuffer)
      TRY(tileCopyToHost(rt, args[i].result, pointers[i],
                         args[i].count * elementSize(args[i].type)));
  int status = 0;
  printf("%s: grid %u,%u,%u, %u threads, %u bytes of shared memory\n",
         kernelName, grid[0], grid[1], grid[2], threads, shared);
  if (checked) {
    CheckResult result;
    int outcome = check(checked, grid, args, numArgs, &result);
    if (outcome < 0) {
      fprintf(stderr, "tile-run: --check %s: %s\n", checked, result.message);
      status = 2;
    } else {
      printf("check %s: %zu values, %zu wrong, max abs error %.3g, max rel "
             "error %.3g: %s\n",
             checked, result.checked, result.failed, result.maxAbsError,
             result.maxRelError, outcome == 0 ? "PASS" : "FAIL");
      status = outcome;
    }
  }
  if (repeat > 0) {
    double median = 0, min = 0;
    TRY(tileTimeLaunches(kernel, grid, threads, shared, params, repeat, &median,
                         &min));
    printf("time: median %.2f us, min %.2f us over %d launches\n", median, min,
           repeat);
  }
  for (int i = 0; i < numArgs; ++i)
    if (args[i].isBuffer)
      tileFree(rt, pointers[i]);
  if (scratch)
    tileFree(rt, scratch);
  tileModuleUnload(module);
  tileRuntimeDestroy(rt);
  return status;
}
