# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration of the tile test suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".test"]
config.excludes = ["Inputs", "lib", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tile_src_root", config.tile_src_root))
config.substitutions.append(("%tile_obj_root", config.tile_obj_root))
config.substitutions.append(("%cmake_generator", '"%s"' % config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake))
config.substitutions.append(("%cc", config.c_compiler))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP", "ASAN_OPTIONS", "UBSAN_OPTIONS"])
# Compiles under test are compiles, not reads of an earlier run's results
# (test/Target/cache.test turns the cache on where it tests it).
config.environment["TILE_CACHE_DIR"] = "off"
llvm_config.use_default_substitutions()

tool_dirs = [config.tile_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    [ToolSubst(t, unresolved="fatal") for t in ["tile-opt", "tile-translate", "tile-run",
                                                  "tile-run-check",
                                                  "tile-capi-dialect-test",
                                                  "tile-capi-compile-test",
                                                  "tile-capi-passes-test",
                                                  "tile-references-test"]],
    tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# `ptxas`: the CUDA toolkit is here, so generated PTX can be assembled (CI
# machines have it). `cuda-gpu`: a GPU and its driver are here (off in CI).
import shutil
import subprocess

def find_cuda():
    for var in ("CUDA_HOME", "CUDA_PATH"):
        d = os.environ.get(var)
        if d and os.access(os.path.join(d, "bin", "ptxas"), os.X_OK):
            return d
    ptxas = shutil.which("ptxas")
    if ptxas:
        return os.path.dirname(os.path.dirname(ptxas))
    if os.access("/usr/local/cuda/bin/ptxas", os.X_OK):
        return "/usr/local/cuda"
    return None

cuda = find_cuda()
if cuda:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", os.path.join(cuda, "bin", "ptxas")))
    config.environment["CUDA_HOME"] = cuda
    # The driver API's header, which generated launchers include.
    if os.path.exists(os.path.join(cuda, "include", "cuda.h")):
        config.available_features.add("cuda-headers")
        config.substitutions.append(("%cuda_include", os.path.join(cuda, "include")))

tile_run = os.path.join(config.tile_tools_dir, "tile-run")
try:
    if subprocess.run([tile_run, "--probe"], capture_output=True, timeout=60).returncode == 0:
        config.available_features.add("cuda-gpu")
except (OSError, subprocess.TimeoutExpired):
    pass
