import torch

# ANCHOR: which
x = torch.zeros(1000, 1000)                 # a million float32 numbers
row = torch.arange(1000.0)                  # one row of a thousand

results = {
    "x.view(100, 10000)": x.view(100, 10000),
    "x.T": x.T,
    "x.T.contiguous()": x.T.contiguous(),
    "row.expand(1000, 1000)": row.expand(1000, 1000),
}
for text, t in results.items():
    same = t.untyped_storage().data_ptr() in (x.data_ptr(), row.data_ptr())
    size = t.untyped_storage().nbytes()
    print(f"{text:23s} {str(list(t.shape)):13s}"
          f" {'shared' if same else 'NEW   '} storage, {size:>9,} bytes")

assert [r.untyped_storage().data_ptr() in (x.data_ptr(), row.data_ptr())
        for r in results.values()] == [True, True, False, True]
assert results["row.expand(1000, 1000)"].untyped_storage().nbytes() == 4000
# ANCHOR_END: which
