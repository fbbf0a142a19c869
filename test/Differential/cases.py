# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The case type of the differential corpus (test/Differential/programs/*.py).

A program module lists its cases in CASES; the harness runs each case with a
seed, and every Triton kernel launch inside it is captured (phase 1) or
checked against tile's compilation of the same TTIR (phase 3). A case must be
deterministic given its seed, so that both phases launch the same kernels.
"""

import zlib
from dataclasses import dataclass, field
from typing import Callable, Optional


@dataclass
class Case:
    name: str
    # run(seed, device) -> {output name: tensor} (or None). Launches Triton
    # kernels; the returned outputs are what `reference` is compared with.
    run: Callable
    # reference(seed, device) -> {output name: float64 tensor}: an independent
    # PyTorch computation of the same outputs. Where present, the case is run
    # a second time with every kernel launch replaced by tile's kernel, and
    # those outputs (and Triton's, for context) are compared with it.
    reference: Optional[Callable] = None
    # Kernel names whose Triton result is known to be wrong on this GPU: their
    # per-launch differences are reported, not counted as mismatches (the
    # reference comparison judges tile instead).
    triton_known_wrong: frozenset = field(default_factory=frozenset)
    # Relative RMS error allowed against the reference, per output name
    # (default for all outputs under "*").
    reference_tolerance: dict = field(default_factory=lambda: {"*": 2e-2})
    note: str = ""
    # Timed: with `check --time`, each of its launches that matches is also
    # timed, Triton's kernel against tile's (Session._time), with no other
    # worker on the GPU. Such cases run at the sizes a benchmark would.
    timed: bool = False


def case_seed(base_seed, program, case_name):
    """A per-case seed that does not depend on which other cases run (a
    restarted worker skips cases, and capture and check may split the corpus
    into different processes)."""
    return (base_seed * 1_000_003 + zlib.crc32(f"{program}/{case_name}".encode())) % (2**31)
