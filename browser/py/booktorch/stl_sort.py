"""libstdc++'s ``std::sort``, ``std::nth_element`` and ``std::partial_sort``, step for step.

torch's CPU ``topk`` and ``mode`` call these unstable algorithms, so which of several equal
values comes first (the index torch reports) is decided by their exact sequence of swaps:
introsort (median-of-three pivot, heapsort fallback, insertion sort below 16 elements),
introselect and heap-select.  Each function works in place on a list with a strict-weak-order
``less(a, b)`` on its elements.
"""

_THRESHOLD = 16


def _lg(n):
    return n.bit_length() - 1


def _insertion_sort(v, first, last, less):
    if first == last:
        return
    for i in range(first + 1, last):
        value = v[i]
        if less(value, v[first]):
            v[first + 1:i + 1] = v[first:i]
            v[first] = value
        else:
            _unguarded_linear_insert(v, i, less)


def _unguarded_linear_insert(v, last, less):
    value = v[last]
    nxt = last - 1
    while less(value, v[nxt]):
        v[last] = v[nxt]
        last = nxt
        nxt -= 1
    v[last] = value


def _move_median_to_first(v, result, a, b, c, less):
    if less(v[a], v[b]):
        if less(v[b], v[c]):
            v[result], v[b] = v[b], v[result]
        elif less(v[a], v[c]):
            v[result], v[c] = v[c], v[result]
        else:
            v[result], v[a] = v[a], v[result]
    elif less(v[a], v[c]):
        v[result], v[a] = v[a], v[result]
    elif less(v[b], v[c]):
        v[result], v[c] = v[c], v[result]
    else:
        v[result], v[b] = v[b], v[result]


def _unguarded_partition(v, first, last, pivot, less):
    while True:
        while less(v[first], v[pivot]):
            first += 1
        last -= 1
        while less(v[pivot], v[last]):
            last -= 1
        if not first < last:
            return first
        v[first], v[last] = v[last], v[first]
        first += 1


def _unguarded_partition_pivot(v, first, last, less):
    mid = first + (last - first) // 2
    _move_median_to_first(v, first, first + 1, mid, last - 1, less)
    return _unguarded_partition(v, first + 1, last, first, less)


def _adjust_heap(v, first, hole, length, value, less):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(v[first + child], v[first + child - 1]):
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(v[first + parent], value):
        v[first + hole] = v[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    v[first + hole] = value


def _make_heap(v, first, last, less):
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(v, first, parent, length, v[first + parent], less)
        if parent == 0:
            return
        parent -= 1


def _pop_heap(v, first, last, result, less):
    value = v[result]
    v[result] = v[first]
    _adjust_heap(v, first, 0, last - first, value, less)


def _heap_select(v, first, middle, last, less):
    _make_heap(v, first, middle, less)
    for i in range(middle, last):
        if less(v[i], v[first]):
            _pop_heap(v, first, middle, i, less)


def _sort_heap(v, first, last, less):
    while last - first > 1:
        last -= 1
        _pop_heap(v, first, last, last, less)


def partial_sort(v, first, middle, last, less):
    """std::partial_sort(first, middle, last)."""
    _heap_select(v, first, middle, last, less)
    _sort_heap(v, first, middle, less)


def _introsort_loop(v, first, last, depth, less):
    while last - first > _THRESHOLD:
        if depth == 0:
            partial_sort(v, first, last, last, less)
            return
        depth -= 1
        cut = _unguarded_partition_pivot(v, first, last, less)
        _introsort_loop(v, cut, last, depth, less)
        last = cut


def sort(v, first, last, less):
    """std::sort(first, last)."""
    if first == last:
        return
    _introsort_loop(v, first, last, _lg(last - first) * 2, less)
    if last - first > _THRESHOLD:
        _insertion_sort(v, first, first + _THRESHOLD, less)
        for i in range(first + _THRESHOLD, last):
            _unguarded_linear_insert(v, i, less)
    else:
        _insertion_sort(v, first, last, less)


def nth_element(v, first, nth, last, less):
    """std::nth_element(first, nth, last)."""
    if first == last or nth == last:
        return
    depth = _lg(last - first) * 2
    while last - first > 3:
        if depth == 0:
            _heap_select(v, first, nth + 1, last, less)
            v[first], v[nth] = v[nth], v[first]
            return
        depth -= 1
        cut = _unguarded_partition_pivot(v, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(v, first, last, less)
