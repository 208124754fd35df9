import torch

# ANCHOR: max_argmax
# A classifier's scores for 4 photos over 3 classes: cat, dog, bird.
scores = torch.tensor([[ 2.5, 0.3, -1.0],
                       [ 0.1, 1.8,  0.4],
                       [-0.5, 0.2,  3.1],
                       [ 1.2, 1.9,  0.0]])

values, indices = scores.max(1)   # along axis 1: the best class of each row
print("values: ", values)
print("indices:", indices)
print("argmax: ", scores.argmax(1))

assert scores.shape == (4, 3)
assert torch.equal(values, torch.tensor([2.5, 1.8, 3.1, 1.9]))
assert indices.tolist() == [0, 1, 2, 1] and indices.dtype == torch.int64
assert torch.equal(scores.argmax(1), indices)
# ANCHOR_END: max_argmax

# ANCHOR: predictions
names = ["cat", "dog", "bird"]
labels = torch.tensor([0, 1, 2, 0])  # what the photos really show
predicted = scores.argmax(1)
print("predicted:", [names[i] for i in predicted.tolist()])
print("correct:  ", (predicted == labels).tolist())
accuracy = (predicted == labels).float().mean()
print("accuracy: ", accuracy.item())

assert [names[i] for i in predicted.tolist()] == ["cat", "dog", "bird", "dog"]
assert accuracy.item() == 0.75 and int((predicted == labels).sum()) == 3
# photo 3: a cat, called a dog
assert labels[3].item() == 0 and predicted[3].item() == 1
# ANCHOR_END: predictions

# ANCHOR: wrong_axis
# the best photo for each class, not a prediction
print("argmax(0):", scores.argmax(0))
assert scores.argmax(0).shape == (3,)
assert scores.argmax(0).tolist() == [0, 3, 2]
# ANCHOR_END: wrong_axis
