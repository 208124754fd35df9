#| raises: torch._C._LinAlgError: linalg.inv: The diagonal element 2 is zero, the inversion could not be completed because the input matrix is singular.
import torch

# An invertible matrix first: its inverse undoes it.
A = torch.tensor([[2.0, 0.0],
                  [0.0, 1.0]])
A_inv = torch.linalg.inv(A)
print("inverse of the x-stretch:", A_inv.tolist())
assert A_inv.tolist() == [[0.5, 0.0], [0.0, 1.0]]
assert torch.equal(A_inv @ A, torch.eye(2))

# The collapsing matrix: elimination leaves a zero in the second pivot.
S = torch.tensor([[2.0, 1.0],
                  [1.0, 0.5]])
_, _, U = torch.linalg.lu(S)
print("pivots after elimination:", U.diagonal().tolist())
assert U.diagonal().tolist() == [2.0, 0.0]
assert issubclass(torch.linalg.LinAlgError, RuntimeError)

torch.linalg.inv(S)
