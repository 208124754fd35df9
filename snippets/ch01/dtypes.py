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
same = heights.to(torch.float32)                          # ...or not at all
print(as_float, as_float.dtype)
print(back, back.dtype)
print(wide.dtype, heights.dtype)          # the old one is unchanged
print("wide is heights:", wide is heights, "| same is heights:",
      same is heights)
print(torch.tensor([2.9, -2.9]).long())   # .long() means .to(torch.int64)

assert as_float.dtype == torch.float32
assert as_float.tolist() == [0.0, 2.0, 1.0]
assert back.dtype == torch.int64 and back.tolist() == [0, 2, 1]
assert wide.dtype == torch.float64 and heights.dtype == torch.float32
assert wide is not heights and wide.data_ptr() != heights.data_ptr()
assert same is heights and heights.float() is heights   # nothing to change
assert torch.tensor([2.9, -2.9]).long().tolist() == [2, -2]
# ANCHOR_END: explicit

# ANCHOR: promotion
print("int64 + float32       :", (labels + heights).dtype)  # the float wins
big = torch.tensor([16_777_217])          # 2**24 + 1, exact in int64
print("16777217 + 0.0        :", big + torch.zeros(1))     # not in float32

half = torch.tensor([1.5, 2.5], dtype=torch.float16)
wide_1d = torch.tensor([1.0], dtype=torch.float64)      # one axis
wide_0d = torch.tensor(1.0, dtype=torch.float64)        # no axes
print("float16 + float64, 1-d:", (half + wide_1d).dtype)
print("float16 + float64, 0-d:", (half + wide_0d).dtype)
print("int64 + float64, 0-d  :", (labels + wide_0d).dtype)
print("int64 + 0.5           :", (labels + 0.5).dtype)
print("float16 + 1.0         :", (half + 1.0).dtype)

assert (labels + heights).dtype == torch.float32
assert (big + torch.zeros(1)).item() == 16_777_216.0 != big.item()
assert torch.finfo(torch.float32).eps == 2**-23   # 24 significant bits
assert (half + wide_1d).dtype == torch.float64
assert (half + wide_0d).dtype == torch.float16     # same kind: no widening
assert (labels + wide_0d).dtype == torch.float64   # new kind: its own width
assert (labels + 0.5).dtype == torch.float32 == torch.get_default_dtype()
assert (half + 1.0).dtype == torch.float16
# the same holds for integers: a 0-d int64 does not widen an int32 tensor,
# and a Python int lifts a bool tensor to the default integer, int64
assert (torch.tensor([1, 2], dtype=torch.int32) + torch.tensor(5)).dtype \
    == torch.int32
assert (torch.tensor([True, False]) + 1).dtype == torch.int64
# ANCHOR_END: promotion

# ANCHOR: sizes
dtypes = [torch.bool, torch.float16, torch.float32,
          torch.int64, torch.float64]
for dt in dtypes:
    size = torch.empty(0, dtype=dt).element_size()
    print(f"{str(dt):<14} {size} byte(s) per element")

layer = torch.zeros(768, 768)
print("768 x 768 float32:", layer.numel() * layer.element_size(), "bytes")
billion = 10**9                           # a model with a billion parameters
print(f"10**9 parameters: {billion / layer.numel():,.0f} such matrices, "
      f"{billion * 4 / 2**30:.1f} GiB in float32")

assert [torch.empty(0, dtype=dt).element_size()
        for dt in dtypes] == [1, 2, 4, 8, 8]
assert layer.numel() * layer.element_size() == 768 * 768 * 4 == 2359296
assert 2359296 / 2**20 == 2.25   # MiB
assert round(billion / layer.numel()) == 1695
assert round(billion * 4 / 2**30, 1) == 3.7
# ANCHOR_END: sizes
