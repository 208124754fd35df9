"""``torch.distributions``: ``Distribution``, ``Categorical`` and ``Multinomial``.

Written as torch's own Python is (``torch/distributions/*.py``), on booktorch's public ops, so they
validate, print, sample and round as torch does: :mod:`.constraints` (the argument and support checks and
their reprs), :mod:`.distribution` (the base class and the probability/logit helpers),
:mod:`.categorical` and :mod:`.multinomial`. Sampling goes through ``torch.multinomial``, so a seed gives
torch's samples. Every other distribution raises booktorch's "not available in the browser" error.
"""

from ..registry import namespace as _namespace

_namespace(__name__)
