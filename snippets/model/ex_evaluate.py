#| hint: Two switches are involved. model.eval() makes Dropout pass everything through; torch.inference_mode() stops the tape from being recorded. Neither one does the other's job.
# ANCHOR: task
import torch

def evaluate(model, x, y):
    scores = model(x)
    accuracy = (scores.argmax(1) == y).float().mean().item()
    return scores, accuracy
# ANCHOR_END: task
# ANCHOR: solution
import torch

def evaluate(model, x, y):
    model.eval()
    with torch.inference_mode():
        scores = model(x)
    accuracy = (scores.argmax(1) == y).float().mean().item()
    return scores, accuracy
# ANCHOR_END: solution
# ANCHOR: wrong
import torch

def evaluate(model, x, y):
    with torch.inference_mode():
        scores = model(x)
    accuracy = (scores.argmax(1) == y).float().mean().item()
    return scores, accuracy
# ANCHOR_END: wrong
# ANCHOR: check
from torch import nn
from bookcheck import expect_close, expect_true

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Dropout(0.5),
                      nn.Linear(16, 3))
x = torch.randn(40, 2)
y = torch.arange(40) % 3
answers = [evaluate(model.train(), x, y)[1] for _ in range(3)]
expect_true(len(set(answers)) == 1,
            f"three calls on the same model gave accuracies "
            f"{[round(a, 4) for a in answers]}: "
            "Dropout is still switching units off at random. Put the model "
            "in evaluation mode inside evaluate.")
model.eval()
with torch.no_grad():
    truth = (model(x).argmax(1) == y).float().mean().item()
expect_close("the accuracy", answers[0], truth)
scores, _ = evaluate(model, x, y)
expect_true(not scores.requires_grad,
            "the scores require grad, so evaluate recorded a tape it will "
            "never use: compute them inside torch.inference_mode().")
# ANCHOR_END: check
