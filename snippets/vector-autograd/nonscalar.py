#| raises: RuntimeError: grad can be implicitly created only for scalar outputs
import torch

W = torch.tensor([[0.5, -1.0, 2.0],
                  [1.5, 0.0, -0.5]], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
y = W @ x
print("y:", y, " shape", y.shape)
assert y.shape == (2,)

y.backward()        # two numbers: which one's gradient do you mean?
