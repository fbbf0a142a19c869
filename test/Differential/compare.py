# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Element-wise comparison of what Triton's and tile's kernels left in one
buffer, with a tolerance suited to the element type.

Floats: |triton - tile| <= rtol * |triton| + atol * magnitude, magnitude
being the largest finite |triton| value of the buffer (so that values that
cancel to near zero are judged against the scale of the whole result), and
NaN and +-inf in the same places. Integers and bools: equal.

A kernel that rounds values it computed to a narrower float type (an
`arith.truncf` or `tt.fp_to_fp` to bf16 before a dot, say) is only as exact
as that type: two correct compilations that differ in the last bit of an
f32 exponential or in a dot's accumulation order can round such a value
differently, and the difference carries into every result computed from it.
Its wider float buffers are compared with the narrower type's tolerance.
A dot whose input precision is tf32 rounds its f32 operands to 10 mantissa
bits (to nearest, or by truncation in the tensor core itself: both are
tf32), as f16 keeps: f16's tolerance.
"""

import re

import torch

# dtype -> (rtol, atol relative to the buffer's magnitude)
TOLERANCES = {
    torch.float64: (1e-9, 1e-9),
    torch.float32: (1e-4, 1e-4),
    torch.float16: (1e-2, 1e-2),
    torch.bfloat16: (1e-2, 1e-2),
}
_FP8 = tuple(getattr(torch, n) for n in ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz",
                                          "float8_e5m2fnuz") if hasattr(torch, n))
for _t in _FP8:
    TOLERANCES[_t] = (0.125, 0.125)


_NARROW = {"bf16": torch.bfloat16, "f16": torch.float16}
_ROUNDING = re.compile(r"(?:arith\.truncf|tt\.fp_to_fp)\b.*\bto\b.*?(?:x|\s)(bf16|f16)\b")


_TF32_DOT = re.compile(r"\btt\.dot\b.*inputPrecision = tf32\b")


def rounding_type(ttir):
    """The narrower float type (bf16 or f16) a kernel rounds values it
    computed to (truncf / fp_to_fp results in its TTIR; f16 for a tf32
    dot's operands), or None."""
    lines = ttir.splitlines()
    found = {m.group(1) for m in map(_ROUNDING.search, lines) if m}
    if any(_TF32_DOT.search(line) for line in lines):
        found.add("f16")
    if not found:
        return None
    # bf16 keeps fewer mantissa bits: the looser of the two.
    return _NARROW["bf16" if "bf16" in found else "f16"]


def compare(triton_values, tile_values, tol_scale=1.0, rounds_to=None):
    """Compare two 1-D tensors of one dtype; `rounds_to`: the kernel's
    rounding_type, whose tolerance wider float buffers take. Returns a dict: ok, elements,
    bad (elements out of tolerance), nan_mismatch, inf_mismatch, max_abs,
    max_rel (over elements whose Triton value is not 0), magnitude, and
    first_bad (index, Triton value, tile value) where not ok."""
    a, b = triton_values, tile_values
    assert a.shape == b.shape and a.dtype == b.dtype and a.dim() == 1
    result = {"dtype": str(a.dtype).replace("torch.", ""), "elements": a.numel(),
              "nan_mismatch": 0, "inf_mismatch": 0, "max_abs": 0.0, "max_rel": 0.0,
              "magnitude": 0.0}
    if a.numel() == 0:
        return dict(result, ok=True, bad=0)
    if a.dtype in TOLERANCES:
        judged = a.dtype
        if rounds_to is not None and a.dtype in (torch.float32, torch.float64):
            judged = rounds_to
        rtol, atol = TOLERANCES[judged]
        result["judged_as"] = str(judged).replace("torch.", "")
        rtol, atol = rtol * tol_scale, atol * tol_scale
        # f64 differences for f32/f64 buffers (an f32 difference could round
        # a tiny error away), f32 for the narrower types.
        wide = torch.float64 if a.dtype in (torch.float32, torch.float64) else torch.float32
        af, bf = a.to(wide), b.to(wide)
        nan_a, nan_b = torch.isnan(af), torch.isnan(bf)
        nan_bad = nan_a != nan_b
        inf_bad = ((af == float("inf")) != (bf == float("inf"))) | \
                  ((af == float("-inf")) != (bf == float("-inf")))
        finite = torch.isfinite(af) & torch.isfinite(bf)
        zero = torch.zeros((), dtype=wide, device=a.device)
        diff = torch.where(finite, (af - bf).abs(), zero)
        mag_a = torch.where(torch.isfinite(af), af.abs(), zero)
        magnitude = mag_a.max()
        bound = rtol * mag_a + atol * magnitude
        bad = nan_bad | inf_bad | (finite & (diff > bound))
        nonzero = finite & (mag_a > 0)
        rel = torch.where(nonzero, diff / torch.where(nonzero, mag_a, torch.ones_like(mag_a)), zero)
        result.update(nan_mismatch=int(nan_bad.sum()), inf_mismatch=int(inf_bad.sum()),
                      max_abs=float(diff.max()), max_rel=float(rel.max()),
                      magnitude=float(magnitude), rtol=rtol, atol=atol)
    else:
        bad = a != b
        if a.dtype != torch.bool:
            diff = (a.to(torch.float64) - b.to(torch.float64)).abs()
            result.update(max_abs=float(diff.max()))
    n_bad = int(bad.sum())
    result.update(ok=n_bad == 0, bad=n_bad)
    if n_bad:
        i = int(torch.nonzero(bad)[0, 0])
        result["first_bad"] = [i, _scalar(a[i]), _scalar(b[i])]
    return result


def _scalar(x):
    x = x.item()
    return x if isinstance(x, (bool, int)) else float(x)


def storage_view(storage, device):
    """A 1-D uint8 tensor over the whole of an untyped storage."""
    return torch.empty(0, dtype=torch.uint8, device=device).set_(
        storage, 0, (storage.nbytes(),), (1,))


def as_dtype(byte_view, dtype):
    """`byte_view` (1-D uint8) seen as `dtype`, or None where its bytes do
    not divide into whole elements."""
    size = torch.empty((), dtype=dtype).element_size()
    if byte_view.numel() % size:
        return None
    return byte_view.view(dtype)


def relative_rms(value, reference):
    """||value - reference|| / ||reference|| in float64 (the error measure
    used against the float64 references); inf where shapes differ."""
    if tuple(value.shape) != tuple(reference.shape):
        return float("inf")
    v, r = value.to(torch.float64), reference.to(torch.float64)
    denom = r.norm()
    num = (v - r).norm()
    if not torch.isfinite(num):
        return float("inf")
    return float(num / denom) if denom > 0 else float(num)
