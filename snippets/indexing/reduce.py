import torch

# ANCHOR: axes
# Minutes of exercise: 3 people (rows) over 4 days (columns).
minutes = torch.tensor([[30., 0., 45., 15.],
                        [10., 20., 10., 20.],
                        [60., 30., 0., 30.]])

print("minutes.shape      :", tuple(minutes.shape))
print("sum()              :", minutes.sum())
print("sum(dim=0), per day:", minutes.sum(dim=0))
print("sum(dim=1), per one:", minutes.sum(dim=1))
print("shapes             :", tuple(minutes.sum(dim=0).shape),
      tuple(minutes.sum(dim=1).shape))

assert minutes.sum().shape == () and minutes.sum().item() == 270
assert minutes.sum(dim=0).tolist() == [100., 50., 55., 65.]
assert minutes.sum(dim=1).tolist() == [90., 60., 120.]
assert minutes.sum(dim=0).shape == (4,) and minutes.sum(dim=1).shape == (3,)
assert torch.equal(minutes.sum(dim=-1), minutes.sum(dim=1))
# ANCHOR_END: axes

# ANCHOR: others
print("mean(dim=1):", minutes.mean(dim=1))
best, day = minutes.max(dim=1)            # two tensors, one per person
print("max(dim=1) :", best, day)
print("sum(dim=(0, 1)):", minutes.sum(dim=(0, 1)))
try:
    torch.tensor([1, 2]).mean()          # int64: the mean is refused
except RuntimeError as err:
    print("RuntimeError:", err)
    refused = str(err)

assert minutes.mean(dim=1).tolist() == [22.5, 15.0, 30.0]
assert best.tolist() == [45., 20., 60.] and day.tolist() == [2, 1, 0]
assert minutes.sum(dim=(0, 1)).item() == minutes.sum().item()
assert refused.startswith("mean(): could not infer output dtype")
assert torch.tensor([1, 2]).float().mean().item() == 1.5
# ANCHOR_END: others

# ANCHOR: keepdim
per_person = minutes.sum(dim=1, keepdim=True)
print("keepdim=True :", tuple(per_person.shape))
print(per_person)
share = minutes / per_person              # [3, 4] / [3, 1]
print("share of each person's week, in percent:")
print((share * 100).round())
print("rows of share sum to:", share.sum(dim=1))

assert per_person.shape == (3, 1)
assert torch.allclose(share.sum(dim=1), torch.ones(3))
assert round(share[0, 2].item(), 3) == 0.5     # 45 of 90 minutes
# ANCHOR_END: keepdim

# ANCHOR: pooling
torch.manual_seed(0)
tokens = torch.randn(8, 3, 768)          # [reviews, tokens, features]
pooled = tokens.mean(dim=1)              # average the 3 tokens of each
print("mean over the token axis:", tuple(pooled.shape))
print("keepdim=True            :",
      tuple(tokens.mean(dim=1, keepdim=True).shape))

assert pooled.shape == (8, 768)
assert torch.allclose(pooled[5], (tokens[5, 0] + tokens[5, 1]
                                  + tokens[5, 2]) / 3, atol=1e-6)
# ANCHOR_END: pooling
