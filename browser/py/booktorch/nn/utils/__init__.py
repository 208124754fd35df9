"""``torch.nn.utils``: gradient clipping (:mod:`.clip_grad`) and the parameters as one vector
(:mod:`.convert_parameters`), computed with the same calls torch's Python makes, in the same order, so
the numbers are torch's. The rest of torch.nn.utils (weight_norm, rnn packing, pruning...) stops with
booktorch's "not available in the browser" error."""

from ...registry import namespace as _namespace
from .clip_grad import clip_grad_norm, clip_grad_norm_, clip_grad_value_, clip_grads_with_norm_, get_total_norm
from .convert_parameters import parameters_to_vector, vector_to_parameters

_namespace(__name__)

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_", "get_total_norm",
           "parameters_to_vector", "vector_to_parameters"]
