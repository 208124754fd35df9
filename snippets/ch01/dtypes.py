import torch

# ANCHOR: defaults
heights = torch.tensor([1.62, 1.80, 1.75])     # numbers with a decimal point
labels = torch.tensor([0, 2, 1])               # whole numbers
seen = torch.tensor([True, False, True])       # yes/no flags
weights = torch.randn(3, 4)                    # a factory, no dtype given

for name, t in [("heights", heights), ("labels", labels),
                ("seen", seen), ("weights", weights)]:
    print(f"{name:<8} {t.dtype}")

assert heights.dtype == torch.float32
assert labels.dtype == torch.int64 and torch.long is torch.int64
assert seen.dtype == torch.bool
assert weights.dtype == torch.float32 == torch.get_default_dtype()
# ANCHOR_END: defaults

# ANCHOR: labels
# Scores of 3 examples for 3 classes;
# labels[i] names the right class of example i.
scores = torch.tensor([[2.0, 0.5, 0.1],
                       [0.3, 0.2, 1.9],
                       [0.4, 1.1, 0.6]])
rows = torch.arange(3)
print(scores[rows, labels])    # the score each example gave its right class

message = None
try:
    scores[rows, labels.float()]  # the same labels, stored as floats
except IndexError as err:
    message = str(err)
print("IndexError:", message)

assert torch.equal(scores[rows, labels], torch.tensor([2.0, 1.9, 1.1]))
assert message == (
    "tensors used as indices must be long, int, byte or bool tensors"
)
# ANCHOR_END: labels

# ANCHOR: explicit
as_float = torch.tensor([0, 2, 1], dtype=torch.float32)   # choose at creation
back = as_float.to(torch.int64)                           # convert afterwards
wide = heights.to(torch.float64)                          # a new tensor...
print(as_float, as_float.dtype)
print(back, back.dtype)
print(wide.dtype, heights.dtype)          # ...the old one is unchanged
print(torch.tensor([2.9, -2.9]).long())   # .long() means .to(torch.int64)
print((labels + heights).dtype)           # int64 + float32 -> float32

assert as_float.dtype == torch.float32
assert as_float.tolist() == [0.0, 2.0, 1.0]
assert back.dtype == torch.int64 and back.tolist() == [0, 2, 1]
assert wide.dtype == torch.float64 and heights.dtype == torch.float32
assert torch.tensor([2.9, -2.9]).long().tolist() == [2, -2]
assert (labels + heights).dtype == torch.float32
# ANCHOR_END: explicit

# ANCHOR: sizes
dtypes = [torch.bool, torch.float16, torch.float32,
          torch.int64, torch.float64]
for dt in dtypes:
    size = torch.empty(0, dtype=dt).element_size()
    print(f"{str(dt):<14} {size} byte(s) per element")

layer = torch.zeros(768, 768)
print("768 x 768 float32:", layer.numel() * layer.element_size(), "bytes")

assert [torch.empty(0, dtype=dt).element_size()
        for dt in dtypes] == [1, 2, 4, 8, 8]
assert layer.numel() * layer.element_size() == 768 * 768 * 4 == 2359296
assert 2359296 / 2**20 == 2.25   # MiB
# ANCHOR_END: sizes
