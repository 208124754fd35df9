"""torch.einsum, built from booktorch's own views, sums, ``mul`` and ``bmm`` as ATen builds it.

The steps are ATen's (``native/Linear.cpp``), so values, errors and the recorded backward graph
(``PermuteBackward0``, ``DiagonalBackward0``, ``SumBackward1``, ``BmmBackward0``, ``ViewBackward0``...)
are torch's:

1. parse the equation into labels per operand (``...`` is one label) and the output;
2. give every label a place: the output's labels first (in the order written, or for an implicit
   output the ellipsis and then the labels seen once, in ``A..Za..z`` order), then the summed ones;
3. per operand, take a diagonal for a repeated label, unsqueeze the labels it lacks and permute it
   into that common order;
4. contract the operands left to right (torch's own order without ``opt_einsum``, which this
   torch does not have): first sum the dims only one side still has, then multiply the pair as
   ``bmm`` of ``(shared, left only, summed) x (shared, summed, right only)``;
5. drop the summed dims (a view) or, for one operand, sum them.
"""

from ..registry import at, function
from ..tensor import Tensor
from ..signatures import type_name

_LETTERS = 26
_ELLIPSIS = 2 * _LETTERS  # the label code of "...": after the 52 letters


def _label_code(byte):
    """'A'..'Z' -> 0..25, 'a'..'z' -> 26..51 (ATen's order, which orders implicit outputs)."""
    return byte - 65 if byte < 97 else byte - 97 + _LETTERS


def _label_text(code):
    return chr(65 + code) if code < _LETTERS else chr(97 + code - _LETTERS)


def _is_letter(byte):
    return 65 <= byte <= 90 or 97 <= byte <= 122


# ------------------------------------------------------------------ the Python wrapper
def _sublist_label(n):
    """One entry of the sublist form: an int in [0, 52) or Ellipsis."""
    if n is Ellipsis:
        return "..."
    if n >= 0 and n < 26:
        return chr(65 + n)
    if n >= 26 and n < 52:
        return chr(97 + n - 26)
    raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")


def _from_sublists(args):
    """``einsum(op1, [0, 1], op2, [1, 2], [0, 2])`` -> ("AB,BC->AC", (op1, op2))."""
    equation = ",".join("".join(_sublist_label(n) for n in labels) for labels in args[1::2])
    if len(args) % 2:
        equation += "->" + "".join(_sublist_label(n) for n in args[-1])
        return equation, args[:-1:2]
    return equation, args[::2]


@function("einsum")
def einsum(*args):
    if len(args) < 2:
        raise ValueError(
            "einsum(): must specify the equation string and at least one operand, "
            "or at least one operand and its subscripts list"
        )
    if isinstance(args[0], Tensor):
        equation, operands = _from_sublists(args)
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])
    if not isinstance(equation, str):
        raise TypeError(f"einsum(): argument 'equation' (position 1) must be str, not {type_name(equation)}")
    for i, op in enumerate(operands):
        if not isinstance(op, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 1, but got {type(op).__name__}")
    return _aten_einsum(equation, list(operands))


# ------------------------------------------------------------------ parsing
def _parse_inputs(lhs, num_ops):
    """The label codes of each operand; ``lhs`` is the equation's UTF-8 bytes before the arrow (ATen
    reads bytes, so its positions in messages count bytes)."""
    op_labels = [[] for _ in range(num_ops)]
    current = 0
    seen_ellipsis = False
    i = 0
    n = len(lhs)
    while i < n:
        byte = lhs[i]
        if byte == 32:  # space
            pass
        elif byte == 46:  # '.'
            if seen_ellipsis:
                raise RuntimeError(f"einsum(): found '.' for operand {current} for which an ellipsis was already found")
            if not (i + 2 < n and lhs[i + 1] == 46 and lhs[i + 2] == 46):
                raise RuntimeError(f"einsum(): found '.' for operand {current} that is not part of any ellipsis")
            i += 2
            op_labels[current].append(_ELLIPSIS)
            seen_ellipsis = True
        elif byte == 44:  # ','
            current += 1
            if current >= num_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
            seen_ellipsis = False
        elif _is_letter(byte):
            op_labels[current].append(_label_code(byte))
        else:
            raise RuntimeError(
                f"einsum(): invalid subscript given at index {i} in the equation string, subscripts must be in [a-zA-Z]"
            )
        i += 1
    if current != num_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    return op_labels


def _count_labels(op_labels, operands):
    """How many operands name each label, and the most dims any ellipsis covers."""
    label_count = [0] * _ELLIPSIS
    ell_num_dim = 0
    for i, (labels, op) in enumerate(zip(op_labels, operands)):
        ndims = op.dim()
        nlabels = len(labels)
        has_ellipsis = _ELLIPSIS in labels
        for code in labels:
            if code == _ELLIPSIS:
                nlabels -= 1
            else:
                label_count[code] += 1
        if has_ellipsis:
            ell_num_dim = max(ell_num_dim, ndims - nlabels)
            if nlabels > ndims:
                raise RuntimeError(
                    f"einsum(): the number of subscripts in the equation ({nlabels}) is more than the number of "
                    f"dimensions ({ndims}) for operand {i}"
                )
        elif nlabels != ndims:
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({nlabels}) does not match the number of "
                f"dimensions ({ndims}) for operand {i} and no ellipsis was given"
            )
    return label_count, ell_num_dim


