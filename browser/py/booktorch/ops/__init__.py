"""The operations behind Tensor methods and torch functions, one module per family.

Every module here is imported when booktorch is (in name order, which does not matter),
and declares what it provides with :mod:`booktorch.registry`; nothing else needs editing
to add an op.  How an op is written (see ``arithmetic.py`` for ``mul`` and
``MulBackward0``):

1. the forward, registered as a kernel so other ops can call it as ``at.<name>``; it computes
   the result, then :func:`booktorch.graph.record` records its node (when grad mode is on and
   an input requires grad; a Python number among the inputs takes no gradient)::

       @kernel
       def mul(a, b):
           out = <compute the values, dtype and layout; booktorch.iterator helps>
           record(MulBackward0, (a, b), out, self=a, other=b)   # saved tensors by torch's names
           return out

   an in-place form is usually ``at.inplace(self, mul, other)``, which moves the node onto
   ``self``; a write of its own makes its node with ``graph.make_node`` and gives it to the
   written tensor with ``rebase_history`` (``rebase.py``);

2. its backward node right below it: ``class MulBackward0(Node)`` with ``_name`` (torch's
   grad_fn name), ``saves`` (what its backward reads: ``{"self": 1, "other": 0}`` saves
   ``self`` only when input 1 needs a gradient; a tuple of names saves them always; every
   other keyword of ``record`` is a value, torch's other ``_saved_*``) and ``apply(grad)``
   returning one gradient per input, computed with ops (``at.mul``...) as torch's
   derivatives.yaml does.  Ops of one input whose gradient is one formula of the incoming
   gradient and the input or the output (``exp``: ``grad * result``) take their nodes from a
   table instead (``DERIVATIVES`` in ``unary.py``, made by ``graph.elementwise_nodes``).  How
   the tape widget shows a node in words is ``booktape/formulas.py``'s, by grad_fn name;

3. its public names: ``@method("mul", "multiply")``, ``@function("mul", "multiply")``,
   ``method("__mul__")(...)``, ``prop("T", getter)``, ``export("torch", name=value)``;
   ``function(..., namespace="torch.linalg")`` for another namespace (its module, e.g.
   ``booktorch/linalg.py``, calls ``registry.namespace(__name__)``);

4. a parity program in a ``tests/teaching/test_parity_*.py`` CELLS dict that prints what
   each new name does (values, dtype, strides, errors) under torch and booktorch; the
   surface test (``tests/teaching/test_surface_coverage.py``) fails until every new name
   is exercised by one.

Op modules import only booktorch's core modules (tensor, dtypes, shape, iterator, graph,
registry...), never each other: another op is reached through ``at`` when it runs.
"""
