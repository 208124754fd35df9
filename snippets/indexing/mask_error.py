#| raises: IndexError: The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0
import torch

temps = torch.tensor([[12.5, 31.0, 18.0],
                      [35.5, 22.0, 29.5]])
rainy = torch.tensor([True, False, True])    # one flag per *day*
print(temps[:, rainy])                       # days: axis 1, fine
temps[rainy]                                 # matched against axis 0
