"""The operations behind Tensor methods and torch functions, one module per family."""
