#| raises: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of Sigmoid, is at version 1; expected version 0 instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).
import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
s = torch.sigmoid(x)             # backward needs s itself: s * (1 - s)
print("s saved at version", s._version)
s.mul_(2)                        # changes s in place
print("s is now at version", s._version)
s.sum().backward()
