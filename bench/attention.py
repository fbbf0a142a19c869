# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Flash attention forward (FA2 with pointers, as Triton users write it:
online softmax in exp2, K read transposed, causal masking in the loop)
compiled by Triton and by tile from Triton's own TTIR, run on the same
inputs beside torch's scaled_dot_product_attention, checked and timed.

    python3 bench/attention.py compile OUT_DIR [TILE_TRANSLATE]
        (needs Triton, not a GPU) Triton's TTIR for sm_90 of each variant,
        tile's cubin of it, and ptxas' registers and spills of both.
    python3 bench/attention.py run OUT_DIR RESULTS.json
        (GPU) per variant: Triton's kernel and tile's on the same inputs
        (checked against each other and against torch's; Triton's TTIR
        there must be the one tile compiled), timed as medians of
        interleaved CUDA graph replays; ratio = Triton's time / tile's.
"""

import json
import os
import sys

import triton
import triton.language as tl

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from tutorial_matmul import compile_with_tile, main, time_graph, without_locations  # noqa: E402

BLOCK_M, BLOCK_N, WARPS, STAGES = 128, 64, 8, 3
# (head dimension, causal); the shape of the runs: batch 4, 32 heads, 4096
# tokens.
VARIANTS = [(128, False), (128, True), (64, False)]
Z, H, N_CTX = 4, 32, 4096


@triton.jit
def attn_fwd(Q, K, V, sm_scale, M, Out,
             stride_qz, stride_qh, stride_qm, stride_qk,
             stride_kz, stride_kh, stride_kn, stride_kk,
             stride_vz, stride_vh, stride_vk, stride_vn,
             stride_oz, stride_oh, stride_om, stride_on,
             Z, H, N_CTX,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
             CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    off_hz = tl.program_id(1)
    off_z = off_hz // H
    off_h = off_hz % H
    q_off = off_z.to(tl.int64) * stride_qz + off_h.to(tl.int64) * stride_qh
    k_off = off_z.to(tl.int64) * stride_kz + off_h.to(tl.int64) * stride_kh
    v_off = off_z.to(tl.int64) * stride_vz + off_h.to(tl.int64) * stride_vh
    o_off = off_z.to(tl.int64) * stride_oz + off_h.to(tl.int64) * stride_oh
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q_ptrs = Q + q_off + offs_m[:, None] * stride_qm + offs_d[None, :] * stride_qk
    k_ptrs = K + k_off + offs_n[None, :] * stride_kn + offs_d[:, None] * stride_kk
    v_ptrs = V + v_off + offs_n[:, None] * stride_vk + offs_d[None, :] * stride_vn
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = tl.load(q_ptrs)
    hi = (start_m + 1) * BLOCK_M if CAUSAL else N_CTX
    for start_n in range(0, hi, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        k = tl.load(k_ptrs + start_n * stride_kn)
        qk = tl.dot(q, k)
        if CAUSAL:
            mask = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(mask, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs + start_n * stride_vk)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_hz * N_CTX + offs_m, m_i)
    o_ptrs = Out + o_off + offs_m[:, None] * stride_om + offs_d[None, :] * stride_on
    tl.store(o_ptrs, acc.to(Out.type.element_ty))


NAMES = ["Q", "K", "V", "sm_scale", "M", "Out",
         "stride_qz", "stride_qh", "stride_qm", "stride_qk",
         "stride_kz", "stride_kh", "stride_kn", "stride_kk",
         "stride_vz", "stride_vh", "stride_vk", "stride_vn",
         "stride_oz", "stride_oh", "stride_om", "stride_on", "Z", "H", "N_CTX"]


def variant_name(d, causal):
    return f"d{d}_{'causal' if causal else 'full'}"


def compile_variants(out, translate):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    os.makedirs(out, exist_ok=True)
    report = {}
    for d, causal in VARIANTS:
        # The specialization of a launch on contiguous [Z, H, N_CTX, D]
        # tensors: inner strides 1, the others multiples of 16, as are Z, H
        # and N_CTX here (4, 32 and 4096: only N_CTX is a multiple of 16).
        sig = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "sm_scale": "fp32", "M": "*fp32",
               "Out": "*fp16"}
        consts = {"HEAD_DIM": d, "BLOCK_M": BLOCK_M, "BLOCK_N": BLOCK_N, "CAUSAL": causal}
        for name in NAMES[6:22]:
            inner = name.endswith(("qk", "kk", "vn", "on"))
            sig[name] = "constexpr" if inner else "i32"
            if inner:
                consts[name] = 1
        sig.update({"Z": "i32", "H": "i32", "N_CTX": "i32"})
        for name in consts:
            sig.setdefault(name, "constexpr")
        divisible = [i for i, n in enumerate(NAMES)
                     if sig[n] in ("*fp16", "*fp32") or (sig[n] == "i32" and n not in ("Z",))]
        attrs = {(i,): [["tt.divisibility", 16]] for i in divisible}
        kernel = triton.compile(ASTSource(attn_fwd, sig, consts, attrs),
                                target=GPUTarget("cuda", 90, 32),
                                options={"num_warps": WARPS, "num_stages": STAGES})
        name = variant_name(d, causal)
        report[name] = compile_with_tile(kernel, os.path.join(out, name), translate, WARPS,
                                         STAGES)
        print(name, "tile", report[name]["tile"], "triton", report[name]["triton"])
    with open(os.path.join(out, "compile.json"), "w") as f:
        json.dump(report, f, indent=1)


def run(out, results_path):
    import torch
    from tile_kernel import TileKernel, pack
    rows, failures = [], 0
    for d, causal in VARIANTS:
        name = variant_name(d, causal)
        base = os.path.join(out, name)
        tile = TileKernel(base + ".cubin", base + ".info", "attn_fwd")
        with open(base + ".ttir") as f:
            compiled_ttir = f.read()
        torch.manual_seed(0)
        q, k, v = (torch.randn((Z, H, N_CTX, d), device="cuda", dtype=torch.float16)
                   for _ in range(3))
        sm_scale = d ** -0.5
        o_triton, o_tile = torch.empty_like(q), torch.empty_like(q)
        m_triton = torch.empty((Z * H, N_CTX), device="cuda", dtype=torch.float32)
        m_tile = torch.empty_like(m_triton)
        grid = (triton.cdiv(N_CTX, BLOCK_M), Z * H, 1)
        strides = [*q.stride(), *k.stride(), *v.stride(), *o_triton.stride()]

        def launch_triton():
            return attn_fwd[grid[:2]](q, k, v, sm_scale, m_triton, o_triton, *strides, Z, H,
                                      N_CTX, HEAD_DIM=d, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                                      CAUSAL=causal, num_warps=WARPS, num_stages=STAGES)

        compiled = launch_triton()
        same_ttir = without_locations(compiled.asm["ttir"]) == compiled_ttir.rstrip("\n")
        ints = [s for i, s in enumerate(strides) if i % 4 != 3] + [Z, H, N_CTX]
        values = [pack("ptr", q.data_ptr()), pack("ptr", k.data_ptr()),
                  pack("ptr", v.data_ptr()), pack("f32", sm_scale),
                  pack("ptr", m_tile.data_ptr()), pack("ptr", o_tile.data_ptr())] + \
            [pack("i32", x) for x in ints]

        def launch_tile():
            tile.launch(grid, torch.cuda.current_stream().cuda_stream, values)

        def launch_torch():
            return torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                                    scale=sm_scale)

        launch_tile()
        reference = launch_torch()
        torch.cuda.synchronize()
        err_tile = (o_tile.float() - reference.float()).abs().max().item()
        err_triton = (o_triton.float() - reference.float()).abs().max().item()
        err_lse = (m_tile - m_triton).abs().max().item()
        ok = same_ttir and err_tile <= 2e-2 and err_lse <= 1e-2
        failures += not ok
        times = {"triton": [], "tile": [], "torch": []}
        for _ in range(3):  # interleaved
            times["triton"].append(time_graph(launch_triton))
            times["tile"].append(time_graph(launch_tile))
            times["torch"].append(time_graph(launch_torch))
        ms = {key: sorted(t)[1] for key, t in times.items()}
        flops = 4.0 * Z * H * N_CTX * N_CTX * d * (0.5 if causal else 1.0)
        row = {"variant": name, "shape": [Z, H, N_CTX, d], "causal": causal,
               "same_ttir": same_ttir, "max_abs_err_tile": err_tile,
               "max_abs_err_triton": err_triton, "max_abs_diff_lse": err_lse, "ok": ok,
               **{f"{key}_ms": t for key, t in ms.items()},
               **{f"{key}_tflops": flops / t / 1e9 for key, t in ms.items()},
               "ratio_triton": ms["triton"] / ms["tile"], "ratio_torch": ms["torch"] / ms["tile"],
               "device": torch.cuda.get_device_name()}
        rows.append(row)
        print(f"{name}: TFLOP/s Triton {row['triton_tflops']:.0f}, tile {row['tile_tflops']:.0f}, "
              f"torch {row['torch_tflops']:.0f}; vs Triton {row['ratio_triton']:.3f}, vs torch "
              f"{row['ratio_torch']:.3f}; max err tile {err_tile:.2e} Triton {err_triton:.2e}"
              f"{'' if ok else '  MISMATCH (same TTIR: %s, lse diff %g)' % (same_ttir, err_lse)}",
              flush=True)
    with open(results_path, "w") as f:
        json.dump(rows, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    main(__doc__, compile_variants, run)
