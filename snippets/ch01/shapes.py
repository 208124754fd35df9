import torch

# ANCHOR: reading
torch.manual_seed(0)
# token vectors [768], stacked 3 per review [3, 768], 8 reviews [8, 3, 768]
x = torch.randn(8, 3, 768)
print(x.shape)

reviews, tokens, features = x.shape
print(f"{reviews} reviews x {tokens} tokens x {features} features")
print("last axis:", x.shape[-1], "| elements:", x.numel())

pieces = list(x)             # a loop over a tensor runs along axis 0
print(len(pieces), "pieces of", tuple(pieces[0].shape), "| each holds",
      len(list(pieces[0])), "of", tuple(list(pieces[0])[0].shape))

assert x.shape == (8, 3, 768)
assert (reviews, tokens, features) == (8, 3, 768)
assert x.shape[-1] == x.size(2) == 768
assert x.numel() == 8 * 3 * 768 == 18432
assert len(pieces) == 8 and pieces[0].shape == (3, 768)
assert torch.equal(pieces[5], x[5]) and list(pieces[0])[0].shape == (768,)
# ANCHOR_END: reading

# ANCHOR: indexing
review = x[5]           # fix axis 0            -> [tokens, features]
token = x[5, 2]         # fix axes 0 and 1      -> [features]
value = x[5, 2, 100]    # fix all three axes    -> a scalar
first_tokens = x[:, 0]  # keep axis 0, fix axis 1 -> [reviews, features]

print("x[5]        ", review.shape)
print("x[5, 2]     ", token.shape)
print("x[5, 2, 100]", value.shape)
print("x[:, 0]     ", first_tokens.shape)

assert review.shape == (3, 768)
assert token.shape == (768,)
assert value.shape == () and value.ndim == 0
assert first_tokens.shape == (8, 768)
# ANCHOR_END: indexing
