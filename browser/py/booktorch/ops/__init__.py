"""The operations behind Tensor methods and torch functions, one module per family.

Every module here is imported when booktorch is (in name order, which does not matter),
and declares what it provides with :mod:`booktorch.registry`; nothing else needs editing
to add an op.  How an op is written (see ``arithmetic.py`` for ``mul`` and
``MulBackward0``):

1. the forward, registered as a kernel so other ops can call it as ``at.<name>``::

       @kernel
       def mul(a, b):
           out = <compute the values, dtype and layout; booktorch.iterator helps>
           if needs_grad(a, b):
               node = MulBackward0([a, b])        # torch's grad_fn name
               node.save("other", b)              # what the derivative needs
               attach(node, out)
           return out

2. its backward node right below it: ``class MulBackward0(Node)`` with ``_name``,
   ``formulas`` (shown by the tape widget) and ``apply(grad)`` returning one gradient
   per input, computed with ops (``at.mul``...) as torch's derivatives.yaml does;

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
