"""Parity of torch.nn.init: the values each initialiser draws after the same seed (also with a
Generator), what it returns, calculate_gain, and torch's errors and warnings."""

import pytest

from parity import assert_same, prelude

PRELUDE = prelude("attempt_repr") + """
nn = torch.nn
init = torch.nn.init
"""

CELLS = {
    "init_values": """
torch.manual_seed(0)
w = torch.empty(3, 5)
for f in [lambda t: init.uniform_(t), lambda t: init.uniform_(t, -2, 2), lambda t: init.normal_(t), lambda t: init.normal_(t, 1., 0.1),
          lambda t: init.zeros_(t), lambda t: init.ones_(t), lambda t: init.constant_(t, 0.3), lambda t: init.kaiming_uniform_(t),
          lambda t: init.kaiming_uniform_(t, a=5 ** 0.5), lambda t: init.kaiming_uniform_(t, mode='fan_out', nonlinearity='relu'),
          lambda t: init.kaiming_normal_(t), lambda t: init.kaiming_normal_(t, nonlinearity='relu', mode='fan_out'),
          lambda t: init.xavier_uniform_(t), lambda t: init.xavier_uniform_(t, gain=init.calculate_gain('tanh')),
          lambda t: init.xavier_normal_(t), lambda t: init.xavier_normal_(t, 2.)]:
    r = f(w)
    print(r is w, w)
conv = torch.empty(4, 2, 3, 3)
print(init.kaiming_uniform_(conv).abs().mean(), init.xavier_normal_(conv).mean())
g = torch.Generator().manual_seed(5)
print(init.uniform_(torch.empty(4), generator=g), init.normal_(torch.empty(4), generator=g), init.xavier_uniform_(torch.empty(2, 2), generator=g),
      init.kaiming_normal_(torch.empty(2, 3), generator=g), init.kaiming_uniform_(torch.empty(2, 3), generator=g), init.xavier_normal_(torch.empty(2, 2), generator=g))
print(torch.rand(3))
""",
    "init_parameters": """
torch.manual_seed(1)
lin = nn.Linear(4, 3)
init.zeros_(lin.bias)
init.kaiming_normal_(lin.weight, nonlinearity='relu')
print(lin.weight, lin.bias, lin.weight.requires_grad, lin.weight.grad_fn, lin.weight.is_leaf)
init.constant_(lin.bias, 2)
init.ones_(lin.weight)
print(lin(torch.ones(1, 4)))
d = torch.empty(2, 3, dtype=torch.float64)
print(init.uniform_(d), init.normal_(d.half()), init.constant_(torch.empty(2, dtype=torch.int64), 3), init.zeros_(torch.ones(2, dtype=torch.int32)))
""",
    "calculate_gain": """
for args in [('linear',), ('conv2d',), ('sigmoid',), ('tanh',), ('relu',), ('leaky_relu',), ('leaky_relu', 0.2), ('leaky_relu', 1),
             ('selu',), ('conv_transpose3d',)]:
    print(args, init.calculate_gain(*args))
for bad in [lambda: init.calculate_gain('swish'), lambda: init.calculate_gain('leaky_relu', 'x'), lambda: init.calculate_gain('leaky_relu', True)]:
    print(attempt(bad))
""",
    "init_errors": """
torch.manual_seed(0)
for bad in [lambda: init.kaiming_uniform_(torch.empty(3)), lambda: init.xavier_uniform_(torch.empty(3)), lambda: init.xavier_normal_(torch.empty(2)),
            lambda: init.kaiming_normal_(torch.empty(2, 2), mode='fan'), lambda: init.kaiming_uniform_(torch.empty(2, 2), mode='FAN_OUT'),
            lambda: init.uniform_(torch.empty(2, dtype=torch.int64)), lambda: init.normal_(torch.empty(2), std=-1.),
            lambda: init.uniform_(torch.empty(2), 2., 1.), lambda: init.kaiming_uniform_(torch.empty(0, 3)),
            lambda: init.kaiming_normal_(torch.empty(3, 0)), lambda: init.kaiming_uniform_(torch.empty(2, 2), nonlinearity='foo')]:
    print(attempt(bad))
""",
}


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell(name):
    assert_same(PRELUDE + CELLS[name].strip() + "\n")