def _places(rhs, lhs_len, label_count, ell_num_dim):
    """Each label's place in the common order, where the ellipsis dims start, and the output's rank."""
    place = [-1] * _ELLIPSIS
    index = 0
    ell_index = 0
    ell_in_output = False
    if rhs is None:
        index = ell_num_dim
        ell_in_output = True
        for code in range(_ELLIPSIS):
            if label_count[code] == 1:
                place[code] = index
                index += 1
    else:
        i = 0
        n = len(rhs)
        while i < n:
            byte = rhs[i]
            if byte == 32:
                pass
            elif byte == 46:
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < n and rhs[i + 1] == 46 and rhs[i + 2] == 46):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = index
                index += ell_num_dim
                ell_in_output = True
            elif _is_letter(byte):
                code = _label_code(byte)
                if not (label_count[code] > 0 and place[code] == -1):
                    why = (" appears more than once in the output" if place[code] > -1
                           else " does not appear in the equation for any input operand")
                    raise RuntimeError(f"einsum(): output subscript {chr(byte)}{why}")
                place[code] = index
                index += 1
            else:
                raise RuntimeError(
                    f"einsum(): invalid subscript given at index {lhs_len + 2 + i} in the equation string, "
                    "subscripts must be in [a-zA-Z]"
                )
            i += 1
    out_num_dim = index
    if not ell_in_output:
        ell_index = index
        index += ell_num_dim
    for code in range(_ELLIPSIS):
        if label_count[code] > 0 and place[code] == -1:
            place[code] = index
            index += 1
    return place, ell_index, out_num_dim, index


# ------------------------------------------------------------------ aligning the operands
def _align(operands, op_labels, place, ell_index, ell_num_dim, total):
    """Each operand with its diagonals taken, missing labels unsqueezed and permuted into the common
    order; and per place, how many operands have a size other than 1 there."""
    label_size = [1] * _ELLIPSIS
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * total
    aligned = []
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        permutation = [-1] * total
        dim = 0
        for code in labels:
            if code == _ELLIPSIS:
                ndim = operands[i].dim() - (len(labels) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    size = op._shape[dim]
                    if size != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != size:
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {i}has size {size} which "
                                f"does not broadcast with previously seen ellipsis with size {ell_sizes[j]} for the "
                                "respective dimension"
                            )
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[place[code]] == -1:
                size = op._shape[dim]
                if size != 1:
                    if label_size[code] != 1 and label_size[code] != size:
                        raise RuntimeError(
                            f"einsum(): subscript {_label_text(code)} has size {size} for operand {i} which does not "
                            f"broadcast with previously seen size {label_size[code]}"
                        )
                    label_size[code] = size
                    dim_counts[place[code]] += 1
                permutation[place[code]] = dim
                dim += 1
            else:
                # a repeated label: its diagonal, moved to where the label was first seen
                prev = permutation[place[code]]
                if op._shape[dim] != op._shape[prev]:
                    raise RuntimeError(
                        f"einsum(): subscript {_label_text(code)} is repeated for operand {i} but the sizes don't "
                        f"match, {op._shape[dim]} != {op._shape[prev]}"
                    )
                op = at.movedim(at.diagonal(op, 0, prev, dim), (-1,), (prev,))
        for k, val in enumerate(permutation):
            if val == -1:
                op = at.unsqueeze(op, dim)
                permutation[k] = dim
                dim += 1
        aligned.append(at.permute(op, permutation))
    return aligned, dim_counts


