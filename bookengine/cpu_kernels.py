"""Which CPU kernels torch runs wherever the book runs it: the build's warm parent and the parity tests.

booktorch reproduces the last bits of torch's float32 results as torch's AVX2 kernels compute them
(its reductions, softmax, sleef, activations and blas modules say how).  On a CPU with AVX-512, ATen
and oneDNN pick AVX-512 kernels of their own, whose lanes and polynomials give other last bits; these
variables make them use the AVX2 kernels on every machine, so the book's outputs and the parity tests
do not depend on the machine.  MKL (float32 matrix products) has no such setting: on an AVX-512 Xeon
its kernels sum in other orders even with MKL_ENABLE_INSTRUCTIONS=AVX2, which is why the tests that
compare matrix products bit for bit first ask ``mkl_sums_as_measured`` (tests/teaching/parity.py).
"""

import os

AVX2_KERNELS = {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2"}


def use_avx2_kernels(environ=os.environ):
    """Set the variables in ``environ`` (before torch is imported there), keeping any already set."""
    for name, value in AVX2_KERNELS.items():
        environ.setdefault(name, value)
    return environ
