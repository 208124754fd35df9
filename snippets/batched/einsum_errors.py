import torch

# ANCHOR: errors
cases = [
    ("ij,jk->ik", torch.zeros(2, 3), torch.zeros(4, 5)),  # j: 3 vs 4
    ("ij,jk->ik", torch.zeros(2, 3, 1), torch.zeros(3, 4)),  # 3 axes
    ("ij,jk->iq", torch.zeros(2, 3), torch.zeros(3, 4)),  # q from nowhere
]
said = []
for equation, *operands in cases:
    shapes = " ".join(str(list(t.shape)) for t in operands)
    try:
        torch.einsum(equation, *operands)
    except RuntimeError as err:
        said.append(str(err))
        print(f"{equation} on {shapes}\n  RuntimeError: {err}")
# ANCHOR_END: errors

assert said[0] == ("einsum(): subscript j has size 4 for operand 1 which "
                   "does not broadcast with previously seen size 3")
assert said[1] == ("einsum(): the number of subscripts in the equation (2) "
                   "does not match the number of dimensions (3) for "
                   "operand 0 and no ellipsis was given")
assert said[2] == ("einsum(): output subscript q does not appear in the "
                   "equation for any input operand")
