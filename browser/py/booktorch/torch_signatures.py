"""torch 2.13.0's argument-parser signatures for the names booktorch provides.

Written by tools/torch_signatures.py from torchgen's output; do not edit by hand. Read by
booktorch/surface.py and booktorch/binding.py (the parser is booktorch/signatures.py).
"""

METHODS = {
    'add': (
        'add(Scalar alpha, Tensor other)|deprecated',
        'add(Tensor other, *, Scalar alpha=1)',
    ),
    'add_': (
        'add_(Scalar alpha, Tensor other)|deprecated',
        'add_(Tensor other, *, Scalar alpha=1)',
    ),
    'addcdiv': (
        'addcdiv(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
        'addcdiv(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
    ),
    'addcdiv_': (
        'addcdiv_(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
        'addcdiv_(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
    ),
    'addcmul': (
        'addcmul(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
        'addcmul(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
    ),
    'addcmul_': (
        'addcmul_(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
        'addcmul_(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
    ),
    'all': (
        'all()',
        'all(IntArrayRef? dim=None, bool keepdim=False)',
        'all(int64_t dim, bool keepdim=False)',
    ),
    'allclose': (
        'allclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ),
    'amax': (
        'amax(IntArrayRef[1] dim=None, bool keepdim=False)',
    ),
    'amin': (
        'amin(IntArrayRef[1] dim=None, bool keepdim=False)',
    ),
    'any': (
        'any()',
        'any(IntArrayRef? dim=None, bool keepdim=False)',
        'any(int64_t dim, bool keepdim=False)',
    ),
    'arctan2': (
        'arctan2(Tensor other)',
    ),
    'arctan2_': (
        'arctan2_(Tensor other)',
    ),
    'argmax': (
        'argmax(int64_t? dim=None, bool keepdim=False)',
    ),
    'argmin': (
        'argmin(int64_t? dim=None, bool keepdim=False)',
    ),
    'argsort': (
        'argsort(*, bool stable, int64_t dim=-1, bool descending=False)',
        'argsort(int64_t dim=-1, bool descending=False)',
    ),
    'as_strided': (
        'as_strided(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ),
    'as_strided_': (
        'as_strided_(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ),
    'atan2': (
        'atan2(Tensor other)',
    ),
    'atan2_': (
        'atan2_(Tensor other)',
    ),
    'bernoulli': (
        'bernoulli(*, Generator? generator=None)',
        'bernoulli(double p, *, Generator? generator=None)',
    ),
    'bernoulli_': (
        'bernoulli_(Tensor p, *, Generator? generator=None)',
        'bernoulli_(double p=0.5, *, Generator? generator=None)',
    ),
    'bfloat16': (
        'bfloat16(*, MemoryFormat? memory_format=None)',
    ),
    'bitwise_and': (
        'bitwise_and(Tensor other)',
        'bitwise_and(Scalar other)',
    ),
    'bitwise_and_': (
        'bitwise_and_(Tensor other)',
        'bitwise_and_(Scalar other)',
    ),
    'bitwise_left_shift': (
        'bitwise_left_shift(Tensor other)',
        'bitwise_left_shift(Scalar other)',
    ),
    'bitwise_left_shift_': (
        'bitwise_left_shift_(Tensor other)',
        'bitwise_left_shift_(Scalar other)',
    ),
    'bitwise_or': (
        'bitwise_or(Tensor other)',
        'bitwise_or(Scalar other)',
    ),
    'bitwise_or_': (
        'bitwise_or_(Tensor other)',
        'bitwise_or_(Scalar other)',
    ),
    'bitwise_right_shift': (
        'bitwise_right_shift(Tensor other)',
        'bitwise_right_shift(Scalar other)',
    ),
    'bitwise_right_shift_': (
        'bitwise_right_shift_(Tensor other)',
        'bitwise_right_shift_(Scalar other)',
    ),
    'bitwise_xor': (
        'bitwise_xor(Tensor other)',
        'bitwise_xor(Scalar other)',
    ),
    'bitwise_xor_': (
        'bitwise_xor_(Tensor other)',
        'bitwise_xor_(Scalar other)',
    ),
    'bmm': (
        'bmm(Tensor mat2)',
    ),
    'bool': (
        'bool(*, MemoryFormat? memory_format=None)',
    ),
    'byte': (
        'byte(*, MemoryFormat? memory_format=None)',
    ),
    'char': (
        'char(*, MemoryFormat? memory_format=None)',
    ),
    'chunk': (
        'chunk(int64_t chunks, int64_t dim=0)',
    ),
    'clamp': (
        'clamp(Tensor? min=None, Tensor? max=None)',
        'clamp(Scalar? min=None, Scalar? max=None)',
    ),
    'clamp_': (
        'clamp_(Tensor? min=None, Tensor? max=None)',
        'clamp_(Scalar? min=None, Scalar? max=None)',
    ),
    'clamp_max': (
        'clamp_max(Tensor max)',
        'clamp_max(Scalar max)',
    ),
    'clamp_max_': (
        'clamp_max_(Tensor max)',
        'clamp_max_(Scalar max)',
    ),
    'clamp_min': (
        'clamp_min(Tensor min)',
        'clamp_min(Scalar min)',
    ),
    'clamp_min_': (
        'clamp_min_(Tensor min)',
        'clamp_min_(Scalar min)',
    ),
    'clip': (
        'clip(Tensor? min=None, Tensor? max=None)',
        'clip(Scalar? min=None, Scalar? max=None)',
    ),
    'clip_': (
        'clip_(Tensor? min=None, Tensor? max=None)',
        'clip_(Scalar? min=None, Scalar? max=None)',
    ),
    'clone': (
        'clone(*, MemoryFormat? memory_format=None)',
    ),
    'contiguous': (
        'contiguous(*, MemoryFormat memory_format=contiguous_format)',
    ),
    'copy_': (
        'copy_(Tensor other, bool non_blocking=False)',
        'copy_(Tensor other, bool async=False)|deprecated',
    ),
    'copysign': (
        'copysign(Tensor other)',
        'copysign(Scalar other)',
    ),
    'copysign_': (
        'copysign_(Tensor other)',
        'copysign_(Scalar other)',
    ),
    'count_nonzero': (
        'count_nonzero(int64_t? dim=None)',
        'count_nonzero(IntArrayRef dim)',
    ),
    'cpu': (
        'cpu(*, MemoryFormat? memory_format=None)',
    ),
    'cuda': (
        'cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)',
        'cuda(Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated',
    ),
    'cumprod': (
        'cumprod(int64_t dim, *, ScalarType? dtype=None)',
    ),
    'cumprod_': (
        'cumprod_(int64_t dim, *, ScalarType? dtype=None)',
    ),
    'cumsum': (
        'cumsum(int64_t dim, *, ScalarType? dtype=None)',
    ),
    'cumsum_': (
        'cumsum_(int64_t dim, *, ScalarType? dtype=None)',
    ),
    'diag': (
        'diag(int64_t diagonal=0)',
    ),
    'diagonal': (
        'diagonal(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ),
    'div': (
        'div(Tensor other)',
        'div(Tensor other, *, c10::string_view? rounding_mode)',
        'div(Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'div_': (
        'div_(Tensor other)',
        'div_(Tensor other, *, c10::string_view? rounding_mode)',
        'div_(Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'divide': (
        'divide(Tensor other)',
        'divide(Tensor other, *, c10::string_view? rounding_mode)',
        'divide(Scalar other)',
        'divide(Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'divide_': (
        'divide_(Tensor other)',
        'divide_(Tensor other, *, c10::string_view? rounding_mode)',
        'divide_(Scalar other)',
        'divide_(Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'dot': (
        'dot(Tensor tensor)',
    ),
    'double': (
        'double(*, MemoryFormat? memory_format=None)',
    ),
    'dsplit': (
        'dsplit(int64_t sections)',
        'dsplit(IntArrayRef indices)',
    ),
    'eq': (
        'eq(Tensor other)',
        'eq(Scalar other)',
    ),
    'eq_': (
        'eq_(Tensor other)',
        'eq_(Scalar other)',
    ),
    'equal': (
        'equal(Tensor other)',
    ),
    'expand': (
        'expand(SymIntArrayRef size, *, bool implicit=False)',
    ),
    'expand_as': (
        'expand_as(Tensor other)',
    ),
    'fill_': (
        'fill_(Tensor value)',
        'fill_(Scalar value)',
    ),
    'flatten': (
        'flatten(int64_t start_dim=0, int64_t end_dim=-1)',
    ),
    'flip': (
        'flip(IntArrayRef dims)',
    ),
    'float': (
        'float(*, MemoryFormat? memory_format=None)',
    ),
    'float_power': (
        'float_power(Tensor exponent)',
        'float_power(Scalar exponent)',
    ),
    'float_power_': (
        'float_power_(Tensor exponent)',
        'float_power_(Scalar exponent)',
    ),
    'floor_divide': (
        'floor_divide(Tensor other)',
        'floor_divide(Scalar other)',
    ),
    'floor_divide_': (
        'floor_divide_(Tensor other)',
        'floor_divide_(Scalar other)',
    ),
    'fmax': (
        'fmax(Tensor other)',
    ),
    'fmin': (
        'fmin(Tensor other)',
    ),
    'fmod': (
        'fmod(Tensor other)',
        'fmod(Scalar other)',
    ),
    'fmod_': (
        'fmod_(Tensor other)',
        'fmod_(Scalar other)',
    ),
    'gather': (
        'gather(int64_t dim, Tensor index, *, bool sparse_grad=False)',
    ),
    'gcd': (
        'gcd(Tensor other)',
    ),
    'gcd_': (
        'gcd_(Tensor other)',
    ),
    'ge': (
        'ge(Tensor other)',
        'ge(Scalar other)',
    ),
    'ge_': (
        'ge_(Tensor other)',
        'ge_(Scalar other)',
    ),
    'greater': (
        'greater(Tensor other)',
        'greater(Scalar other)',
    ),
    'greater_': (
        'greater_(Tensor other)',
        'greater_(Scalar other)',
    ),
    'greater_equal': (
        'greater_equal(Tensor other)',
        'greater_equal(Scalar other)',
    ),
    'greater_equal_': (
        'greater_equal_(Tensor other)',
        'greater_equal_(Scalar other)',
    ),
    'gt': (
        'gt(Tensor other)',
        'gt(Scalar other)',
    ),
    'gt_': (
        'gt_(Tensor other)',
        'gt_(Scalar other)',
    ),
    'half': (
        'half(*, MemoryFormat? memory_format=None)',
    ),
    'heaviside': (
        'heaviside(Tensor values)',
    ),
    'heaviside_': (
        'heaviside_(Tensor values)',
    ),
    'hsplit': (
        'hsplit(int64_t sections)',
        'hsplit(IntArrayRef indices)',
    ),
    'hypot': (
        'hypot(Tensor other)',
    ),
    'hypot_': (
        'hypot_(Tensor other)',
    ),
    'index_add': (
        'index_add(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)',
    ),
    'index_add_': (
        'index_add_(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)',
    ),
    'index_copy': (
        'index_copy(int64_t dim, Tensor index, Tensor source)',
    ),
    'index_copy_': (
        'index_copy_(int64_t dim, Tensor index, Tensor source)',
    ),
    'index_fill': (
        'index_fill(int64_t dim, Tensor index, Tensor value)',
        'index_fill(int64_t dim, Tensor index, Scalar value)',
    ),
    'index_fill_': (
        'index_fill_(int64_t dim, Tensor index, Tensor value)',
        'index_fill_(int64_t dim, Tensor index, Scalar value)',
    ),
    'index_put': (
        'index_put(c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ),
    'index_put_': (
        'index_put_(c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ),
    'index_select': (
        'index_select(int64_t dim, Tensor index)',
    ),
    'int': (
        'int(*, MemoryFormat? memory_format=None)',
    ),
    'is_contiguous': (
        'is_contiguous(*, MemoryFormat memory_format=contiguous_format)',
    ),
    'isclose': (
        'isclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ),
    'lcm': (
        'lcm(Tensor other)',
    ),
    'lcm_': (
        'lcm_(Tensor other)',
    ),
    'ldexp': (
        'ldexp(Tensor other)',
    ),
    'ldexp_': (
        'ldexp_(Tensor other)',
    ),
    'le': (
        'le(Tensor other)',
        'le(Scalar other)',
    ),
    'le_': (
        'le_(Tensor other)',
        'le_(Scalar other)',
    ),
    'lerp': (
        'lerp(Tensor end, Tensor weight)',
        'lerp(Tensor end, Scalar weight)',
    ),
    'lerp_': (
        'lerp_(Tensor end, Tensor weight)',
        'lerp_(Tensor end, Scalar weight)',
    ),
    'less': (
        'less(Tensor other)',
        'less(Scalar other)',
    ),
    'less_': (
        'less_(Tensor other)',
        'less_(Scalar other)',
    ),
    'less_equal': (
        'less_equal(Tensor other)',
        'less_equal(Scalar other)',
    ),
    'less_equal_': (
        'less_equal_(Tensor other)',
        'less_equal_(Scalar other)',
    ),
    'log_softmax': (
        'log_softmax(int64_t dim, ScalarType? dtype=None)',
    ),
    'logaddexp': (
        'logaddexp(Tensor other)',
    ),
    'logaddexp2': (
        'logaddexp2(Tensor other)',
    ),
    'logical_and': (
        'logical_and(Tensor other)',
    ),
    'logical_and_': (
        'logical_and_(Tensor other)',
    ),
    'logical_or': (
        'logical_or(Tensor other)',
    ),
    'logical_or_': (
        'logical_or_(Tensor other)',
    ),
    'logical_xor': (
        'logical_xor(Tensor other)',
    ),
    'logical_xor_': (
        'logical_xor_(Tensor other)',
    ),
    'logsumexp': (
        'logsumexp(IntArrayRef[1] dim, bool keepdim=False)',
    ),
    'long': (
        'long(*, MemoryFormat? memory_format=None)',
    ),
    'lt': (
        'lt(Tensor other)',
        'lt(Scalar other)',
    ),
    'lt_': (
        'lt_(Tensor other)',
        'lt_(Scalar other)',
    ),
    'masked_fill': (
        'masked_fill(Tensor mask, Tensor value)',
        'masked_fill(Tensor mask, Scalar value)',
    ),
    'masked_fill_': (
        'masked_fill_(Tensor mask, Tensor value)',
        'masked_fill_(Tensor mask, Scalar value)',
    ),
    'masked_scatter': (
        'masked_scatter(Tensor mask, Tensor source)',
    ),
    'masked_scatter_': (
        'masked_scatter_(Tensor mask, Tensor source)',
    ),
    'masked_select': (
        'masked_select(Tensor mask)',
    ),
    'matmul': (
        'matmul(Tensor other)',
    ),
    'max': (
        'max()',
        'max(Tensor other)',
        'max(int64_t dim, bool keepdim=False)',
    ),
    'maximum': (
        'maximum(Tensor other)',
    ),
    'mean': (
        'mean(*, ScalarType? dtype=None)',
        'mean(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ),
    'median': (
        'median()',
        'median(int64_t dim, bool keepdim=False)',
    ),
    'min': (
        'min()',
        'min(Tensor other)',
        'min(int64_t dim, bool keepdim=False)',
    ),
    'minimum': (
        'minimum(Tensor other)',
    ),
    'mm': (
        'mm(Tensor mat2)',
    ),
    'mode': (
        'mode(int64_t dim=-1, bool keepdim=False)',
    ),
    'moveaxis': (
        'moveaxis(int64_t source, int64_t destination)',
        'moveaxis(IntArrayRef source, IntArrayRef destination)',
    ),
    'movedim': (
        'movedim(int64_t source, int64_t destination)',
        'movedim(IntArrayRef source, IntArrayRef destination)',
    ),
    'mul': (
        'mul(Tensor other)',
    ),
    'mul_': (
        'mul_(Tensor other)',
    ),
    'multinomial': (
        'multinomial(SymInt num_samples, bool replacement=False, *, Generator? generator=None)',
    ),
    'multiply': (
        'multiply(Tensor other)',
        'multiply(Scalar other)',
    ),
    'multiply_': (
        'multiply_(Tensor other)',
        'multiply_(Scalar other)',
    ),
    'mv': (
        'mv(Tensor vec)',
    ),
    'nan_to_num': (
        'nan_to_num(double? nan=None, double? posinf=None, double? neginf=None)',
    ),
    'nan_to_num_': (
        'nan_to_num_(double? nan=None, double? posinf=None, double? neginf=None)',
    ),
    'nanmedian': (
        'nanmedian()',
        'nanmedian(int64_t dim, bool keepdim=False)',
    ),
    'narrow': (
        'narrow(int64_t dim, Tensor start, SymInt length)',
        'narrow(int64_t dim, SymInt start, SymInt length)',
    ),
    'ne': (
        'ne(Tensor other)',
        'ne(Scalar other)',
    ),
    'ne_': (
        'ne_(Tensor other)',
        'ne_(Scalar other)',
    ),
    'new_empty': (
        'new_empty(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'new_empty_strided': (
        'new_empty_strided(SymIntArrayRef size, SymIntArrayRef stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'new_full': (
        'new_full(SymIntArrayRef size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'new_ones': (
        'new_ones(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'new_zeros': (
        'new_zeros(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'nextafter': (
        'nextafter(Tensor other)',
    ),
    'nextafter_': (
        'nextafter_(Tensor other)',
    ),
    'nonzero': (
        'nonzero()',
        'nonzero(*, bool as_tuple)',
    ),
    'normal_': (
        'normal_(double mean=0, double std=1, *, Generator? generator=None)',
    ),
    'not_equal': (
        'not_equal(Tensor other)',
        'not_equal(Scalar other)',
    ),
    'not_equal_': (
        'not_equal_(Tensor other)',
        'not_equal_(Scalar other)',
    ),
    'numpy': (
        'numpy(*, bool force=False)',
    ),
    'outer': (
        'outer(Tensor vec2)',
    ),
    'permute': (
        'permute(IntArrayRef dims)',
    ),
    'polygamma': (
        'polygamma(int64_t n)',
    ),
    'polygamma_': (
        'polygamma_(int64_t n)',
    ),
    'pow': (
        'pow(Tensor exponent)',
        'pow(Scalar exponent)',
    ),
    'pow_': (
        'pow_(Tensor exponent)',
        'pow_(Scalar exponent)',
    ),
    'prod': (
        'prod(*, ScalarType? dtype=None)',
        'prod(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ),
    'put': (
        'put(Tensor index, Tensor source, bool accumulate=False)',
    ),
    'put_': (
        'put_(Tensor index, Tensor source, bool accumulate=False)',
    ),
    'random_': (
        'random_(*, Generator? generator=None)',
        'random_(int64_t from, int64_t? to, *, Generator? generator=None)',
        'random_(int64_t to, *, Generator? generator=None)',
    ),
    'remainder': (
        'remainder(Tensor other)',
        'remainder(Scalar other)',
    ),
    'remainder_': (
        'remainder_(Tensor other)',
        'remainder_(Scalar other)',
    ),
    'repeat': (
        'repeat(SymIntArrayRef repeats)',
    ),
    'repeat_interleave': (
        'repeat_interleave(Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)',
        'repeat_interleave(SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)',
    ),
    'requires_grad_': (
        'requires_grad_(bool requires_grad=True)',
    ),
    'reshape': (
        'reshape(SymIntArrayRef shape)',
    ),
    'reshape_as': (
        'reshape_as(Tensor other)',
    ),
    'resize_': (
        'resize_(SymIntArrayRef size, *, MemoryFormat? memory_format=None)',
    ),
    'resize_as_': (
        'resize_as_(Tensor the_template, *, MemoryFormat? memory_format=None)',
    ),
    'roll': (
        'roll(SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)',
    ),
    'round': (
        'round()',
        'round(*, int64_t decimals)',
    ),
    'round_': (
        'round_()',
        'round_(*, int64_t decimals)',
    ),
    'scatter': (
        'scatter(int64_t dim, Tensor index, Tensor src)',
        'scatter(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)',
        'scatter(int64_t dim, Tensor index, Scalar value)',
        'scatter(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)',
    ),
    'scatter_': (
        'scatter_(int64_t dim, Tensor index, Tensor src)',
        'scatter_(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)',
        'scatter_(int64_t dim, Tensor index, Scalar value)',
        'scatter_(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)',
    ),
    'scatter_add': (
        'scatter_add(int64_t dim, Tensor index, Tensor src)',
    ),
    'scatter_add_': (
        'scatter_add_(int64_t dim, Tensor index, Tensor src)',
    ),
    'select': (
        'select(int64_t dim, SymInt index)',
    ),
    'short': (
        'short(*, MemoryFormat? memory_format=None)',
    ),
    'size': (
        'size(int64_t? dim=None)',
    ),
    'softmax': (
        'softmax(int64_t dim, ScalarType? dtype=None)',
    ),
    'sort': (
        'sort(*, bool? stable, int64_t dim=-1, bool descending=False)',
        'sort(int64_t dim=-1, bool descending=False)',
    ),
    'split_with_sizes': (
        'split_with_sizes(SymIntArrayRef split_sizes, int64_t dim=0)',
    ),
    'squeeze': (
        'squeeze()',
        'squeeze(int64_t dim)',
        'squeeze(IntArrayRef dim)',
    ),
    'squeeze_': (
        'squeeze_()',
        'squeeze_(int64_t dim)',
        'squeeze_(IntArrayRef dim)',
    ),
    'std': (
        'std(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        'std(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        'std(bool unbiased=True)',
    ),
    'stride': (
        'stride(int64_t? dim=None)',
    ),
    'sub': (
        'sub(Scalar alpha, Tensor other)|deprecated',
        'sub(Tensor other, *, Scalar alpha=1)',
    ),
    'sub_': (
        'sub_(Scalar alpha, Tensor other)|deprecated',
        'sub_(Tensor other, *, Scalar alpha=1)',
    ),
    'subtract': (
        'subtract(Tensor other, *, Scalar alpha=1)',
        'subtract(Scalar other, Scalar alpha=1)',
    ),
    'subtract_': (
        'subtract_(Tensor other, *, Scalar alpha=1)',
        'subtract_(Scalar other, Scalar alpha=1)',
    ),
    'sum': (
        'sum(*, ScalarType? dtype=None)',
        'sum(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ),
    'swapaxes': (
        'swapaxes(int64_t axis0, int64_t axis1)',
    ),
    'swapaxes_': (
        'swapaxes_(int64_t axis0, int64_t axis1)',
    ),
    'swapdims': (
        'swapdims(int64_t dim0, int64_t dim1)',
    ),
    'swapdims_': (
        'swapdims_(int64_t dim0, int64_t dim1)',
    ),
    'take': (
        'take(Tensor index)',
    ),
    'take_along_dim': (
        'take_along_dim(Tensor indices, int64_t? dim=None)',
    ),
    'tensor_split': (
        'tensor_split(SymIntArrayRef indices, int64_t dim=0)',
        'tensor_split(Tensor tensor_indices_or_sections, int64_t dim=0)',
        'tensor_split(SymInt sections, int64_t dim=0)',
    ),
    'tile': (
        'tile(SymIntArrayRef dims)',
    ),
    'to': (
        'to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
        'to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
        'to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
    ),
    'topk': (
        'topk(SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True)',
    ),
    'transpose': (
        'transpose(int64_t dim0, int64_t dim1)',
    ),
    'transpose_': (
        'transpose_(int64_t dim0, int64_t dim1)',
    ),
    'tril': (
        'tril(SymInt diagonal=0)',
    ),
    'triu': (
        'triu(SymInt diagonal=0)',
    ),
    'true_divide': (
        'true_divide(Tensor other)',
        'true_divide(Scalar other)',
    ),
    'true_divide_': (
        'true_divide_(Tensor other)',
        'true_divide_(Scalar other)',
    ),
    'type': (
        'type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)',
        'type(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated',
    ),
    'unbind': (
        'unbind(int64_t dim=0)',
    ),
    'uniform_': (
        'uniform_(double from=0, double to=1, *, Generator? generator=None)',
    ),
    'unsqueeze': (
        'unsqueeze(int64_t dim)',
    ),
    'unsqueeze_': (
        'unsqueeze_(int64_t dim)',
    ),
    'var': (
        'var(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        'var(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        'var(bool unbiased=True)',
    ),
    'view': (
        'view(ScalarType dtype)',
        'view(SymIntArrayRef size)',
    ),
    'view_as': (
        'view_as(Tensor other)',
    ),
    'vsplit': (
        'vsplit(int64_t sections)',
        'vsplit(IntArrayRef indices)',
    ),
    'where': (
        'where(Tensor condition, Tensor other)',
        'where(Tensor condition, Scalar other)',
    ),
    'xlogy': (
        'xlogy(Tensor other)',
        'xlogy(Scalar other)',
    ),
    'xlogy_': (
        'xlogy_(Tensor other)',
        'xlogy_(Scalar other)',
    ),
}
FUNCTIONS = {
    'abs': (
        'abs(Tensor input, *, Tensor out=None)',
    ),
    'abs_': (
        'abs_(Tensor input)',
    ),
    'absolute': (
        'absolute(Tensor input, *, Tensor out=None)',
    ),
    'acos': (
        'acos(Tensor input, *, Tensor out=None)',
    ),
    'acos_': (
        'acos_(Tensor input)',
    ),
    'acosh': (
        'acosh(Tensor input, *, Tensor out=None)',
    ),
    'acosh_': (
        'acosh_(Tensor input)',
    ),
    'add': (
        'add(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated',
        'add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
    ),
    'addcdiv': (
        'addcdiv(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated',
        'addcdiv(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)',
    ),
    'addcmul': (
        'addcmul(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated',
        'addcmul(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)',
    ),
    'all': (
        'all(Tensor input, *, Tensor out=None)',
        'all(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)',
        'all(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)',
    ),
    'allclose': (
        'allclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ),
    'amax': (
        'amax(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)',
    ),
    'amin': (
        'amin(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)',
    ),
    'angle': (
        'angle(Tensor input, *, Tensor out=None)',
    ),
    'any': (
        'any(Tensor input, *, Tensor out=None)',
        'any(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)',
        'any(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)',
    ),
    'arange': (
        'arange(Scalar end, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'arange(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'arccos': (
        'arccos(Tensor input, *, Tensor out=None)',
    ),
    'arccos_': (
        'arccos_(Tensor input)',
    ),
    'arccosh': (
        'arccosh(Tensor input, *, Tensor out=None)',
    ),
    'arccosh_': (
        'arccosh_(Tensor input)',
    ),
    'arcsin': (
        'arcsin(Tensor input, *, Tensor out=None)',
    ),
    'arcsin_': (
        'arcsin_(Tensor input)',
    ),
    'arcsinh': (
        'arcsinh(Tensor input, *, Tensor out=None)',
    ),
    'arcsinh_': (
        'arcsinh_(Tensor input)',
    ),
    'arctan': (
        'arctan(Tensor input, *, Tensor out=None)',
    ),
    'arctan2': (
        'arctan2(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'arctan_': (
        'arctan_(Tensor input)',
    ),
    'arctanh': (
        'arctanh(Tensor input, *, Tensor out=None)',
    ),
    'arctanh_': (
        'arctanh_(Tensor input)',
    ),
    'argmax': (
        'argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)',
    ),
    'argmin': (
        'argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)',
    ),
    'argsort': (
        'argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, Tensor out=None)',
        'argsort(Tensor input, int64_t dim=-1, bool descending=False)',
    ),
    'argwhere': (
        'argwhere(Tensor input)',
    ),
    'as_strided': (
        'as_strided(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ),
    'as_strided_': (
        'as_strided_(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ),
    'asin': (
        'asin(Tensor input, *, Tensor out=None)',
    ),
    'asin_': (
        'asin_(Tensor input)',
    ),
    'asinh': (
        'asinh(Tensor input, *, Tensor out=None)',
    ),
    'asinh_': (
        'asinh_(Tensor input)',
    ),
    'atan': (
        'atan(Tensor input, *, Tensor out=None)',
    ),
    'atan2': (
        'atan2(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'atan_': (
        'atan_(Tensor input)',
    ),
    'atanh': (
        'atanh(Tensor input, *, Tensor out=None)',
    ),
    'atanh_': (
        'atanh_(Tensor input)',
    ),
    'bernoulli': (
        'bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)',
        'bernoulli(Tensor input, double p, *, Generator? generator=None)',
    ),
    'bitwise_and': (
        'bitwise_and(Tensor input, Tensor other, *, Tensor out=None)',
        'bitwise_and(Scalar self, Tensor other)',
        'bitwise_and(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'bitwise_left_shift': (
        'bitwise_left_shift(Tensor input, Tensor other, *, Tensor out=None)',
        'bitwise_left_shift(Scalar self, Tensor other)',
        'bitwise_left_shift(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'bitwise_not': (
        'bitwise_not(Tensor input, *, Tensor out=None)',
    ),
    'bitwise_or': (
        'bitwise_or(Tensor input, Tensor other, *, Tensor out=None)',
        'bitwise_or(Scalar self, Tensor other)',
        'bitwise_or(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'bitwise_right_shift': (
        'bitwise_right_shift(Tensor input, Tensor other, *, Tensor out=None)',
        'bitwise_right_shift(Scalar self, Tensor other)',
        'bitwise_right_shift(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'bitwise_xor': (
        'bitwise_xor(Tensor input, Tensor other, *, Tensor out=None)',
        'bitwise_xor(Scalar self, Tensor other)',
        'bitwise_xor(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'bmm': (
        'bmm(Tensor input, Tensor mat2, *, Tensor out=None)',
        'bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)',
    ),
    'broadcast_to': (
        'broadcast_to(Tensor input, SymIntArrayRef size)',
    ),
    'can_cast': (
        'can_cast(ScalarType from_, ScalarType to)',
    ),
    'cat': (
        'cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ),
    'ceil': (
        'ceil(Tensor input, *, Tensor out=None)',
    ),
    'ceil_': (
        'ceil_(Tensor input)',
    ),
    'chunk': (
        'chunk(Tensor input, int64_t chunks, int64_t dim=0)',
    ),
    'clamp': (
        'clamp(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)',
        'clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)',
    ),
    'clamp_': (
        'clamp_(Tensor input, Tensor? min=None, Tensor? max=None)',
        'clamp_(Tensor input, Scalar? min=None, Scalar? max=None)',
    ),
    'clamp_max': (
        'clamp_max(Tensor input, Tensor max, *, Tensor out=None)',
        'clamp_max(Tensor input, Scalar max, *, Tensor out=None)',
    ),
    'clamp_max_': (
        'clamp_max_(Tensor input, Tensor max)',
        'clamp_max_(Tensor input, Scalar max)',
    ),
    'clamp_min': (
        'clamp_min(Tensor input, Tensor min, *, Tensor out=None)',
        'clamp_min(Tensor input, Scalar min, *, Tensor out=None)',
    ),
    'clamp_min_': (
        'clamp_min_(Tensor input, Tensor min)',
        'clamp_min_(Tensor input, Scalar min)',
    ),
    'clip': (
        'clip(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)',
        'clip(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)',
    ),
    'clip_': (
        'clip_(Tensor input, Tensor? min=None, Tensor? max=None)',
        'clip_(Tensor input, Scalar? min=None, Scalar? max=None)',
    ),
    'clone': (
        'clone(Tensor input, *, MemoryFormat? memory_format=None)',
    ),
    'column_stack': (
        'column_stack(TensorList tensors, *, Tensor out=None)',
    ),
    'concat': (
        'concat(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ),
    'concatenate': (
        'concatenate(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ),
    'conj': (
        'conj(Tensor input)',
    ),
    'conj_physical': (
        'conj_physical(Tensor input, *, Tensor out=None)',
    ),
    'conj_physical_': (
        'conj_physical_(Tensor input)',
    ),
    'conv2d': (
        'conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, SymIntArrayRef[2] padding=0, SymIntArrayRef[2] dilation=1, SymInt groups=1)',
        'conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, c10::string_view padding="valid", SymIntArrayRef[2] dilation=1, SymInt groups=1)',
    ),
    'copysign': (
        'copysign(Tensor input, Tensor other, *, Tensor out=None)',
        'copysign(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'cos': (
        'cos(Tensor input, *, Tensor out=None)',
    ),
    'cos_': (
        'cos_(Tensor input)',
    ),
    'cosh': (
        'cosh(Tensor input, *, Tensor out=None)',
    ),
    'cosh_': (
        'cosh_(Tensor input)',
    ),
    'cosine_similarity': (
        'cosine_similarity(Tensor x1, Tensor x2, int64_t dim=1, double eps=1e-08)',
    ),
    'count_nonzero': (
        'count_nonzero(Tensor input, int64_t? dim=None)',
        'count_nonzero(Tensor input, IntArrayRef dim)',
    ),
    'cumprod': (
        'cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'cumsum': (
        'cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'deg2rad': (
        'deg2rad(Tensor input, *, Tensor out=None)',
    ),
    'deg2rad_': (
        'deg2rad_(Tensor input)',
    ),
    'det': (
        'det(Tensor input)',
    ),
    'detach': (
        'detach(Tensor input)',
    ),
    'diag': (
        'diag(Tensor input, int64_t diagonal=0, *, Tensor out=None)',
    ),
    'diagonal': (
        'diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ),
    'digamma': (
        'digamma(Tensor input, *, Tensor out=None)',
    ),
    'div': (
        'div(Tensor input, Tensor other, *, Tensor out=None)',
        'div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)',
        'div(Tensor input, Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'divide': (
        'divide(Tensor input, Tensor other, *, Tensor out=None)',
        'divide(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)',
        'divide(Tensor input, Scalar other)',
        'divide(Tensor input, Scalar other, *, c10::string_view? rounding_mode)',
    ),
    'dot': (
        'dot(Tensor input, Tensor tensor, *, Tensor out=None)',
    ),
    'dsplit': (
        'dsplit(Tensor input, int64_t sections)',
        'dsplit(Tensor input, IntArrayRef indices)',
    ),
    'dstack': (
        'dstack(TensorList tensors, *, Tensor out=None)',
    ),
    'embedding': (
        'embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False)',
    ),
    'empty': (
        'empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'empty_like': (
        'empty_like(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'empty_strided': (
        'empty_strided(SymIntArrayRef size, SymIntArrayRef stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'eq': (
        'eq(Tensor input, Tensor other, *, Tensor out=None)',
        'eq(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'equal': (
        'equal(Tensor input, Tensor other)',
    ),
    'erf': (
        'erf(Tensor input, *, Tensor out=None)',
    ),
    'erf_': (
        'erf_(Tensor input)',
    ),
    'erfc': (
        'erfc(Tensor input, *, Tensor out=None)',
    ),
    'erfc_': (
        'erfc_(Tensor input)',
    ),
    'exp': (
        'exp(Tensor input, *, Tensor out=None)',
    ),
    'exp2': (
        'exp2(Tensor input, *, Tensor out=None)',
    ),
    'exp2_': (
        'exp2_(Tensor input)',
    ),
    'exp_': (
        'exp_(Tensor input)',
    ),
    'expm1': (
        'expm1(Tensor input, *, Tensor out=None)',
    ),
    'expm1_': (
        'expm1_(Tensor input)',
    ),
    'eye': (
        'eye(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'eye(SymInt n, SymInt m, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'fix': (
        'fix(Tensor input, *, Tensor out=None)',
    ),
    'fix_': (
        'fix_(Tensor input)',
    ),
    'flatten': (
        'flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)',
    ),
    'flip': (
        'flip(Tensor input, IntArrayRef dims)',
    ),
    'fliplr': (
        'fliplr(Tensor input)',
    ),
    'flipud': (
        'flipud(Tensor input)',
    ),
    'float_power': (
        'float_power(Tensor input, Tensor exponent, *, Tensor out=None)',
        'float_power(Scalar self, Tensor exponent, *, Tensor out=None)',
        'float_power(Tensor input, Scalar exponent, *, Tensor out=None)',
    ),
    'floor': (
        'floor(Tensor input, *, Tensor out=None)',
    ),
    'floor_': (
        'floor_(Tensor input)',
    ),
    'floor_divide': (
        'floor_divide(Tensor input, Tensor other, *, Tensor out=None)',
        'floor_divide(Tensor input, Scalar other)',
    ),
    'fmax': (
        'fmax(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'fmin': (
        'fmin(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'fmod': (
        'fmod(Tensor input, Tensor other, *, Tensor out=None)',
        'fmod(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'frac': (
        'frac(Tensor input, *, Tensor out=None)',
    ),
    'frac_': (
        'frac_(Tensor input)',
    ),
    'frexp': (
        'frexp(Tensor input, *, TensorList[2] out=None)',
    ),
    'full': (
        'full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'full_like': (
        'full_like(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'gather': (
        'gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)',
    ),
    'gcd': (
        'gcd(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'gcd_': (
        'gcd_(Tensor input, Tensor other)',
    ),
    'ge': (
        'ge(Tensor input, Tensor other, *, Tensor out=None)',
        'ge(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'greater': (
        'greater(Tensor input, Tensor other, *, Tensor out=None)',
        'greater(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'greater_equal': (
        'greater_equal(Tensor input, Tensor other, *, Tensor out=None)',
        'greater_equal(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'gt': (
        'gt(Tensor input, Tensor other, *, Tensor out=None)',
        'gt(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'heaviside': (
        'heaviside(Tensor input, Tensor values, *, Tensor out=None)',
    ),
    'hsplit': (
        'hsplit(Tensor input, int64_t sections)',
        'hsplit(Tensor input, IntArrayRef indices)',
    ),
    'hstack': (
        'hstack(TensorList tensors, *, Tensor out=None)',
    ),
    'hypot': (
        'hypot(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'imag': (
        'imag(Tensor input)',
    ),
    'index_add': (
        'index_add(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)',
    ),
    'index_copy': (
        'index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)',
    ),
    'index_fill': (
        'index_fill(Tensor input, int64_t dim, Tensor index, Tensor value)',
        'index_fill(Tensor input, int64_t dim, Tensor index, Scalar value)',
    ),
    'index_put': (
        'index_put(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ),
    'index_put_': (
        'index_put_(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ),
    'index_select': (
        'index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)',
    ),
    'inverse': (
        'inverse(Tensor input, *, Tensor out=None)',
    ),
    'is_conj': (
        'is_conj(Tensor input)',
    ),
    'is_floating_point': (
        'is_floating_point(Tensor input)',
    ),
    'is_neg': (
        'is_neg(Tensor input)',
    ),
    'isclose': (
        'isclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ),
    'isfinite': (
        'isfinite(Tensor input)',
    ),
    'isinf': (
        'isinf(Tensor input)',
    ),
    'isnan': (
        'isnan(Tensor input)',
    ),
    'isneginf': (
        'isneginf(Tensor input, *, Tensor out=None)',
    ),
    'isposinf': (
        'isposinf(Tensor input, *, Tensor out=None)',
    ),
    'isreal': (
        'isreal(Tensor input)',
    ),
    'lcm': (
        'lcm(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'lcm_': (
        'lcm_(Tensor input, Tensor other)',
    ),
    'ldexp': (
        'ldexp(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'ldexp_': (
        'ldexp_(Tensor input, Tensor other)',
    ),
    'le': (
        'le(Tensor input, Tensor other, *, Tensor out=None)',
        'le(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'lerp': (
        'lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)',
        'lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)',
    ),
    'less': (
        'less(Tensor input, Tensor other, *, Tensor out=None)',
        'less(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'less_equal': (
        'less_equal(Tensor input, Tensor other, *, Tensor out=None)',
        'less_equal(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'lgamma': (
        'lgamma(Tensor input, *, Tensor out=None)',
    ),
    'linspace': (
        'linspace(Tensor start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'linspace(Scalar start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'linspace(Tensor start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'log': (
        'log(Tensor input, *, Tensor out=None)',
    ),
    'log10': (
        'log10(Tensor input, *, Tensor out=None)',
    ),
    'log10_': (
        'log10_(Tensor input)',
    ),
    'log1p': (
        'log1p(Tensor input, *, Tensor out=None)',
    ),
    'log1p_': (
        'log1p_(Tensor input)',
    ),
    'log2': (
        'log2(Tensor input, *, Tensor out=None)',
    ),
    'log2_': (
        'log2_(Tensor input)',
    ),
    'log_': (
        'log_(Tensor input)',
    ),
    'log_softmax': (
        'log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)',
    ),
    'logaddexp': (
        'logaddexp(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'logaddexp2': (
        'logaddexp2(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'logical_and': (
        'logical_and(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'logical_not': (
        'logical_not(Tensor input, *, Tensor out=None)',
    ),
    'logical_or': (
        'logical_or(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'logical_xor': (
        'logical_xor(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'logspace': (
        'logspace(Tensor start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'logspace(Scalar start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'logspace(Tensor start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'logspace(Scalar start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'logsumexp': (
        'logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)',
    ),
    'lt': (
        'lt(Tensor input, Tensor other, *, Tensor out=None)',
        'lt(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'masked_fill': (
        'masked_fill(Tensor input, Tensor mask, Tensor value)',
        'masked_fill(Tensor input, Tensor mask, Scalar value)',
    ),
    'masked_scatter': (
        'masked_scatter(Tensor input, Tensor mask, Tensor source)',
    ),
    'masked_select': (
        'masked_select(Tensor input, Tensor mask, *, Tensor out=None)',
    ),
    'matmul': (
        'matmul(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'max': (
        'max(Tensor input, *, Tensor out=None)',
        'max(Tensor input, Tensor other, *, Tensor out=None)',
        'max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ),
    'max_pool2d': (
        'max_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False)',
    ),
    'maximum': (
        'maximum(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'mean': (
        'mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)',
        'mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'median': (
        'median(Tensor input)',
        'median(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ),
    'min': (
        'min(Tensor input, *, Tensor out=None)',
        'min(Tensor input, Tensor other, *, Tensor out=None)',
        'min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ),
    'minimum': (
        'minimum(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'mm': (
        'mm(Tensor input, Tensor mat2, *, Tensor out=None)',
        'mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)',
    ),
    'mode': (
        'mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)',
    ),
    'moveaxis': (
        'moveaxis(Tensor input, int64_t source, int64_t destination)',
        'moveaxis(Tensor input, IntArrayRef source, IntArrayRef destination)',
    ),
    'movedim': (
        'movedim(Tensor input, int64_t source, int64_t destination)',
        'movedim(Tensor input, IntArrayRef source, IntArrayRef destination)',
    ),
    'msort': (
        'msort(Tensor input, *, Tensor out=None)',
    ),
    'mul': (
        'mul(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'multinomial': (
        'multinomial(Tensor input, SymInt num_samples, bool replacement=False, *, Generator? generator=None, Tensor out=None)',
    ),
    'multiply': (
        'multiply(Tensor input, Tensor other, *, Tensor out=None)',
        'multiply(Tensor input, Scalar other)',
    ),
    'mv': (
        'mv(Tensor input, Tensor vec, *, Tensor out=None)',
    ),
    'nan_to_num': (
        'nan_to_num(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, Tensor out=None)',
    ),
    'nan_to_num_': (
        'nan_to_num_(Tensor input, double? nan=None, double? posinf=None, double? neginf=None)',
    ),
    'nanmedian': (
        'nanmedian(Tensor input)',
        'nanmedian(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ),
    'narrow': (
        'narrow(Tensor input, int64_t dim, Tensor start, SymInt length)',
        'narrow(Tensor input, int64_t dim, SymInt start, SymInt length)',
    ),
    'ne': (
        'ne(Tensor input, Tensor other, *, Tensor out=None)',
        'ne(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'neg': (
        'neg(Tensor input, *, Tensor out=None)',
    ),
    'neg_': (
        'neg_(Tensor input)',
    ),
    'negative': (
        'negative(Tensor input, *, Tensor out=None)',
    ),
    'negative_': (
        'negative_(Tensor input)',
    ),
    'nextafter': (
        'nextafter(Tensor input, Tensor other, *, Tensor out=None)',
    ),
    'normal': (
        'normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)',
        'normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)',
        'normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)',
        'normal(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'not_equal': (
        'not_equal(Tensor input, Tensor other, *, Tensor out=None)',
        'not_equal(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'ones': (
        'ones(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'ones_like': (
        'ones_like(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'outer': (
        'outer(Tensor input, Tensor vec2, *, Tensor out=None)',
    ),
    'permute': (
        'permute(Tensor input, IntArrayRef dims)',
    ),
    'polygamma': (
        'polygamma(int64_t n, Tensor input, *, Tensor out=None)',
    ),
    'positive': (
        'positive(Tensor input)',
    ),
    'pow': (
        'pow(Tensor input, Tensor exponent, *, Tensor out=None)',
        'pow(Scalar self, Tensor exponent, *, Tensor out=None)',
        'pow(Tensor input, Scalar exponent, *, Tensor out=None)',
    ),
    'prod': (
        'prod(Tensor input, *, ScalarType? dtype=None)',
        'prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'promote_types': (
        'promote_types(ScalarType type1, ScalarType type2)',
    ),
    'put': (
        'put(Tensor input, Tensor index, Tensor source, bool accumulate=False)',
    ),
    'rad2deg': (
        'rad2deg(Tensor input, *, Tensor out=None)',
    ),
    'rad2deg_': (
        'rad2deg_(Tensor input)',
    ),
    'rand': (
        'rand(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'rand(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'rand_like': (
        'rand_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'rand_like(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'randint': (
        'randint(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint(SymInt high, SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'randint_like': (
        'randint_like(Tensor input, SymInt low, SymInt high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint_like(Tensor input, SymInt low, SymInt high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint_like(Tensor input, Tensor high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint_like(Tensor input, Tensor high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint_like(Tensor input, SymInt high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randint_like(Tensor input, SymInt high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'randn': (
        'randn(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randn(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'randn_like': (
        'randn_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randn_like(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'randperm': (
        'randperm(SymInt n, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        'randperm(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'ravel': (
        'ravel(Tensor input)',
    ),
    'real': (
        'real(Tensor input)',
    ),
    'reciprocal': (
        'reciprocal(Tensor input, *, Tensor out=None)',
    ),
    'reciprocal_': (
        'reciprocal_(Tensor input)',
    ),
    'relu': (
        'relu(Tensor input)',
    ),
    'relu_': (
        'relu_(Tensor input)',
    ),
    'remainder': (
        'remainder(Tensor input, Tensor other, *, Tensor out=None)',
        'remainder(Scalar self, Tensor other)',
        'remainder(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'repeat_interleave': (
        'repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)',
        'repeat_interleave(Tensor repeats, *, SymInt? output_size=None)',
        'repeat_interleave(Tensor input, SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)',
    ),
    'reshape': (
        'reshape(Tensor input, SymIntArrayRef shape)',
    ),
    'resolve_conj': (
        'resolve_conj(Tensor input)',
    ),
    'resolve_neg': (
        'resolve_neg(Tensor input)',
    ),
    'result_type': (
        'result_type(Tensor tensor, Tensor other)',
        'result_type(Scalar scalar, Tensor tensor)',
        'result_type(Tensor tensor, Scalar other)',
        'result_type(Scalar scalar1, Scalar scalar2)',
    ),
    'roll': (
        'roll(Tensor input, SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)',
    ),
    'round': (
        'round(Tensor input, *, Tensor out=None)',
        'round(Tensor input, *, int64_t decimals, Tensor out=None)',
    ),
    'round_': (
        'round_(Tensor input)',
        'round_(Tensor input, *, int64_t decimals)',
    ),
    'row_stack': (
        'row_stack(TensorList tensors, *, Tensor out=None)',
    ),
    'rsqrt': (
        'rsqrt(Tensor input, *, Tensor out=None)',
    ),
    'rsqrt_': (
        'rsqrt_(Tensor input)',
    ),
    'rsub': (
        'rsub(Tensor input, Tensor other, *, Scalar alpha=1)',
        'rsub(Tensor input, Scalar other, Scalar alpha=1)',
    ),
    'scalar_tensor': (
        'scalar_tensor(Scalar s, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'scatter': (
        'scatter(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)',
        'scatter(Tensor input, int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce, Tensor out=None)',
        'scatter(Tensor input, int64_t dim, Tensor index, Scalar value, *, Tensor out=None)',
        'scatter(Tensor input, int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce, Tensor out=None)',
    ),
    'scatter_add': (
        'scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)',
    ),
    'select': (
        'select(Tensor input, int64_t dim, SymInt index)',
    ),
    'sgn': (
        'sgn(Tensor input, *, Tensor out=None)',
    ),
    'sigmoid': (
        'sigmoid(Tensor input, *, Tensor out=None)',
    ),
    'sigmoid_': (
        'sigmoid_(Tensor input)',
    ),
    'sign': (
        'sign(Tensor input, *, Tensor out=None)',
    ),
    'signbit': (
        'signbit(Tensor input, *, Tensor out=None)',
    ),
    'sin': (
        'sin(Tensor input, *, Tensor out=None)',
    ),
    'sin_': (
        'sin_(Tensor input)',
    ),
    'sinc': (
        'sinc(Tensor input, *, Tensor out=None)',
    ),
    'sinc_': (
        'sinc_(Tensor input)',
    ),
    'sinh': (
        'sinh(Tensor input, *, Tensor out=None)',
    ),
    'sinh_': (
        'sinh_(Tensor input)',
    ),
    'softmax': (
        'softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)',
    ),
    'sort': (
        'sort(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, TensorList[2] out=None)',
        'sort(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)',
    ),
    'split_with_sizes': (
        'split_with_sizes(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)',
    ),
    'sqrt': (
        'sqrt(Tensor input, *, Tensor out=None)',
    ),
    'sqrt_': (
        'sqrt_(Tensor input)',
    ),
    'square': (
        'square(Tensor input, *, Tensor out=None)',
    ),
    'square_': (
        'square_(Tensor input)',
    ),
    'squeeze': (
        'squeeze(Tensor input)',
        'squeeze(Tensor input, int64_t dim)',
        'squeeze(Tensor input, IntArrayRef dim)',
    ),
    'stack': (
        'stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ),
    'std': (
        'std(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)',
        'std(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)',
        'std(Tensor input, bool unbiased=True)',
    ),
    'std_mean': (
        'std_mean(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        'std_mean(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        'std_mean(Tensor input, bool unbiased=True)',
    ),
    'sub': (
        'sub(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated',
        'sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
    ),
    'subtract': (
        'subtract(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
        'subtract(Tensor input, Scalar other, Scalar alpha=1)',
    ),
    'sum': (
        'sum(Tensor input, *, ScalarType? dtype=None)',
        'sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'swapaxes': (
        'swapaxes(Tensor input, int64_t axis0, int64_t axis1)',
    ),
    'swapdims': (
        'swapdims(Tensor input, int64_t dim0, int64_t dim1)',
    ),
    't': (
        't(Tensor input)',
    ),
    'take': (
        'take(Tensor input, Tensor index, *, Tensor out=None)',
    ),
    'take_along_dim': (
        'take_along_dim(Tensor input, Tensor indices, int64_t? dim=None, *, Tensor out=None)',
    ),
    'tan': (
        'tan(Tensor input, *, Tensor out=None)',
    ),
    'tan_': (
        'tan_(Tensor input)',
    ),
    'tanh': (
        'tanh(Tensor input, *, Tensor out=None)',
    ),
    'tanh_': (
        'tanh_(Tensor input)',
    ),
    'tensor_split': (
        'tensor_split(Tensor input, SymIntArrayRef indices, int64_t dim=0)',
        'tensor_split(Tensor input, Tensor tensor_indices_or_sections, int64_t dim=0)',
        'tensor_split(Tensor input, SymInt sections, int64_t dim=0)',
    ),
    'tile': (
        'tile(Tensor input, SymIntArrayRef dims)',
    ),
    'topk': (
        'topk(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, TensorList[2] out=None)',
    ),
    'trace': (
        'trace(Tensor input)',
    ),
    'transpose': (
        'transpose(Tensor input, int64_t dim0, int64_t dim1)',
    ),
    'tril': (
        'tril(Tensor input, SymInt diagonal=0, *, Tensor out=None)',
    ),
    'triu': (
        'triu(Tensor input, SymInt diagonal=0, *, Tensor out=None)',
    ),
    'true_divide': (
        'true_divide(Tensor input, Tensor other, *, Tensor out=None)',
        'true_divide(Tensor input, Scalar other)',
    ),
    'trunc': (
        'trunc(Tensor input, *, Tensor out=None)',
    ),
    'trunc_': (
        'trunc_(Tensor input)',
    ),
    'unbind': (
        'unbind(Tensor input, int64_t dim=0)',
    ),
    'unflatten': (
        'unflatten(Tensor input, int64_t dim, SymIntArrayRef sizes)',
    ),
    'unsqueeze': (
        'unsqueeze(Tensor input, int64_t dim)',
    ),
    'var': (
        'var(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)',
        'var(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)',
        'var(Tensor input, bool unbiased=True)',
    ),
    'var_mean': (
        'var_mean(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        'var_mean(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        'var_mean(Tensor input, bool unbiased=True)',
    ),
    'vsplit': (
        'vsplit(Tensor input, int64_t sections)',
        'vsplit(Tensor input, IntArrayRef indices)',
    ),
    'vstack': (
        'vstack(TensorList tensors, *, Tensor out=None)',
    ),
    'where': (
        'where(Tensor condition)',
        'where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)',
        'where(Tensor condition, Scalar self, Tensor other)',
        'where(Tensor condition, Tensor input, Scalar other)',
        'where(Tensor condition, Scalar self, Scalar other)',
    ),
    'xlogy': (
        'xlogy(Tensor input, Tensor other, *, Tensor out=None)',
        'xlogy(Scalar self, Tensor other, *, Tensor out=None)',
        'xlogy(Tensor input, Scalar other, *, Tensor out=None)',
    ),
    'xlogy_': (
        'xlogy_(Tensor input, Tensor other)',
        'xlogy_(Tensor input, Scalar other)',
    ),
    'zeros': (
        'zeros(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
    'zeros_like': (
        'zeros_like(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ),
}
LINALG = {
    'det': (
        'linalg_det(Tensor A, *, Tensor out=None)',
    ),
    'inv': (
        'linalg_inv(Tensor A, *, Tensor out=None)',
    ),
    'matrix_norm': (
        'linalg_matrix_norm(Tensor input, Scalar ord, IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
        'linalg_matrix_norm(Tensor input, c10::string_view ord="fro", IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'matrix_rank': (
        'linalg_matrix_rank(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor out=None)',
        'linalg_matrix_rank(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)',
        'linalg_matrix_rank(Tensor input, Tensor tol, bool hermitian=False, *, Tensor out=None)',
        'linalg_matrix_rank(Tensor input, double tol, bool hermitian=False, *, Tensor out=None)',
    ),
    'norm': (
        'linalg_norm(Tensor input, Scalar? ord=None, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
        'linalg_norm(Tensor input, c10::string_view ord, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
    'solve': (
        'linalg_solve(Tensor A, Tensor B, *, bool left=True, Tensor out=None)',
    ),
    'svdvals': (
        'linalg_svdvals(Tensor A, *, c10::string_view? driver=None, Tensor out=None)',
    ),
    'vector_norm': (
        'linalg_vector_norm(Tensor input, Scalar ord=2, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ),
}
NN_FUNCTIONAL = {
    'gelu': (
        'gelu(Tensor input, *, c10::string_view approximate="none", Tensor out=None)',
    ),
    'linear': (
        'linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)',
    ),
    'one_hot': (
        'one_hot(Tensor input, int64_t num_classes=-1)',
    ),
    'softplus': (
        'softplus(Tensor input, Scalar beta=1, Scalar threshold=20, *, Tensor out=None)',
    ),
}
NO_ARGUMENTS = frozenset({
    'abs',
    'abs_',
    'absolute',
    'absolute_',
    'acos',
    'acos_',
    'acosh',
    'acosh_',
    'angle',
    'arccos',
    'arccos_',
    'arccosh',
    'arccosh_',
    'arcsin',
    'arcsin_',
    'arcsinh',
    'arcsinh_',
    'arctan',
    'arctan_',
    'arctanh',
    'arctanh_',
    'argwhere',
    'asin',
    'asin_',
    'asinh',
    'asinh_',
    'atan',
    'atan_',
    'atanh',
    'atanh_',
    'bitwise_not',
    'bitwise_not_',
    'ceil',
    'ceil_',
    'conj',
    'conj_physical',
    'conj_physical_',
    'cos',
    'cos_',
    'cosh',
    'cosh_',
    'data_ptr',
    'deg2rad',
    'deg2rad_',
    'det',
    'detach',
    'detach_',
    'digamma',
    'digamma_',
    'dim',
    'element_size',
    'erf',
    'erf_',
    'erfc',
    'erfc_',
    'exp',
    'exp2',
    'exp2_',
    'exp_',
    'expm1',
    'expm1_',
    'fix',
    'fix_',
    'fliplr',
    'flipud',
    'floor',
    'floor_',
    'frac',
    'frac_',
    'frexp',
    'get_device',
    'inverse',
    'is_complex',
    'is_conj',
    'is_floating_point',
    'is_inference',
    'is_neg',
    'is_signed',
    'isfinite',
    'isinf',
    'isnan',
    'isneginf',
    'isposinf',
    'isreal',
    'item',
    'lgamma',
    'lgamma_',
    'log',
    'log10',
    'log10_',
    'log1p',
    'log1p_',
    'log2',
    'log2_',
    'log_',
    'logical_not',
    'logical_not_',
    'msort',
    'ndimension',
    'neg',
    'neg_',
    'negative',
    'negative_',
    'nelement',
    'numel',
    'positive',
    'rad2deg',
    'rad2deg_',
    'ravel',
    'reciprocal',
    'reciprocal_',
    'relu',
    'relu_',
    'resolve_conj',
    'resolve_neg',
    'retain_grad',
    'rsqrt',
    'rsqrt_',
    'sgn',
    'sgn_',
    'sigmoid',
    'sigmoid_',
    'sign',
    'sign_',
    'signbit',
    'sin',
    'sin_',
    'sinc',
    'sinc_',
    'sinh',
    'sinh_',
    'sqrt',
    'sqrt_',
    'square',
    'square_',
    'storage_offset',
    't',
    't_',
    'tan',
    'tan_',
    'tanh',
    'tanh_',
    'tolist',
    'trace',
    'trunc',
    'trunc_',
    'untyped_storage',
    'zero_',
})
MANUAL = {
    'nonzero': ('nonzero(Tensor input, *, bool as_tuple=False, Tensor out=None)',),
    'numel': ('numel(Tensor input)',),
}
NO_ARGUMENT_FUNCTIONS = frozenset({
    'get_default_dtype',
    'is_grad_enabled',
    'is_inference_mode_enabled',
})
PYTHON_METHODS = frozenset({
    'backward',
    'norm',
    'register_hook',
    'register_post_accumulate_grad_hook',
    'split',
    'unflatten',
    'unique',
})
UNDER_PYTHON = {
    ('Tensor', 'norm'): ('norm(Scalar p=2)', 'norm(Scalar? p, *, ScalarType dtype)', 'norm(Scalar? p, IntArrayRef[1] dim, bool keepdim, *, ScalarType dtype)', 'norm(Scalar? p, IntArrayRef[1] dim, bool keepdim=False)'),
    ('Tensor', 'split'): ('split(SymInt split_size, int64_t dim=0)', 'split(SymIntArrayRef split_size, int64_t dim=0)'),
    ('Tensor', 'unflatten'): ('unflatten(int64_t dim, SymIntArrayRef sizes)',),
    ('torch', 'atleast_1d'): ('atleast_1d(Tensor input)', 'atleast_1d(TensorList tensors)'),
    ('torch', 'atleast_2d'): ('atleast_2d(Tensor input)', 'atleast_2d(TensorList tensors)'),
    ('torch', 'atleast_3d'): ('atleast_3d(Tensor input)', 'atleast_3d(TensorList tensors)'),
    ('torch', 'broadcast_tensors'): ('broadcast_tensors(TensorList tensors)',),
    ('torch', 'einsum'): ('einsum(c10::string_view equation, TensorList tensors, *, IntArrayRef? path=None)',),
    ('torch', 'norm'): ('norm(Tensor input, Scalar p=2)', 'norm(Tensor input, Scalar? p, *, ScalarType dtype)', 'norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim, *, ScalarType dtype, Tensor out=None)', 'norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)'),
    ('torch', 'split'): ('split(Tensor input, SymInt split_size, int64_t dim=0)', 'split(Tensor input, SymIntArrayRef split_size, int64_t dim=0)'),
    ('torch', '_unique2'): ('_unique2(Tensor input, bool sorted=True, bool return_inverse=False, bool return_counts=False)',),
    ('torch', 'unique_dim'): ('unique_dim(Tensor input, int64_t dim, bool sorted=True, bool return_inverse=False, bool return_counts=False)',),
    ('torch.nn.functional', 'cross_entropy_loss'): ('cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100, double label_smoothing=0.0)',),
    ('torch.nn.functional', 'hardtanh'): ('hardtanh(Tensor input, Scalar min_val=-1, Scalar max_val=1, *, Tensor out=None)',),
    ('torch.nn.functional', 'hardtanh_'): ('hardtanh_(Tensor input, Scalar min_val=-1, Scalar max_val=1)',),
    ('torch.nn.functional', 'leaky_relu'): ('leaky_relu(Tensor input, Scalar negative_slope=0.01, *, Tensor out=None)',),
    ('torch.nn.functional', 'leaky_relu_'): ('leaky_relu_(Tensor input, Scalar negative_slope=0.01)',),
    ('torch.nn.functional', 'max_pool2d_with_indices'): ('max_pool2d_with_indices(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False, *, TensorList[2] out=None)',),
    ('torch.nn.functional', 'nll_loss_nd'): ('nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100)',),
    ('torch.nn.functional', 'relu6'): ('relu6(Tensor input)',),
    ('torch.nn.functional', 'relu6_'): ('relu6_(Tensor input)',),
}
