# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Triton kernels that PyTorch's compiler writes (torch.compile, Inductor):
the most common Triton programs in the wild, and written by a generator,
not by hand. Point-wise ops with broadcasting, normalizations, reductions
along contiguous and strided dimensions (Welford's variance, split
reductions of long rows), arg-reductions, scans, gathers with negative
indices and their bound assertions, scatter-adds (atomics), pooling,
interpolation, copies through transposes, integer floor division and
remainder of negative values, byte-wide integers, dropout's Philox random
numbers, NaN handling, libdevice's special functions, float64, bucketize,
sort, group and batch norm, bf16 atomics, matrix products through
Inductor's Triton templates (max-autotune), flex attention, and backward
passes compiled through autograd (cross-entropy, an RMS-norm SwiGLU block,
batch norm, embedding, flex attention).

Inductor's own autotuner would time every config of a kernel by launching
it hundreds of times; here it takes the first config without timing, as
the harness does for Triton's autotuner, so that capture and check launch
the same kernels. Kernels are compiled in the worker's process, without
Inductor's on-disk caches, and launched through Triton's launcher (not
Inductor's static one), where the harness sees them.
"""

import os
import tempfile

os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="tile-inductor-")
os.environ["TORCHINDUCTOR_COMPILE_THREADS"] = "1"
os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "0"
os.environ["TORCHINDUCTOR_AUTOGRAD_CACHE"] = "0"

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from cases import Case  # noqa: E402

CASES_PER_PROCESS = 4  # Inductor's import and first compile take seconds
CASE_SECONDS = 60.0


def _configure():
    import torch._inductor.config as config
    from torch._inductor.runtime import triton_heuristics

    config.compile_threads = 1
    config.fx_graph_cache = False
    if hasattr(config, "use_static_cuda_launcher"):
        config.use_static_cuda_launcher = False
    config.triton.cudagraphs = False

    def first_config(self, *args, **kwargs):
        return {launcher: float(i) for i, launcher in enumerate(self.launchers)}

    triton_heuristics.CachingAutotuner.benchmark_all_configs = first_config


_configure()


# Matrix products through Inductor's Triton templates (max-autotune), with
# one config each, so that no choice is timed.
TEMPLATES = {"max_autotune": True, "max_autotune_gemm_backends": "TRITON",
             "test_configs.max_mm_configs": 1}


def _case(name, make_inputs, fn, backward=False, options=None, timed=False):
    """A case running `fn` compiled on the inputs `make_inputs(device)` makes
    after seeding; with `backward`, the inputs that require a gradient get
    one from the sum of the first output times a random weight."""
    compiled = torch.compile(fn, fullgraph=True, dynamic=False, options=options)

    def run(seed, device):
        torch.manual_seed(seed)
        inputs = make_inputs(device)
        outputs = compiled(*inputs)
        if not isinstance(outputs, (tuple, list)):
            outputs = (outputs,)
        result = {f"out{i}": o for i, o in enumerate(outputs)}
        if backward:
            first = outputs[0]
            (first * torch.randn_like(first)).sum().backward()
            for i, x in enumerate(inputs):
                if isinstance(x, torch.Tensor) and x.grad is not None:
                    result[f"grad{i}"] = x.grad
        return result

    return Case(name, run, timed=timed)


def _randn(*shape, dtype=torch.float32, device="cuda", grad=False):
    return torch.randn(shape, dtype=dtype, device=device, requires_grad=grad)


def _gelu_bias(x, b):
    return F.gelu(x + b, approximate="tanh") * torch.sigmoid(x)


def _layer_norm_residual(x, r, w, b):
    h = x + r
    return F.layer_norm(h, (h.shape[-1],), w, b, 1e-5), h


def _softmax(x):
    return torch.softmax(x.float(), dim=-1).to(x.dtype)


def _log_softmax_dim0(x):
    return F.log_softmax(x, dim=0)


def _var_mean(x):
    return torch.var_mean(x, dim=1, correction=1)


def _sums(x):
    return x.sum(1), x.mean((0, 2)), x.amax(-1)


def _arg_reductions(x):
    values, indices = torch.max(x, 1)
    return x.argmax(1), x.argmin(0), values, indices


def _cumsums(x, n):
    return torch.cumsum(x, dim=1), torch.cumsum(x, dim=0), torch.cumsum(n, dim=1)


def _embedding_sum(idx, table):
    return F.embedding(idx, table).sum(1)


def _gather_negative(x, idx):
    return x[idx] * 2.0


def _scatter_add(idx, src, counts_idx):
    out = torch.zeros(1000, src.shape[1], device=src.device).index_add(0, idx, src)
    counts = torch.zeros(1000, dtype=torch.int64, device=src.device)
    counts = counts.scatter_add(0, counts_idx, torch.ones_like(counts_idx))
    return out, counts


def _pools(x):
    return (F.max_pool2d(x, 3, 2, 1), F.avg_pool2d(x, 2, 2),
            F.adaptive_avg_pool2d(x, 1))


def _interpolate(x):
    return (F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=False),
            F.interpolate(x, size=(45, 70), mode="nearest"))


def _transpose_cat(x, y):
    return torch.cat([x.t(), y.t()], 0).contiguous() * 2


def _integers(a, b):
    b = torch.where(b == 0, torch.ones_like(b), b)
    return (a // b, a % b, a >> 3, a & b, torch.where(a > b, a, b * 2),
            (a.float() * 0.37).round().to(torch.int32), torch.remainder(a, 7))


def _dropout(x):
    return F.dropout(x, 0.3, training=True), torch.rand_like(x)


def _nan_handling(x):
    return (torch.nan_to_num(x, nan=0.5, posinf=3.0, neginf=-3.0),
            torch.clamp(x, -1.0, 1.0), torch.maximum(x, x.flip(0)),
            x.amax(1), torch.isnan(x).sum(1))


def _cross_entropy(logits, target):
    return F.cross_entropy(logits, target)


def _rms_swiglu(x, w, wg):
    h = x * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + 1e-6).to(x.dtype) * w
    return F.silu(h * wg) * h


def _special_math(x, y):
    return (torch.erf(x), torch.erfinv(torch.tanh(x) * 0.99), torch.lgamma(x.abs() + 0.1),
            torch.digamma(x.abs() + 0.5), torch.atan2(x, y), torch.expm1(x), torch.log1p(x.abs()),
            torch.fmod(x * 7, y), torch.sign(x) * torch.trunc(x * 3), torch.frac(x * 5))


def _float64(x):
    return torch.exp(x) * torch.sin(x), torch.lgamma(x.abs() + 1), x.abs().pow(2.5), x.sum(1)


def _reductions(x):
    return (torch.logsumexp(x, 1), x.std(0), (x * 0.1 + 1).prod(1), (x > 2).any(1),
            (x > -3).all(0), torch.logcumsumexp(x, 1))


def _bytes(a, b):
    return (a ^ b, a << 2, a >> 1, ~a, (a.to(torch.int32) * 3).to(torch.int8),
            (a.to(torch.float32) / 3).to(torch.uint8), torch.bitwise_and(a, 0x0F))


def _bucketize(x, boundaries):
    return torch.bucketize(x, boundaries), torch.bucketize(x, boundaries, right=True)


def _sort(x):
    values, indices = torch.sort(x, dim=-1, stable=True)
    return values, indices, torch.argsort(x, dim=0, descending=True, stable=True)


def _group_norm(x, w, b):
    return F.silu(F.group_norm(x, 8, w, b, 1e-5))


def _batch_norm_train(x, w, b):
    mean = torch.zeros(x.shape[1], device=x.device)
    var = torch.ones(x.shape[1], device=x.device)
    return F.relu(F.batch_norm(x, mean, var, w, b, training=True, momentum=0.1)), mean, var


def _embedding(idx, table):
    return F.embedding(idx, table) * 1.5


def _index_add_bf16(idx, src):
    return torch.zeros(300, src.shape[1], dtype=src.dtype, device=src.device).index_add(
        0, idx, src)


def _mm_bias_relu(a, b, bias):
    return torch.relu(a @ b + bias)


def _bmm_scale(a, b):
    return torch.bmm(a, b) * 0.5


def _flex_attention(q, k, v, block_mask):
    from torch.nn.attention.flex_attention import flex_attention
    return flex_attention(q, k, v, block_mask=block_mask)


def _flex_inputs(device, grad=False, shape=(2, 4, 384, 64)):
    from torch.nn.attention.flex_attention import create_block_mask

    def causal(b, h, q_idx, kv_idx):
        return q_idx >= kv_idx

    q, k, v = (_randn(*shape, dtype=torch.float16, device=device, grad=grad) for _ in range(3))
    return q, k, v, create_block_mask(causal, None, None, shape[2], shape[2], device=device)


def _inputs_with_nans(device):
    x = torch.randn(257, 300, device=device) * 3
    x[torch.rand_like(x) < 0.05] = float("nan")
    x[torch.rand_like(x) < 0.02] = float("inf")
    x[torch.rand_like(x) < 0.02] = float("-inf")
    return (x,)


def _cases():
    f16, bf16 = torch.float16, torch.bfloat16
    return [
        _case("gelu_bias_f16", lambda d: (_randn(37, 1000, dtype=f16, device=d),
                                          _randn(1000, dtype=f16, device=d)), _gelu_bias),
        _case("layer_norm_residual_bf16",
              lambda d: (_randn(64, 1000, dtype=bf16, device=d),
                         _randn(64, 1000, dtype=bf16, device=d),
                         _randn(1000, dtype=bf16, device=d),
                         _randn(1000, dtype=bf16, device=d)), _layer_norm_residual),
        _case("softmax_781_f16", lambda d: (_randn(300, 781, dtype=f16, device=d),), _softmax),
        _case("log_softmax_dim0", lambda d: (_randn(513, 96, device=d),), _log_softmax_dim0),
        _case("var_mean_long_rows", lambda d: (_randn(8, 70000, device=d) + 3,), _var_mean),
        _case("sums", lambda d: (_randn(17, 300, 45, device=d),), _sums),
        _case("arg_reductions", lambda d: (_randn(100, 333, device=d),), _arg_reductions),
        _case("cumsums", lambda d: (_randn(64, 1000, device=d),
                                    torch.randint(-5, 6, (64, 300), device=d,
                                                  dtype=torch.int32)), _cumsums),
        _case("embedding_sum", lambda d: (torch.randint(0, 5000, (64, 20), device=d),
                                          _randn(5000, 128, device=d)), _embedding_sum),
        _case("gather_negative", lambda d: (_randn(3000, 64, device=d),
                                            torch.randint(-3000, 3000, (777,), device=d)),
              _gather_negative),
        _case("scatter_add", lambda d: (torch.randint(0, 1000, (4096,), device=d),
                                        _randn(4096, 64, device=d),
                                        torch.randint(0, 1000, (20000,), device=d)),
              _scatter_add),
        _case("pools_f16", lambda d: (_randn(4, 64, 57, 57, dtype=f16, device=d),), _pools),
        _case("interpolate", lambda d: (_randn(2, 3, 31, 47, device=d),), _interpolate),
        _case("transpose_cat", lambda d: (_randn(300, 517, device=d),
                                          _randn(300, 517, device=d)), _transpose_cat),
        _case("integers", lambda d: (torch.randint(-1000, 1000, (5000,), device=d,
                                                   dtype=torch.int32),
                                     torch.randint(-20, 20, (5000,), device=d,
                                                   dtype=torch.int32)), _integers),
        _case("dropout", lambda d: (_randn(1000, 257, device=d),), _dropout),
        _case("nan_handling", _inputs_with_nans, _nan_handling),
        _case("cross_entropy_bwd", lambda d: (_randn(64, 5003, device=d, grad=True),
                                              torch.randint(0, 5003, (64,), device=d)),
              _cross_entropy, backward=True),
        _case("rms_swiglu_bwd_bf16",
              lambda d: (_randn(128, 1000, dtype=bf16, device=d, grad=True),
                         _randn(1000, dtype=bf16, device=d, grad=True),
                         _randn(1000, dtype=bf16, device=d, grad=True)),
              _rms_swiglu, backward=True),
        _case("special_math", lambda d: (_randn(4000, device=d) * 2,
                                         _randn(4000, device=d) + 0.1), _special_math),
        _case("float64", lambda d: (_randn(129, 77, dtype=torch.float64, device=d),), _float64),
        _case("reductions", lambda d: (_randn(70, 130, device=d),), _reductions),
        _case("bytes", lambda d: (torch.randint(0, 256, (3000,), dtype=torch.uint8, device=d),
                                  torch.randint(0, 256, (3000,), dtype=torch.uint8, device=d)),
              _bytes),
        _case("bucketize", lambda d: (_randn(5000, device=d) * 3,
                                      torch.linspace(-4, 4, 37, device=d)), _bucketize),
        _case("sort", lambda d: (torch.randint(-50, 50, (64, 128), device=d).float(),), _sort),
        _case("group_norm_silu", lambda d: (_randn(4, 64, 33, 33, device=d),
                                            _randn(64, device=d), _randn(64, device=d)),
              _group_norm),
        _case("batch_norm_train_bwd", lambda d: (_randn(8, 32, 17, 17, device=d, grad=True),
                                                 _randn(32, device=d, grad=True),
                                                 _randn(32, device=d, grad=True)),
              _batch_norm_train, backward=True),
        _case("embedding_bwd", lambda d: (torch.randint(0, 700, (64, 33), device=d),
                                          _randn(700, 96, device=d, grad=True)),
              _embedding, backward=True),
        _case("index_add_bf16", lambda d: (torch.randint(0, 300, (2000,), device=d),
                                           _randn(2000, 64, dtype=torch.bfloat16, device=d)),
              _index_add_bf16),
        _case("mm_template_bias_relu_f16",
              lambda d: (_randn(500, 384, dtype=torch.float16, device=d),
                         _randn(384, 300, dtype=torch.float16, device=d),
                         _randn(300, dtype=torch.float16, device=d)),
              _mm_bias_relu, options=TEMPLATES),
        _case("bmm_template_bf16", lambda d: (_randn(3, 256, 320, dtype=torch.bfloat16, device=d),
                                              _randn(3, 320, 192, dtype=torch.bfloat16,
                                                     device=d)),
              _bmm_scale, options=TEMPLATES),
        _case("flex_attention_causal", _flex_inputs, _flex_attention),
        _case("flex_attention_causal_bwd", lambda d: _flex_inputs(d, grad=True),
              _flex_attention, backward=True),
        # Timed, at a model's size.
        _case("flex_attention_causal_4x16x4096x64",
              lambda d: _flex_inputs(d, shape=(4, 16, 4096, 64)), _flex_attention, timed=True),
        _case("flex_attention_causal_bwd_2x16x2048x64",
              lambda d: _flex_inputs(d, grad=True, shape=(2, 16, 2048, 64)), _flex_attention,
              backward=True, timed=True),
        _case("mm_template_bias_relu_4096_f16",
              lambda d: (_randn(4096, 4096, dtype=torch.float16, device=d),
                         _randn(4096, 4096, dtype=torch.float16, device=d),
                         _randn(4096, dtype=torch.float16, device=d)),
              _mm_bias_relu, options=TEMPLATES, timed=True),
        _case("layer_norm_residual_8192x4096_bf16",
              lambda d: (_randn(8192, 4096, dtype=bf16, device=d),
                         _randn(8192, 4096, dtype=bf16, device=d),
                         _randn(4096, dtype=bf16, device=d),
                         _randn(4096, dtype=bf16, device=d)),
              _layer_norm_residual, timed=True),
    ]


CASES = _cases()