# ------------------------------------------------------------------ contracting
def _sumproduct_pair(left, right, sum_dims):
    """``(left * right).sum(sum_dims, keepdim=True)`` as one bmm (ATen's sumproduct_pair)."""
    if not sum_dims:
        return at.mul(left, right)
    summed = set(sum_dims)
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left.dim()):
        sl = left._shape[i] != 1
        sr = right._shape[i] != 1
        if i in summed:
            if sl and sr:
                if left._shape[i] != right._shape[i]:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left._shape[i]
            elif sl:
                left = at.sum(left, i, True)
            elif sr:
                right = at.sum(right, i, True)
        elif sl and sr:
            if left._shape[i] != right._shape[i]:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left._shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left._shape[i]
        else:
            ro.append(i)
            ro_size *= right._shape[i]
    if lo and ro and ro[-1] < lo[0]:
        # the right operand's dims all come first in the output: swapped, bmm writes the result in order
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_size = ([left._shape[d] for d in lro] + [left._shape[d] for d in lo] + [1] * len(sum_dims)
                + [right._shape[d] for d in ro])
    out_order = lro + lo + sum_dims + ro
    operm = [0] * len(out_order)
    for position, d in enumerate(out_order):
        operm[d] = position
    left = at.reshape(at.permute(left, out_order), (lro_size, lo_size, sum_size))
    right = at.reshape(at.permute(right, lro + sum_dims + ro + lo), (lro_size, sum_size, ro_size))
    return at.permute(at.view(at.bmm(left, right), out_size), operm)


def _contract(ops, dim_counts, out_num_dim, total):
    """Multiply the aligned operands left to right, summing each dim as soon as no later operand has it."""
    while len(ops) > 1:
        a, b = ops[0], ops[1]
        del ops[:2]
        sum_dims, a_dims, b_dims = [], [], []
        for d in range(out_num_dim, total):
            in_a = a._shape[d] != 1
            in_b = b._shape[d] != 1
            if in_a and in_b:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if in_a:
                    a_dims.append(d)
                    dim_counts[d] = 0
                elif in_b:
                    b_dims.append(d)
                    dim_counts[d] = 0
        if a_dims:
            a = at.sum(a, a_dims, True)
        if b_dims:
            b = at.sum(b, b_dims, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))
    return ops[0]


def _aten_einsum(equation, operands):
    """ATen's einsum of an equation string and a list of tensors."""
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    raw = equation.encode()
    arrow = raw.find(b"->")
    lhs = raw if arrow < 0 else raw[:arrow]
    rhs = None if arrow < 0 else raw[arrow + 2:]
    op_labels = _parse_inputs(lhs, len(operands))
    label_count, ell_num_dim = _count_labels(op_labels, operands)
    place, ell_index, out_num_dim, total = _places(rhs, len(lhs), label_count, ell_num_dim)
    ops, dim_counts = _align(operands, op_labels, place, ell_index, ell_num_dim, total)
    result = _contract(ops, dim_counts, out_num_dim, total)
    if total > out_num_dim:
        if len(operands) > 1:
            # every summed dim has size 1 by now
            return at.view(result, result._shape[:out_num_dim])
        return at.sum(result, list(range(out_num_dim, total)))
    return result
