# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
import triton, triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)

@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols, BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(tl.float16)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)

@triton.jit
def misc_kernel(x_ptr, out_ptr, cnt_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0, cache_modifier=".cg")
    x = x + tl.load(x_ptr + offs, eviction_policy="evict_first") + tl.load(x_ptr + offs + 1, volatile=True)
    c = tl.cumsum(x, axis=0)
    a, b = tl.split(tl.reshape(c, (BLOCK // 2, 2)))
    j = tl.join(a, b)
    t = tl.trans(tl.reshape(j, (BLOCK // 2, 2)))
    r = tl.reshape(t, (BLOCK,))
    r = tl.clamp(r, 0.0, 1.0)
    r = tl.sqrt_rn(r) + tl.div_rn(r, 3.0)
    tl.atomic_add(cnt_ptr + offs, r, mask=offs < n)
    tl.atomic_cas(cnt_ptr.to(tl.pointer_type(tl.int32)), 0, 1)
    tl.store(out_ptr + offs, r.to(tl.float16).to(tl.float32), mask=offs < n)

@triton.jit
def gather_scatter_kernel(desc, idx_ptr, BN: tl.constexpr):
    idx = tl.load(idx_ptr + tl.arange(0, 8))
    rows = desc.gather(idx, 0)
    desc.scatter(rows * 2, idx, 0)

t = GPUTarget("cuda", 90, 32)
def dump_ttir_only(fn, sig, consts, name):
    # Triton's TTIR of a kernel that it cannot finish for sm_90 (ptxas
    # rejects what it makes of the rest): its first stage only.
    from triton._C.libtriton import ir
    from triton.compiler.compiler import make_backend
    backend = make_backend(t)
    options = backend.parse_options({})
    context = ir.context()
    ir.load_dialects(context)
    backend.load_dialects(context)
    src = ASTSource(fn=fn, signature=sig, constexprs=consts)
    module = src.make_ir(t, options, backend.get_codegen_implementation(options),
                         backend.get_module_map(), context)
    stages = {}
    backend.add_stages(stages, options, src.language)
    open(name + ".ttir", "w").write(str(stages["ttir"](module, {})))
    print(name, "ok")
def dump(fn, sig, consts, name):
    src = ASTSource(fn=fn, signature=sig, constexprs=consts, attrs={(i,): [["tt.divisibility", 16]] for i,(k,v) in enumerate(sig.items()) if v.startswith("*")})
    k = triton.compile(src, target=t)
    open(name + ".ttir", "w").write(k.asm["ttir"])
    print(name, "ok")
dump(add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "output_ptr": "*fp32", "n_elements": "i32", "BLOCK_SIZE": "constexpr"}, {"BLOCK_SIZE": 1024}, "vector_add")
dump(softmax_kernel, {"output_ptr": "*fp32", "input_ptr": "*fp32", "input_row_stride": "i32", "output_row_stride": "i32", "n_rows": "i32", "n_cols": "i32", "BLOCK_SIZE": "constexpr", "num_stages": "constexpr"}, {"BLOCK_SIZE": 1024, "num_stages": 2}, "softmax")
dump(matmul_kernel, {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32", "stride_am": "i32", "stride_ak": "i32", "stride_bk": "i32", "stride_bn": "i32", "stride_cm": "i32", "stride_cn": "i32", "BLOCK_SIZE_M": "constexpr", "BLOCK_SIZE_N": "constexpr", "BLOCK_SIZE_K": "constexpr", "GROUP_SIZE_M": "constexpr"}, {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8}, "matmul")
dump(misc_kernel, {"x_ptr": "*fp32", "out_ptr": "*fp32", "cnt_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256}, "misc")
dump_ttir_only(gather_scatter_kernel, {"desc": "tensordesc<fp32[1, 64]>", "idx_ptr": "*i32", "BN": "constexpr"}, {"BN": 64}, "descriptor_gather")
# A row wider than its warps hold in registers (run with 2 warps).
dump(softmax_kernel, {"output_ptr": "*fp32", "input_ptr": "*fp32", "input_row_stride": "i32", "output_row_stride": "i32", "n_rows": "i32", "n_cols": "i32", "BLOCK_SIZE": "constexpr", "num_stages": "constexpr"}, {"BLOCK_SIZE": 32768, "num_stages": 1}, "softmax_wide")
