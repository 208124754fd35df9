"""Parity of torch.nn.utils: clip_grad_norm_ (and its deprecated clip_grad_norm), get_total_norm,
clip_grads_with_norm_, clip_grad_value_, parameters_to_vector and vector_to_parameters: the total norm
and every clipped gradient to the last bit (exact hex), for the 2-norm, other p, inf, mixed dtypes,
missing gradients, a single tensor and a generator; their warnings and errors."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("exact_12g") + """
import warnings
nn = torch.nn
U = torch.nn.utils
def attempt(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = f()
        except Exception as e:
            r = f"{type(e).__name__}: {e}"
    shown = f"{exact(r)} {r.dtype} {r.shape} {r.requires_grad}" if isinstance(r, torch.Tensor) else repr(r)
    return shown + "".join(f" | {w.category.__name__}: {w.message}" for w in caught)
def model(seed):
    # gradients drawn, not computed: a matrix product's last bits follow this CPU's MKL (parity.py)
    torch.manual_seed(seed)
    m = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 3))
    for p in m.parameters():
        p.grad = torch.randn(p.shape) * 0.3
    return m
def grads(m):
    return [exact(p.grad) for p in m.parameters()]
"""

CELLS = {
    "clip_grad_norm": """
for max_norm, norm_type in [(1.0, 2.0), (0.25, 2), (100.0, 2.0), (0.5, 1), (0.5, 3.5), (0.5, float('inf')),
                            (0.5, 'inf'), (2, 0.5)]:
    m = model(1)
    print(max_norm, norm_type, attempt(lambda: U.clip_grad_norm_(m.parameters(), max_norm, norm_type)), grads(m))
m = model(2)
print(attempt(lambda: torch.nn.utils.clip_grad_norm_(m.parameters(), max_norm=0.1, foreach=True)), grads(m))
m = model(2)
print(attempt(lambda: torch.nn.utils.clip_grad_norm_(list(m.parameters()), 0.1, foreach=False)), grads(m))
m = model(3)
print(attempt(lambda: U.clip_grad_norm(m.parameters(), 0.3)), grads(m))
m = model(4)
print(attempt(lambda: U.clip_grad_norm_(m[0].weight, 0.3)), grads(m))
m = model(5)
m[2].bias.grad = None
print(attempt(lambda: U.clip_grad_norm_(m.parameters(), 0.3)), grads(m))
print(attempt(lambda: U.clip_grad_norm_((p for p in []), 1.0)), attempt(lambda: U.clip_grad_norm_([], 1.0)))
print(attempt(lambda: U.clip_grad_norm_([torch.ones(2, requires_grad=True)], 1.0)))
m = model(6)
m[0].weight.grad[0, 0] = float('nan')
print(attempt(lambda: U.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=True)))
print(attempt(lambda: U.clip_grad_norm_(m.parameters(), 1.0)), grads(m))
m = model(7)
m[2].double()
m[2].weight.grad = torch.randn(3, 7, dtype=torch.float64)
m[2].bias.grad = torch.randn(3, dtype=torch.float64)
print(attempt(lambda: U.clip_grad_norm_(m.parameters(), 0.2)), grads(m))
""",
    "total_norm_and_value": """
m = model(8)
gs = [p.grad for p in m.parameters()]
total = U.get_total_norm(gs)
print(attempt(lambda: total), attempt(lambda: U.get_total_norm(gs, 1.0)), attempt(lambda: U.get_total_norm(gs[0])))
print(attempt(lambda: U.get_total_norm([])), attempt(lambda: U.get_total_norm(gs, 'inf')))
print(attempt(lambda: U.clip_grads_with_norm_(m.parameters(), 0.5, total)), grads(m))
print(attempt(lambda: U.clip_grads_with_norm_(m.parameters(), 0.5, torch.tensor(0.25))), grads(m))
m = model(9)
print(attempt(lambda: U.clip_grad_value_(m.parameters(), 0.5)), grads(m))
m = model(9)
print(attempt(lambda: U.clip_grad_value_(m[0].bias, clip_value=1)), grads(m))
m = model(10)
with torch.enable_grad():
    n = U.clip_grad_norm_(m.parameters(), 0.5)
print(n.requires_grad, n.grad_fn, [p.grad.requires_grad for p in m.parameters()])
""",
    "parameters_as_a_vector": """
m = model(11)
v = U.parameters_to_vector(m.parameters())
print(v.shape, v.grad_fn.name(), exact(v[:5]))
w = torch.arange(float(v.numel()))
print(attempt(lambda: U.vector_to_parameters(w, m.parameters())))
print([tuple(p.shape) for p in m.parameters()], exact(m[2].bias), m[0].weight.requires_grad, type(m[0].weight).__name__)
w[-1] = 100.0
print(exact(m[2].bias), m[2].bias.data_ptr() == w[-3:].data_ptr())
print(attempt(lambda: U.vector_to_parameters([1.0, 2.0], m.parameters())))
print(attempt(lambda: U.vector_to_parameters(3, m.parameters())))
print(attempt(lambda: U.vector_to_parameters(torch.zeros(4), m.parameters())))
print(attempt(lambda: U.parameters_to_vector([])), attempt(lambda: U.parameters_to_vector([torch.ones(2, 2).t()])))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
