"""``torch.optim``: ``Optimizer`` (:mod:`.optimizer`), ``SGD`` (:mod:`.sgd`), ``Adam`` and ``AdamW``
(:mod:`.adam`), and the namespace ``torch.optim.lr_scheduler`` (:mod:`.lr_scheduler`).

The update rules are torch's single-tensor CPU implementations (``_single_tensor_sgd``,
``_single_tensor_adam``) computed on the parameters' values with the rounding torch's kernels
have (:mod:`.updates`), so parameters after N steps are torch's.
"""

from ..registry import namespace as _namespace

_namespace(__name__)
