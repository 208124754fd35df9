import torch

# ANCHOR: low
temperature = torch.tensor(21.5)                # one number
readings = torch.tensor([21.5, 22.0, 19.75])    # a row of numbers
grid = torch.tensor([[1.0, 2.0, 3.0],
                     [4.0, 5.0, 6.0]])          # rows and columns

for name, t in [("temperature", temperature), ("readings", readings),
                ("grid", grid)]:
    print(f"{name:<12} dim={t.dim()}  ndim={t.ndim}  shape={t.shape}")

assert temperature.dim() == 0 and temperature.shape == ()
assert readings.dim() == 1 and readings.shape == (3,)
assert grid.dim() == 2 and grid.shape == (2, 3)
assert all(t.dim() == t.ndim == len(t.shape)
           for t in (temperature, readings, grid))
# ANCHOR_END: low

# ANCHOR: high
# Rank 3: put two grids side by side along a new, outermost axis.
pair = torch.stack([grid, grid * 10])
print(f"pair    ndim={pair.ndim}  shape={pair.shape}")

# Rank 4: 16 colour images, 3 channels (red, green, blue), 32 x 32 pixels.
images = torch.zeros(16, 3, 32, 32)
print(f"images  ndim={images.ndim}  shape={images.shape}")
print("images[0]   ", images[0].shape)
print("images[0, 1]", images[0, 1].shape)
print("numbers in total:", images.numel())

assert pair.ndim == 3 and pair.shape == (2, 2, 3)
assert images.ndim == 4 and images.shape == (16, 3, 32, 32)
assert images[0].shape == (3, 32, 32)
assert images[0, 1].shape == (32, 32)
assert images.numel() == 16 * 3 * 32 * 32 == 49152
# ANCHOR_END: high
