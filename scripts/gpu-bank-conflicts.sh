#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Measures the shared-memory bank conflicts of the example matmuls with
# Nsight Compute: per kernel, the shared-memory instructions (ld.shared and
# ldmatrix, st.shared and stmatrix, cp.async, wgmma's operand reads), their
# wavefronts and the wavefronts beyond the fewest each access needs (ncu's
# bank-conflict counters), each run also checked against its CPU reference.
# TMA's copies are not counted.
#
#   scripts/gpu-bank-conflicts.sh KERNEL_DIR TILE_RUN_CHECK
#
# KERNEL_DIR is what scripts/compile-examples.sh writes. Exits non-zero if a
# result is wrong, a measurement is missing, or what reads the swizzled
# operand buffers conflicts: wgmma, and ldmatrix in the kernels marked +
# below (f16 and bf16 on mma.sync), whose only other shared loads are their
# epilogues', counted with them.
set -uo pipefail
dir=$1
run=$2
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[ -x "$ncu" ] || { echo "gpu-bank-conflicts: ncu not found" >&2; exit 2; }
# shellcheck source=scripts/gpu-check-lib.sh
source "$(dirname "$0")/gpu-check-lib.sh"
export TILE_CHECK_REPEAT=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Loads (ld.shared and ldmatrix), stores (st.shared and stmatrix),
# cp.async's writes and wgmma's reads; ncu counts no wavefronts for cp.async.
ops="ld st ldgsts gmma"
metrics=""
for op in $ops; do
  metrics+="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_$op.sum,"
  metrics+="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_$op.sum,"
done
for op in shared_ld ldsm shared_st shared_stsm ldgsts shared_gmma; do
  metrics+="smsp__sass_inst_executed_op_$op.sum,"
done
metrics=${metrics%,}

# tile-run under ncu, one CSV log per run, named after the kernel file.
profile() {
  "$ncu" --kernel-name regex:^matmul --metrics "$metrics" --csv \
    --log-file "$logs/$current.csv" "$@"
}
export TILE_RUN_WRAPPER=profile

# Each run's log is named after its kernel file, with a `+` where its loads
# are checked too.
measured=0
measure() { # [+] check function, then its arguments (file first)
  local strict=""
  [ "$1" = + ] && { strict=+; shift; }
  current=$2$strict
  measured=$((measured + 1))
  "$@"
}
measure + check_matmul matmul_h 512 512 512
measure check_matmul matmul 1000 520 300
measure + check_matmul matmul_bf16_h 512 512 512 bf16
measure check_matmul matmul_tf32_h 512 512 512 tf32
measure check_matmul matmul_i8_h 512 512 512 i8
measure + check_matmul_bias_relu matmul_bias_relu_h 512 512 512
measure check_matmul matmul_h_wgmma 512 512 512
measure check_matmul matmul_bf16_h_wgmma 512 512 512 bf16
measure check_matmul matmul_tf32_bt_h_wgmma 512 512 512 tf32_bt
measure + check_matmul_tma matmul_tma 512 512 512
measure check_matmul_tma matmul_tma_wgmma 512 512 512
measure check_matmul_tma_persistent matmul_tma_persistent_ws 1024 1024 1024 8
measure check_matmul_tma_persistent matmul_tma_persistent_store_ws 1024 1024 1024 8 desc

# One line per kernel: instructions / wavefronts / conflicting wavefronts
# per kind of access.
python3 - "$logs" "$measured" $ops <<'EOF'
import csv, glob, os, sys
logs, expected, ops = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
inst = {"ld": ["shared_ld", "ldsm"], "st": ["shared_st", "shared_stsm"],
        "ldgsts": ["ldgsts"], "gmma": ["shared_gmma"]}
bad = 0
paths = sorted(glob.glob(os.path.join(logs, "*.csv")))
if len(paths) != expected:
    print(f"gpu-bank-conflicts: {len(paths)} profiles for {expected} runs")
    bad += 1
print(f"{'kernel':<32}" + "".join(f"{op + ': inst/wavefronts/conflicts':>36}" for op in ops))
for path in paths:
    values = {}
    with open(path) as f:
        rows = [line for line in f if line.startswith('"')]
    launches = set()
    for row in csv.DictReader(rows):
        launches.add(row["ID"])
        value = row["Metric Value"].replace(",", "")
        values[row["Metric Name"]] = int(float(value)) if value != "n/a" else None
    name = os.path.basename(path)[:-4]
    # One launch, every counter (ncu writes n/a for one it lacks; cp.async
    # has no wavefront counter).
    required = [f"smsp__sass_inst_executed_op_{i}.sum" for i in sum(inst.values(), [])]
    required += [f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum" for op in ops]
    required += [f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum"
                 for op in ops if op != "ldgsts"]
    missing = [m for m in required if values.get(m) is None]
    if len(launches) != 1 or missing:
        print(f"{name}: {len(launches)} launches profiled, missing {missing}")
        bad += 1
        continue
    def get(name):
        return values.get(name) or 0
    cells = []
    for op in ops:
        n = sum(get(f"smsp__sass_inst_executed_op_{i}.sum") for i in inst[op])
        w = values.get(f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{op}.sum")
        c = get(f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum")
        cells.append(f"{n}/{'-' if w is None else w}/{c}")
        # What reads the swizzled operand buffers: wgmma, and ldmatrix.
        if c and (op == "gmma" or (op == "ld" and path.endswith("+.csv"))):
            bad += 1
    print(f"{name:<32}" + "".join(f"{cell:>36}" for cell in cells))
print(f"gpu-bank-conflicts: {bad} conflicting operand read(s) or missing measurement(s)")
sys.exit(1 if bad else 0)
EOF
status=$?
echo "gpu-bank-conflicts: $failures failure(s)"
[ "$failures" -eq 0 ] && [ "$status" -eq 0 ]
